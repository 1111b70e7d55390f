#pragma once
/// @file io.hpp
/// @brief Printing (xp/core/print.hpp) and .npy files (xp/core/npy.hpp) together. xtensor
/// interop (to_xtensor, from_xtensor) is in <xp/xtensor.hpp>.

#include "xp/core/npy.hpp"
#include "xp/core/print.hpp"
#include "xp/core/transfer.hpp"
