#!/usr/bin/env bash
# CI fuzzing (called by .ci/run): build the libFuzzer targets and the replay
# drivers with ASan+UBSan, replay every corpus and regression file (and the
# mutator self-test), then fuzz each robust target briefly. A robust target
# that traps fails the run; its case line (docs/case-format.md) and the
# replay command are in the log, the crashing input in ARTIFACTS.
# Optionally (TUTORIALS=1, default) check that every tutorial bug class
# (tests/tutorial_bug_classes.txt) still traps its tutorial target quickly
# from an empty corpus: a fuzzer that finds nothing proves nothing.
#
#   scripts/fuzz-ci.sh      (builds the fuzz-asan preset: build-fuzz-asan)
#   environment:
#     PRESET=fuzz-asan   the configure/build preset with the libFuzzer targets;
#                        .ci/run passes PRESET=asan, whose build (made by
#                        `cmake --workflow --preset asan` just before) has the
#                        tests and the fuzz targets in one ASan+UBSan tree, so
#                        CI compiles the sanitized project once, not twice
#     REPLAYED=0         1: skip the corpus/regression replays (the asan test
#                        preset has just run them as ctest tests)
#     FUZZ_BUDGET=120    wall seconds for fuzzing all robust targets, JOBS at
#                        a time: each gets JOBS*FUZZ_BUDGET/targets seconds,
#                        at least MIN_SECONDS_PER_TARGET (5) and at most
#                        SECONDS_PER_TARGET (20)
#     TUTORIAL_CAP=15  TUTORIALS=1  JOBS=2
#     CFLITE=1           0: skip the .clusterfuzzlite/build.sh check (a
#                        fuzz-only tree of its own, about 130 s on two cores;
#                        .ci/run skips it, see there)
#
# Fuzzing starts from a scratch copy of the seed corpus, so the tree is never
# written to. Two fuzzers run at a time (JOBS): libFuzzer is single-threaded.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/lib/bug-classes.sh"
source "$root/scripts/lib/fuzz-options.sh"
preset="${PRESET:-fuzz-asan}"
case "$preset" in
  fuzz-asan) build="$root/build-fuzz-asan" ;;
  asan) build="$root/build-asan" ;;
  *) echo "fuzz-ci: PRESET must be fuzz-asan or asan, not '$preset'" >&2; exit 2 ;;
esac
max_seconds="${SECONDS_PER_TARGET:-20}"
min_seconds="${MIN_SECONDS_PER_TARGET:-5}"
budget="${FUZZ_BUDGET:-120}"
tutorial_cap="${TUTORIAL_CAP:-15}"
jobs="${JOBS:-2}"

cd "$root"
source scripts/lib/generator.sh
touchstone_forget_other_generator "$build"
cmake --preset "$preset" > /dev/null
cmake --build "$build" -j"$jobs" --target touchstone_fuzzers touchstone_fuzz_replays

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

if [[ "${REPLAYED:-0}" != 1 ]]; then
  echo "== replaying corpora and regressions (ASan+UBSan)"
  ctest --test-dir "$build/fuzz" -L fuzz-replay -j"$jobs" --output-on-failure
fi
if [[ "${CFLITE:-1}" == 1 ]]; then
  echo "== .clusterfuzzlite/build.sh with OSS-Fuzz's variables: every target, dict, options, seed corpus in \$OUT"
  ctest --test-dir "$build/fuzz" -L clusterfuzzlite --output-on-failure
fi

work="$build/fuzz-ci"
rm -rf "$work" && mkdir -p "$work/artifacts" "$work/logs"
fail=0

