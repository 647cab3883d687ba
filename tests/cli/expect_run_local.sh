#!/usr/bin/env bash
# examples/ci/run-local.sh: shards, merge and the step summary, locally. A
# clean gate exits 0; a gate on a buggy port exits 1 and still writes the
# merged report and the summary.
# usage: expect_run_local.sh TOUCHSTONE SOURCE_DIR WORK_DIR
set -euo pipefail
exe=$1 src=$2 work=$3
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work" && mkdir -p "$work"
cd "$work"

AUDIT=$exe SHARDS=3 CASES=80 GATE=robust OUT=pass \
  bash "$src/examples/ci/run-local.sh" --only tutorial-001,robust >pass.txt 2>pass.err ||
  fail "a clean gate failed: $(cat pass.err)"
for f in report.json report.md report.html counterexamples.jsonl; do
  [[ -s pass/merged/$f ]] || [[ $f == counterexamples.jsonl && -e pass/merged/$f ]] ||
    fail "merged/$f missing"
done
cmp -s pass/merged/report.md pass/step-summary.md || fail "the step summary is not report.md"
grep -q "Gate passed" pass/step-summary.md || fail "summary does not say the gate passed"
grep -q '"shard"' pass/merged/report.json && fail "the merged report still names a shard"
[[ -s pass/shard-3/report.json && ! -e pass/shard-4 ]] || fail "not 3 shards"
help=$("$exe" --help)  # whole: `| grep -q` under pipefail races SIGPIPE
if [[ $help == *--sarif* ]]; then
  [[ -s pass/shard-1/touchstone.sarif ]] || fail "--sarif is there but no SARIF was written"
fi

rc=0
AUDIT=$exe SHARDS=2 CASES=80 GATE=tutorial-001 OUT=fail GITHUB_STEP_SUMMARY=$work/summary.md \
  bash "$src/examples/ci/run-local.sh" --only tutorial-001,robust >fail.txt 2>fail.err || rc=$?
((rc == 1)) || fail "a gate on tutorial-001 should exit 1, got $rc: $(cat fail.err)"
grep -q "Gate FAILED" fail/step-summary.md || fail "summary does not say the gate failed"
cmp -s fail/step-summary.md summary.md || fail "GITHUB_STEP_SUMMARY did not get report.md"
echo "run-local.sh: clean gate 0, failing gate 1, summaries written"
