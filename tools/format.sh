#!/usr/bin/env bash
# Formats xp's C++ and CUDA sources with the root .clang-format (clang-format 14, Debian's).
#   tools/format.sh           rewrite the files in place
#   tools/format.sh --check   change nothing; list the files that differ and fail (CI)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null || tools/deps.sh clang-format
mapfile -t files < <(git ls-files '*.hpp' '*.cpp' '*.cu' '*.cuh' ':!:tests/poison/*')
if [[ ${1-} == --check ]]; then
  clang-format --dry-run -Werror "${files[@]}"
  echo "${#files[@]} files follow .clang-format"
else
  clang-format -i "${files[@]}"
fi
