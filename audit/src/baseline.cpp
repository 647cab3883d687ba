// Baselines: reading, writing, and sorting a run's findings into new, known
// and fixed (baseline.hpp).
#include "touchstone/audit/baseline.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>

#include "touchstone/audit/commands.hpp"

namespace touchstone::audit {

std::string Finding::key() const {
    return implementation + '\t' + precision + '\t' + primitive + '\t' + family + '\t' + verdict;
}

namespace {

/// The fields a baseline line must have, in the order they are written.
const char* const key_fields[] = {"implementation", "precision", "primitive", "family", "verdict"};

/// Parses one flat JSON object whose values are all strings, e.g.
/// {"implementation":"mylib","verdict":"crash"}; false with `error`.
bool parse_flat_object(const std::string& line, std::map<std::string, std::string>& out,
                       std::string& error) {
    std::size_t i = 0;
    auto skip = [&] {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
    };
    auto string_at = [&](std::string& s) {
        skip();
        if (i >= line.size() || line[i] != '"') return false;
        ++i;
        s.clear();
        while (i < line.size() && line[i] != '"') {
            if (line[i] == '\\') {
                if (++i >= line.size()) return false;
                const char e = line[i];
                if (e != '"' && e != '\\' && e != '/') return false;
            }
            s += line[i++];
        }
        if (i >= line.size()) return false;
        ++i;
        return true;
    };
    skip();
    if (i >= line.size() || line[i] != '{') {
        error = "expected a JSON object";
        return false;
    }
    ++i;
    skip();
    if (i < line.size() && line[i] == '}') {
        ++i;
    } else {
        for (;;) {
            std::string k, v;
            if (!string_at(k)) {
                error = "expected a quoted field name";
                return false;
            }
            skip();
            if (i >= line.size() || line[i] != ':') {
                error = "expected ':' after \"" + k + "\"";
                return false;
            }
            ++i;
            if (!string_at(v)) {
                error = "field \"" + k + "\" must be a string";
                return false;
            }
            out[k] = v;
            skip();
            if (i < line.size() && line[i] == ',') {
                ++i;
                continue;
            }
            if (i < line.size() && line[i] == '}') {
                ++i;
                break;
            }
            error = "expected ',' or '}'";
            return false;
        }
    }
    skip();
    if (i != line.size()) {
        error = "text after the object";
        return false;
    }
    return true;
}

/// Checks the values of a baseline entry: a known precision, primitive and verdict.
bool check_entry(const std::map<std::string, std::string>& m, Finding& f, std::string& error) {
    for (const char* k : key_fields) {
        const auto it = m.find(k);
        if (it == m.end() || it->second.empty()) {
            error = std::string("missing field \"") + k + "\"";
            return false;
        }
    }
    for (const auto& kv : m) {
        if (std::find_if(std::begin(key_fields), std::end(key_fields),
                         [&](const char* k) { return kv.first == k; }) == std::end(key_fields) &&
            kv.first != "note") {
            error = "unknown field \"" + kv.first + "\"";
            return false;
        }
    }
    f.implementation = m.at("implementation");
    f.precision = m.at("precision");
    f.primitive = m.at("primitive");
    f.family = m.at("family");
    f.verdict = m.at("verdict");
    if (f.precision != "float" && f.precision != "double") {
        error = "precision = \"" + f.precision + "\" (float or double)";
        return false;
    }
    Primitive p{};
    if (!parse_primitive(f.primitive, p)) {
        error = "primitive = \"" + f.primitive + "\" (not a primitive)";
        return false;
    }
    Verdict v{};
    if (!parse_verdict(f.verdict, v) || !is_wrong(v)) {
        error = "verdict = \"" + f.verdict + "\" (not a failing verdict)";
        return false;
    }
    return true;
}

std::string row_key(const std::string& impl, const std::string& prec, const std::string& prim,
                    const std::string& fam) {
    return impl + '\t' + prec + '\t' + prim + '\t' + fam;
}

}  // namespace

bool read_baseline(const std::string& path, Baseline& out, std::string& error) {
    std::ifstream in(path);
    if (!in) {
        error = "cannot open " + path;
        return false;
    }
    out.file = path;
    out.findings.clear();
    std::string line;
    std::size_t line_no = 0;
    while (std::getline(in, line)) {
        ++line_no;
        const std::size_t first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos || line[first] == '#') continue;
        std::map<std::string, std::string> m;
        Finding f;
        std::string why;
        if (!parse_flat_object(line, m, why) || !check_entry(m, f, why)) {
            error = path + ":" + std::to_string(line_no) + ": " + why;
            return false;
        }
        out.findings.push_back(std::move(f));
    }
    return true;
}

