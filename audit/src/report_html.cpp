// report.html: the audit as a page people want to look at.
#include <map>

#include "touchstone/audit/bug_class.hpp"
#include "touchstone/audit/figures.hpp"
#include "touchstone/audit/commands.hpp"
#include "touchstone/audit/soundness.hpp"

namespace touchstone::audit {
namespace {

std::string esc(const std::string& s) { return html_escape(s); }
std::string args_hex(const Case& c) { return args_text(c, true); }

const char* const style = R"(
body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1250px;color:#222;padding:0 1em}
h1{margin-bottom:.2em} h2{margin-top:2em;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:1em 0} th,td{padding:3px 8px;border-bottom:1px solid #eee;text-align:right}
th{background:#f4f4f4} td:first-child,th:first-child,td.l{text-align:left}
tr.bad td{background:#fff4f2} code{font-size:12px}
.fig{display:inline-block;margin:10px;vertical-align:top;border:1px solid #ddd;padding:8px;border-radius:4px}
.fig h3{font-size:14px;margin:0 0 4px} .case{font:11px monospace;word-break:break-all;max-width:600px}
.legend span{display:inline-block;width:12px;height:12px;margin:0 4px 0 12px;vertical-align:middle}
.maps .fig{width:390px}
)";

}  // namespace

void write_html_report(std::ostream& out, const AuditResult& r, const std::vector<UlpMap>& maps) {
    out << "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>touchstone "
           "audit</title><style>"
        << style << "</style></head><body>\n";
    out << "<h1>touchstone audit</h1><p>Seed " << r.seed << ", " << r.cases_per_cell
        << " cases per (primitive, precision, family) cell; every answer checked against the exact "
           "oracle. "
           "Each implementation is judged under the claim it was registered with: shapes are "
           "closed (touching is a "
           "hit) unless it claims open ones.</p>\n";
    if (!r.gate.empty())
        out << "<p><b>Gate " << (r.gate_failed ? "FAILED" : "passed") << "</b></p>\n";

    out << "<h2>Summary</h2><table><tr><th>implementation</th><th>precision</th><th>cases</"
           "th><th>wrong</th>"
           "<th>inside declared tol.</th><th>rows with a bug</th><th>cost</th></tr>\n";
    for (const Summary& s : summarize(r))
        out << "<tr" << (s.wrong ? " class=\"bad\"" : "") << "><td>" << esc(s.implementation)
            << "</td><td>" << s.precision << "</td><td>" << s.cases << "</td><td>" << s.wrong
            << "</td><td>" << s.tolerated << "</td><td>" << s.bad_rows << " / " << s.rows
            << "</td><td>" << ns_text(s.ns_per_call(), s.timed_calls) << " ns/call</td></tr>\n";
    out << "</table>\n";
    write_profiles_html(out, r);

    // The table.
    out << "<h2>Every "
           "row</h2><table><tr><th>implementation</th><th>prec</th><th>primitive</th><th>family</"
           "th>"
           "<th>cases</th><th>false hits</th><th>false misses</th><th>wrong "
           "kinds or signs</th><th>NaN/Inf</th>"
           "<th>beyond tol.</th><th>worst ulp</th><th>median ulp</th></tr>\n";
    for (const RowResult& row : r.rows) {
        const bool cons = is_construction(row.primitive), sign = is_sign(row.primitive);
        out << "<tr" << (row.wrong() ? " class=\"bad\"" : "") << "><td>" << esc(row.implementation)
            << "</td><td class=l>" << to_string(row.precision) << "</td><td class=l>"
            << to_string(row.primitive) << "</td><td class=l>" << esc(row.family) << "</td><td>"
            << row.cases << "</td><td>" << row.false_hits << "</td><td>" << row.false_misses
            << "</td><td>"
            << (sign   ? std::to_string(row.wrong_signs)
                : cons ? std::to_string(row.wrong_kinds)
                       : "-")
            << "</td><td>" << (cons ? std::to_string(row.nans) : "-") << "</td><td>"
            << (cons ? std::to_string(row.beyond_tolerance) : "-") << "</td><td>"
            << (cons ? std::to_string(row.worst_ulps) : "-") << "</td><td>"
            << (cons ? std::to_string(row.median_ulps) : "-") << "</td></tr>\n";
    }
    out << "</table>\n";

    // Counterexamples.
    out << "<h2>Counterexamples</h2><p>The simplest counterexample of each row, shrunk along "
           "its recipe inside its bug class. Each drawn whole (left) and zoomed onto its contact "
           "point "
           "(right, the red "
           "box on the left), with the exact answer and the computed one. Replay any of them with "
           "the command "
           "under it. Every bug class's own counterexample is in the table after them.</p>\n";
    for (const RowResult& row : r.rows) {
        if (!row.example.present) continue;
        out << "<div class=\"fig\"><h3>" << esc(row.implementation) << " · "
            << to_string(row.precision) << " · " << to_string(row.primitive) << " · "
            << esc(row.family) << " · " << esc(row.example.sub_kind) << "</h3>"
            << counterexample_svg(row) << "<div class=\"case\">" << esc(args_hex(row.example.c))
            << "</div>";
        if (!row.example.recipe.empty())
            out << "<div class=\"case\">recipe: " << esc(row.example.recipe) << "</div>";
        out << "<div class=\"case\">"
            << esc(replay_command(case_line(row.example.c), command_path())) << "</div></div>\n";
    }
    write_bug_classes_html(out, r);

    // Ulp maps.
    out << "<h2>Ulp maps</h2><p>The answer of each implementation on a 64&times;64 grid of ulp "
           "steps of two "
           "arguments around an exact configuration; the black line is the true boundary (after "
           "Kettner et al., "
           "<i>Classroom examples of robustness problems in geometric computations</i>).</p><p "
           "class=\"legend\">"
           "<span style=\"background:#2e7d32\"></span>right hit<span "
           "style=\"background:#dfeee0\"></span>right miss"
           "<span style=\"background:#d32f2f\"></span>false hit<span "
           "style=\"background:#fb8c00\"></span>false miss"
           "</p><div class=\"maps\">\n";
    for (const UlpMap& m : maps) {
        out << "<div class=\"fig\"><h3>" << esc(m.implementation) << " · " << to_string(m.precision)
            << " · " << to_string(m.primitive) << "</h3>" << ulp_map_svg(m)
            << "<div class=\"case\">" << esc(m.configuration) << "; " << m.wrong << " of "
            << m.cells.size() << " cells wrong</div></div>\n";
    }
    out << "</div>\n";
    out << "<script>(function(){var s=document.querySelectorAll('svg'),e=0;"
           "for(var i=0;i<s.length;i++){var "
           "b=s[i].getBBox();if(!(b.width>0&&b.height>0)||s[i].childElementCount<2)e++;}"
           "document.title='touchstone audit: '+s.length+' svg, '+e+' empty';})();</script>\n";
    out << "</body></html>\n";
}

}  // namespace touchstone::audit
