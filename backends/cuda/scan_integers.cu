// The device scans of integers (the int64 and uint64 accumulators) (the kernels are in
// backends/cuda/scan.cuh).
// this unit's share of XP_SCAN_TYPES (expr/scan_primitive.hpp), instantiated here
#define XP_INSTANTIATE_SCAN_SUM     XP_SCAN_INTEGERS
#define XP_INSTANTIATE_SCAN_PRODUCT XP_SCAN_INTEGERS
#include "xp/backends/cuda/scan.cuh"
