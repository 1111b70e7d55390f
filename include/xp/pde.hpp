#pragma once
/// @file pde.hpp
/// @brief Finite-difference stencils: xp::pde::laplacian, diffusion_step and diffuse.
/// Includes <xp/core.hpp>.

#include "xp/core.hpp"
#include "xp/pde/diffusion.hpp"
