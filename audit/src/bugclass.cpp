// Bug classes (bug_class.hpp): naming, listing, report.md's section.
#include "touchstone/audit/bug_class.hpp"

#include "touchstone/audit/commands.hpp"

namespace touchstone::audit {

std::string sub_kind(Primitive p, const families::Recipe& r) {
    using families::Family;
    Family base = r.family;
    if (r.family == Family::extreme || r.family == Family::invalid || r.family == Family::decimal ||
        r.family == Family::world || r.family == Family::rotated)
        base = r.base;
    const std::string_view sub = families::sub_name(p, base, r.sub);
    std::string s(families::to_string(base));
    if (!sub.empty() && sub != "?") s += ": " + std::string(sub);
    return s;
}

std::string bug_class_id(const RowResult& row, const BugClass& c) {
    return row.implementation + "/" + std::string(to_string(row.precision)) + "/" +
           std::string(to_string(row.primitive)) + "/" + row.family + "/" + c.sub_kind + "/" +
           std::string(to_string(c.verdict));
}

std::vector<std::pair<const RowResult*, const BugClass*>> bug_classes(const AuditResult& r) {
    std::vector<std::pair<const RowResult*, const BugClass*>> out;
    for (const RowResult& row : r.rows)
        for (const BugClass& c : row.classes) out.emplace_back(&row, &c);
    return out;
}

void write_bug_classes_markdown(std::ostream& out, const AuditResult& r) {
    const auto all = bug_classes(r);
    if (all.empty()) return;
    out << "\n## Bug classes\n\nA bug class is (row, sub-kind, verdict). Each has its own "
           "counterexample, shrunk along its recipe inside the class; `--emit-cases` writes "
           "them all.\n\n"
           "| implementation | prec | primitive | family | sub-kind | verdict | cases | "
           "counterexample |\n|---|---|---|---|---|---|---:|---|\n";
    for (const auto& [row, c] : all)
        out << "| `" << row->implementation << "` | " << to_string(row->precision) << " | "
            << to_string(row->primitive) << " | " << row->family << " | " << c->sub_kind << " | "
            << to_string(c->verdict) << " | " << c->cases << " | `"
            << args_text(c->example.c, false) << "` |\n";
}

void write_bug_classes_html(std::ostream& out, const AuditResult& r) {
    const auto all = bug_classes(r);
    if (all.empty()) return;
    out << "<h2>Bug classes</h2><p>A bug class is (row, sub-kind, verdict). Each has its own "
           "counterexample, shrunk along its recipe inside the class (same sub-kind, same "
           "verdict); <code>--emit-cases</code> writes them all.</p><table><tr><th>implementation"
           "</th><th>prec</th><th>primitive</th><th>family</th><th>sub-kind</th><th>verdict</th>"
           "<th>cases</th><th>counterexample: its recipe and its case line, replayed</th></tr>\n";
    for (const auto& [row, c] : all)
        out << "<tr class=\"bad\"><td>" << html_escape(row->implementation) << "</td><td class=l>"
            << to_string(row->precision) << "</td><td class=l>" << to_string(row->primitive)
            << "</td><td class=l>" << html_escape(row->family) << "</td><td class=l>"
            << html_escape(c->sub_kind) << "</td><td class=l>" << to_string(c->verdict)
            << "</td><td>" << c->cases
            << "</td><td class=l><div class=\"case\">recipe: " << html_escape(c->example.recipe)
            << "</div><div class=\"case\">"
            << html_escape(replay_command(case_line(c->example.c), command_path()))
            << "</div></td></tr>\n";
    out << "</table>\n";
}

}  // namespace touchstone::audit
