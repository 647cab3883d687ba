#!/usr/bin/env python3
"""--shard 1/N ... N/N, merged, gives the unsharded run's report.

usage: expect_shard_merge.py TOUCHSTONE WORK_DIR [audit options...]

Runs the audit once unsharded and as 4 shards (same seed and cases), merges
the shards with `touchstone merge`, and compares report.json (timing fields
dropped), report.md, report.html, counterexamples.jsonl and the table. Then
checks merge refuses a missing shard, a repeated shard and an unsharded report.
"""
import json
import os
import shutil
import subprocess
import sys

# Fields that may differ between runs of the same seed and cases: wall-clock
# figures. report.json has none today; a later one is dropped here by name.
TIMING_FIELDS = {"seconds", "elapsed_seconds", "cases_per_second", "started", "finished",
                 "duration"}


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def without_timing(v):
    if isinstance(v, dict):
        return {k: without_timing(x) for k, x in v.items() if k not in TIMING_FIELDS}
    if isinstance(v, list):
        return [without_timing(x) for x in v]
    return v


def run(cmd, want_rc=0):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if want_rc is not None and p.returncode != want_rc:
        fail("%s exited %d (expected %d)\nstdout:\n%s\nstderr:\n%s" %
             (" ".join(cmd), p.returncode, want_rc, p.stdout[-3000:], p.stderr[-3000:]))
    return p


def first_difference(a, b, path="$"):
    if type(a) is not type(b):
        return "%s: %r vs %r" % (path, a, b)
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                return "%s.%s only in one report" % (path, k)
            d = first_difference(a[k], b[k], path + "." + k)
            if d:
                return d
    elif isinstance(a, list):
        if len(a) != len(b):
            return "%s: %d vs %d items" % (path, len(a), len(b))
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_difference(x, y, "%s[%d]" % (path, i))
            if d:
                return d
    elif a != b:
        return "%s: %r vs %r" % (path, a, b)
    return None


def main():
    exe, work = sys.argv[1], sys.argv[2]
    audit = sys.argv[3:] or ["--cases", "400", "--seed", "5"]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    full = os.path.join(work, "full")
    n = 4
    table = run([exe, "audit", "--no-progress", "--out", full, "--emit-cases",
                 os.path.join(full, "counterexamples.jsonl")] + audit).stdout
    shard_reports = []
    for k in range(1, n + 1):
        d = os.path.join(work, "shard%d" % k)
        run([exe, "audit", "--no-progress", "--out", d, "--shard", "%d/%d" % (k, n)] + audit)
        shard_reports.append(os.path.join(d, "report.json"))
    merged = os.path.join(work, "merged")
    merged_table = run([exe, "merge", merged] + shard_reports[::-1]).stdout

    a = json.load(open(os.path.join(full, "report.json")))
    b = json.load(open(os.path.join(merged, "report.json")))
    if "shard" in b:
        fail("the merged report still says it is a shard")
    diff = first_difference(without_timing(a), without_timing(b))
    if diff:
        fail("merged report.json differs from the unsharded run: " + diff)
    wrong_rows = sum(1 for r in a["rows"] if r["counterexample"] is not None)
    cases = sum(r["cases"] for r in a["rows"])
    shard_cases = [sum(r["cases"] for r in json.load(open(f))["rows"]) for f in shard_reports]
    if sum(shard_cases) != cases or min(shard_cases) == 0:
        fail("shard case counts %s do not add up to %d" % (shard_cases, cases))
    if wrong_rows == 0:
        fail("no counterexample at all: the comparison has no teeth")
    if "--baseline" in audit:
        # Every list of the baseline has something in it, so the merged
        # lists are compared, not three empty ones.
        sizes = {k: len(a["baseline"][k]) for k in ("new", "known", "fixed")}
        if sizes["known"] == 0 or sizes["fixed"] == 0:
            fail("the baseline run has no known or no fixed finding: %s" % sizes)
    if "--case-timeout" in audit:
        fatal = (sum(r["crashes"] for r in a["rows"]), sum(r["timeouts"] for r in a["rows"]))
        if 0 in fatal:
            fail("crashes %d, timeouts %d: the run should have both" % fatal)
    for name in ("report.md", "report.html", "counterexamples.jsonl"):
        if open(os.path.join(full, name), "rb").read() != open(os.path.join(merged, name),
                                                                  "rb").read():
            fail(name + " differs between the unsharded run and the merged shards")
    if table != merged_table:
        fail("merge prints another table than the unsharded audit")

    # merge refuses what it cannot add up, naming the file.
    p = run([exe, "merge", os.path.join(work, "bad")] + shard_reports[:3], want_rc=2)
    if "give all 4 shards" not in p.stderr:
        fail("a missing shard: " + p.stderr)
    p = run([exe, "merge", os.path.join(work, "bad")] + shard_reports[:3] + shard_reports[:1],
            want_rc=2)
    if "again" not in p.stderr:
        fail("a repeated shard: " + p.stderr)
    p = run([exe, "merge", os.path.join(work, "bad"), os.path.join(full, "report.json")],
            want_rc=2)
    if "not a shard" not in p.stderr:
        fail("an unsharded report: " + p.stderr)
    print("merged %d shards: %d cases, %d rows with a counterexample, same report" %
          (n, cases, wrong_rows))


main()
