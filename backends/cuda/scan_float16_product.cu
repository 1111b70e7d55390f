// The device's float16 products (the kernels are in backends/cuda/scan.cuh), a unit of their own
// beside scan_float16_sum.cu (the two together took 60.7 s of nvcc on the 16-core GPU machine).
// this unit's share of XP_SCAN_TYPES (expr/scan_primitive.hpp), instantiated here
#define XP_INSTANTIATE_SCAN_PRODUCT XP_SCAN_FLOAT16
#include "xp/backends/cuda/scan.cuh"