std::vector<Finding> findings_of(const AuditResult& r) {
    std::vector<Finding> out;
    for (const RowResult& row : r.rows) {
        const std::pair<Verdict, std::uint64_t> counts[] = {
            {Verdict::false_hit, row.false_hits},
            {Verdict::false_miss, row.false_misses},
            {Verdict::wrong_kind, row.wrong_kinds},
            {Verdict::wrong_sign, row.wrong_signs},
            {Verdict::nan, row.nans},
            {Verdict::ulps, row.beyond_tolerance},
            {Verdict::wrong_on_invalid, row.wrong_on_invalid},
            {Verdict::crash, row.crashes},
            {Verdict::timeout, row.timeouts},
        };
        for (const auto& [verdict, count] : counts) {
            if (count == 0) continue;
            Finding f;
            f.implementation = row.implementation;
            f.precision = std::string(to_string(row.precision));
            f.primitive = std::string(to_string(row.primitive));
            f.family = row.family;
            f.verdict = to_string(verdict);
            f.count = count;
            if (row.example.present) {
                f.case_line = case_line(row.example.c);
                f.replay = replay_command(f.case_line, command_path());
            }
            out.push_back(std::move(f));
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

void sort_findings(AuditResult& r, const Baseline& b) {
    r.baseline_file = b.file;
    r.new_findings.clear();
    r.known_findings.clear();
    r.fixed_findings.clear();
    std::set<std::string> known;
    for (const Finding& f : b.findings) known.insert(f.key());
    std::set<std::string> found, rows_run;
    for (const RowResult& row : r.rows)
        rows_run.insert(row_key(row.implementation, std::string(to_string(row.precision)),
                                std::string(to_string(row.primitive)), row.family));
    for (Finding& f : findings_of(r)) {
        found.insert(f.key());
        (known.count(f.key()) ? r.known_findings : r.new_findings).push_back(std::move(f));
    }
    std::set<std::string> fixed_seen;
    for (const Finding& f : b.findings) {
        if (found.count(f.key()) || !fixed_seen.insert(f.key()).second) continue;
        if (!rows_run.count(row_key(f.implementation, f.precision, f.primitive, f.family)))
            continue;
        r.fixed_findings.push_back(f);
    }
    std::sort(r.fixed_findings.begin(), r.fixed_findings.end());
}

void write_baseline(std::ostream& out, const AuditResult& r) {
    out << "# touchstone baseline: known findings, one per line, sorted (docs/ci-gate.md)\n";
    std::string last;
    for (const Finding& f : findings_of(r)) {
        if (f.key() == last) continue;
        last = f.key();
        out << "{\"implementation\":" << json_string(f.implementation)
            << ",\"precision\":" << json_string(f.precision)
            << ",\"primitive\":" << json_string(f.primitive)
            << ",\"family\":" << json_string(f.family) << ",\"verdict\":" << json_string(f.verdict)
            << "}\n";
    }
}

void write_findings_text(std::ostream& out, const AuditResult& r, bool markdown) {
    auto line = [&](const Finding& f, const char* state) {
        if (markdown) {
            out << "| " << state << " | `" << f.implementation << "` | " << f.precision << " | "
                << f.primitive << " | " << f.family << " | " << f.verdict << " | "
                << (f.count ? std::to_string(f.count) : std::string("-")) << " |\n";
        } else {
            out << "  " << state << "  " << f.implementation << " " << f.precision << " "
                << f.primitive << " " << f.family << " " << f.verdict;
            if (f.count) out << " (" << f.count << (f.count == 1 ? " case)" : " cases)");
            out << "\n";
            if (!f.case_line.empty() && std::string(state) == "new")
                out << "       case:   " << f.case_line << "\n       replay: " << f.replay << "\n";
        }
    };
    if (markdown) {
        out << "\n## Findings against the baseline `" << r.baseline_file << "`\n\n"
            << r.new_findings.size() << " new, " << r.known_findings.size() << " known, "
            << r.fixed_findings.size() << " fixed.\n\n"
            << "| state | implementation | precision | primitive | family | verdict | cases |\n"
               "|---|---|---|---|---|---|---:|\n";
    } else {
        out << "\nbaseline " << r.baseline_file << ": " << r.new_findings.size() << " new, "
            << r.known_findings.size() << " known, " << r.fixed_findings.size() << " fixed\n";
    }
    for (const Finding& f : r.new_findings) line(f, "new");
    for (const Finding& f : r.known_findings) line(f, "known");
    for (const Finding& f : r.fixed_findings) line(f, "fixed");
}

}  // namespace touchstone::audit
