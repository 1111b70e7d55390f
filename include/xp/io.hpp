#pragma once
/// @file io.hpp
/// @brief Files NumPy reads and writes, compiled into the xp library: .npy files
/// (xp::load_npy, xp::save_npy: np.load, np.save), .npz archives (xp::load_npz, xp::savez:
/// np.load, np.savez) and text files (xp::loadtxt, xp::savetxt: np.loadtxt, np.savetxt).
/// Printing (`std::cout << a`) is part of <xp/core.hpp>. Includes <xp/core.hpp>.

#include "xp/core.hpp"
#include "xp/io/npy.hpp"
#include "xp/io/npz.hpp"
#include "xp/io/text_io.hpp"
