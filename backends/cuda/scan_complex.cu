// The device scans of complex numbers (the kernels are in backends/cuda/scan.cuh).
// this unit's share of XP_SCAN_TYPES (expr/scan_primitive.hpp), instantiated here
#define XP_INSTANTIATE_SCAN_SUM     XP_SCAN_COMPLEX
#define XP_INSTANTIATE_SCAN_PRODUCT XP_SCAN_COMPLEX
#include "xp/backends/cuda/scan.cuh"
