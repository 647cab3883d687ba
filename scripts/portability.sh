#!/usr/bin/env bash
# Portability builds of the robust core: installs what they need (Debian,
# idempotent: when everything is present it changes nothing) and runs the
# workflow presets, printing how long each took.
#
#   longdouble64  clang++ -mlong-double-64 + portable 128-bit integers: robust tests
#   aarch64       g++-aarch64-linux-gnu, tests under qemu-aarch64: robust + oracle tests
#   i686          g++-i686-linux-gnu (32-bit x86: no __int128, 32-bit size_t, SSE2
#                 arithmetic), tests run natively: robust + oracle tests
#   mingw         x86_64-w64-mingw32-g++: core + robust tests, run under wine64
#                 if it could be installed (else built and linked only)
#   wasm32        clang-14 --target=wasm32-wasi, -fno-exceptions: core + robust
#                 tests, run under Node.js (cmake/toolchains/wasi-run.mjs)
#
# Every preset also compares its robust answers with this machine's
# (Portability.AnswersMatchHost): the default build's robust_answers_digest
# writes build/answers-digest.txt first, and each preset's build must give
# the same digest for every primitive and precision.
#
# Usage: scripts/portability.sh [preset...]   (default: all five)
# Environment: TOUCHSTONE_NO_INSTALL=1 skips the package step.
set -euo pipefail
cd "$(dirname "$0")/.."

presets=("$@")
if ((${#presets[@]} == 0)); then presets=(longdouble64 aarch64 i686 mingw wasm32); fi

export CMAKE_CXX_COMPILER_LAUNCHER="${CMAKE_CXX_COMPILER_LAUNCHER:-ccache}"
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$(cd .. && pwd)}"

# ----- packages ------------------------------------------------------------------

source scripts/lib/apt.sh  # (touchstone_apt_prefix: sudo where needed)

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

# apt-get install of the packages not yet installed; apt-get update only
# then (retried where a mirror is mid-sync: scripts/lib/apt.sh).
ensure() {
  local missing=()
  for p in "$@"; do installed "$p" || missing+=("$p"); done
  ((${#missing[@]} == 0)) && return 0
  echo "portability: installing ${missing[*]}" >&2
  touchstone_apt_install "${missing[@]}"
}

want() { local p; for p in "${presets[@]}"; do [[ $p == "$1" ]] && return 0; done; return 1; }

if [[ "${TOUCHSTONE_NO_INSTALL:-0}" != 1 ]]; then
  ensure cmake ninja-build lld ccache clang libgtest-dev googletest librapidcheck-dev libboost-dev libgmp-dev
  if want aarch64; then
    # Debian multiarch: the arm64 builds of the libraries the tests link.
    if ! dpkg --print-foreign-architectures | grep -qx arm64; then
      # (ensure's install updates the package indexes for it)
      "${touchstone_apt_prefix[@]}" dpkg --add-architecture arm64
    fi
    ensure g++-aarch64-linux-gnu qemu-user \
           libgmp-dev:arm64 libgtest-dev:arm64 librapidcheck-dev:arm64 libboost-dev:arm64
  fi
  if want i686; then
    # Debian multiarch again; an x86-64 kernel runs the i386 test binaries
    # itself (libstdc++6:i386 is their C++ runtime). Boost comes from the
    # host's headers.
    if ! dpkg --print-foreign-architectures | grep -qx i386; then
      "${touchstone_apt_prefix[@]}" dpkg --add-architecture i386
    fi
    ensure g++-i686-linux-gnu libstdc++6:i386 \
           libgmp-dev:i386 libgtest-dev:i386 librapidcheck-dev:i386
  fi
  if want mingw; then
    ensure g++-mingw-w64-x86-64
    # wine64 runs the Windows tests; without it the preset still builds and links.
    ensure wine64 || echo "portability: wine64 unavailable; mingw tests will be built, not run" >&2
  fi
  if want wasm32; then
    # Debian's wasm32 builds of the C and C++ libraries for clang 14, and
    # Node.js to run the tests (any version from 14 on).
    ensure clang-14 lld-14 llvm-14 wasi-libc libc++-14-dev-wasm32 libc++abi-14-dev-wasm32 \
           libclang-rt-14-dev-wasm32
    command -v node >/dev/null || ensure nodejs
  fi
fi

# ----- the host's answers, for Portability.AnswersMatchHost ----------------------

export TOUCHSTONE_HOST_ANSWERS="$PWD/build/answers-digest.txt"
echo "=== portability: the host's robust answers (default preset, robust_answers_digest)" >&2
if cmake --preset default >/dev/null && cmake --build --preset default --target robust_answers_digest >/dev/null &&
  build/tests/robust/robust_answers_digest >"$TOUCHSTONE_HOST_ANSWERS.tmp"; then
  mv "$TOUCHSTONE_HOST_ANSWERS.tmp" "$TOUCHSTONE_HOST_ANSWERS"
else
  rm -f "$TOUCHSTONE_HOST_ANSWERS.tmp" "$TOUCHSTONE_HOST_ANSWERS"
  unset TOUCHSTONE_HOST_ANSWERS
  echo "portability: the host's answers could not be computed; Portability.AnswersMatchHost will be skipped" >&2
fi

# ----- workflows -----------------------------------------------------------------

have_wine() { command -v wine64 >/dev/null || [[ -x /usr/lib/wine/wine64 ]]; }

source scripts/lib/generator.sh
declare -A seconds status
for p in "${presets[@]}"; do
  start=$(date +%s)
  echo "=== portability: $p" >&2
  touchstone_forget_other_generator "build-$p"
  if [[ $p == mingw ]] && ! have_wine; then
    # No wine: configure and build only.
    if cmake --preset mingw && cmake --build --preset mingw; then status[$p]="built (tests not run: no wine64)"; else status[$p]=FAILED; fi
  else
    # (the mingw test preset runs wine in a private prefix, build-mingw/wineprefix)
    if cmake --workflow --preset "$p"; then status[$p]=passed; else status[$p]=FAILED; fi
  fi
  seconds[$p]=$(($(date +%s) - start))
done

echo
echo "portability summary (wall-clock seconds, this machine):"
rc=0
for p in "${presets[@]}"; do
  printf '  %-14s %5ss  %s\n' "$p" "${seconds[$p]}" "${status[$p]}"
  [[ ${status[$p]} == FAILED ]] && rc=1
done
exit $rc
