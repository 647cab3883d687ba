# Sourced by scripts/fuzz-ci.sh and scripts/fuzz-bench.sh.
#
# bug_classes [GREP_PATTERN]: the tutorial bug classes of
# tests/tutorial_bug_classes.txt (comments left out, optionally only the
# lines matching GREP_PATTERN), one per line as
#   fuzz_target|family|kind|what
# where fuzz_target is tutorial_<primitive>_<implementation suffix>
# (tutorial-002-sqrt, disks_overlap -> tutorial_disks_overlap_002_sqrt).
# Classes of the constructed families (computed, decimal, world, rotated)
# are left out: those name how the audit built a case, and the fuzzers'
# classifier (fuzz/classify.cpp) decides a class from the inputs alone.
# For a textbook port the target is its implementation name with _ for -
# (textbook-orient2d -> textbook_orient2d).
bug_classes() {
  local root impl prec prim fam kind what suffix
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
  grep -v '^#' "$root/tests/tutorial_bug_classes.txt" | grep -e "${1:-.}" |
  while IFS='|' read -r impl prec prim fam kind what; do
    case "$fam" in computed|decimal|world|rotated) continue ;; esac
    case "$impl" in
      textbook-*) echo "${impl//-/_}|$fam|$kind|$what" ;;
      *)
        suffix="${impl#tutorial-}"
        echo "tutorial_${prim}_${suffix//-/_}|$fam|$kind|$what"
        ;;
    esac
  done
}
