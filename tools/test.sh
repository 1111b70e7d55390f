#!/usr/bin/env bash
# The README's test command: installs missing Debian packages, configures (CUDA when nvcc is
# there), builds, and runs every test. CUDA tests report "skipped" on a machine without a GPU.
set -euo pipefail
source "$(dirname "$0")/configure.sh"
cmake --build "$build" -j "$(nproc)"
ctest --test-dir "$build" --output-on-failure -j "$(nproc)"
