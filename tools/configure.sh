#!/usr/bin/env bash
# Sourced by tools/test.sh and tools/tutorials.sh: installs missing Debian packages and
# configures the default build (CUDA when nvcc is there) into $build.
cd "$(dirname "${BASH_SOURCE[0]}")/.."
tools/deps.sh
export PATH=$PATH:/usr/local/cuda/bin
build=${XP_BUILD_DIR:-build/default}
# Without a GPU the CUDA library and the coverage program still compile (nvcc checks the public
# API) and the tutorials are built for the host alone, but the CUDA test suite and the benchmarks
# (xp_bench, mostly device workloads in a CUDA build), which nothing here could run, are left
# out: they are most of the build's time. XP_GPU_TARGETS=ON builds them anyway.
gpu_targets=${XP_GPU_TARGETS:-$( (nvidia-smi -L 2>/dev/null | grep -q GPU) && echo ON || echo OFF)}
# Without a GPU the device code that is built is only compiled, never run: nvcc's
# --Ofast-compile=max skips the device optimisations (host code is optimised as usual). Its
# uninlined device calls leave ptxas unable to size some kernels' stacks (the random samplers'),
# a warning that optimised code does not get.
# Nothing runs the device code either, so it is compiled to PTX only (no ptxas, no SASS): a
# third less nvcc time (scan_complex.cu: 27 s -> 18 s on the 2-core machine).
device_flags=(-DCMAKE_CUDA_FLAGS=)  # (also resets a cached value)
if [[ $gpu_targets == OFF ]]; then
  device_flags=("-DCMAKE_CUDA_FLAGS=-Ofc=max -Xptxas=-suppress-stack-size-warning" -DCMAKE_CUDA_ARCHITECTURES=90-virtual)
elif grep -q '^CMAKE_CUDA_ARCHITECTURES:.*=90-virtual$' "$build/CMakeCache.txt" 2>/dev/null; then
  device_flags+=(-UCMAKE_CUDA_ARCHITECTURES)  # back to CMakeLists.txt's default, sm_90 code
fi
# XP_WERROR=ON (CI sets it) turns every compiler warning into an error
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DXP_WARNINGS_AS_ERRORS="${XP_WERROR:-OFF}" \
      -DXP_BUILD_CUDA_TESTS="$gpu_targets" -DXP_BUILD_BENCH="$gpu_targets" -DXP_TUTORIALS_ON_CUDA="$gpu_targets" \
      "${device_flags[@]}"
