#!/usr/bin/env bash
# Sourced by tools/test.sh and tools/tutorials.sh: installs missing Debian packages and
# configures the default build (CUDA when nvcc is there) into $build.
cd "$(dirname "${BASH_SOURCE[0]}")/.."
tools/deps.sh
export PATH=$PATH:/usr/local/cuda/bin
build=${XP_BUILD_DIR:-build/default}
# XP_WERROR=ON (CI sets it) turns every compiler warning into an error
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DXP_WARNINGS_AS_ERRORS="${XP_WERROR:-OFF}"
