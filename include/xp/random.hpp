#pragma once
/// @file random.hpp
/// @brief Random arrays from Philox 4x32-10: xp::random::uniform and normal
/// (numpy.random.Generator.uniform / .normal) and xp::random::default_rng's Generator, the same
/// numbers on the host and the device.
/// Includes <xp/core.hpp>.

#include "xp/core.hpp"
#include "xp/random/random.hpp"
