// touchstone::audit — bug classes: a row's wrong answers grouped by the
// sub-kind of the recipe that built the case and by the verdict. The report
// keeps one shrunk counterexample per class (issue 13), and the shrinker
// keeps a case inside its class.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "touchstone/audit/report.hpp"
#include "touchstone/families/families.hpp"

namespace touchstone::audit {

/// The sub-kind of a recipe, as the report names it: the geometry family and
/// its sub-kind ("tangent: external", "computed: junction at a computed
/// intersection", "collinear: overlap"), or the geometry family alone when
/// it has no sub-kinds ("uniform"). The extreme and invalid rows, decimal,
/// world, rotated and the scale sweep name the geometry they were built on,
/// so "world" over a T-junction and "world" over an overlap are two classes.
std::string sub_kind(Primitive p, const families::Recipe& r);

/// "implementation/precision/primitive/family/sub-kind/verdict": a class's
/// id (the case id of its counterexample), unique in a report.
std::string bug_class_id(const RowResult& row, const BugClass& c);

/// Every bug class of the result, in row order then (sub-kind, verdict).
std::vector<std::pair<const RowResult*, const BugClass*>> bug_classes(const AuditResult& r);

/// report.md's section: one line per bug class with its shrunk counterexample.
void write_bug_classes_markdown(std::ostream& out, const AuditResult& r);
/// report.html's section: the same, with each class's recipe and replay command.
void write_bug_classes_html(std::ostream& out, const AuditResult& r);

}  // namespace touchstone::audit
