#pragma once
/// @file xp.hpp
/// @brief xp's core and host backend. Compiles with a plain C++20 compiler; never includes a
/// CUDA header. For the device backend add <xp/cuda.hpp>.

#include "xp/backends/host/backend.hpp"
#include "xp/core/backend.hpp"
#include "xp/core/creation.hpp"
#include "xp/core/dtype.hpp"
#include "xp/core/error.hpp"
#include "xp/core/io.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/core/shape.hpp"
#include "xp/core/slicing.hpp"
#include "xp/core/transfer.hpp"
#include "xp/expr/elementwise.hpp"
#include "xp/expr/kernel.hpp"
#include "xp/expr/reduction.hpp"
#include "xp/linalg/matmul.hpp"
#include "xp/pde/diffusion.hpp"
#include "xp/random/random.hpp"
#include "xp/signal/lombscargle.hpp"
