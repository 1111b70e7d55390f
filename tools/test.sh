#!/usr/bin/env bash
# The README's test command: installs missing Debian packages, configures (CUDA when nvcc is
# there), builds, and runs every test. CUDA tests report "skipped" on a machine without a GPU.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/deps.sh
export PATH=$PATH:/usr/local/cuda/bin
build=${XP_BUILD_DIR:-build/default}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build "$build" -j "$(nproc)"
ctest --test-dir "$build" --output-on-failure -j "$(nproc)"