# Runs the commands queued with `queue` JOBS at a time; each prints its own
# result line when it ends and writes 1 to its status file on failure.
pids=()
queue() {
  while ((${#pids[@]} >= jobs)); do
    wait -n || true
    local alive=()
    for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && alive+=("$p"); done
    pids=("${alive[@]}")
  done
  "$@" &
  pids+=("$!")
}
drain() {
  wait || true
  pids=()
}

robust_dicts=("$root"/fuzz/dicts/robust_*.dict)
seconds=$(( (jobs * budget + ${#robust_dicts[@]} - 1) / ${#robust_dicts[@]} ))
((seconds < min_seconds)) && seconds=$min_seconds
((seconds > max_seconds)) && seconds=$max_seconds

fuzz_robust() {
  local t="$1" dict="$2"
  local corpus="$work/corpus/$t" log="$work/logs/$t.log"
  mkdir -p "$corpus"
  find "$root/fuzz/corpus/$t" "$root/fuzz/regressions/$t" -type f ! -name '.*' ! -name 'README*' \
    -exec cp {} "$corpus/" \;
  local flags
  mapfile -t flags < <(fuzz_flags "$t")
  if "$build/fuzz/$t" -max_total_time="$seconds" -seed=1 "${flags[@]}" -dict="$dict" \
       -print_final_stats=1 -artifact_prefix="$work/artifacts/$t-" "$corpus" > "$log" 2>&1; then
    local execs rate
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    echo "${execs:-0}" > "$work/logs/$t.execs"
    echo "ok   $t: ${execs:-?} executions, ${rate:-?} exec/s"
  else
    echo 1 > "$work/logs/$t.failed"
    {
      echo "FAIL $t traps (libFuzzer -seed=1):"
      grep -A2 "==touchstone-fuzz==" "$log" | head -6 || tail -30 "$log"
      for a in "$work/artifacts/$t-"*; do
        [[ -e "$a" ]] && echo "  replay the input: $build/fuzz/${t}_replay $a"
      done
    }
  fi
}

echo "== fuzzing each of ${#robust_dicts[@]} robust targets for ${seconds} s, ${jobs} at a time"
for dict in "${robust_dicts[@]}"; do
  queue fuzz_robust "$(basename "$dict" .dict)" "$dict"
done
drain
total_execs=0
for f in "$work"/logs/*.execs; do
  [[ -e "$f" ]] && total_execs=$((total_execs + $(cat "$f")))
done
echo "robust targets: $total_execs executions in total"

trap_class() {
  local t="$1" fam="$2" kind="$3" what="$4"
  local log="$work/logs/$t-$fam-$kind.log" flags
  mapfile -t flags < <(fuzz_flags "$t")
  TOUCHSTONE_FUZZ_CLASS="$fam:$kind" "$build/fuzz/$t" -max_total_time="$tutorial_cap" -seed=1 \
    "${flags[@]}" -print_final_stats=1 -artifact_prefix="$work/artifacts/$t-$fam-$kind-" > "$log" 2>&1 || true
  if grep -q "==touchstone-fuzz== $t disagrees with the oracle \[$fam:" "$log"; then
    echo "ok   $t $fam:$kind ($what): $(sed -n 's/^stat::number_of_executed_units: *//p' "$log") executions"
  else
    echo 1 > "$work/logs/$t-$fam-$kind.failed"
    echo "FAIL $t found no $fam:$kind bug ($what) in ${tutorial_cap} s"
  fi
}

if [[ "${TUTORIALS:-1}" == 1 ]]; then
  echo "== every tutorial bug class (tests/tutorial_bug_classes.txt) must trap its target within ${tutorial_cap} s (empty corpus), ${jobs} at a time"
  # A class listed for float and for double is one fuzz run (the target
  # tries both precisions); two runs of it at once would share a log file.
  declare -A seen=()
  while IFS='|' read -r t fam kind what; do
    [[ -n "${seen[$t|$fam|$kind]:-}" ]] && continue
    seen[$t|$fam|$kind]=1
    queue trap_class "$t" "$fam" "$kind" "$what"
  done < <(bug_classes)
  drain
fi
if compgen -G "$work/logs/*.failed" > /dev/null; then
  fail=1
fi
exit $fail
