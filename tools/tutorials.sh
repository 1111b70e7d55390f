#!/usr/bin/env bash
# The README's tutorial command: installs missing Debian packages (python3-matplotlib for the
# figures among them), builds the tutorials and runs each of them, on the GPU when one is
# present, else on the CPU, printing each one's wall time. Arguments go to every tutorial
# (--backend=host, --small). Each writes its data files and figures to out/tutorials/<name>/
# ($XP_TUTORIAL_OUT/<name> when that is set).
set -euo pipefail
source "$(dirname "$0")/configure.sh"
# the figures: without matplotlib the tutorials still run and check themselves, and each says
# how to draw its figures later, so a failed install is not fatal (tools/test.sh never plots)
tools/deps.sh python3-matplotlib python3-numpy ||
  echo "tutorials: python3-matplotlib could not be installed; running without figures"
# the numbered tutorials: every .cpp, and the .cu ones (raw CUDA kernels) when CUDA is built
mapfile -t tutorials < <(cd examples && ls [0-9][0-9]_*.cpp | sed 's/\.cpp$//')
# (without a GPU, tools/configure.sh builds the tutorials for the host alone: XP_TUTORIALS_ON_CUDA)
if grep -q '^XP_ENABLE_CUDA:BOOL=ON' "$build/CMakeCache.txt" &&
  grep -q '^XP_TUTORIALS_ON_CUDA:BOOL=ON' "$build/CMakeCache.txt"; then
  mapfile -t -O "${#tutorials[@]}" tutorials < <(cd examples && ls [0-9][0-9]_*.cu | sed 's/\.cu$//')
fi
cmake --build "$build" -j "$(nproc)" --target "${tutorials[@]}"
# wall time of each tutorial (build excluded), from bash's microsecond clock
now_ms() { echo $((${EPOCHREALTIME/[.,]/} / 1000)); }
seconds() { printf '%d.%d s' $(($1 / 1000)) $(($1 % 1000 / 100)); }
times=()
all_start=$(now_ms)
for name in "${tutorials[@]}"; do
  echo "---- $name"
  start=$(now_ms)
  rc=0
  "$build/examples/$name" "$@" || rc=$?
  ms=$(($(now_ms) - start))
  note=""
  [[ $rc -eq 77 ]] && note=" (skipped: GPU only)"
  echo "---- $name: $(seconds "$ms")$note"
  times+=("$(printf '%-20s %9s%s' "$name" "$(seconds "$ms")" "$note")")
  # 77: skipped (a GPU-only tutorial without a GPU); anything else but 0 is a failed self-check
  [[ $rc -eq 0 || $rc -eq 77 ]] || { echo "tutorials: $name failed (exit $rc)"; exit "$rc"; }
done
echo "---- wall time per tutorial (build not counted)"
printf '%s\n' "${times[@]}"
echo "tutorials: ${#tutorials[@]} in $(seconds $(($(now_ms) - all_start))); files in ${XP_TUTORIAL_OUT:-out/tutorials}/"
