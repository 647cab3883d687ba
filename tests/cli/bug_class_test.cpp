// Bug classes, the shrinker keeping them, the soundness profile and the
// cost fields of report.json (issue 13), on real audits run in-process.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <unistd.h>

#include "json_value.hpp"
#include "touchstone/audit/commands.hpp"
#include "touchstone/audit/registry.hpp"
#include "touchstone/audit/soundness.hpp"
#include "touchstone/case_file.hpp"
#include "touchstone/judge.hpp"

namespace fs = std::filesystem;
using touchstone::test::Json;
using touchstone::test::parse_json_file;

namespace {

/// Runs the audit in-process into a fresh folder; returns it.
fs::path audit_into(const std::string& name, std::vector<std::string> only, std::uint64_t cases,
                    bool shrink = true) {
    const fs::path dir =
        fs::temp_directory_path() / ("touchstone-bc-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    touchstone::audit::AuditOptions opt;
    opt.seed = 3;
    opt.cases = cases;
    opt.progress = false;
    opt.only = std::move(only);
    opt.shrink = shrink;
    opt.out_dir = dir.string();
    opt.emit_cases = (dir / "cases.jsonl").string();
    testing::internal::CaptureStdout();
    EXPECT_EQ(touchstone::audit::run_audit(opt), 0);
    testing::internal::GetCapturedStdout();
    return dir;
}

const touchstone::audit::Implementation* find_impl(const Json& row) {
    for (const auto& impl : touchstone::audit::implementations())
        if (impl.name == row.o.at("implementation").s &&
            touchstone::to_string(impl.primitive) == row.o.at("primitive").s &&
            touchstone::to_string(impl.precision) == row.o.at("precision").s)
            return &impl;
    return nullptr;
}

std::string class_key(const Json& row, const Json& c) {
    return row.o.at("implementation").s + "/" + row.o.at("precision").s + "/" +
           row.o.at("primitive").s + "/" + row.o.at("family").s + "/" + c.o.at("sub_kind").s + "/" +
           c.o.at("verdict").s;
}

std::string case_args(const Json& c) {
    std::string s;
    for (const Json& a : c.o.at("counterexample").o.at("case").o.at("args").a) s += a.s + " ";
    return s;
}

}  // namespace

// Every bug class's shrunk counterexample is still in its class: judged
// again, it gets the class's verdict (outside any tolerance), and the recipe
// it was shrunk to has the class's sub-kind. The shrinks are real: many
// classes' cases differ from the unshrunk run's.
TEST(BugClass, ShrunkCounterexampleKeepsItsSubKindAndVerdict) {
    const std::vector<std::string> only{"tutorial*", "textbook*"};
    // Under the sanitizers a smaller budget (still thousands of classes: 3,697
    // at 150 cases, 4,411 at 400); the Release run asserts it at 400.
    const std::uint64_t cases = TOUCHSTONE_SANITIZED ? 150 : 400;
    const fs::path shrunk = audit_into("shrunk", only, cases);
    const fs::path raw = audit_into("raw", only, cases, false);
    const Json a = parse_json_file(shrunk / "report.json"),
               b = parse_json_file(raw / "report.json");
    std::map<std::string, std::string> unshrunk;  // class -> its case before shrinking
    for (const Json& row : b.o.at("rows").a)
        for (const Json& c : row.o.at("bug_classes").a) unshrunk[class_key(row, c)] = case_args(c);
    std::size_t classes = 0, moved = 0;
    for (const Json& row : a.o.at("rows").a) {
        const auto* impl = find_impl(row);
        ASSERT_NE(impl, nullptr) << row.o.at("implementation").s;
        std::uint64_t in_classes = 0;
        for (const Json& c : row.o.at("bug_classes").a) {
            ++classes;
            const std::string key = class_key(row, c);
            const Json& ex = c.o.at("counterexample");
            EXPECT_EQ(ex.o.at("sub_kind").s, c.o.at("sub_kind").s) << key;
            EXPECT_EQ(ex.o.at("verdict").s, c.o.at("verdict").s) << key;
            ASSERT_EQ(unshrunk.count(key), 1u) << "shrinking changed the set of classes: " << key;
            moved += unshrunk[key] != case_args(c);
            // Judge the shrunk case again.
            touchstone::Case k;
            std::string why;
            std::ostringstream line;
            ASSERT_TRUE(touchstone::parse_case_line(
                [&] {
                    std::string s = "{\"primitive\":\"" + row.o.at("primitive").s +
                                    "\",\"precision\":\"" + row.o.at("precision").s +
                                    "\",\"args\":[";
                    bool first = true;
                    for (const Json& x : ex.o.at("case").o.at("args").a) {
                        s += first ? "" : ",";
                        if (x.type != Json::array) {
                            s += "\"" + x.s + "\"";
                        } else {  // a polygon: its nested array of 2n numbers
                            s += "[";
                            for (std::size_t k = 0; k < x.a.size(); ++k)
                                s += (k ? ",\"" : "\"") + x.a[k].s + "\"";
                            s += "]";
                        }
                        first = false;
                    }
                    return s + "]}";
                }(),
                k, why))
                << why;
            const touchstone::Answer exact =
                touchstone::exact_answer(impl->primitive, impl->precision, k.args.data());
            const touchstone::Judgement j =
                touchstone::audit::judge(*impl, k.args.data(), impl->eval(k.args.data()), exact);
            EXPECT_FALSE(j.tolerated) << key;
            EXPECT_EQ(std::string(touchstone::to_string(j.verdict)), c.o.at("verdict").s) << key;
            in_classes += static_cast<std::uint64_t>(c.o.at("cases").n);
        }
        // The classes split the row's wrong answers.
        EXPECT_EQ(in_classes, static_cast<std::uint64_t>(row.o.at("wrong").n))
            << row.o.at("implementation").s << " " << row.o.at("family").s;
        if (row.o.at("counterexample").type == Json::object) {
            bool among = false;
            for (const Json& c : row.o.at("bug_classes").a)
                among |= case_args(c) == [&] {
                    std::string s;
                    for (const Json& x : row.o.at("counterexample").o.at("case").o.at("args").a)
                        s += x.s + " ";
                    return s;
                }();
            EXPECT_TRUE(among) << "the row's counterexample is one of its classes'";
        }
    }
    EXPECT_GT(classes, 100u) << "the tutorials have many bug classes";
    EXPECT_GT(moved, classes / 4) << "shrinking moved few cases: " << moved << " of " << classes;
    // --emit-cases writes every class, each under its own id.
    std::ifstream lines(shrunk / "cases.jsonl");
    std::set<std::string> ids;
    std::size_t n = 0;
    for (std::string l; std::getline(lines, l); ++n) {
        touchstone::Case k;
        std::string why;
        ASSERT_TRUE(touchstone::parse_case_line(l, k, why)) << why;
        ids.insert(k.id);
    }
    EXPECT_EQ(n, classes);
    EXPECT_EQ(ids.size(), classes);
    fs::remove_all(shrunk);
    fs::remove_all(raw);
}

// The soundness profile: the robust core is sound everywhere; tutorial 002's
// squared form (double) is sound up to its overflow near 2^511 and down to
// where its squares underflow; tutorial 001 is wrong at ordinary scales.
TEST(Soundness, RobustEverywhereSquaredFormUpToItsOverflow) {
    const fs::path dir = audit_into(
        "sound", {"scale_sweep", "robust", "tutorial-002-squared", "tutorial-001"}, 6000);
    const Json r = parse_json_file(dir / "report.json");
    std::size_t robust = 0;
    bool squared = false, t001 = false;
    for (const Json& p : r.o.at("profiles").a) {
        const std::string& impl = p.o.at("implementation").s;
        // Left open: the polygon primitives' sweeps cover fewer exponents
        // (point_in_polygon, polygons_overlap, polygon_hits_disk: about 127
        // float, 970 double bins); the fixed-size primitives' bound is kept
        // for them.
        touchstone::Primitive prim{};
        const auto has_polygon = [](touchstone::Primitive q) {
            for (int k = 0; k < touchstone::info(q).operand_count; ++k)
                if (touchstone::shape_variable(
                        touchstone::info(q).operands[static_cast<std::size_t>(k)]))
                    return true;
            return false;
        };
        if (touchstone::parse_primitive(p.o.at("primitive").s, prim) && !has_polygon(prim)) {
            EXPECT_GT(p.o.at("scale_bins").a.size(),
                      p.o.at("precision").s == "float" ? 200u : 1500u)
                << "the sweep covers the exponents";
        }
        if (impl == "robust") {
            ++robust;
            EXPECT_EQ(p.o.at("soundness").s, "sound everywhere") << p.o.at("primitive").s;
        }
        if (impl == "tutorial-002-squared" && p.o.at("precision").s == "double") {
            squared = true;
            ASSERT_TRUE(p.o.at("sound_at_ordinary_scales").b);
            const double to = p.o.at("sound_to_exponent").n, from = p.o.at("sound_from_exponent").n;
            EXPECT_GE(to, 505);
            EXPECT_LE(to, 511) << "dx*dx overflows from |x| = 2^512 on";
            EXPECT_LE(from, -500);
            EXPECT_GE(from, -560);
            EXPECT_EQ(p.o.at("soundness").s, "sound for |x| in [2^" + std::to_string(int(from)) +
                                                 ", 2^" + std::to_string(int(to) + 1) + ")");
        }
        if (impl == "tutorial-001" && p.o.at("precision").s == "float") {
            t001 = true;
            EXPECT_FALSE(p.o.at("sound_at_ordinary_scales").b);
        }
    }
    EXPECT_EQ(robust, 2 * touchstone::all_primitives.size())
        << "robust: every primitive, float and double";
    EXPECT_TRUE(squared);
    EXPECT_TRUE(t001);
    // Cost: every summary line was timed.
    for (const Json& s : r.o.at("summary").a) {
        EXPECT_GT(s.o.at("timed_calls").n, 0) << s.o.at("implementation").s;
        EXPECT_GT(s.o.at("ns_per_call").n, 0) << s.o.at("implementation").s;
    }
    fs::remove_all(dir);
}

// The summary line is computed from the wrong exponents as docs/judging.md
// says: the widest run without a wrong answer that contains -10 .. 10.
TEST(Soundness, LineFromTheWrongExponents) {
    using touchstone::Precision;
    using touchstone::audit::AuditResult;
    using touchstone::audit::RowResult;
    using touchstone::audit::ScaleBin;
    auto profile = [](Precision prec, std::vector<ScaleBin> bins) {
        AuditResult r;
        RowResult row;
        row.implementation = "x";
        row.precision = prec;
        row.family = touchstone::audit::sweep_family;
        row.scale_bins = std::move(bins);
        r.rows.push_back(row);
        const auto ps = touchstone::audit::profiles(r);
        EXPECT_EQ(ps.size(), 1u);
        return ps.at(0);
    };
    const Precision d = Precision::f64;
    EXPECT_EQ(profile(d, {{-1074, 3, 0}, {0, 5, 0}, {1023, 2, 0}}).line(), "sound everywhere");
    auto p = profile(d, {{-700, 4, 1},
                         {-600, 4, 2},
                         {-599, 4, 0},
                         {0, 5, 0},
                         {511, 3, 0},
                         {512, 3, 3},
                         {900, 3, 1}});
    EXPECT_TRUE(p.ordinary);
    EXPECT_EQ(p.from, -599);
    EXPECT_EQ(p.to, 511);
    EXPECT_EQ(p.untested, static_cast<std::uint64_t>(511 + 599 + 1 - 3));
    EXPECT_EQ(p.line(), "sound for |x| in [2^-599, 2^512)");
    // Sound down to the lowest exponent (which also holds |x| = 0): [0, ...).
    EXPECT_EQ(profile(d, {{-1074, 2, 0}, {64, 1, 1}}).line(), "sound for |x| in [0, 2^64)");
    // A wrong answer at an ordinary scale: the one closest to 2^0 is named.
    EXPECT_EQ(profile(Precision::f32, {{-9, 2, 1}, {3, 2, 1}, {40, 2, 1}}).line(),
              "not sound at ordinary scales (wrong at 2^3)");
    // The scale of a case: its largest finite |argument|; all zero is the lowest bin.
    const double a[] = {0.5, -3.0, 0x1p-1074, 2.0};
    EXPECT_EQ(touchstone::audit::scale_exponent(d, a, 4), 1);
    const double z[] = {0.0, -0.0};
    EXPECT_EQ(touchstone::audit::scale_exponent(d, z, 2), -1074);
    EXPECT_EQ(touchstone::audit::scale_exponent(Precision::f32, z, 2), -149);
}
