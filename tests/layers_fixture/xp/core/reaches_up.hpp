#pragma once
// A core header that includes the expression layer above it: xp_layers_fixture_is_refused runs
// tests/check_layers.cmake on this folder and expects it to fail, so that the layering check
// is known to catch what it is there for.
#include "xp/expr/elementwise.hpp"
