# Sourced by scripts/setup.sh and scripts/portability.sh: Debian package
# installs that survive a mirror in the middle of a sync.
#
# A Debian mirror being synced serves index files whose size does not match
# its Release file for a few minutes ("File has unexpected size (346968 !=
# 369616). Mirror sync in progress?"). apt-get update then keeps the indexes
# it had, or ignores that one, and exits 100, although the packages asked
# for are usually still there to install. A script under `set -e` that runs
# `apt-get update && apt-get install` stops there; the README's two commands
# would fail on a fresh machine for a reason that has nothing to do with
# touchstone (seen in stop 37, on the bookworm-security i386 index).
#
# touchstone_apt_install PACKAGE...: apt-get update, then apt-get install
#   (noninteractive, no recommends), whatever the update's status: a failed
#   update is noted on stderr, and the install says whether the packages
#   could be had. When the install fails, both again, up to
#   TOUCHSTONE_APT_TRIES times (default 3), TOUCHSTONE_APT_WAIT seconds apart
#   (default 10, doubling). Returns the last install's status.
#
# touchstone_apt_prefix (an array): what runs apt-get and dpkg as root,
# set here once: empty for root, (sudo) for another user where sudo exists,
# and touchstone_apt_can_install false where neither is. apt-get's own
# output goes where the caller's stdout and stderr go; the notes of this
# file go to stderr.

touchstone_apt_prefix=()
touchstone_apt_can_install=true
if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null; then touchstone_apt_prefix=(sudo); else touchstone_apt_can_install=false; fi
fi

# touchstone_apt_wait_before TRY: sleeps before try TRY (2, 3, ...).
touchstone_apt_wait_before() {
  local wait=${TOUCHSTONE_APT_WAIT:-10} k
  for ((k = 2; k < $1; k++)); do wait=$((wait * 2)); done
  echo "touchstone apt: try $1 of ${TOUCHSTONE_APT_TRIES:-3} in ${wait} s" >&2
  sleep "$wait"
}

touchstone_apt_install() {
  local tries=${TOUCHSTONE_APT_TRIES:-3} try rc=0
  for ((try = 1; try <= tries; try++)); do
    ((try > 1)) && touchstone_apt_wait_before "$try"
    "${touchstone_apt_prefix[@]}" apt-get update -qq ||
      echo "touchstone apt: apt-get update failed (try $try of $tries); installing with the indexes apt has" >&2
    # (DEBIAN_FRONTEND through env: sudo does not pass the caller's on)
    if "${touchstone_apt_prefix[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -qq --no-install-recommends "$@"; then
      return 0
    else
      rc=$?
    fi
    echo "touchstone apt: apt-get install failed with status $rc (try $try of $tries): $*" >&2
  done
  return "$rc"
}
