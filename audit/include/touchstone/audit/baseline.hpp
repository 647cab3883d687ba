// touchstone::audit — baselines: known findings that do not fail the gate.
//
// A baseline file (--baseline FILE, written by --update-baseline FILE) is
// JSON Lines, one known finding per line, sorted, so that a change to it
// reads as a one-line diff. Lines starting with # are comments:
//
//   {"implementation":"mylib","precision":"float","primitive":"disks_overlap","family":"tangent","verdict":"false_hit"}
//
// A finding is a row (implementation, precision, primitive, family) with
// wrong answers of one verdict (false_hit, false_miss, wrong_kind,
// wrong_sign, nan, ulps, wrong_on_invalid, crash, timeout). Against a baseline each finding
// of the run is new or known, and each baseline entry whose row ran but no
// longer has that verdict is fixed. Entries for rows the run did not select
// are neither. docs/ci-gate.md documents the format.
#pragma once

#include <string>
#include <vector>

#include "touchstone/audit/report.hpp"

namespace touchstone::audit {

struct Baseline {
    std::string file;               ///< empty: no baseline
    std::vector<Finding> findings;  ///< the known findings (count, case empty)
};

/// Reads a baseline file; false with `error` naming the line and the field.
bool read_baseline(const std::string& path, Baseline& out, std::string& error);

/// Every finding of a result, sorted by key.
std::vector<Finding> findings_of(const AuditResult& r);

/// Fills r.new_findings, r.known_findings, r.fixed_findings.
void sort_findings(AuditResult& r, const Baseline& b);

/// Writes every finding of r as a baseline file (sorted JSON Lines).
void write_baseline(std::ostream& out, const AuditResult& r);

}  // namespace touchstone::audit
