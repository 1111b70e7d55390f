#!/usr/bin/env bash
# The host test suite under AddressSanitizer + UndefinedBehaviorSanitizer (float-cast-overflow
# included): installs missing Debian packages, then configures, builds and runs the `sanitize`
# preset. Any report stops the run (halt_on_error) and fails it.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/deps.sh
cmake --preset sanitize
cmake --build --preset sanitize -j "$(nproc)"
ctest --preset sanitize -j "$(nproc)"
