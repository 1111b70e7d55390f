// The device scans of float16 (the kernels are in backends/cuda/scan.cuh), a unit of their own: CUB
// scans float16 through its generic path, which took 58 s of nvcc on the 2-core machine against 30 s
// for int64.
// this unit's share of XP_SCAN_TYPES (expr/scan_primitive.hpp), instantiated here
#define XP_INSTANTIATE_SCAN XP_SCAN_FLOAT16
#include "xp/backends/cuda/scan.cuh"
