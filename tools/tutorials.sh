#!/usr/bin/env bash
# The README's tutorial command: installs missing Debian packages, builds the tutorials and
# runs each of them, on the GPU when one is present, else on the CPU.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/deps.sh
export PATH=$PATH:/usr/local/cuda/bin
build=${XP_BUILD_DIR:-build/default}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build "$build" -j "$(nproc)" --target $(cd examples && ls 0*_*.cpp | sed 's/\.cpp$//')
for t in examples/0*_*.cpp; do
  name=$(basename "$t" .cpp)
  echo "---- $name"
  "$build/examples/$name" "$@"
done
