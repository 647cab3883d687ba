// touchstone::audit — the result of an audit and the writers of its reports.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "touchstone/audit/registry.hpp"
#include "touchstone/audit/shard.hpp"
#include "touchstone/case_file.hpp"

namespace touchstone::audit {

/// The simplest wrong case of a row, as evidence.
struct Counterexample {
    bool present = false;
    Case c;  ///< the case (id, family and the exact args)
    Verdict verdict = Verdict::ok;
    std::uint64_t ulps = 0;
    std::string got;     ///< the implementation's answer (JSON)
    std::string truth;   ///< the oracle's answer (JSON)
    std::string recipe;  ///< how the family built it, in words
    std::string detail;  ///< crash: the signal ("SIGFPE"); timeout: the limit
    /// The drawn case picked before shrinking: least (pick_rank, pick_index)
    /// of the row (written to a shard's report.json for merge).
    double pick_rank = 0;
    std::uint64_t pick_index = 0;
};

/// One row: implementation x precision x primitive x family.
struct RowResult {
    std::string implementation;
    std::string origin;
    Primitive primitive{};
    Precision precision{};
    std::string family;
    std::uint64_t cases = 0, false_hits = 0, false_misses = 0, wrong_kinds = 0, nans = 0,
                  beyond_tolerance = 0, invalid = 0;
    std::uint64_t wrong_signs = 0;  ///< sign answers (orient2d) that differ from the exact sign
    std::uint64_t wrong_on_invalid =
        0;                            ///< invalid input answered otherwise than the claim documents
    std::uint64_t tolerated = 0;      ///< wrong, but inside the declared tolerance band
    std::string boundary = "closed";  ///< the semantics the implementation claims
    std::string tolerance = "none";   ///< its declared tolerance, in words
    std::uint64_t worst_ulps = 0, median_ulps = 0, compared_points = 0;
    std::uint64_t ulp_tolerance = 0;
    UlpHistogram ulp_histogram;  ///< every compared ulp error (a shard's report.json)
    std::uint64_t crashes = 0;   ///< cases on which the implementation died (a fatal signal)
    std::uint64_t timeouts = 0;  ///< cases it did not answer within --case-timeout
    std::string source_file;     ///< where the implementation was registered, if known
    int source_line = 0;
    Counterexample example;
    std::uint64_t wrong() const {
        return false_hits + false_misses + wrong_kinds + wrong_signs + nans + beyond_tolerance +
               wrong_on_invalid + crashes + timeouts;
    }
};

/// One finding: a row (implementation, precision, primitive, family) that
/// has wrong answers of one verdict. The unit of baselines, SARIF results
/// and the new / known / fixed lists.
struct Finding {
    std::string implementation, precision, primitive, family, verdict;
    std::uint64_t count = 0;  ///< wrong answers of that verdict (0 for a fixed finding)
    std::string case_line;  ///< the row's counterexample, when it has this verdict or is the row's
    std::string replay;     ///< its replay command
    /// The identity a baseline records (everything but the count and the case).
    std::string key() const;
    bool operator<(const Finding& o) const { return key() < o.key(); }
};

struct AuditResult {
    std::string version;
    std::uint64_t seed = 0;
    std::uint64_t cases_per_cell = 0;
    bool stopped_by_time = false;
    std::vector<std::string> gate;
    bool gate_failed = false;
    std::vector<RowResult> rows;
    Shard shard;  ///< set for `--shard K/N`: report.json then carries what merge needs
    /// Against --baseline (empty without one: every finding is new).
    std::string baseline_file;
    std::vector<Finding> new_findings, known_findings, fixed_findings;
};

/// Totals per (implementation, precision), for the reports' summaries.
struct Summary {
    std::string implementation, precision;
    std::uint64_t cases = 0, wrong = 0, tolerated = 0, rows = 0, bad_rows = 0;
};
std::vector<Summary> summarize(const AuditResult& r);

/// Text helpers shared by the writers.
std::string html_escape(const std::string& s);
/// "name=hex name=hex ..." (named) or "hex hex ..." of a case's arguments.
std::string args_text(const Case& c, bool named);

/// The fixed-width table printed to stdout.
void write_table(std::ostream& out, const AuditResult& r);
/// report.json; the schema is docs/report.schema.json.
void write_json_report(std::ostream& out, const AuditResult& r);
/// A shard's extra report.json fields (nothing when not sharded).
void write_shard_fields(std::ostream& out, const AuditResult& r);
void write_shard_row_fields(std::ostream& out, const AuditResult& r, const RowResult& row);
/// report.md, for a CI job summary ($GITHUB_STEP_SUMMARY).
void write_markdown_report(std::ostream& out, const AuditResult& r);
/// JUnit XML (report_ci.cpp): a testsuite per implementation, a testcase
/// per row; a row with a new finding fails with its case line and replay
/// command.
void write_junit_report(std::ostream& out, const AuditResult& r);
/// SARIF 2.1.0 (report_ci.cpp): a rule per verdict, a result per finding.
void write_sarif_report(std::ostream& out, const AuditResult& r);
/// The new / known / fixed findings as text (stdout and report.md).
void write_findings_text(std::ostream& out, const AuditResult& r, bool markdown);

}  // namespace touchstone::audit
