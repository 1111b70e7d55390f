#pragma once
/// @file linalg/decompositions.hpp
