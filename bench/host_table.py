#!/usr/bin/env python3
"""The host's standing table: xp against NumPy on NumPy's everyday operations.

    python3 bench/host_table.py BUILD_DIR [--rounds 5] [--min-time 0.2] [--out FILE]
                                [--json RAW] [--python /usr/bin/python3] [--filter REGEX]

BUILD_DIR holds a Release build with the benchmarks (-DXP_BUILD_BENCH=ON; its xp_bench is built
with -march=native). Each of R interleaved rounds runs, in a rotating order, xp_bench
--benchmark_filter=host_everyday with OMP_NUM_THREADS=1, the same with OMP_NUM_THREADS=2, and
NumPy's peers (bench/peers/everyday.py, under --python, with OMP_NUM_THREADS,
OPENBLAS_NUM_THREADS and MKL_NUM_THREADS set to 1 before NumPy is imported). Every time is the
mean per call over --min-time seconds (Google Benchmark's, and the peers' own loop); the table
gives each one's median over the rounds. Columns: NumPy's time, xp's at one thread and its ratio
to NumPy's, xp's at two threads, its bytes per second (what an ideal implementation reads and
writes) and their share of the two-thread copy row (`x.copy()`, 2^24 float32) of the same run,
and the goals of issue 31: xp / NumPy <= 1.0 at one thread (<= 0.8 for the axis-0 reductions,
argmax, broadcasting, the strided in-place update and concatenate along axis 1), and, for
bandwidth-bound rows, >= 80% of the copy rate at two threads. Rows and goals are listed in
bench/peers/everyday.py. The table goes to stdout and, with --out, to FILE; --json keeps every
round's numbers. The header gives the load average at the start of each round: the machine's
other work slows both sides, two threads most (time-sliced with it, many two-thread times land
on whole milliseconds), so compare tables taken at similar loads. On the 2-core development
machine at load 2.5 a round took about a minute with the default --min-time (5 rounds: 4 min 47 s).
"""
import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PEERS = os.path.join(HERE, "peers", "everyday.py")
FILTER = "host_everyday"
COPY_SHARE_GOAL = 0.8  # bandwidth-bound rows at two threads: this share of the copy rate
THREADS = (1, 2)


