#pragma once
/// @file xp.hpp
/// @brief All of xp's host API: <xp/core.hpp> (arrays, creation, elementwise, reductions,
/// slicing, printing) with <xp/linalg.hpp>, <xp/signal.hpp>, <xp/pde.hpp>, <xp/random.hpp> and
/// <xp/io.hpp>, and xp::any_array (a dtype chosen at run time: <xp/core/any_array.hpp>). Compiles with a plain C++20
/// compiler; never includes a CUDA header. For the device backend add <xp/cuda.hpp>; for xtensor interop
/// <xp/xtensor.hpp> (not included here, so that xtensor's headers are only parsed where they are used). A program that
/// needs less compiles faster with the narrower headers.

#include "xp/core.hpp"
#include "xp/core/any_array.hpp"
#include "xp/io.hpp"
#include "xp/linalg.hpp"
#include "xp/pde.hpp"
#include "xp/random.hpp"
#include "xp/signal.hpp"
