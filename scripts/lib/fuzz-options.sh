# Sourced by the fuzz scripts (fuzz-ci.sh, fuzz-bench.sh); needs $root.
#
# fuzz_flags TARGET_OR_BINARY: every setting of the target's options file
# (fuzz/options/<target>.options, the [libfuzzer] section ClusterFuzzLite
# passes) as libFuzzer flags, one per line (-max_len=256, -entropic=0);
# -max_len=256 when the file names no max_len. Read them into an array:
#   mapfile -t flags < <(fuzz_flags "$t")
#
# fuzz_max_len TARGET_OR_BINARY: the target's -max_len from its options file
# (fuzz/options/<target>.options, what ClusterFuzzLite passes it; libFuzzer
# does not read the file itself), 256 when it names none. The polygon
# targets need up to 529 bytes (two polygons in double, decode.hpp).
fuzz_max_len() {
  local t n
  t=$(basename "$1")
  t=${t%_nomut}
  n=$(sed -n 's/^max_len *= *\([0-9]*\).*/\1/p' "$root/fuzz/options/$t.options" 2>/dev/null | head -1 || true)
  echo "${n:-256}"
}

fuzz_flags() {
  local t
  t=$(basename "$1")
  t=${t%_nomut}
  local file="$root/fuzz/options/$t.options"
  [[ -f "$file" ]] && grep -q '^max_len *=' "$file" || echo "-max_len=256"
  [[ -f "$file" ]] || return 0
  sed -n 's/^\([a-z_]*\) *= *\([^ ]*\) *$/-\1=\2/p' "$file"
}
