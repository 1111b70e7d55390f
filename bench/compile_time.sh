#!/usr/bin/env bash
# Compile time is a feature users feel: times a host hello-world that includes <xp/xp.hpp>
# (CPU seconds at -O2 on one core, and the number of headers it pulls in), one tutorial built
# as a host program, and, with --full, a clean full build of the default configuration.
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

echo "compiler: $($cxx --version | head -n 1); $(nproc) cores"
flags=(-std=c++20 -O2 -fopenmp "${includes[@]}")
measure "hello-world (-O2, one TU)" "$cxx" "${flags[@]}" -c "$work/hello.cpp" -o "$work/hello.o"
headers=$("$cxx" "${flags[@]}" -M "$work/hello.cpp" | tr ' \\' '\n\n' | grep -c '\.h')
echo "hello-world includes $headers headers"
measure "hello-world parse only (-fsyntax-only)" "$cxx" "${flags[@]}" -fsyntax-only "$work/hello.cpp"
measure "tutorial 03_elementwise (host, -O2)" "$cxx" "${flags[@]}" -Iexamples $( [[ -d /usr/include/stb ]] && echo -I/usr/include ) \
  -c examples/03_elementwise.cpp -o "$work/t03.o"

if [[ ${1-} == --full ]]; then
  measure "full build, default preset ($(nproc) jobs)" bash -c \
    "cmake -S . -B '$work/build' -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null && cmake --build '$work/build' -j $(nproc)"
  echo "slowest translation units (s):"
  ninja -C "$work/build" -t recompact >/dev/null 2>&1 || true
  awk 'NR > 1 { printf "%8.1f  %s\n", ($2 - $1) / 1000, $4 }' "$work/build/.ninja_log" | sort -rn | head -n 8
fi
