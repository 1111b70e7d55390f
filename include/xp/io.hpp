#pragma once
/// @file io.hpp
/// @brief NumPy .npy files: xp::load_npy (np.load) and xp::save_npy (np.save), compiled into
/// the xp library. Printing (`std::cout << a`) is part of <xp/core.hpp>. Includes
/// <xp/core.hpp>.

#include "xp/core.hpp"
#include "xp/core/npy.hpp"
