#pragma once
/// @file signal.hpp
/// @brief Signal processing: xp::signal::lombscargle (scipy.signal.lombscargle) and its
/// frequency grid. Includes <xp/core.hpp>.

#include "xp/core.hpp"
#include "xp/signal/lombscargle.hpp"
