#pragma once
/// @file linalg/einsum.hpp
