// The device's float16 sums (the kernels are in backends/cuda/scan.cuh), a unit of their own: CUB
// scans float16 through its generic path, which took 58 s of nvcc on the 2-core machine against 30 s
// for int64, and the sum and the product together 60.7 s on the 16-core GPU machine (the budget is
// 60 s a unit); the products are scan_float16_product.cu's.
// this unit's share of XP_SCAN_TYPES (expr/scan_primitive.hpp), instantiated here
#define XP_INSTANTIATE_SCAN_SUM XP_SCAN_FLOAT16
#include "xp/backends/cuda/scan.cuh"
