// Reports for CI systems: JUnit XML (report_junit) and SARIF 2.1.0
// (report_sarif), both from the same findings as report.json.
//
// JUnit: the common Jenkins/Ant structure (testsuites / testsuite / testcase
// / failure / system-out) that GitLab, Jenkins and the GitHub test-report
// actions read; tests/cli/schemas/junit.xsd is the structure checked in ctest.
// SARIF: OASIS SARIF 2.1.0, the subset GitHub code scanning reads;
// tests/cli/schemas/sarif-2.1.0-subset.json is the subset checked in ctest.
#include <map>

#include "touchstone/audit/baseline.hpp"
#include "touchstone/audit/commands.hpp"
#include "touchstone/audit/report.hpp"

namespace touchstone::audit {
namespace {

std::string row_key(const RowResult& row) {
    return row.implementation + '\t' + std::string(to_string(row.precision)) + '\t' +
           std::string(to_string(row.primitive)) + '\t' + row.family;
}

std::string row_key(const Finding& f) {
    return f.implementation + '\t' + f.precision + '\t' + f.primitive + '\t' + f.family;
}

/// The findings of each row, new and known apart.
struct RowFindings {
    std::vector<const Finding*> fresh, known;
};

std::map<std::string, RowFindings> findings_by_row(const AuditResult& r) {
    std::map<std::string, RowFindings> m;
    for (const Finding& f : r.new_findings) m[row_key(f)].fresh.push_back(&f);
    for (const Finding& f : r.known_findings) m[row_key(f)].known.push_back(&f);
    return m;
}

std::string verdict_list(const std::vector<const Finding*>& fs) {
    std::string s;
    for (const Finding* f : fs)
        s += (s.empty() ? "" : ", ") + f->verdict + " (" + std::to_string(f->count) + ")";
    return s;
}

/// The counterexample of a row as text: verdict, case line, replay command.
std::string evidence(const RowResult& row) {
    if (!row.example.present) return {};
    const std::string line = case_line(row.example.c);
    std::string s = "counterexample: " + std::string(to_string(row.example.verdict));
    if (!row.example.detail.empty()) s += " (" + row.example.detail + ")";
    return s + "\ncase:   " + line + "\nreplay: " + replay_command(line, command_path());
}

const Verdict failing_verdicts[] = {
    Verdict::false_hit,        Verdict::false_miss, Verdict::wrong_kind,
    Verdict::wrong_sign,       Verdict::nan,        Verdict::ulps,
    Verdict::wrong_on_invalid, Verdict::crash,      Verdict::timeout};

const char* verdict_description(Verdict v) {
    switch (v) {
        case Verdict::false_hit: return "The predicate says the shapes meet; exactly, they do not.";
        case Verdict::false_miss:
            return "The predicate says the shapes do not meet; exactly, they do.";
        case Verdict::wrong_kind:
            return "The construction's kind or point count differs from the exact one.";
        case Verdict::wrong_sign: return "The sign (orientation) differs from the exact one.";
        case Verdict::nan: return "A NaN or infinite coordinate where the exact one is finite.";
        case Verdict::ulps: return "A constructed point farther from the exact one than claimed.";
        case Verdict::wrong_on_invalid:
            return "Invalid input answered otherwise than the claim documents.";
        case Verdict::crash: return "The implementation died (a fatal signal) on the case.";
        case Verdict::timeout: return "The implementation did not answer within the time limit.";
        default: return "";
    }
}

std::string json_escape_text(const std::string& s) { return json_string(s); }

}  // namespace

void write_junit_report(std::ostream& out, const AuditResult& r) {
    const auto by_row = findings_by_row(r);
    // One testsuite per implementation, in report order.
    std::vector<std::string> impls;
    std::map<std::string, std::vector<const RowResult*>> rows_of;
    for (const RowResult& row : r.rows) {
        if (!rows_of.count(row.implementation)) impls.push_back(row.implementation);
        rows_of[row.implementation].push_back(&row);
    }
    auto failed = [&](const RowResult& row) {
        const auto it = by_row.find(row_key(row));
        return it != by_row.end() && !it->second.fresh.empty();
    };
    std::size_t failures = 0;
    for (const RowResult& row : r.rows) failures += failed(row) ? 1 : 0;
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        << "<testsuites name=\"touchstone audit\" tests=\"" << r.rows.size() << "\" failures=\""
        << failures << "\" errors=\"0\" time=\"0\">\n";
    for (const std::string& impl : impls) {
        const auto& rows = rows_of[impl];
        std::size_t f = 0;
        for (const RowResult* row : rows) f += failed(*row) ? 1 : 0;
        out << "  <testsuite name=\"" << html_escape(impl) << "\" tests=\"" << rows.size()
            << "\" failures=\"" << f << "\" errors=\"0\" skipped=\"0\" time=\"0\">\n";
        for (const RowResult* row : rows) {
            out << "    <testcase classname=\"" << html_escape(impl) << "\" name=\""
                << to_string(row->primitive) << "/" << to_string(row->precision) << "/"
                << row->family << "\" time=\"0\"";
            const auto it = by_row.find(row_key(*row));
            if (it == by_row.end()) {
                out << "/>\n";
                continue;
            }
            out << ">\n";
            if (!it->second.fresh.empty())
                out << "      <failure type=\"" << it->second.fresh.front()->verdict
                    << "\" message=\""
                    << html_escape(verdict_list(it->second.fresh) + " in " +
                                   std::to_string(row->cases) + " cases")
                    << "\">" << html_escape(evidence(*row)) << "</failure>\n";
            if (!it->second.known.empty())
                out << "      <system-out>known findings (baseline): "
                    << html_escape(verdict_list(it->second.known))
                    << (it->second.fresh.empty() ? "\n" + html_escape(evidence(*row)) : "")
                    << "</system-out>\n";
            out << "    </testcase>\n";
        }
        out << "  </testsuite>\n";
    }
    out << "</testsuites>\n";
}

void write_sarif_report(std::ostream& out, const AuditResult& r) {
    std::map<std::string, const RowResult*> row_of;
    for (const RowResult& row : r.rows) row_of[row_key(row)] = &row;
    out << "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
        << "  \"version\": \"2.1.0\",\n  \"runs\": [\n    {\n      \"tool\": {\n"
        << "        \"driver\": {\n          \"name\": \"touchstone\",\n          \"version\": "
        << json_string(r.version) << ",\n          \"rules\": [";
    std::map<std::string, std::size_t> rule_index;
    for (std::size_t i = 0; i < std::size(failing_verdicts); ++i) {
        const Verdict v = failing_verdicts[i];
        rule_index[std::string(to_string(v))] = i;
        out << (i ? "," : "") << "\n            {\"id\": " << json_string(to_string(v))
            << ", \"shortDescription\": {\"text\": " << json_string(verdict_description(v))
            << "}, \"help\": {\"text\": \"docs/judging.md of touchstone\"}"
            << ", \"defaultConfiguration\": {\"level\": \"error\"}}";
    }
    out << "\n          ]\n        }\n      },\n      \"results\": [";
    bool first = true;
    auto result = [&](const Finding& f, bool known) {
        const RowResult* row = row_of.count(row_key(f)) ? row_of[row_key(f)] : nullptr;
        std::string text = f.implementation + " " + f.primitive + " (" + f.precision + ") on " +
                           f.family + " cases: " + f.verdict + " in " + std::to_string(f.count) +
                           " of " + std::to_string(row ? row->cases : 0) + " cases.";
        if (row && row->example.present) text += "\n" + evidence(*row);
        out << (first ? "" : ",") << "\n        {\"ruleId\": " << json_string(f.verdict)
            << ", \"ruleIndex\": " << rule_index[f.verdict]
            << ", \"level\": " << (known ? "\"note\"" : "\"error\"")
            << ", \"message\": {\"text\": " << json_escape_text(text) << "}";
        if (!r.baseline_file.empty())
            out << ", \"baselineState\": " << (known ? "\"unchanged\"" : "\"new\"");
        out << ", \"partialFingerprints\": {\"touchstoneFinding/v1\": " << json_string(f.key())
            << "}";
        if (row && !row->source_file.empty()) {
            std::string uri = row->source_file;
            if (!uri.empty() && uri.front() == '/') uri = "file://" + uri;
            out << ", \"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": "
                << json_string(uri)
                << "}, \"region\": {\"startLine\": " << std::max(1, row->source_line) << "}}}]";
        }
        out << "}";
        first = false;
    };
    for (const Finding& f : r.new_findings) result(f, false);
    for (const Finding& f : r.known_findings) result(f, true);
    out << "\n      ]\n    }\n  ]\n}\n";
}

}  // namespace touchstone::audit
