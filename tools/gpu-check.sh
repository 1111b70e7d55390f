#!/usr/bin/env bash
# On a GPU machine: configure, build, run every test (CUDA included), the benchmarks with
# their peers, then the CUDA tests and the GPU tutorials under compute-sanitizer (memcheck,
# racecheck, initcheck; XP_SANITIZE_TOOLS="memcheck" picks fewer), then the tutorials. Logs go
# to $OUT (or ./gpu-check-logs) as well as to the terminal, the tutorials' data files and figures
# to its tutorials/ folder.
#
#   tools/gpu-check.sh [build-dir]       needs .deps: a prefix holding the header-only dependencies
#                                        (xtensor, xtl, xsimd, doctest, Google Benchmark)
set -uo pipefail
cd "$(dirname "$0")/.."
build=${1:-/tmp/xp-gpu}
logs=${OUT:-$PWD/gpu-check-logs}
mkdir -p "$logs"
status=0
export NCCL_NVLS_ENABLE=0  # NVLink multicast stays off (NCCL collectives in the dist tests)
step() { echo "== $*"; }

step configure + build
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DXP_ENABLE_CUDA=ON \
      -DCMAKE_PREFIX_PATH="$PWD/.deps" -DCMAKE_CUDA_ARCHITECTURES=90 >"$logs/configure.log" 2>&1 \
  && cmake --build "$build" -j "$(nproc)" 2>&1 | tail -n 30 | tee "$logs/build.log" || { echo "build failed"; exit 1; }
[[ -x $build/tests/xp_tests_cuda ]] || { echo "build failed"; cat "$logs/configure.log"; exit 1; }

step ctest
ctest --test-dir "$build" --output-on-failure -j 4 2>&1 | tee "$logs/ctest.log" | tail -n 40
grep -q "100% tests passed" "$logs/ctest.log" || status=1
grep -E "Skipped|Not Run" "$logs/ctest.log" && { echo "a test was skipped on the GPU machine"; status=1; }

if [[ -x $build/bench/xp_bench ]]; then
  step benchmarks
  nvidia-smi --query-gpu=name --format=csv,noheader | tee "$logs/gpu.txt"
  "$build/bench/xp_bench" --benchmark_min_time=0.2 --benchmark_out="$logs/bench.json" \
      --benchmark_out_format=json 2>&1 | tee "$logs/bench.log"
  python3 bench/peers/peers.py >"$logs/peers.json" 2>"$logs/peers.err" || cat "$logs/peers.err"
  python3 tools/bench-report.py "$logs/bench.json" "$logs/peers.json" | tee "$logs/bench-report.txt"
fi

if [[ ${XP_SANITIZE_TOOLS-memcheck racecheck initcheck} != "" ]]; then
for tool in ${XP_SANITIZE_TOOLS-memcheck racecheck initcheck}; do
  step "compute-sanitizer --tool $tool"
  # cases that fail a CUDA call on purpose (out of memory, invalid device) are left out:
  # the sanitizer reports every failed API call as an error. The NCCL cases (dist:*, sharded:*) get a pass of
  # their own without API-error reports: libnccl probes its own kernels with cudaFuncGetAttributes
  # and gets cudaErrorNoKernelImageForDevice, which it handles
  compute-sanitizer --tool "$tool" --error-exitcode 9 "$build/tests/xp_tests_cuda" \
      --test-case-exclude='*out_of_memory*,*cuda_error*,*2^31*,*nothrow device_scope*,dist:*,sharded:*' >"$logs/sanitizer-$tool.log" 2>&1
  rc=$?; tail -n 4 "$logs/sanitizer-$tool.log"
  [[ $rc -eq 0 ]] || { echo "$tool: exit $rc"; status=1; }
  compute-sanitizer --tool "$tool" --report-api-errors no --error-exitcode 9 "$build/tests/xp_tests_cuda" \
      --test-case='dist:*,sharded:*' >>"$logs/sanitizer-$tool.log" 2>&1
  rc=$?; tail -n 2 "$logs/sanitizer-$tool.log"
  [[ $rc -eq 0 ]] || { echo "$tool (dist): exit $rc"; status=1; }
  for t in "$build"/examples/[0-9][0-9]_*; do
    [[ -x $t ]] || continue
    XP_TUTORIAL_PLOT=0 compute-sanitizer --tool "$tool" --error-exitcode 9 "$t" --backend=cuda --small >>"$logs/sanitizer-$tool.log" 2>&1 \
      || { echo "$tool: $(basename "$t") failed"; status=1; }
  done
done

fi

step "tutorials on the GPU"
# their data files (and figures, where matplotlib is installed) go beside the logs: a machine
# without matplotlib brings the data back, and python3 examples/plots/<name>.py DIR draws them
export XP_TUTORIAL_OUT=${XP_TUTORIAL_OUT:-$logs/tutorials}
for t in "$build"/examples/[0-9][0-9]_*; do [[ -x $t ]] && "$t" 2>&1 | tee -a "$logs/tutorials.log"; done

echo "gpu-check: $([[ $status -eq 0 ]] && echo PASSED || echo FAILED)"
exit $status
