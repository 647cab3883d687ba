#!/usr/bin/env python3
"""Validates JSON files against a JSON Schema (python3-jsonschema).
Usage: validate_json.py SCHEMA FILE..."""
import json
import sys

import jsonschema

schema = json.load(open(sys.argv[1]))
validator = jsonschema.validators.validator_for(schema)(schema)
for path in sys.argv[2:]:
    errors = sorted(validator.iter_errors(json.load(open(path))), key=lambda e: list(e.path))
    for e in errors:
        print(f"{path}: {'/'.join(map(str, e.path))}: {e.message}", file=sys.stderr)
    if errors:
        sys.exit(1)
print(f"valid: {len(sys.argv) - 2} files")
