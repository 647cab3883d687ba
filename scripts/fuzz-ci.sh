#!/usr/bin/env bash
# CI fuzzing (called by .ci/run): build the libFuzzer targets and the replay
# drivers with ASan+UBSan, replay every corpus and regression file (and the
# mutator self-test), then fuzz each robust target briefly. A robust target
# that traps fails the run; its case line (DESIGN.md's JSON format) and the
# replay command are in the log, the crashing input in ARTIFACTS.
# Optionally (TUTORIALS=1, default) check that each tutorial target still
# finds a bug quickly from an empty corpus: a fuzzer that finds nothing
# proves nothing.
#
#   scripts/fuzz-ci.sh [BUILD_DIR]            (default: build-fuzz-asan)
#   environment: SECONDS_PER_TARGET=20  TUTORIAL_CAP=15  TUTORIALS=1  JOBS=2
#
# About 8 x 20 s of fuzzing plus the build. Fuzzing starts from a scratch
# copy of the seed corpus, so the tree is never written to.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$root/build-fuzz-asan}"
seconds="${SECONDS_PER_TARGET:-20}"
tutorial_cap="${TUTORIAL_CAP:-15}"
jobs="${JOBS:-2}"

cmake -S "$root" -B "$build" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DTOUCHSTONE_SANITIZE=ON -DTOUCHSTONE_BUILD_FUZZ=ON -DTOUCHSTONE_FUZZ_NOMUT=OFF \
  -DTOUCHSTONE_BUILD_TESTS=OFF -DTOUCHSTONE_BUILD_AUDIT=OFF -DTOUCHSTONE_BUILD_BENCH=OFF > /dev/null
cmake --build "$build" --target touchstone_fuzzers touchstone_fuzz_replays -j"$jobs"

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

echo "== replaying corpora and regressions (ASan+UBSan)"
ctest --test-dir "$build/fuzz" -L fuzz-replay -j"$jobs" --output-on-failure

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
    echo "FAIL $t traps:"
    grep -A2 "==touchstone-fuzz==" "$log" | head -6 || tail -30 "$log"
  fi
done
echo "robust targets: $total_execs executions in total"

if [[ "${TUTORIALS:-1}" == 1 ]]; then
  echo "== each tutorial target must find a bug within ${tutorial_cap} s (empty corpus)"
  for dict in "$root"/fuzz/dicts/tutorial_*.dict; do
    t="$(basename "$dict" .dict)"
    log="$work/logs/$t.log"
    "$build/fuzz/$t" -max_total_time="$tutorial_cap" -seed=1 -max_len=256 \
      -artifact_prefix="$work/artifacts/$t-" > "$log" 2>&1 || true
    if grep -q "==touchstone-fuzz== $t disagrees" "$log"; then
      echo "ok   $t: $(grep -m1 -o 'disagrees with the oracle \[[a-z]*\]: [^(]*' "$log")"
    else
      fail=1
      echo "FAIL $t found no bug in ${tutorial_cap} s"
    fi
  done
fi
exit $fail
