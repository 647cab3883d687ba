#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build script for touchstone's libFuzzer targets.
#
# Uses the variables of OSS-Fuzz's base-builder: $CC $CXX $CFLAGS $CXXFLAGS
# $LIB_FUZZING_ENGINE $OUT $SRC $WORK. Copies every fuzz target, its
# dictionary, its options file and <target>_seed_corpus.zip (corpus/<target>/
# plus regressions/<target>/) to $OUT.
#
# Optional: TOUCHSTONE_FUZZ_TARGETS = "all" (default), "robust" or "tutorial".
# The tutorial targets trap on their first disagreement by design (they
# measure how fast known bugs are found), so the ClusterFuzzLite Dockerfile
# ships only the robust ones; OSS-Fuzz-style local runs get all 16.
# TOUCHSTONE_JOBS limits the build's parallelism (default: nproc).

src="${TOUCHSTONE_SRC:-$SRC/touchstone}"
build="$WORK/touchstone-build"
selection="${TOUCHSTONE_FUZZ_TARGETS:-all}"

# Coverage instrumentation belongs to the fuzz targets' harness translation
# units only: the exact oracle (Boost.Multiprecision), the robust core's exact
# stages, the case families and the decoder run 5-20x slower instrumented and
# guide nothing. OSS-Fuzz puts -fsanitize=fuzzer-no-link in $CXXFLAGS; move
# it to TOUCHSTONE_FUZZ_INSTRUMENT, which fuzz/CMakeLists.txt applies to the
# harness sources alone. Sanitizer flags stay global.
instrument=""
flags=""
for f in $CXXFLAGS; do
  if [[ "$f" == -fsanitize=fuzzer-no-link ]]; then
    instrument="$f"
  else
    flags+=" $f"
  fi
done

cmake -S "$src" -B "$build" \
  -DCMAKE_BUILD_TYPE= \
  -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
  -DCMAKE_CXX_FLAGS="$flags" \
  -DTOUCHSTONE_BUILD_TESTS=OFF -DTOUCHSTONE_BUILD_AUDIT=OFF -DTOUCHSTONE_BUILD_BENCH=OFF \
  -DTOUCHSTONE_BUILD_FUZZ=ON -DTOUCHSTONE_BUILD_FUZZ_REPLAY=OFF -DTOUCHSTONE_FUZZ_NOMUT=OFF \
  -DTOUCHSTONE_FUZZ_WERROR=OFF \
  -DTOUCHSTONE_FUZZ_ENGINE="$LIB_FUZZING_ENGINE" \
  -DTOUCHSTONE_FUZZ_INSTRUMENT="$instrument"
targets=()
for dict in "$src"/fuzz/dicts/*.dict; do
  t="$(basename "$dict" .dict)"
  case "$selection:$t" in
    all:* | robust:robust_* | tutorial:tutorial_* | tutorial:textbook_*) targets+=("$t") ;;
  esac
done
# Only the selected targets are compiled (the robust selection, which the
# Dockerfile ships, is under half of them).
cmake --build "$build" --target "${targets[@]}" -j"${TOUCHSTONE_JOBS:-$(nproc)}"

for t in "${targets[@]}"; do
  cp "$build/fuzz/$t" "$OUT/"
  cp "$src/fuzz/dicts/$t.dict" "$OUT/"
  cp "$src/fuzz/options/$t.options" "$OUT/"
  rm -f "$OUT/${t}_seed_corpus.zip"
  (
    cd "$src/fuzz"
    files=$(find "corpus/$t" "regressions/$t" -type f ! -name '.*' ! -name 'README*' 2>/dev/null || true)
    # -j: flat archive, as ClusterFuzz unpacks it into one corpus directory
    # (so a regression file must not share a seed's name).
    if [[ -n "$files" ]]; then
      # shellcheck disable=SC2086
      zip -q -j "$OUT/${t}_seed_corpus.zip" $files
    fi
  )
done
echo "touchstone: ${#targets[@]} fuzz targets in $OUT"
