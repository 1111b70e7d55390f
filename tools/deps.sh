#!/usr/bin/env bash
# Installs what building and testing xp needs on a fresh Debian machine (as root, or with sudo).
# Extra Debian packages a script needs beside those may be named as arguments
# (tools/fuzz.sh: tools/deps.sh clang libclang-rt-dev libomp-dev).
# The CUDA toolkit is not a Debian package here: when nvcc is present the CUDA backend is
# built too, else the host-only build runs.
set -euo pipefail
pkgs="cmake ninja-build g++ libxtensor-dev xtl-dev libxsimd-dev doctest-dev libbenchmark-dev libopenblas-dev libopenblas-openmp-dev liblapacke-dev libfftw3-dev libdlpack-dev zlib1g-dev $*"
missing=""
for p in $pkgs; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
if [[ -n $missing ]]; then
  sudo=""; [[ $(id -u) -eq 0 ]] || sudo=sudo
  echo "deps: installing$missing"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi
