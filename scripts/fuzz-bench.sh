#!/usr/bin/env bash
# Fuzzing benchmark (issue 5, "Must show"). Two parts, Markdown on stdout:
#
#  1. Time to first bug. For each tutorial bug class (tests/tutorial_bug_classes.txt,
#     the same list the audit test checks) and for the first disagreement of
#     any class: wall time and executions until the class's tutorial target
#     traps on a disagreement of that class (TOUCHSTONE_FUZZ_CLASS=family:kind,
#     fuzz/harness.hpp), from an EMPTY corpus, with the custom mutator
#     (<target>) and without it (<target>_nomut); median of RUNS runs (seeds
#     1..RUNS), each capped at CAP seconds. A cell stops early once more than
#     half its runs hit the cap (the median is then the cap: ">CAP s").
#  2. Executions per second of every target, RATE_SECONDS each from its seed
#     corpus, in the plain build and (if given) the ASan+UBSan build. The
#     tutorial targets run with TOUCHSTONE_FUZZ_CLASS=none so that their
#     disagreements neither trap nor print.
#
#   scripts/fuzz-bench.sh [--plain DIR] [--asan DIR] [--only ttfb|rate]
#   defaults: --plain build-fuzz (cmake --preset fuzz); the ASan build only
#   when given (cmake --preset fuzz-asan: build-fuzz-asan).
#   environment: RUNS=5 CAP=60 RATE_SECONDS=10 CLASSES=<grep pattern on the class lines>
#
# One fuzzer runs at a time: figures are per core. Scratch files go to $TMPDIR.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/lib/bug-classes.sh"
source "$root/scripts/lib/fuzz-options.sh"
plain="$root/build-fuzz"
asan=""
only=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --plain) plain="$2"; shift 2 ;;
    --asan) asan="$2"; shift 2 ;;
    --only) only="$2"; shift 2 ;;
    *) echo "usage: $0 [--plain DIR] [--asan DIR] [--only ttfb|rate]" >&2; exit 2 ;;
  esac
done
RUNS="${RUNS:-5}"
CAP="${CAP:-60}"
RATE_SECONDS="${RATE_SECONDS:-10}"
CLASSES="${CLASSES:-.}"
scratch="$(mktemp -d "${TMPDIR:-/tmp}/fuzz-bench.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT

tutorials=$(cd "$root/fuzz/dicts" && ls tutorial_*.dict textbook_*.dict | sed 's/\.dict$//')
robust=$(cd "$root/fuzz/dicts" && ls robust_*.dict | sed 's/\.dict$//')

# stat NAME LOG: a -print_final_stats=1 figure.
stat() { sed -n "s/^stat::$1: *//p" "$2" | tail -1; }

# median of the arguments (numbers; ">" prefixes sort as the cap).
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }

# one_run BINARY CLASS SEED -> "seconds executions" (seconds = CAP+ when no trap)
one_run() {
  local bin="$1" cls="$2" seed="$3" log="$scratch/run.log" t0 t1 env=() flags
  [[ "$cls" != any ]] && env=(TOUCHSTONE_FUZZ_CLASS="$cls")
  mapfile -t flags < <(fuzz_flags "$bin")
  t0=$(date +%s.%N)
  env "${env[@]}" "$bin" -seed="$seed" "${flags[@]}" -max_total_time="$CAP" -print_final_stats=1 \
      -artifact_prefix="$scratch/" > "$log" 2>&1 || true
  t1=$(date +%s.%N)
  local execs; execs=$(stat number_of_executed_units "$log")
  if grep -q "==touchstone-fuzz== .* disagrees with the oracle" "$log"; then
    echo "$(echo "$t1 - $t0" | bc -l) ${execs:-0}"
  else
    echo "cap ${execs:-0}"
  fi
}

# cell BINARY CLASS -> "median_seconds median_execs runs_done"
cell() {
  local bin="$1" cls="$2" secs=() execs=() capped=0 r out s e
  for ((r = 1; r <= RUNS; r++)); do
    out=$(one_run "$bin" "$cls" "$r")
    s=${out% *}; e=${out#* }
    if [[ "$s" == cap ]]; then capped=$((capped + 1)); s="$CAP"; fi
    secs+=("$s"); execs+=("$e")
    if ((capped * 2 > RUNS)); then break; fi
  done
  local ms me
  ms=$(median "${secs[@]}"); me=$(median "${execs[@]}")
  if ((capped * 2 > RUNS)); then
    printf '>%s s (%d/%d capped)|%s' "$CAP" "$capped" "${#secs[@]}" "$me"
  else
    printf '%.2f s|%s' "$ms" "$me"
  fi
}

if [[ -z "$only" || "$only" == ttfb ]]; then
  echo "## Time and executions to the first trap (empty corpus, median of $RUNS, cap $CAP s)"
  echo
  echo "Machine: $(nproc) cores, load average at start $(cut -d' ' -f1-3 /proc/loadavg)."
  echo
  echo "| target | bug class (family:kind) | with mutator: time | execs | without: time | execs |"
  echo "|---|---|---|---|---|---|"
  seen=" "
  bug_classes "$CLASSES" |
  while IFS='|' read -r t fam kind what; do
    if [[ "$seen" != *" $t "* ]]; then  # first: a disagreement of any class
      seen+="$t "
      with=$(cell "$plain/fuzz/$t" any)
      without=$(cell "$plain/fuzz/${t}_nomut" any)
      echo "| $t | (any) | ${with%%|*} | ${with#*|} | ${without%%|*} | ${without#*|} |"
    fi
    with=$(cell "$plain/fuzz/$t" "$fam:$kind")
    without=$(cell "$plain/fuzz/${t}_nomut" "$fam:$kind")
    echo "| $t | $fam:$kind ($what) | ${with%%|*} | ${with#*|} | ${without%%|*} | ${without#*|} |"
  done
  echo
fi

# rate BINARY TARGET -> exec/s
rate() {
  local bin="$1" t="$2" log="$scratch/rate.log" corpus="$scratch/corpus-$2" flags
  rm -rf "$corpus" && mkdir -p "$corpus"
  cp "$root/fuzz/corpus/$t/"* "$corpus/" 2>/dev/null || true
  mapfile -t flags < <(fuzz_flags "$bin")
  [[ -f "$root/fuzz/dicts/$t.dict" ]] && flags+=("-dict=$root/fuzz/dicts/$t.dict")
  TOUCHSTONE_FUZZ_CLASS=none "$bin" -seed=1 "${flags[@]}" -max_total_time="$RATE_SECONDS" \
      -print_final_stats=1 -artifact_prefix="$scratch/" "$corpus" \
      > "$log" 2>&1 || true
  if grep -q "deadly signal\|ERROR: AddressSanitizer\|runtime error" "$log"; then
    echo "crashed"
  else
    stat average_exec_per_sec "$log"
  fi
}

if [[ -z "$only" || "$only" == rate ]]; then
  echo "## Executions per second ($RATE_SECONDS s per target, from the seed corpus)"
  echo
  echo "Machine: $(nproc) cores, load average at start $(cut -d' ' -f1-3 /proc/loadavg)."
  echo
  # libFuzzer's floor (fuzz/floor.cpp, a target that does nothing): the
  # engine's own rate on this machine, which no target can exceed; "of
  # floor" is a target's plain rate as a share of it.
  floor=""
  if [[ -x "$plain/fuzz/fuzz_floor" ]]; then
    floor=$(rate "$plain/fuzz/fuzz_floor" fuzz_floor)
    echo "libFuzzer's floor (\`fuzz_floor\`, an empty target, plain build): $floor exec/s."
    echo
  fi
  share() {
    if [[ "$floor" =~ ^[0-9]+$ && "$1" =~ ^[0-9]+$ && "$floor" -gt 0 ]]; then
      awk -v a="$1" -v b="$floor" 'BEGIN { printf "%.2f", a / b }'
    else
      echo "-"
    fi
  }
  if [[ -n "$asan" ]]; then
    echo "| target | exec/s plain | of floor | exec/s ASan+UBSan |"
    echo "|---|---|---|---|"
  else
    echo "| target | exec/s plain | of floor |"
    echo "|---|---|---|"
  fi
  for t in $robust $tutorials; do
    p=$(rate "$plain/fuzz/$t" "$t")
    if [[ -n "$asan" ]]; then
      a=$(rate "$asan/fuzz/$t" "$t")
      echo "| $t | $p | $(share "$p") | $a |"
    else
      echo "| $t | $p | $(share "$p") |"
    fi
  done
fi
