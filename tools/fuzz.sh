#!/usr/bin/env bash
# tools/fuzz.sh [seconds]: builds xp's libFuzzer targets (CMake preset `fuzz`: clang, ASan +
# UBSan + libFuzzer), replays the committed corpora (tests/fuzz/corpus/<name>/) and the saved
# reproducers (tests/fuzz/crashes/<name>-*), then fuzzes each target for `seconds` (default
# 60) on a scratch copy of its corpus under build/fuzz/work/ (the committed corpus is never
# written). Prints executions, exec/s, cov and ft for each; exits non-zero when a replay fails
# or a fuzzer finds a crash, leak, timeout or OOM (artifacts in build/fuzz/artifacts/<name>/).
# Runs as root (or with sudo) on Debian 12; no GPU needed. XP_FUZZ_JOBS sets build jobs (2).
set -euo pipefail
secs=${1:-60}
[[ $secs =~ ^[0-9]+$ ]] || { echo "usage: tools/fuzz.sh [seconds]" >&2; exit 2; }
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

# ---- toolchain: Debian's clang 14 (clang++) and its runtimes (libclang_rt.fuzzer-x86_64.a is
# in libclang-rt-14-dev, pulled in by libclang-rt-dev); libomp-dev for xp's OpenMP under clang
tools/deps.sh clang libclang-rt-dev libomp-dev

build=build/fuzz
echo "fuzz: configuring and building (preset fuzz, $build)"
mkdir -p "$build"
cmake --preset fuzz >"$build/configure.log" 2>&1 || { cat "$build/configure.log"; exit 1; }
cmake --build --preset fuzz -j "${XP_FUZZ_JOBS:-2}"

export OMP_NUM_THREADS=1
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

status=0
summary=()
for name in views npy npz; do
  exe=$build/fuzz_$name
  if [[ ! -x $exe ]]; then
    # fuzz_npy and fuzz_npz need src/npy.cpp and src/npz.cpp; fuzz_views is always built where
    # the option exists
    if [[ $name == views ]] && grep -q '^XP_BUILD_FUZZERS:BOOL=ON' "$build/CMakeCache.txt"; then
      echo "fuzz: $exe was not built (see $build/configure.log)"
      summary+=("$(printf '%-6s FAILED (not built)' "$name")")
      status=1
    else
      echo "fuzz: $exe was not built (see $build/configure.log); skipped"
      summary+=("$(printf '%-6s skipped (not built)' "$name")")
    fi
    continue
  fi
  case $name in
    views) max_len=256 ;;
    npy) max_len=4096 ;;
    npz) max_len=8192 ;;
  esac
  extra=()
  [[ -f tests/fuzz/$name.dict ]] && extra+=("-dict=tests/fuzz/$name.dict")
  work=$build/work/$name
  artifacts=$build/artifacts/$name
  rm -rf "$work"
  mkdir -p "$work/corpus" "$artifacts"

  # 1. replay: every committed seed and saved reproducer, each run once (nothing is written)
  inputs=(tests/fuzz/corpus/$name/*)
  shopt -s nullglob
  inputs+=(tests/fuzz/crashes/$name-*)
  shopt -u nullglob
  if "$exe" -artifact_prefix="$artifacts/replay-" "${inputs[@]}" >"$work/replay.log" 2>&1; then
    echo "fuzz: $name: replayed ${#inputs[@]} inputs, no failure"
  else
    echo "fuzz: $name: REPLAY FAILED (log: $work/replay.log)"
    tail -n 30 "$work/replay.log"
    status=1
  fi

  # 2. fuzz a scratch copy of the corpus
  cp tests/fuzz/corpus/$name/* "$work/corpus/"
  echo "fuzz: $name: fuzzing for ${secs}s (log: $work/fuzz.log)"
  rc=0
  "$exe" "$work/corpus" -max_total_time="$secs" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
    -malloc_limit_mb=64 -print_final_stats=1 -artifact_prefix="$artifacts/" "${extra[@]}" \
    >"$work/fuzz.log" 2>&1 || rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/fuzz.log" | tail -n 1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$work/fuzz.log" | tail -n 1)
  last=$(grep -E '^#[0-9]+[[:space:]]' "$work/fuzz.log" | tail -n 1 || true)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
  corp=$(sed -n 's/.* corp: \([0-9]*\/[0-9A-Za-z]*\).*/\1/p' <<<"$last")
  line=$(printf '%-6s executions %-10s exec/s %-7s cov %-6s ft %-7s corpus %s' "$name" "${execs:-?}" \
    "${rate:-?}" "${cov:-?}" "${ft:-?}" "${corp:-?}")
  if [[ $rc -ne 0 ]]; then
    line+="  FAILED (exit $rc; artifacts in $artifacts/)"
    grep -E 'ERROR: |SUMMARY: |invariant violated|Test unit written' "$work/fuzz.log" | head -n 8 || true
    status=1
  fi
  summary+=("$line")
done

echo "fuzz: results (${secs}s each)"
printf '  %s\n' "${summary[@]}"
exit $status
