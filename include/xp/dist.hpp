#pragma once
/// @file dist.hpp
/// @brief More than one GPU: NCCL communicators (xp/dist/communicator.hpp), arrays split along
/// axis 0 across their ranks (xp/dist/sharded.hpp) and the library functions on them
/// (xp/dist/library.hpp). Link xp::cuda. A host-only program includes xp/dist/library.hpp (which
/// includes xp/dist/sharded.hpp) and runs the same algorithms over xp::dist::local_communicator.

#include "xp/dist/communicator.hpp"
#include "xp/dist/library.hpp"
#include "xp/dist/sharded.hpp"
