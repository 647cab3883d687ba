#!/usr/bin/env bash
# Installs every Debian package touchstone needs. Idempotent: when all are
# present it changes nothing (no apt-get update, no install). Prints nothing
# on stdout: what it does goes to stderr, and apt's own output to a log file
# named on stderr (TOUCHSTONE_SETUP_LOG, default $TMPDIR/touchstone-setup.log).
set -euo pipefail

packages=(
  cmake ninja-build make g++ clang clang-format   # the presets generate Ninja files
  libfuzzer-14-dev libclang-rt-14-dev   # libFuzzer and the ASan/UBSan runtimes
  lld                                   # the linker of the clang presets (faster than GNU ld)
  librapidcheck-dev libgtest-dev libbenchmark-dev
  libboost-dev libgmp-dev               # Boost.Multiprecision (header-only) + GMP backend
  libbox2d-dev                          # examples/box2d gates Box2D 2.4.1
  zip unzip                             # seed corpora as ClusterFuzzLite lays them out (scripts/fuzz-ci.sh)
  python3 python3-yaml                  # ctest: shard merge comparison, examples/ci workflow check
  libxml2-utils python3-jsonschema      # tests: JUnit XML (xmllint --schema) and SARIF (jsonschema) checks
)
if [[ "${TOUCHSTONE_WITH_BROWSER:-0}" == 1 ]]; then
  packages+=(chromium)                  # renders report.html in the report test
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if ((${#missing[@]} == 0)); then
  exit 0
fi

log=${TOUCHSTONE_SETUP_LOG:-${TMPDIR:-/tmp}/touchstone-setup.log}
echo "touchstone setup: installing ${missing[*]} (log: $log)" >&2
source "$(dirname "${BASH_SOURCE[0]}")/lib/apt.sh"
if [[ $touchstone_apt_can_install != true ]]; then
  echo "touchstone setup: need root (or sudo) to install: ${missing[*]}" >&2
  exit 1
fi
# (retried: scripts/lib/apt.sh)
if ! touchstone_apt_install "${missing[@]}" >>"$log" 2>&1; then
  echo "touchstone setup: apt-get failed; the end of $log:" >&2
  tail -n 30 "$log" >&2
  exit 1
fi