def xp_round(bench, threads, min_time, name_filter):
    """{name: (seconds, bytes per second)} of one xp_bench run at `threads` OpenMP threads."""
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        run = subprocess.run([bench, f"--benchmark_filter={name_filter}", f"--benchmark_min_time={min_time}",
                              f"--benchmark_out={out.name}", "--benchmark_out_format=json"],
                             env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if run.returncode != 0:
            sys.exit(f"host_table: {bench} failed ({run.returncode}):\n{run.stderr}")
        report = json.load(open(out.name))
    unit = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
    return {b["name"]: (b["real_time"] * unit[b["time_unit"]], b.get("bytes_per_second"))
            for b in report["benchmarks"] if b.get("run_type", "iteration") == "iteration"}


def numpy_round(python, min_time, name_filter):
    """{name: seconds} of one run of NumPy's peers on one thread."""
    env = dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", MKL_NUM_THREADS="1")
    out = subprocess.run([python, PEERS, f"--min-time={min_time}", f"--filter={name_filter}"],
                         env=env, check=True, stdout=subprocess.PIPE, text=True).stdout
    return json.loads(out)


def command_output(args):
    try:
        return subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout.strip()
    except OSError:
        return "?"


def cpu_model():
    """The CPU's name and its widest vector extension (-march=native builds for it)."""
    model, flags = platform.processor() or "?", set()
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
            elif line.startswith("flags"):
                flags = set(line.split(":", 1)[1].split())
                break
    except OSError:
        pass
    widest = next((isa for isa in ("avx512f", "avx2", "avx", "sse4_2") if isa in flags), None)
    return f"{model} ({widest.upper()})" if widest else model


def build_info(build_dir):
    """The build type and the compiler of BUILD_DIR, from its CMake cache."""
    cache = {}
    try:
        for line in open(os.path.join(build_dir, "CMakeCache.txt")):
            key, sep, value = line.strip().partition("=")
            if sep and ":" in key:
                cache[key.split(":", 1)[0]] = value
    except OSError:
        return "?"
    compiler = cache.get("CMAKE_CXX_COMPILER", "")
    version = command_output([compiler, "--version"]).splitlines()[:1] if compiler else []
    return f"{cache.get('CMAKE_BUILD_TYPE', '?')} build, {version[0] if version else '?'}, -march=native"


def median_or_none(values):
    return statistics.median(values) if values else None


def ms(seconds):
    return f"{seconds * 1e3:.2f}" if seconds is not None else "-"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build_dir", help="a build with -DXP_BUILD_BENCH=ON (bench/xp_bench in it)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--min-time", type=float, default=0.2, help="seconds per operation and run")
    parser.add_argument("--out", help="also write the table here")
    parser.add_argument("--json", help="write every round's numbers here")
    parser.add_argument("--python", default=sys.executable, help="the Python with NumPy for the peers")
    parser.add_argument("--filter", default=FILTER, help="a narrower regular expression of names (testing)")
    args = parser.parse_args()

    bench = os.path.join(args.build_dir, "bench", "xp_bench")
    if not os.access(bench, os.X_OK):
        sys.exit(f"host_table: no {bench}; build it: ninja -C {args.build_dir} xp_bench")
    rows = json.loads(subprocess.run([args.python, PEERS, "--rows"], check=True, stdout=subprocess.PIPE).stdout)
    numpy_version = command_output([args.python, "-c", "import numpy; print(numpy.__version__)"])

    started = datetime.datetime.now(datetime.timezone.utc)
    load_before = command_output(["uptime"])
    # runs[config][name] = [per round]: config is "numpy" or the xp thread count
    runs = {"numpy": {}, **{t: {} for t in THREADS}}
    bandwidth = {t: {} for t in THREADS}
    configs = ["numpy", *THREADS]
    round_loads = []
    for r in range(args.rounds):
        round_loads.append(os.getloadavg()[0])
        order = configs[r % len(configs):] + configs[:r % len(configs)]  # rotate: no config always first
        for config in order:
            elapsed = (datetime.datetime.now(datetime.timezone.utc) - started).total_seconds()
            what = "NumPy" if config == "numpy" else f"xp, {config} thread(s)"
            print(f"host_table: {elapsed:5.0f} s: round {r + 1}/{args.rounds}, {what}", file=sys.stderr, flush=True)
            if config == "numpy":
                for name, t in numpy_round(args.python, args.min_time, args.filter).items():
                    runs["numpy"].setdefault(name, []).append(t)
            else:
                for name, (t, bps) in xp_round(bench, config, args.min_time, args.filter).items():
                    runs[config].setdefault(name, []).append(t)
                    if bps:
                        bandwidth[config].setdefault(name, []).append(bps)
    finished = datetime.datetime.now(datetime.timezone.utc)
    load_after = command_output(["uptime"])

    copy_name = next((row["name"] for row in rows if row["reference"]), None)
    copy_rate = median_or_none(bandwidth[2].get(copy_name, []))
    commit = command_output(["git", "-C", HERE, "describe", "--always", "--dirty"])
    lines = [
        f"# xp host table, {started:%Y-%m-%d %H:%M}-{finished:%H:%M} UTC",
        "",
        f"- machine: {cpu_model()}, {os.cpu_count()} logical CPUs",
        f"- xp {commit}: {bench}, {build_info(args.build_dir)}",
        f"- NumPy {numpy_version} on 1 thread ({args.python}); xp at OMP_NUM_THREADS=1 and 2",
        f"- {args.rounds} interleaved rounds, medians; each time the mean per call over {args.min_time} s",
        f"- load before: {load_before}",
        f"- load after:  {load_after}",
        f"- load (1-minute average) at each round's start: {', '.join(f'{x:.2f}' for x in round_loads)}",
        f"- two-thread copy rate (x.copy(), same run): {copy_rate / 1e9:.2f} GB/s" if copy_rate else
        "- two-thread copy rate: not measured",
        "",
        "| operation | NumPy ms | xp 1 thread ms | xp/NumPy | xp 2 threads ms | GB/s at 2 threads "
        "| % of 2-thread copy | goal | met? |",
        "|---|---:|---:|---:|---:|---:|---:|---|---|",
    ]
    met = {"ratio": [0, 0], "copy": [0, 0]}  # [met, measured]
    for row in rows:
        name = row["name"]
        numpy_t = median_or_none(runs["numpy"].get(name, []))
        xp1 = median_or_none(runs[1].get(name, []))
        xp2 = median_or_none(runs[2].get(name, []))
        if numpy_t is None and xp1 is None and xp2 is None:
            continue  # filtered out
        bps2 = median_or_none(bandwidth[2].get(name, []))
        ratio = xp1 / numpy_t if xp1 is not None and numpy_t else None
        share = bps2 / copy_rate if bps2 and copy_rate else None
        goal = f"<= {row['goal']:.1f}" + (f", >= {COPY_SHARE_GOAL:.0%} copy" if row["bandwidth"] else "")
        verdicts = []
        if ratio is not None:
            ok = ratio <= row["goal"]
            met["ratio"][0] += ok
            met["ratio"][1] += 1
            verdicts.append("yes" if ok else "no")
        if row["bandwidth"] and share is not None:
            ok = share >= COPY_SHARE_GOAL
            met["copy"][0] += ok
            met["copy"][1] += 1
            verdicts.append("yes" if ok else "no")
        lines.append(f"| `{row['operation']}` | {ms(numpy_t)} | {ms(xp1)} | "
                     f"{f'{ratio:.2f}' if ratio is not None else '-'} | {ms(xp2)} | "
                     f"{f'{bps2 / 1e9:.1f}' if bps2 else '-'} | {f'{share:.0%}' if share is not None else '-'} | "
                     f"{goal} | {' / '.join(verdicts) or '-'} |")
    notes = [f"- `{row['operation']}`: {row['note']}" for row in rows
             if row["note"] and any(row["name"] in runs[c] for c in configs)]
    if notes:
        lines += ["", "Notes:", *notes]
    lines += [
        "",
        f"One thread, xp / NumPy at its goal: {met['ratio'][0]} of {met['ratio'][1]} operations. "
        f"Two threads, bandwidth-bound at >= {COPY_SHARE_GOAL:.0%} of the copy rate: "
        f"{met['copy'][0]} of {met['copy'][1]}. (met?: the one-thread goal, then the two-thread one.)",
        "Names: host_everyday/<name>/real_time in bench/bench_host_everyday.cpp and bench/peers/everyday.py.",
    ]
    known = {row["name"] for row in rows}
    strays = sorted(set().union(*(set(runs[c]) for c in configs)) - known)
    if strays:
        lines.append(f"Measured but not in the table's rows (bench/peers/everyday.py): {', '.join(strays)}")
    text = "\n".join(lines) + "\n"
    print(text, end="")
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"seconds": {str(c): runs[c] for c in configs},
                       "bytes_per_second": {str(t): bandwidth[t] for t in THREADS},
                       "round_loads": round_loads, "min_time": args.min_time}, f, indent=1)


if __name__ == "__main__":
    main()
