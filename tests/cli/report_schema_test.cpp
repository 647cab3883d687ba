// report.json checked against docs/report.schema.json, and the audit's
// determinism: the same seed and budget give byte-identical reports.
#include <gtest/gtest.h>

#include <filesystem>
#include <algorithm>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
#include <unistd.h>

#include "json_value.hpp"
#include "touchstone/audit/commands.hpp"
#include "touchstone/audit/sources.hpp"
#include "touchstone/judge.hpp"
#include "touchstone/primitive.hpp"

namespace fs = std::filesystem;
using touchstone::test::Json;
using touchstone::test::parse_json_file;
using touchstone::test::read_text;

namespace {

/// The text with its timing fields (cost: ns per call) masked: they are
/// wall time, outside the byte-for-byte promise.
/// One linear pass (std::regex took most of this test's 30 s under ASan):
/// the number after `"ns_per_call": ` and the number (or "-") before
/// ` ns/call` become T.
std::string without_timing(const std::string& text) {
    static const std::string json_key = "\"ns_per_call\": ", text_unit = " ns/call";
    const auto in = [](char c, const char* set) { return c != '\0' && std::strchr(set, c); };
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        if (text.compare(i, json_key.size(), json_key) == 0) {
            out += json_key + "T";
            for (i += json_key.size(); i < text.size() && in(text[i], "-+.0123456789e");) ++i;
        } else if (text.compare(i, text_unit.size(), text_unit) == 0) {
            std::size_t keep = out.size();
            while (keep > 0 && in(out[keep - 1], ".0123456789")) --keep;
            if (keep == out.size() && keep > 0 && out[keep - 1] == '-') --keep;
            if (keep < out.size()) out.resize(keep), out += "T";
            out += text_unit;
            i += text_unit.size();
        } else {
            out += text[i++];
        }
    }
    return out;
}

fs::path run_audit_into(const std::string& name, std::uint64_t seed,
                        touchstone::audit::Shard shard = {}, std::uint64_t cases = 60) {
    const fs::path dir =
        fs::temp_directory_path() / ("touchstone-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    touchstone::audit::AuditOptions opt;
    opt.seed = seed;
    opt.cases = cases;
    opt.progress = false;
    opt.out_dir = dir.string();
    opt.emit_cases = (dir / "cases.jsonl").string();
    opt.shard = shard;
    testing::internal::CaptureStdout();
    const int rc = touchstone::audit::run_audit(opt);
    const std::string table = testing::internal::GetCapturedStdout();
    EXPECT_EQ(rc, 0);
    std::ofstream(dir / "table.txt") << table;
    return dir;
}

/// docs/report.schema.json, parsed.
Json report_schema() {
    return parse_json_file(fs::path(TOUCHSTONE_SOURCE_DIR) / "docs/report.schema.json");
}

}  // namespace

TEST(ReportJson, ConformsToItsSchema) {
    const fs::path dir = run_audit_into("schema", 7);
    const Json schema = report_schema();
    const Json report = parse_json_file(dir / "report.json");
    touchstone::test::SchemaChecker checker(schema);
    EXPECT_TRUE(checker.check(report, schema, "$"));
    for (std::size_t i = 0; i < checker.errors.size() && i < 20; ++i)
        ADD_FAILURE() << checker.errors[i];
    // The schema has teeth: a row without "cases" is rejected.
    Json broken = report;
    ASSERT_FALSE(broken.o["rows"].a.empty());
    broken.o["rows"].a[0].o.erase("cases");
    touchstone::test::SchemaChecker strict(schema);
    EXPECT_FALSE(strict.check(broken, schema, "$"));
    fs::remove_all(dir);
}

// A shard's report carries the fields merge needs, and they are in the schema.
TEST(ReportJson, ShardReportConformsToItsSchema) {
    const fs::path dir = run_audit_into("shard", 7, touchstone::audit::Shard{2, 3});
    const Json schema = report_schema();
    const Json report = parse_json_file(dir / "report.json");
    ASSERT_EQ(report.o.count("shard"), 1u);
    EXPECT_EQ(report.o.at("shard").o.at("index").n, 2);
    EXPECT_EQ(report.o.at("shard").o.at("count").n, 3);
    std::size_t with_histogram = 0;
    for (const Json& row : report.o.at("rows").a) {
        ASSERT_EQ(row.o.count("shard"), 1u);
        const Json& h = row.o.at("shard").o.at("ulp_histogram");
        double points = 0;
        for (const Json& b : h.a) points += b.a.at(1).n;
        EXPECT_EQ(points, row.o.at("compared_points").n);
        with_histogram += h.a.empty() ? 0 : 1;
        if (row.o.at("counterexample").type == Json::object) {
            EXPECT_EQ(row.o.at("shard").o.count("pick_rank"), 1u);
        }
    }
    EXPECT_GT(with_histogram, 0u);
    touchstone::test::SchemaChecker checker(schema);
    EXPECT_TRUE(checker.check(report, schema, "$"));
    for (std::size_t i = 0; i < checker.errors.size() && i < 20; ++i)
        ADD_FAILURE() << checker.errors[i];
    fs::remove_all(dir);
}

