#!/usr/bin/env bash
# The README's tutorial command: installs missing Debian packages, builds the tutorials and
# runs each of them, on the GPU when one is present, else on the CPU.
set -euo pipefail
source "$(dirname "$0")/configure.sh"
# the numbered tutorials: every .cpp, and the .cu ones (raw CUDA kernels) when CUDA is built
mapfile -t tutorials < <(cd examples && ls [0-9][0-9]_*.cpp | sed 's/\.cpp$//')
if grep -q '^XP_ENABLE_CUDA:BOOL=ON' "$build/CMakeCache.txt"; then
  mapfile -t -O "${#tutorials[@]}" tutorials < <(cd examples && ls [0-9][0-9]_*.cu | sed 's/\.cu$//')
fi
cmake --build "$build" -j "$(nproc)" --target "${tutorials[@]}"
for name in "${tutorials[@]}"; do
  echo "---- $name"
  "$build/examples/$name" "$@" || [[ $? -eq 77 ]]  # 77: skipped (a GPU-only tutorial without a GPU)
done
