#!/usr/bin/env bash
# The README's tutorial command: installs missing Debian packages, builds the tutorials and
# runs each of them, on the GPU when one is present, else on the CPU.
set -euo pipefail
source "$(dirname "$0")/configure.sh"
cmake --build "$build" -j "$(nproc)" --target $(cd examples && ls 0*_*.cpp | sed 's/\.cpp$//')
for t in examples/0*_*.cpp; do
  name=$(basename "$t" .cpp)
  echo "---- $name"
  "$build/examples/$name" "$@"
done
