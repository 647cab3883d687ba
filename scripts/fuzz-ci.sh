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
#   environment: SECONDS_PER_TARGET=20  TUTORIAL_CAP=15  TUTORIALS=1  JOBS=2
#
# About 8 x 20 s of fuzzing plus the build. Fuzzing starts from a scratch
# copy of the seed corpus, so the tree is never written to.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/lib/bug-classes.sh"
build="$root/build-fuzz-asan"  # binaryDir of the fuzz-asan preset
seconds="${SECONDS_PER_TARGET:-20}"
tutorial_cap="${TUTORIAL_CAP:-15}"
jobs="${JOBS:-2}"

cd "$root"
cmake --preset fuzz-asan > /dev/null
cmake --build --preset fuzz-asan

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

echo "== replaying corpora and regressions (ASan+UBSan)"
ctest --test-dir "$build/fuzz" -L fuzz-replay -j"$jobs" --output-on-failure
echo "== .clusterfuzzlite/build.sh with OSS-Fuzz's variables: every target, dict, options, seed corpus in \$OUT"
ctest --test-dir "$build/fuzz" -L clusterfuzzlite --output-on-failure

work="$build/fuzz-ci"
rm -rf "$work" && mkdir -p "$work/artifacts" "$work/logs"
fail=0
total_execs=0
echo "== fuzzing each robust target for ${seconds} s"
for dict in "$root"/fuzz/dicts/robust_*.dict; do
  t="$(basename "$dict" .dict)"
  corpus="$work/corpus/$t"
  mkdir -p "$corpus"
  find "$root/fuzz/corpus/$t" "$root/fuzz/regressions/$t" -type f ! -name '.*' ! -name 'README*' \
    -exec cp {} "$corpus/" \;
  log="$work/logs/$t.log"
  if "$build/fuzz/$t" -max_total_time="$seconds" -seed=1 -max_len=256 -dict="$dict" \
       -print_final_stats=1 -artifact_prefix="$work/artifacts/$t-" "$corpus" > "$log" 2>&1; then
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    total_execs=$((total_execs + ${execs:-0}))
    echo "ok   $t: ${execs:-?} executions, ${rate:-?} exec/s"
  else
    fail=1
    echo "FAIL $t traps (libFuzzer -seed=1):"
    grep -A2 "==touchstone-fuzz==" "$log" | head -6 || tail -30 "$log"
    for a in "$work/artifacts/$t-"*; do
      [[ -e "$a" ]] && echo "  replay the input: $build/fuzz/${t}_replay $a"
    done
  fi
done
echo "robust targets: $total_execs executions in total"

if [[ "${TUTORIALS:-1}" == 1 ]]; then
  echo "== every tutorial bug class (tests/tutorial_bug_classes.txt) must trap its target within ${tutorial_cap} s (empty corpus)"
  while IFS='|' read -r t fam kind what; do
    log="$work/logs/$t-$fam-$kind.log"
    TOUCHSTONE_FUZZ_CLASS="$fam:$kind" "$build/fuzz/$t" -max_total_time="$tutorial_cap" -seed=1 \
      -max_len=256 -print_final_stats=1 -artifact_prefix="$work/artifacts/$t-$fam-$kind-" > "$log" 2>&1 || true
    if grep -q "==touchstone-fuzz== $t disagrees with the oracle \[$fam:" "$log"; then
      echo "ok   $t $fam:$kind ($what): $(sed -n 's/^stat::number_of_executed_units: *//p' "$log") executions"
    else
      fail=1
      echo "FAIL $t found no $fam:$kind bug ($what) in ${tutorial_cap} s"
    fi
  done < <(bug_classes)
fi
exit $fail
