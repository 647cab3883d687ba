#!/usr/bin/env bash
# ctest fuzz.clusterfuzzlite.build_sh: runs .clusterfuzzlite/build.sh the way
# OSS-Fuzz's base-builder does (its variables, its ASan+libFuzzer flags), in
# a scratch tree, and checks that every target, dictionary, options file and
# <target>_seed_corpus.zip landed in $OUT, that the binaries run, and that
# only the harness code is instrumented.
#
#   check_build_sh.sh SOURCE_DIR SCRATCH_DIR CXX TARGET...
#
# $WORK stays in SCRATCH_DIR between runs, so only the first run compiles
# everything; $OUT is emptied every time. TOUCHSTONE_FUZZ_TARGETS is passed on
# to build.sh (ctest sets "robust", what the ClusterFuzzLite Dockerfile ships,
# and gives the robust targets: the others are built and run by the fuzz
# presets themselves); $OUT must then hold exactly TARGET...
set -euo pipefail
src="$1" scratch="$2" cxx="$3"
shift 3
[[ $# -gt 0 ]] || { echo "no targets given" >&2; exit 2; }

mkdir -p "$scratch/src" "$scratch/work"
rm -rf "$scratch/out" && mkdir -p "$scratch/out"
ln -sfn "$src" "$scratch/src/touchstone"

export SRC="$scratch/src" WORK="$scratch/work" OUT="$scratch/out"
export CXX="$cxx" CC="${cxx/clang++/clang}"
export CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only -fsanitize=address -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link"
export CXXFLAGS="$CFLAGS"
export LIB_FUZZING_ENGINE="-fsanitize=fuzzer"
export TOUCHSTONE_JOBS="${TOUCHSTONE_JOBS:-2}"
export TOUCHSTONE_FUZZ_TARGETS="${TOUCHSTONE_FUZZ_TARGETS:-all}"

bash "$src/.clusterfuzzlite/build.sh"

fail=0
for t in "$@"; do
  for f in "$t" "$t.dict" "$t.options" "${t}_seed_corpus.zip"; do
    [[ -s "$OUT/$f" ]] || { echo "missing in \$OUT: $f"; fail=1; }
  done
  [[ -x "$OUT/$t" ]] || { echo "not executable: $OUT/$t"; fail=1; continue; }
  n=$(unzip -Z1 "$OUT/${t}_seed_corpus.zip" | wc -l)
  [[ "$n" -gt 0 ]] || { echo "empty seed corpus: $t"; fail=1; }
  # A short run from the seed corpus, report-only (finding bugs is the
  # other tests' job; the tutorial seeds are bugs on purpose): the binary is
  # a working libFuzzer binary, and the instrumented code is the harness
  # alone (an instrumented oracle would mean tens of thousands of counters).
  log="$scratch/$t.log"
  seeds="$scratch/seeds-$t"
  rm -rf "$seeds" && mkdir -p "$seeds" && unzip -q -o "$OUT/${t}_seed_corpus.zip" -d "$seeds"
  if ! TOUCHSTONE_FUZZ_REPORT_ONLY=1 "$OUT/$t" -runs=2000 -seed=1 -dict="$OUT/$t.dict" "$seeds" \
       > "$log" 2>&1; then
    echo "$t failed a short run:"; tail -20 "$log"; fail=1
  fi
  counters=$(sed -n 's/.*(\([0-9]*\) inline 8-bit counters).*/\1/p' "$log" | head -1)
  if [[ -z "$counters" || "$counters" -gt 4000 ]]; then
    echo "$t: ${counters:-no} coverage counters; is the oracle instrumented?"; fail=1
  fi
done
extra=$(cd "$OUT" && ls | grep -v -E "$(printf '^%s(\\.dict|\\.options|_seed_corpus\\.zip)?$|' "$@")^$" || true)
[[ -z "$extra" ]] || echo "note: also in \$OUT: $extra"
[[ $fail == 0 ]] && echo "build.sh: all $# targets, dictionaries, options and seed corpora in \$OUT"
exit $fail
