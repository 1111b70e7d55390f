#pragma once
/// @file io.hpp
/// @brief Printing (xp/core/print.hpp), .npy files (xp/core/npy.hpp), .npz archives
/// (xp/core/npz.hpp) and text files (xp/core/text_io.hpp) together. xtensor interop
/// (to_xtensor, from_xtensor) is in <xp/xtensor.hpp>.

#include "xp/core/npy.hpp"
#include "xp/core/npz.hpp"
#include "xp/core/print.hpp"
#include "xp/core/text_io.hpp"
#include "xp/core/transfer.hpp"
