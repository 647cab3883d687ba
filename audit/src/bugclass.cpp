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

}  // namespace touchstone::audit
