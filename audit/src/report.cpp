// The audit's table, report.json and report.md.
#include "touchstone/audit/report.hpp"
#include "touchstone/audit/bug_class.hpp"
#include "touchstone/audit/commands.hpp"
#include "touchstone/audit/soundness.hpp"

#include <algorithm>
#include <cstdio>
#include <map>

namespace touchstone::audit {
namespace {

std::string pad(std::string s, std::size_t w, bool right = false) {
    if (s.size() >= w) return s;
    return right ? std::string(w - s.size(), ' ') + s : s + std::string(w - s.size(), ' ');
}

std::string args_hex(const Case& c) { return args_text(c, false); }

std::string num(std::uint64_t v) { return std::to_string(v); }

/// "false_hit", or "crash (SIGFPE)" with the detail of a crash or timeout.
std::string verdict_text(const Counterexample& ex) {
    std::string s = to_string(ex.verdict);
    if (!ex.detail.empty()) s += " (" + ex.detail + ")";
    return s;
}

/// Ulp counts can be astronomically large (a point on the wrong side of the
/// plane); past six digits the table shows them as 4.1e22.
std::string ulps_text(std::uint64_t v) {
    if (v < 1000000) return std::to_string(v);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1e", static_cast<double>(v));
    std::string s = buf;
    const auto e = s.find("e+");
    if (e != std::string::npos) s.erase(e + 1, 1);
    return s;
}

/// A counterexample object of report.json.
void write_counterexample(std::ostream& out, const Counterexample& ex) {
    out << "{\"verdict\": " << json_string(to_string(ex.verdict));
    if (!ex.detail.empty()) out << ", \"detail\": " << json_string(ex.detail);
    out << ", \"ulps\": " << ex.ulps << ", \"sub_kind\": " << json_string(ex.sub_kind)
        << ", \"case\": " << case_line(ex.c) << ", \"got\": " << ex.got
        << ", \"truth\": " << ex.truth << ", \"recipe\": " << json_string(ex.recipe)
        << ", \"replay\": " << json_string(replay_command(case_line(ex.c), command_path())) << "}";
}

/// A row's bug classes, its scale bins (sweep rows) and its cost.
void write_row_extras(std::ostream& out, const AuditResult& r, const RowResult& row) {
    out << ", \"bug_classes\": [";
    for (std::size_t i = 0; i < row.classes.size(); ++i) {
        const BugClass& c = row.classes[i];
        out << (i ? ", " : "") << "{\"sub_kind\": " << json_string(c.sub_kind)
            << ", \"verdict\": " << json_string(to_string(c.verdict)) << ", \"cases\": " << c.cases
            << ", \"counterexample\": ";
        write_counterexample(out, c.example);
        if (r.shard.active()) {
            char rank[40];
            std::snprintf(rank, sizeof rank, "%.17g", c.example.pick_rank);
            out << ", \"shard\": {\"pick_rank\": " << rank
                << ", \"pick_index\": " << c.example.pick_index << "}";
        }
        out << "}";
    }
    out << "]";
    if (row.family == sweep_family) {
        out << ", \"scale_bins\": [";
        for (std::size_t k = 0; k < row.scale_bins.size(); ++k)
            out << (k ? ", " : "") << "[" << row.scale_bins[k].exponent << ", "
                << row.scale_bins[k].cases << ", " << row.scale_bins[k].wrong << "]";
        out << "]";
    }
    out << ", \"timed_calls\": " << row.timed_calls;
    if (row.timed_calls) {
        char ns[40];
        std::snprintf(ns, sizeof ns, "%.6g", row.timed_ns / double(row.timed_calls));
        out << ", \"ns_per_call\": " << ns;
    }
}

}  // namespace

std::vector<Summary> summarize(const AuditResult& r) {
    std::map<std::pair<std::string, std::string>, Summary> sums;
    for (const RowResult& row : r.rows) {
        Summary& s = sums[{row.implementation, std::string(to_string(row.precision))}];
        s.implementation = row.implementation;
        s.precision = std::string(to_string(row.precision));
        s.cases += row.cases;
        s.wrong += row.wrong();
        s.tolerated += row.tolerated;
        ++s.rows;
        s.bad_rows += row.wrong() ? 1 : 0;
        s.timed_calls += row.timed_calls;
        s.timed_ns += row.timed_ns;
    }
    std::vector<Summary> out;
    for (auto& kv : sums) out.push_back(std::move(kv.second));
    return out;
}

std::string html_escape(const std::string& s) {
    std::string o;
    for (char c : s) {
        if (c == '<')
            o += "&lt;";
        else if (c == '>')
            o += "&gt;";
        else if (c == '&')
            o += "&amp;";
        else if (c == '"')
            o += "&quot;";
        else
            o += c;
    }
    return o;
}

/// The arguments in case-file order as hex; a polygon's coordinates (only
/// its n vertices) in brackets, or each named "poly[k]=" when `named`.
std::string args_text(const Case& c, bool named) {
    std::string s;
    const Primitive p = c.primitive;
    for (int i = 0; i < arity(p); ++i) {
        const bool count = field_role(p, i) == Role::count;
        if (count || !live_coordinate(p, c.args.data(), i)) continue;
        const bool first_vertex = field_element(p, i) == 0;
        const bool last_vertex = field_element(p, i) >= 0 &&
                                 (i + 1 >= arity(p) || !live_coordinate(p, c.args.data(), i + 1) ||
                                  field_element(p, i + 1) < 0);
        if (!s.empty()) s += ' ';
        if (named)
            s += arg_name(p, i) + "=";
        else if (first_vertex)
            s += '[';
        s += hex(c.args[static_cast<std::size_t>(i)]);
        if (!named && last_vertex) s += ']';
    }
    return s;
}

void write_table(std::ostream& out, const AuditResult& r) {
    // The name column is as wide as the longest implementation name.
    std::size_t wname = std::string("implementation").size();
    for (const RowResult& row : r.rows) wname = std::max(wname, row.implementation.size());
    wname += 2;
    out << pad("implementation", wname) << pad("prec", 7) << pad("primitive", 22)
        << pad("family", 18) << pad("cases", 7, true) << pad("f.hit", 7, true)
        << pad("f.miss", 7, true) << pad("kind", 6, true) << pad("nan", 6, true)
        << pad("ulp>", 6, true) << pad("worst", 7, true) << pad("med", 5, true)
        << pad("tol'd", 6, true) << "  counterexample (hex args)\n";
    std::uint64_t wrong = 0;
    for (const RowResult& row : r.rows) {
        // A sign answer's wrong signs go in the kind column (its sign is its kind).
        const bool cons = is_construction(row.primitive), sign = is_sign(row.primitive);
        out << pad(row.implementation, wname) << pad(std::string(to_string(row.precision)), 7)
            << pad(std::string(to_string(row.primitive)), 22) << pad(row.family, 18)
            << pad(num(row.cases), 7, true) << pad(sign ? "-" : num(row.false_hits), 7, true)
            << pad(sign ? "-" : num(row.false_misses), 7, true)
            << pad(sign   ? num(row.wrong_signs)
                   : cons ? num(row.wrong_kinds)
                          : "-",
                   6, true)
            << pad(cons ? num(row.nans) : "-", 6, true)
            << pad(cons ? num(row.beyond_tolerance) : "-", 6, true)
            << pad(cons ? ulps_text(row.worst_ulps) : "-", 7, true)
            << pad(cons ? ulps_text(row.median_ulps) : "-", 5, true)
            << pad(row.tolerance == "none" ? "-" : num(row.tolerated), 6, true) << "  ";
        if (row.example.present)
            out << verdict_text(row.example) << ": " << args_hex(row.example.c);
        else if (row.cases && row.invalid == row.cases)
            out << "(invalid input: no truth to compare)";
        out << "\n";
        wrong += row.wrong();
    }
    out << "\n"
        << r.rows.size() << " rows, " << wrong << " wrong answers; seed " << r.seed << ", "
        << r.cases_per_cell << " cases per cell"
        << (r.stopped_by_time ? " (stopped by --seconds)" : "") << shard_note(r.shard) << "\n";
}

void write_json_report(std::ostream& out, const AuditResult& r) {
    out << "{\n  \"schema\": \"touchstone-audit-report/1\",\n  \"version\": "
        << json_string(r.version) << ",\n  \"seed\": " << r.seed
        << ",\n  \"cases_per_cell\": " << r.cases_per_cell
        << ",\n  \"stopped_by_time\": " << (r.stopped_by_time ? "true" : "false")
        << ",\n  \"gate\": {\"implementations\": [";
    for (std::size_t i = 0; i < r.gate.size(); ++i)
        out << (i ? ", " : "") << json_string(r.gate[i]);
    out << "], \"passed\": " << (r.gate_failed ? "false" : "true") << "},";
    write_shard_fields(out, r);
    out << "\n  \"rows\": [";
    for (std::size_t i = 0; i < r.rows.size(); ++i) {
        const RowResult& row = r.rows[i];
        out << (i ? ",\n" : "\n") << "    {\"implementation\": " << json_string(row.implementation)
            << ", \"origin\": " << json_string(row.origin)
            << ", \"precision\": " << json_string(to_string(row.precision))
            << ", \"primitive\": " << json_string(to_string(row.primitive)) << ", \"kind\": "
            << (is_predicate(row.primitive)  ? "\"predicate\""
                : is_sign(row.primitive)     ? "\"sign\""
                : is_fraction(row.primitive) ? "\"fraction\""
                                             : "\"construction\"")
            << ", \"boundary\": " << json_string(row.boundary)
            << ", \"tolerance\": " << json_string(row.tolerance)
            << ", \"family\": " << json_string(row.family) << ", \"cases\": " << row.cases
            << ", \"false_hits\": " << row.false_hits << ", \"false_misses\": " << row.false_misses
            << ", \"wrong_kinds\": " << row.wrong_kinds << ", \"wrong_signs\": " << row.wrong_signs
            << ", \"nan_outputs\": " << row.nans
            << ", \"beyond_tolerance\": " << row.beyond_tolerance
            << ", \"invalid_inputs\": " << row.invalid
            << ", \"wrong_on_invalid\": " << row.wrong_on_invalid
            << ", \"ulp_tolerance\": " << row.ulp_tolerance
            << ", \"compared_points\": " << row.compared_points
            << ", \"worst_ulps\": " << row.worst_ulps << ", \"median_ulps\": " << row.median_ulps
            << ", \"crashes\": " << row.crashes << ", \"timeouts\": " << row.timeouts
            << ", \"wrong\": " << row.wrong() << ", \"wrong_inside_tolerance\": " << row.tolerated
            << ", \"counterexample\": ";
        if (!row.example.present)
            out << "null";
        else
            write_counterexample(out, row.example);
        write_row_extras(out, r, row);
        write_shard_row_fields(out, r, row);
        out << "}";
    }
    out << "\n  ],\n  \"summary\": [";
    const std::vector<Summary> sums = summarize(r);
    for (std::size_t i = 0; i < sums.size(); ++i) {
        const Summary& s = sums[i];
        out << (i ? ",\n" : "\n") << "    {\"implementation\": " << json_string(s.implementation)
            << ", \"precision\": " << json_string(s.precision) << ", \"cases\": " << s.cases
            << ", \"wrong\": " << s.wrong << ", \"wrong_inside_tolerance\": " << s.tolerated
            << ", \"rows\": " << s.rows << ", \"rows_with_a_bug\": " << s.bad_rows
            << ", \"timed_calls\": " << s.timed_calls;
        if (s.timed_calls) out << ", \"ns_per_call\": " << ns_text(s.ns_per_call(), s.timed_calls);
        out << "}";
    }
    out << (sums.empty() ? "],\n" : "\n  ],\n") << "  \"profiles\": ";
    write_profiles_json(out, r);
    if (!r.baseline_file.empty()) {
        out << ",\n  \"baseline\": {\"file\": " << json_string(r.baseline_file);
        const std::pair<const char*, const std::vector<Finding>*> lists[] = {
            {"new", &r.new_findings}, {"known", &r.known_findings}, {"fixed", &r.fixed_findings}};
        for (const auto& [name, list] : lists) {
            out << ", \"" << name << "\": [";
            for (std::size_t i = 0; i < list->size(); ++i) {
                const Finding& f = (*list)[i];
                out << (i ? ", " : "") << "{\"implementation\": " << json_string(f.implementation)
                    << ", \"precision\": " << json_string(f.precision)
                    << ", \"primitive\": " << json_string(f.primitive)
                    << ", \"family\": " << json_string(f.family)
                    << ", \"verdict\": " << json_string(f.verdict) << ", \"cases\": " << f.count
                    << "}";
            }
            out << "]";
        }
        out << "}";
    }
    out << "\n}\n";
}

void write_markdown_report(std::ostream& out, const AuditResult& r) {
    out << "# touchstone audit\n\nSeed " << r.seed << ", " << r.cases_per_cell
        << " cases per (primitive, precision, family) cell. Every answer is checked against the "
           "exact oracle.\n\n";
    if (!r.gate.empty())
        out << "**Gate " << (r.gate_failed ? "FAILED" : "passed") << "** for: " << [&] {
            std::string s;
            for (const auto& g : r.gate) s += (s.empty() ? "`" : ", `") + g + "`";
            return s;
        }() << "\n\n";
    out << "| implementation | precision | cases | wrong | inside declared tol. | rows with a bug "
           "| cost |\n"
           "|---|---|---:|---:|---:|---:|---:|\n";
    for (const Summary& s : summarize(r))
        out << "| `" << s.implementation << "` | " << s.precision << " | " << s.cases << " | "
            << s.wrong << " | " << s.tolerated << " | " << s.bad_rows << " / " << s.rows << " | "
            << ns_text(s.ns_per_call(), s.timed_calls) << " ns/call |\n";
    write_profiles_markdown(out, r);
    out << "\n## Rows with wrong answers\n\n"
        << "| implementation | prec | primitive | family | cases | false hit | false miss | wrong "
           "kind or sign | NaN | "
           "beyond tol. | worst ulp | inside declared tol. | counterexample |\n"
           "|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n";
    for (const RowResult& row : r.rows) {
        if (!row.wrong()) continue;
        out << "| `" << row.implementation << "` | " << to_string(row.precision) << " | "
            << to_string(row.primitive) << " | " << row.family << " | " << row.cases << " | "
            << row.false_hits << " | " << row.false_misses << " | "
            << row.wrong_kinds + row.wrong_signs << " | " << row.nans << " | "
            << row.beyond_tolerance << " | " << row.worst_ulps << " | "
            << (row.tolerance == "none" ? std::string("-") : num(row.tolerated)) << " | "
            << verdict_text(row.example) << ": `" << args_hex(row.example.c) << "` |\n";
    }
    if (!r.baseline_file.empty()) write_findings_text(out, r, true);
    write_bug_classes_markdown(out, r);
}

}  // namespace touchstone::audit
