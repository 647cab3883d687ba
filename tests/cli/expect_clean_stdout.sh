#!/usr/bin/env bash
# stdout carries only the audit's table: the touchstone command itself, and
# scripts/audit with its set-up and build steps (apt and cmake replaced by
# stubs that print noise on stdout, so no real install or build runs).
# usage: expect_clean_stdout.sh TOUCHSTONE SOURCE_DIR WORK_DIR
set -euo pipefail
exe=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*"; exit 1; }

# Every stdout line is the table's header, one of its rows, its closing line,
# or the replay hint; nothing else.
only_table() {
  local out=$1 rows=$2
  grep -q '^implementation ' "$out" || fail "no table header in $out"
  local n=0
  while IFS= read -r line; do
    n=$((n + 1))
    case "$line" in
      '' | 'implementation '* | 'replay the first counterexample:' | "  echo '{"*"' | "*" replay -") ;;
      [0-9]*' rows, '*' wrong answers; seed '*) ;;
      *)
        local impl=${line%% *}
        grep -qx -- "$impl" "$rows" || fail "stdout line $n is not the table's: $line"
        ;;
    esac
  done <"$out"
}

# 1. The command: table on stdout, reports in --out, nothing else.
(cd "$work" && "$exe" audit --cases 60 --only tutorial-001,robust --no-progress \
    --out "$work/reports" >"$work/table.txt" 2>"$work/err.txt")
for f in report.json report.md report.html; do
  [[ -s $work/reports/$f ]] || fail "--out did not get $f"
done
[[ -z $(ls -A "$work" | grep -v -e '^reports$' -e '^table.txt$' -e '^err.txt$') ]] ||
  fail "the audit wrote files outside --out: $(ls "$work")"
python3 -c 'import json,sys; [print(r["implementation"]) for r in json.load(open(sys.argv[1]))["rows"]]' \
  "$work/reports/report.json" | sort -u >"$work/rows.txt"
only_table "$work/table.txt" "$work/rows.txt"

# 2. scripts/audit, with noisy stubs for apt, dpkg and cmake.
if [[ ! -x $src/build/audit/touchstone || $(readlink -f "$src/build/audit/touchstone") != $(readlink -f "$exe") ]]; then
  echo "skipped: scripts/audit runs build/audit/touchstone, and this build is elsewhere"
  exit 77
fi
stubs=$work/stubs && mkdir -p "$stubs"
for tool in cmake apt-get dpkg-query sudo; do
  cat >"$stubs/$tool" <<STUB
#!/usr/bin/env bash
echo "NOISE-STDOUT from $tool \$*"
echo "NOISE-STDERR from $tool" >&2
[[ $tool == dpkg-query ]] && exit 1  # every package "missing": setup installs
[[ $tool == sudo ]] && exec "\$@"
exit 0
STUB
  chmod +x "$stubs/$tool"
done
PATH=$stubs:$PATH TOUCHSTONE_LOG=$work/audit.log TOUCHSTONE_SETUP_LOG=$work/setup.log \
  "$src/scripts/audit" --cases 60 --only tutorial-001,robust --no-progress --out "$work/reports2" \
  >"$work/script-table.txt" 2>"$work/script-err.txt"
grep -q NOISE "$work/script-table.txt" && fail "set-up or build output reached stdout: $(grep NOISE "$work/script-table.txt")"
only_table "$work/script-table.txt" "$work/rows.txt"
# The same table, apart from how the replay hint names the command and the
# cost (ns per call: wall time).
same() { sed -e 's#| [^ ]*touchstone replay -$#| touchstone replay -#' -e 's#[-.0-9]* ns/call#T ns/call#' "$1"; }
[[ $(same "$work/table.txt") == "$(same "$work/script-table.txt")" ]] ||
  fail "scripts/audit printed another table than the command"
grep -q "log: $work/audit.log" "$work/script-err.txt" || fail "stderr does not name the build log: $(cat "$work/script-err.txt")"
grep -q "NOISE-STDOUT from apt-get" "$work/setup.log" || fail "apt's output is not in the set-up log"
grep -q "NOISE-STDOUT from cmake" "$work/audit.log" || fail "cmake's output is not in the build log"
[[ -s $work/reports2/report.json ]] || fail "scripts/audit did not write the reports to --out"
echo "stdout holds only the table ($(wc -l <"$work/table.txt") lines)"
