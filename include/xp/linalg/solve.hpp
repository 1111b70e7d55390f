#pragma once
/// @file linalg/solve.hpp
