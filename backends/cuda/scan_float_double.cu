// The device scans of float and double (the kernels are in backends/cuda/scan.cuh).
// this unit's share of XP_SCAN_TYPES (expr/scan_primitive.hpp), instantiated here
#define XP_INSTANTIATE_SCAN_SUM     XP_SCAN_FLOAT_DOUBLE
#define XP_INSTANTIATE_SCAN_PRODUCT XP_SCAN_FLOAT_DOUBLE
#include "xp/backends/cuda/scan.cuh"
