#!/usr/bin/env python3
"""The compile seconds of a Ninja build, from its .ninja_log: the total, each group's share and
the slowest translation units (a report, not a gate: machines are noisy).

    tools/slowest_units.py BUILD_DIR [COUNT]     (COUNT defaults to 10)
"""
import os
import sys

# the groups a unit's object path names, first match wins
GROUPS = [("CUDA tests", "xp_tests_cuda.dir"), ("host tests", "xp_tests_host.dir"), ("other tests", "tests/"),
          ("tutorials", "examples/"), ("benchmarks", "bench/"), ("libxp_cuda", "xp_cuda.dir"), ("libxp", "xp.dir")]


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    log = os.path.join(sys.argv[1], ".ninja_log")
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    seconds = {}
    first, last = None, 0
    for line in open(log):
        if line.startswith("#"):
            continue
        start, end, _, output = line.rstrip("\n").split("\t")[:4]
        if output.endswith(".o"):
            seconds[output] = (int(end) - int(start)) / 1000  # the newest build of each unit
            first = int(start) if first is None else min(first, int(start))
            last = max(last, int(end))
    if not seconds:
        sys.exit("no compiled units in " + log)
    shares = {}
    for output, s in seconds.items():
        group = next((name for name, key in GROUPS if key in output), "other")
        shares[group] = shares.get(group, 0) + s
    print("%d units, %.0f compile-seconds, %.0f s from the first unit's start to the last unit's end" %
          (len(seconds), sum(seconds.values()), ((last - first) / 1000) if first is not None else 0))
    for group, s in sorted(shares.items(), key=lambda r: -r[1]):
        print("  %-12s %7.0f" % (group, s))
    print("the %d slowest units (s):" % min(count, len(seconds)))
    for output, s in sorted(seconds.items(), key=lambda r: -r[1])[:count]:
        print("  %7.1f  %s" % (s, output))


if __name__ == "__main__":
    main()
