// The out-of-core matrix product of include/xp/cuda/out_of_core_gemm.hpp
// (matmul_options::out_of_core), instantiated once for the types products are computed in
// (XP_OUT_OF_CORE_GEMM_TYPES); the header declares them extern elsewhere. Plain C++ against the
// CUDA runtime API and what libxp_cuda precompiles (the device gemm, copies): compiled by the C++
// compiler.

// this unit holds the product's explicit instantiations (backends/cuda/precompiled.hpp)
#define XP_INSTANTIATE_OUT_OF_CORE_GEMM
#include "xp/cuda/out_of_core_gemm.hpp"
