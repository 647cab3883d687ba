# Sourced by scripts/test, scripts/audit, scripts/fuzz-ci.sh,
# scripts/portability.sh and .ci/run.
#
# touchstone_forget_other_generator <build dir>...: the presets generate
# Ninja files (CMakePresets.json); a build directory configured before that
# with Unix Makefiles would make `cmake --preset` stop ("generator does not
# match the generator used previously"). Its cache is dropped instead, so the
# next configure starts over in the same directory (the old objects are left
# to be rebuilt). Directories already on Ninja, or not configured yet, are
# left alone.
touchstone_forget_other_generator() {
  local dir generator
  for dir in "$@"; do
    [[ -f "$dir/CMakeCache.txt" ]] || continue
    generator=$(sed -n 's/^CMAKE_GENERATOR:INTERNAL=//p' "$dir/CMakeCache.txt")
    if [[ -n "$generator" && "$generator" != Ninja ]]; then
      echo "touchstone: $dir was configured for '$generator'; the presets use Ninja: reconfiguring it" >&2
      rm -rf "$dir/CMakeCache.txt" "$dir/CMakeFiles"
    fi
  done
}
