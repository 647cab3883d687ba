#!/usr/bin/env bash
# Regenerates the seed corpora fuzz/corpus/<target>/ from the hand-made case
# lines in fuzz/seeds/seeds.jsonl (through each target's replay driver,
# `--encode`), plus one recipe-mode seed per case family, so that a fresh
# fuzzer starts from both input modes (fuzz/decode.hpp).
#
#   scripts/fuzz-seeds.sh [BUILD_DIR]      (default: build-fuzz-gcc)
#
# BUILD_DIR must hold the <target>_replay drivers (any build with the fuzz
# directory, e.g. the gcc or default one). The corpora are checked in; run
# this again only after editing seeds.jsonl or the input layout.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$root/build-fuzz-gcc}"
fuzz="$root/fuzz"

targets=$(cd "$fuzz/dicts" && ls ./*.dict | sed 's|^\./||; s|\.dict$||')
for t in $targets; do
  driver="$build/fuzz/${t}_replay"
  [[ -x "$driver" ]] || { echo "missing $driver (build it first)" >&2; exit 1; }
  rm -rf "${fuzz:?}/corpus/$t"
  "$driver" --encode "$fuzz/seeds/seeds.jsonl" "$fuzz/corpus/$t"
  # Recipe mode: byte 0 = 1 (recipe, float) or 3 (recipe, double), byte 1 =
  # family index, byte 2 = base index, no nudges, then draw_from words of a
  # fixed pattern. Families the primitive lacks wrap around (index % count).
  for family in 0 1 2 3 4 5 6 7 8; do
    for mode in 1 3; do
      case "$t" in tutorial_*) [[ $mode == 3 ]] && continue ;; esac
      {
        printf "\\x$(printf %02x "$mode")\\x$(printf %02x "$family")\\x00"
        printf '\x00%.0s' $(seq 8)
        for w in $(seq 24); do printf "\\x$(printf %02x $((w * 37 % 256)))\\x$(printf %02x $((w * 11 % 256)))"; printf '\x00%.0s' $(seq 6); done
      } > "$fuzz/corpus/$t/recipe-family-$family-mode-$mode"
    done
  done
  echo "$t: $(ls "$fuzz/corpus/$t" | wc -l) seeds"
done
