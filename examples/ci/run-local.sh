#!/usr/bin/env bash
# The steps of examples/ci/github-actions.yml, run locally: the audit as N
# shards (in parallel, JOBS at a time), `touchstone merge` of their reports,
# and the merged report.md as the step summary (a file here).
#
#   examples/ci/run-local.sh [extra audit options...]
#
# Environment (the workflow's env block has the same names):
#   AUDIT   the audit command: build/audit/touchstone, or your
#           build/<name>_audit from touchstone_add_conformance (default
#           build/audit/touchstone)
#   SHARDS  number of shards (4)          JOBS   shards run at once (2)
#   CASES   cases per cell (1000)         SEED   random source (1)
#   GATE    --gate list (none)            OUT    output folder (ci-local)
#   GITHUB_STEP_SUMMARY  appended to as well when set
#
# Leaves OUT/shard-K/ (each shard's reports, and touchstone.sarif when the
# audit has --sarif), OUT/merged/ (report.json, report.md, report.html,
# counterexamples.jsonl) and OUT/step-summary.md. Exit code: merge's (1 when
# a gated implementation disagrees, 0 otherwise). stdout: the merged table.
set -euo pipefail
AUDIT=${AUDIT:-build/audit/touchstone}
SHARDS=${SHARDS:-4}
JOBS=${JOBS:-2}
CASES=${CASES:-1000}
SEED=${SEED:-1}
GATE=${GATE:-}
OUT=${OUT:-ci-local}

[[ -x $AUDIT ]] || { echo "run-local.sh: no audit command at $AUDIT (set AUDIT)" >&2; exit 2; }
rm -rf "$OUT" && mkdir -p "$OUT"
args=(audit --no-progress --seed "$SEED" --cases "$CASES")
[[ -n $GATE ]] && args+=(--gate "$GATE")
# SARIF comes from the audit's --sarif; an audit without it is still gated.
# (The help is read whole first: `--help | grep -q` under pipefail fails
# when grep exits before the help is written, SIGPIPE.)
sarif=0
help=$("$AUDIT" --help)
[[ $help == *--sarif* ]] && sarif=1

run_shard() {
  local k=$1 dir=$OUT/shard-$1 extra=()
  ((sarif)) && extra=(--sarif "$dir/touchstone.sarif")
  # A failing gate is decided after the merge: keep going, record the code.
  local rc=0
  "$AUDIT" "${args[@]}" --shard "$k/$SHARDS" --out "$dir" "${extra[@]}" "${@:2}" \
    >"$dir.table.txt" 2>"$dir.stderr.txt" || rc=$?
  echo "$rc" >"$dir.rc"
}

for ((k = 1; k <= SHARDS; k++)); do
  mkdir -p "$OUT/shard-$k"
  run_shard "$k" "$@" &
  while (($(jobs -rp | wc -l) >= JOBS)); do wait -n; done
done
wait
for ((k = 1; k <= SHARDS; k++)); do
  rc=$(cat "$OUT/shard-$k.rc")
  if ((rc != 0 && rc != 1)); then
    echo "run-local.sh: shard $k/$SHARDS failed (exit $rc):" >&2
    cat "$OUT/shard-$k.stderr.txt" >&2
    exit "$rc"
  fi
done

reports=()
for ((k = 1; k <= SHARDS; k++)); do reports+=("$OUT/shard-$k/report.json"); done
rc=0
"$AUDIT" merge "$OUT/merged" "${reports[@]}" || rc=$?
cp "$OUT/merged/report.md" "$OUT/step-summary.md"
if [[ -n ${GITHUB_STEP_SUMMARY:-} ]]; then cat "$OUT/merged/report.md" >>"$GITHUB_STEP_SUMMARY"; fi
echo "run-local.sh: merged $SHARDS shards into $OUT/merged (summary: $OUT/step-summary.md)" >&2
exit "$rc"
