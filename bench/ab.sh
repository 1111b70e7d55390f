#!/usr/bin/env bash
# A/B benchmark of two source trees on one GPU in one run: builds xp_bench from the base tree
# and from this one with the same options, then runs the benchmarks matching FILTER from each,
# alternately (in alternating order), ROUNDS times, and prints each benchmark's median real time for both and the ratio.
#
#   bench/ab.sh BASE_TREE FILTER [ROUNDS] [BUILD_ROOT]
#
# BASE_TREE: a source tree of the base commit (e.g. `git archive <commit> | tar -x -C .ab/base`).
# AB_RENAME="old=new,..." renames parts of the base's benchmark names that the change renamed
# (e.g. AB_RENAME="cublas=vendor,tiled=own"), so that the two sides pair up.
# Needs .deps (../shared/device/pack-deps.sh). Results: $OUT (or ./ab-logs)/ab-*.json and ab.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
base=$(cd "$1" && pwd)
filter=$2
rounds=${3:-3}
root=${4:-/tmp/xp-ab}
logs=${OUT:-$PWD/ab-logs}
mkdir -p "$logs"

configure_and_build() {  # source dir, build dir
  cmake -S "$1" -B "$2" -G Ninja -DCMAKE_BUILD_TYPE=Release -DXP_ENABLE_CUDA=ON -DXP_BUILD_BENCH=ON \
        -DXP_BUILD_TESTS=OFF -DXP_BUILD_EXAMPLES=OFF -DCMAKE_PREFIX_PATH="$PWD/.deps" \
        -DCMAKE_CUDA_ARCHITECTURES=90 >"$logs/configure-$(basename "$2").log" 2>&1
  cmake --build "$2" -j "$(nproc)" --target xp_bench >"$logs/build-$(basename "$2").log" 2>&1 \
    || { tail -n 30 "$logs/build-$(basename "$2").log"; exit 1; }
}
configure_and_build "$base" "$root/base"
configure_and_build "$PWD" "$root/new"

# the order alternates too (base first in even rounds, new first in odd ones), so that whatever
# the first run of a round leaves behind (clocks, caches, the driver's state) favours neither
for ((r = 0; r < rounds; r++)); do
  order="base new"
  ((r % 2)) && order="new base"
  for side in $order; do
    "$root/$side/bench/xp_bench" --benchmark_filter="$filter" --benchmark_min_time=0.2 \
        --benchmark_out="$logs/ab-$side-$r.json" --benchmark_out_format=json >/dev/null
  done
done

python3 - "$logs" "$rounds" "${AB_RENAME:-}" <<'EOF' | tee "$logs/ab.txt"
import json, statistics, sys
logs, rounds = sys.argv[1], int(sys.argv[2])
renames = [pair.split("=", 1) for pair in sys.argv[3].split(",") if pair]
times = {"base": {}, "new": {}}
for side in times:
    for r in range(rounds):
        for b in json.load(open(f"{logs}/ab-{side}-{r}.json"))["benchmarks"]:
            if b.get("run_type", "iteration") == "iteration":
                name = b["name"]
                if side == "base":
                    for old, new in renames:
                        name = name.replace(old, new)
                times[side].setdefault(name, []).append(b["real_time"])
print(f"{'benchmark':64} {'base':>12} {'new':>12} {'new/base':>9}")
for name in times["new"]:
    if name not in times["base"]:
        print(f"{name:64} {'-':>12} {statistics.median(times['new'][name]):12.2f}  (new only)")
        continue
    b, n = statistics.median(times["base"][name]), statistics.median(times["new"][name])
    print(f"{name:64} {b:12.2f} {n:12.2f} {n / b:9.3f}")
for name in times["base"]:
    if name not in times["new"]:
        print(f"{name:64} {statistics.median(times['base'][name]):12.2f} {'-':>12}  (base only)")
EOF