TEST(ReportJson, EveryTutorialPortHasACounterexampleInTheReport) {
    const fs::path dir = run_audit_into("ports", 3);
    const Json report = parse_json_file(dir / "report.json");
    for (const char* port : {"tutorial-000", "tutorial-001", "tutorial-002-sqrt",
                             "tutorial-002-squared", "tutorial-003", "tutorial-004"}) {
        bool found = false;
        for (const Json& row : report.o.at("rows").a)
            found |= row.o.at("implementation").s == port &&
                     row.o.at("counterexample").type == Json::object;
        EXPECT_TRUE(found) << port;
    }
    fs::remove_all(dir);
}

TEST(Audit, SameSeedAndBudgetGiveByteIdenticalReports) {
    // Three audits of every row: under the sanitizers (their memory checks,
    // not this assertion, are what that run adds) at a third of the budget.
    const std::uint64_t cases = TOUCHSTONE_SANITIZED ? 20 : 60;
    const fs::path a = run_audit_into("det-a", 11, {}, cases),
                   b = run_audit_into("det-b", 11, {}, cases);
    for (const char* f : {"table.txt", "report.json", "report.md", "report.html", "cases.jsonl"})
        EXPECT_EQ(without_timing(read_text(a / f)), without_timing(read_text(b / f))) << f;
    const fs::path c = run_audit_into("det-c", 12, {}, cases);
    EXPECT_NE(read_text(a / "report.json"), read_text(c / "report.json")) << "the seed must matter";
    fs::remove_all(a);
    fs::remove_all(b);
    fs::remove_all(c);
}

// The schema's lists are checked against the sources they come from, so that
// a new primitive, family or verdict cannot leave docs/report.schema.json
// behind.
namespace {

std::set<std::string> schema_enum(const Json& schema, std::initializer_list<const char*> path) {
    const Json* at = &schema;
    for (const char* key : path) at = &at->o.at(key);
    std::set<std::string> out;
    for (const Json& v : at->o.at("enum").a) out.insert(v.s);
    return out;
}

}  // namespace

TEST(ReportSchema, PrimitiveNamesAreTheTable) {
    const Json schema = report_schema();
    std::set<std::string> table;
    for (touchstone::Primitive p : touchstone::all_primitives)
        table.insert(std::string(touchstone::to_string(p)));
    EXPECT_EQ(schema_enum(schema, {"$defs", "row", "properties", "primitive"}), table);
    EXPECT_EQ(schema_enum(schema, {"$defs", "profile", "properties", "primitive"}), table);
    // A case's arguments: as few and as many positions of "args" as the
    // table's primitives have (a polygon is one position, a nested array).
    int fewest = touchstone::max_fields, most = 0;
    for (touchstone::Primitive p : touchstone::all_primitives) {
        fewest = std::min(fewest, touchstone::positions(p));
        most = std::max(most, touchstone::positions(p));
    }
    const Json& args = schema.o.at("$defs").o.at("case").o.at("properties").o.at("args");
    EXPECT_EQ(args.o.at("minItems").n, fewest);
    EXPECT_EQ(args.o.at("maxItems").n, most);
}

TEST(ReportSchema, FamilyNamesAreTheAuditsFamilies) {
    const Json schema = report_schema();
    std::set<std::string> families;
    for (const auto& f : touchstone::audit::family_sources()) families.insert(f.name);
    EXPECT_EQ(schema_enum(schema, {"$defs", "row", "properties", "family"}), families);
}

TEST(ReportSchema, CounterexampleVerdictsAreTheJudgesWrongVerdicts) {
    // A counterexample is a wrong answer, a crash or a timeout (isolated
    // user rows: docs/ci-gate.md).
    const Json schema = report_schema();
    std::set<std::string> wrong;
    for (touchstone::Verdict v : touchstone::all_verdicts)
        if (touchstone::is_wrong(v)) wrong.insert(touchstone::to_string(v));
    EXPECT_EQ(schema_enum(schema, {"$defs", "counterexample", "properties", "verdict"}), wrong);
    EXPECT_EQ(schema_enum(schema, {"$defs", "bug_class", "properties", "verdict"}), wrong);
}
