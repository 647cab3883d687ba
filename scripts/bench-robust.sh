#!/usr/bin/env bash
# The robust core's speed table (docs/figures/robust-speed.md): runs
# bench/robust/robust_bench (Google Benchmark) with repetitions, JSON output,
# and tabulates the medians of robust/naive and cgal/naive (and the oracle's
# ns per call) per primitive, precision and input kind.
#
#   scripts/bench-robust.sh [--exe PATH] [--baseline PATH] [--reps N] [--min-time S] [--filter RE]
#
#   --exe       the benchmark (default build/bench/robust/robust_bench; build it
#               with `cmake --preset default && cmake --build build --target robust_bench`)
#   --baseline  a second robust_bench (e.g. built from an older commit): run in
#               alternation with --exe, round by round, and shown beside it
#               (its robust ns and its own robust/naive: the naive column moves
#               between binaries, so compare robust ns)
#   --reps      repetitions per round (default 5); --rounds R rounds (default 1)
#   --min-time  seconds per repetition (default 0.2)
#   --filter    benchmark regex (default: every predicate and construction)
# Prints the markdown table on stdout; the raw JSON goes to $OUT_DIR (default
# a temporary directory, printed on stderr).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
exe="$root/build/bench/robust/robust_bench"
baseline=""
reps=5
rounds=1
min_time=0.2
filter='.'
while [ $# -gt 0 ]; do
  case "$1" in
    --exe) exe="$2"; shift 2 ;;
    --baseline) baseline="$2"; shift 2 ;;
    --reps) reps="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    --min-time) min_time="$2"; shift 2 ;;
    --filter) filter="$2"; shift 2 ;;
    *) echo "bench-robust.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
for e in "$exe" ${baseline:+"$baseline"}; do
  [ -x "$e" ] || { echo "bench-robust.sh: no benchmark at $e (build the robust_bench target)" >&2; exit 2; }
done
out="${OUT_DIR:-$(mktemp -d)}"
mkdir -p "$out"
echo "bench-robust.sh: JSON in $out" >&2

run() {  # exe json
  "$1" --benchmark_filter="$filter" --benchmark_repetitions="$reps" \
    --benchmark_min_time="$min_time" --benchmark_report_aggregates_only=true \
    --benchmark_format=json --benchmark_out_format=json --benchmark_out="$2" >/dev/null
}
for ((k = 0; k < rounds; ++k)); do
  run "$exe" "$out/current-$k.json"
  [ -z "$baseline" ] || run "$baseline" "$out/baseline-$k.json"
done

python3 - "$out" "$rounds" "${baseline:+1}" <<'PY'
import glob, json, statistics, sys
out, rounds, has_base = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1"

def medians(prefix):
    """name -> {counter: median over rounds of the per-round medians}"""
    per = {}
    for k in range(rounds):
        with open(f"{out}/{prefix}-{k}.json") as f:
            data = json.load(f)
        # The median aggregate of each benchmark; with --reps 1 Google
        # Benchmark writes no aggregates, so the one run stands for itself.
        runs = data["benchmarks"]
        has_median = {b["run_name"] for b in runs if b.get("aggregate_name") == "median"}
        for b in runs:
            if b.get("aggregate_name") == "median" or (
                    b.get("run_type") == "iteration" and b["run_name"] not in has_median):
                per.setdefault(b["run_name"], []).append(b)
    return {n: {c: statistics.median(b[c] for b in bs if c in b)
                for c in ("naive_ns", "robust_ns", "robust/naive", "cgal_ns", "cgal/naive", "oracle_ns")
                if any(c in b for b in bs)}
            for n, bs in per.items()}

cur = medians("current")
base = medians("baseline") if has_base else {}
with open(f"{out}/current-0.json") as f:
    ctx = json.load(f)["context"]
print(f"Machine: {ctx.get('num_cpus')} CPUs at {ctx.get('mhz_per_cpu')} MHz, "
      f"load average at start {', '.join(f'{x:.2f}' for x in ctx.get('load_avg', []))}; "
      f"{rounds} round(s), medians of the repetitions (thread CPU time).\n")
prims, seen = [], set()
for n in cur:
    p = n.split("/")[0]
    if p not in seen:
        seen.add(p); prims.append(p)
head = "| primitive | precision | inputs | naive ns | robust ns | robust/naive |"
rule = "|---|---|---|---|---|---|"
if has_base:
    head += " before: robust ns | before: robust/naive |"; rule += "---|---|"
head += " CGAL ns | CGAL/naive | oracle ns |"; rule += "---|---|---|"
print(head); print(rule)
def f(x, d=2):
    return "–" if x is None else f"{x:.{d}f}"
for p in prims:
    for prec in ("float", "double"):
        for inp in ("uniform", "near_degenerate"):
            n = f"{p}/{prec}/{inp}"
            if n not in cur:
                continue
            c = cur[n]
            row = f"| {p} | {prec} | {inp.replace('_', '-')} | {f(c.get('naive_ns'), 1)} | {f(c.get('robust_ns'), 1)} | **{f(c.get('robust/naive'))}** |"
            if has_base:
                b = base.get(n, {})
                row += f" {f(b.get('robust_ns'), 1)} | {f(b.get('robust/naive'))} |"
            row += f" {f(c.get('cgal_ns'), 1)} | {f(c.get('cgal/naive'))} | {f(c.get('oracle_ns'), 0)} |"
            print(row)
PY
