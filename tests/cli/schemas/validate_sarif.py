#!/usr/bin/env python3
"""Validates a SARIF log against the subset schema, and the cross-references
JSON Schema cannot state: every result's ruleId names a rule of its driver
and its ruleIndex points at that rule. Usage: validate_sarif.py SCHEMA LOG"""
import json
import sys

import jsonschema

schema = json.load(open(sys.argv[1]))
log = json.load(open(sys.argv[2]))
jsonschema.validate(log, schema, format_checker=jsonschema.FormatChecker())
for run in log["runs"]:
    rules = [r["id"] for r in run["tool"]["driver"]["rules"]]
    for res in run["results"]:
        if res["ruleId"] not in rules:
            sys.exit(f"result names rule {res['ruleId']!r}, not among {rules}")
        if "ruleIndex" in res and rules[res["ruleIndex"]] != res["ruleId"]:
            sys.exit(f"ruleIndex {res['ruleIndex']} is not rule {res['ruleId']!r}")
print(f"valid: {sum(len(r['results']) for r in log['runs'])} results")
