#!/usr/bin/env bash
# Compile time is a feature users feel: times a host hello-world that includes <xp/xp.hpp>, and
# the same program with <xp/core.hpp> (CPU seconds at -O2 on one core, parse-only time, and the
# number of headers each pulls in), one tutorial built as a host program; with --nvcc, every
# CUDA test translation unit and device benchmark unit alone through nvcc, as CMake builds
# them; with --full, a clean full build of the default configuration and its slowest units.
# CPU seconds are user + sys of the compiler: on a shared machine take the least of a few runs.
#
#   bench/compile_time.sh [--nvcc] [--full]
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cxx=${CXX:-g++}
# the backend headers are included as <xp/backends/...>: give backends/ that name, as the build does
mkdir -p "$work/inc/xp" && ln -s "$PWD/backends" "$work/inc/xp/backends"
includes=(-Iinclude "-I$work/inc")
[[ -d .deps/include ]] && includes+=(-I.deps/include)

measure() {  # measure LABEL CMD...: CPU seconds (user+sys) of CMD via bash's TIMEFORMAT
  local label=$1; shift
  local out
  out=$( { TIMEFORMAT='%U %S %R'; time "$@" >/dev/null 2>"$work/err"; } 2>&1 ) || { cat "$work/err"; exit 1; }
  read -r user sys real <<<"$out"
  printf '%-44s %7.2f s CPU  %7.2f s wall\n' "$label" "$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" "$real"
}

cat >"$work/hello.cpp" <<'CPP'
#include <xp/xp.hpp>
#include <iostream>
int main() {
  auto x = xp::arange<double>(0.0, 10.0, 1.0);
  auto y = xp::sum(xp::sin(x));
  std::cout << x << "\n" << y.item() << "\n";
}
CPP
sed 's#<xp/xp.hpp>#<xp/core.hpp>#' "$work/hello.cpp" >"$work/hello_core.cpp"

echo "compiler: $($cxx --version | head -n 1); $(nproc) cores"
flags=(-std=c++20 -O2 -fopenmp "${includes[@]}")
for h in hello hello_core; do
  label=$([[ $h == hello ]] && echo "<xp/xp.hpp>" || echo "<xp/core.hpp>")
  measure "hello-world $label (-O2, one TU)" "$cxx" "${flags[@]}" -c "$work/$h.cpp" -o "$work/$h.o"
  measure "hello-world $label parse only" "$cxx" "${flags[@]}" -fsyntax-only "$work/$h.cpp"
  headers=$("$cxx" "${flags[@]}" -M "$work/$h.cpp" | tr ' \\' '\n\n' | grep -c '\.h')
  echo "hello-world $label includes $headers headers"
done
measure "tutorial 03_elementwise (host, -O2)" "$cxx" "${flags[@]}" -Iexamples "-DXP_EXAMPLES_DIR=\"$PWD/examples\"" \
  -c examples/03_elementwise.cpp -o "$work/t03.o"

if [[ " $* " == *" --nvcc "* ]]; then
  # each CUDA test file is its own nvcc unit (tests/CMakeLists.txt), as are the device benchmarks
  nvcc=${NVCC:-nvcc}
  nvflags=(-std=c++20 --extended-lambda --expt-relaxed-constexpr -arch=sm_90 -O3 -DNDEBUG -DXP_HAS_CUDA=1
           -Xcompiler=-fopenmp "${includes[@]}" -Itests -Ibench)
  [[ -d /usr/include/openblas ]] && nvflags+=(-DXP_HAS_CBLAS=1 -I/usr/include/openblas)
  for f in tests/test_*.cpp; do
    ln -sf "$PWD/$f" "$work/$(basename "$f" .cpp).cu"
    measure "nvcc $f" "$nvcc" "${nvflags[@]}" -DXP_TEST_CUDA "-DXP_GOLDEN_DIR=\"$PWD/tests/golden\"" \
      -c "$work/$(basename "$f" .cpp).cu" -o "$work/t.o"
  done
  for f in bench/*.cu; do measure "nvcc $f" "$nvcc" "${nvflags[@]}" -c "$f" -o "$work/b.o"; done
fi

if [[ " $* " == *" --full "* ]]; then
  measure "full build, default preset ($(nproc) jobs)" bash -c \
    "cmake -S . -B '$work/build' -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null && cmake --build '$work/build' -j $(nproc)"
  echo "slowest translation units (s):"
  ninja -C "$work/build" -t recompact >/dev/null 2>&1 || true
  awk 'NR > 1 { printf "%8.1f  %s\n", ($2 - $1) / 1000, $4 }' "$work/build/.ninja_log" | sort -rn | head -n 8
fi
