#!/usr/bin/env bash
# Compile time is a feature users feel: times a host hello-world that includes <xp/xp.hpp>, and
# the same program with <xp/core.hpp> (CPU seconds at -O2 on one core, parse-only time, and the
# number of headers each pulls in), one tutorial built as a host program, and where nvcc is
# found a CUDA hello-world (one fused expression and a sum) and <xp/cuda.hpp> alone; with
# --full, a clean full build of the default configuration (plus $XP_CMAKE_ARGS): its wall time,
# compile-seconds by group and ten slowest units (tools/slowest_units.py).
# CPU seconds are user + sys of the compiler: on a shared machine take the least of a few runs.
#
#   bench/compile_time.sh [--full]
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

if command -v "${NVCC:-nvcc}" >/dev/null 2>&1 || [[ -x /usr/local/cuda/bin/nvcc ]]; then
  # what every user's CUDA translation unit pays: <xp/cuda.hpp>, one fused expression and a sum
  nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
  cat >"$work/hello.cu" <<'CU'
#include <xp/cuda.hpp>
#include <iostream>
int main() {
  auto x = xp::arange<float, xp::cuda>(0.f, 10.f, 1.f);
  xp::ndarray<float, xp::cuda> y = xp::sin(x) * 2.f + x;
  std::cout << xp::sum(y).item() << "\n";
}
CU
  nvflags=(-std=c++20 -O2 -arch=sm_90 --extended-lambda --expt-relaxed-constexpr -DXP_HAS_CUDA=1 -Xcompiler=-fopenmp
           "${includes[@]}")
  measure "CUDA hello-world <xp/cuda.hpp> (nvcc -O2)" "$nvcc" "${nvflags[@]}" -c "$work/hello.cu" -o "$work/hello_cu.o"
  printf '#include <xp/cuda.hpp>\nint main() {}\n' >"$work/empty.cu"
  measure "CUDA <xp/cuda.hpp> alone (nvcc -O2)" "$nvcc" "${nvflags[@]}" -c "$work/empty.cu" -o "$work/empty_cu.o"
fi

if [[ " $* " == *" --full "* ]]; then
  # a clean build of the default configuration (XP_CMAKE_ARGS adds options, e.g. the GPU
  # machine's -DXP_ENABLE_CUDA=ON -DCMAKE_PREFIX_PATH=$PWD/.deps), then its compile seconds
  read -r -a extra <<<"${XP_CMAKE_ARGS-}"
  cmake -S . -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release "${extra[@]}" >"$work/configure.log" 2>&1 ||
    { cat "$work/configure.log"; exit 1; }
  measure "clean full build ($(nproc) jobs)" cmake --build "$work/build" -j "$(nproc)"
  python3 tools/slowest_units.py "$work/build" 10
fi
