#!/usr/bin/env bash
# scripts/lib/apt.sh: a failed `apt-get update` (a mirror in the middle of a
# sync) does not stop the install, and a failed install is tried again, up
# to TOUCHSTONE_APT_TRIES times; scripts/setup.sh, which both README
# commands run first, goes through it. apt-get, dpkg-query and sudo are
# stubs: nothing is installed.
# usage: expect_apt_retry.sh SOURCE_DIR WORK_DIR
set -euo pipefail
src=$1 work=$2
rm -rf "$work" && mkdir -p "$work/stubs"
fail() { echo "FAIL: $*"; exit 1; }

# apt-get: logs "<subcommand> DEBIAN_FRONTEND=<value> <args>" to $work/calls
# and fails the first $FAIL_UPDATE updates and the first $FAIL_INSTALL
# installs with status 100, as apt-get does.
cat >"$work/stubs/apt-get" <<'STUB'
#!/usr/bin/env bash
sub=$1
echo "$sub DEBIAN_FRONTEND=${DEBIAN_FRONTEND:-} $*" >>"$STUB_DIR/calls"
n=$(grep -c "^$sub " "$STUB_DIR/calls")
case $sub in
  update) limit=${FAIL_UPDATE:-0}
          ((n <= limit)) && echo "E: File has unexpected size (346968 != 369616). Mirror sync in progress?" >&2 ;;
  install) limit=${FAIL_INSTALL:-0} ;;
  *) exit 2 ;;
esac
((n <= limit)) && exit 100
exit 0
STUB
cat >"$work/stubs/dpkg-query" <<'STUB'
#!/usr/bin/env bash
exit 1
STUB
cat >"$work/stubs/sudo" <<'STUB'
#!/usr/bin/env bash
exec "$@"
STUB
chmod +x "$work/stubs/"*
unset DEBIAN_FRONTEND
export STUB_DIR=$work PATH=$work/stubs:$PATH TOUCHSTONE_APT_WAIT=0

# run NAME FAIL_UPDATE FAIL_INSTALL [TRIES]: touchstone_apt_install pkg-a pkg-b
# in a fresh shell; prints its status, keeps its stderr in $work/NAME.err.
run() {
  local name=$1
  rm -f "$work/calls"
  set +e
  FAIL_UPDATE=$2 FAIL_INSTALL=$3 TOUCHSTONE_APT_TRIES=${4:-3} bash -euo pipefail -c \
    'source "$1/scripts/lib/apt.sh"; touchstone_apt_install pkg-a pkg-b' _ "$src" \
    >"$work/$name.out" 2>"$work/$name.err"
  echo $?
  set -e
}
count() { grep -c "^$1 " "$work/calls" || true; }

# 1. The update fails (the mirror mid-sync); the install goes on and succeeds.
[[ $(run sync 1 0) == 0 ]] || fail "a failed update stopped the install: $(cat "$work/sync.err")"
[[ $(count update) == 1 && $(count install) == 1 ]] || fail "sync: calls were $(cat "$work/calls")"
grep -q "^install DEBIAN_FRONTEND=noninteractive install -y -qq --no-install-recommends pkg-a pkg-b$" \
  "$work/calls" || fail "the install was not asked as expected: $(cat "$work/calls")"
grep -q "apt-get update failed" "$work/sync.err" || fail "the failed update was not noted on stderr"

# 2. The install fails twice, then succeeds: three updates, three installs.
[[ $(run flaky 0 2) == 0 ]] || fail "two failed installs of three were not retried: $(cat "$work/flaky.err")"
[[ $(count update) == 3 && $(count install) == 3 ]] || fail "flaky: calls were $(cat "$work/calls")"
grep -q "try 3 of 3" "$work/flaky.err" || fail "the retries were not announced: $(cat "$work/flaky.err")"

# 3. The install always fails: apt-get's status, after TOUCHSTONE_APT_TRIES tries.
[[ $(run broken 0 99) == 100 ]] || fail "a failing install did not return apt-get's status 100"
[[ $(count install) == 3 ]] || fail "broken: $(count install) installs, not 3"
[[ $(run once 0 99 1) == 100 && $(count install) == 1 ]] || fail "TOUCHSTONE_APT_TRIES=1 tried $(count install) times"

# 4. scripts/setup.sh, every package missing and the first update failing,
#    as a fresh machine met it: it installs and exits 0, stdout empty.
rm -f "$work/calls"
FAIL_UPDATE=1 FAIL_INSTALL=0 TOUCHSTONE_SETUP_LOG=$work/setup.log \
  bash "$src/scripts/setup.sh" >"$work/setup.out" 2>"$work/setup.err" ||
  fail "setup.sh failed when one apt-get update did: $(cat "$work/setup.err")"
[[ ! -s $work/setup.out ]] || fail "setup.sh printed on stdout: $(cat "$work/setup.out")"
[[ $(count install) == 1 ]] || fail "setup.sh: $(count install) installs, not 1"
grep -q " libgmp-dev " "$work/calls" || fail "setup.sh did not ask for its packages: $(cat "$work/calls")"
grep -q "Mirror sync in progress" "$work/setup.log" || fail "apt's message is not in the set-up log"
FAIL_UPDATE=0 FAIL_INSTALL=99 TOUCHSTONE_APT_TRIES=2 TOUCHSTONE_SETUP_LOG=$work/setup2.log \
  bash "$src/scripts/setup.sh" >/dev/null 2>"$work/setup2.err" && fail "setup.sh exited 0 when every install failed"
grep -q "apt-get failed" "$work/setup2.err" || fail "setup.sh's failure does not say apt-get failed"
echo "apt retries: 4 scenarios hold"
