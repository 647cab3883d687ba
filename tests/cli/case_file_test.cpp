// The case-file format of docs/case-format.md: round trips, decimal input,
// errors that name the field, field layouts with variable-size operands
// (nested arrays), and every case file of the repository still reading as
// it did.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <regex>
#include <string>
#include <vector>

#include "touchstone/case_file.hpp"

namespace ts = touchstone;

TEST(CaseFile, WritesEveryNumberAsHex) {
    ts::Case c;
    c.primitive = ts::Primitive::segment_hits_disk;
    c.precision = ts::Precision::f64;
    c.args = {0, 0, 4, 0, 2, 1, 1, 0};
    EXPECT_EQ(ts::case_line(c),
              "{\"primitive\":\"segment_hits_disk\",\"precision\":\"double\",\"args\":[\"0x0p+0\","
              "\"0x0p+0\",\"0x1p+2\",\"0x0p+0\",\"0x1p+1\",\"0x1p+0\",\"0x1p+0\"]}");
}

TEST(CaseFile, RoundTripsBitExactly) {
    ts::Case c;
    c.primitive = ts::Primitive::segment_intersection;
    c.precision = ts::Precision::f64;
    c.args = {0.1,
              -0.0,
              std::numeric_limits<double>::denorm_min(),
              1e300,
              std::numeric_limits<double>::infinity(),
              -std::numeric_limits<double>::max(),
              3.5,
              7};
    c.id = "x\"y";
    c.family = "extreme";
    ts::Case back;
    std::string err;
    ASSERT_TRUE(ts::parse_case_line(ts::case_line(c), back, err)) << err;
    EXPECT_EQ(back.primitive, c.primitive);
    EXPECT_EQ(back.id, c.id);
    EXPECT_EQ(back.family, c.family);
    for (std::size_t i = 0; i < 8; ++i) {
        EXPECT_EQ(std::signbit(back.args[i]), std::signbit(c.args[i])) << i;
        EXPECT_EQ(back.args[i], c.args[i]) << i;
    }
}

TEST(CaseFile, DecimalFloatInputRoundsOnceToFloat) {
    // "0.1" as a float case must be the float nearest 0.1, not the double
    // nearest 0.1 (which a float cannot hold).
    ts::Case c;
    std::string err;
    ASSERT_TRUE(ts::parse_case_line(
        R"({"primitive":"point_in_disk","precision":"float","args":["0.1",2,3,4,5]})", c, err))
        << err;
    EXPECT_EQ(c.args[0], static_cast<double>(0.1f));
    EXPECT_EQ(c.args[1], 2.0);
}

TEST(CaseFile, InexactHexForFloatIsAnErrorNamingTheField) {
    ts::Case c;
    std::string err;
    EXPECT_FALSE(ts::parse_case_line(
        R"({"primitive":"disks_overlap","precision":"float","args":["0","0","1","0x1.000001p+0","0","1"]})",
        c, err));
    EXPECT_NE(err.find("args[3] (c2x)"), std::string::npos) << err;
}

TEST(CaseFile, WrongArityNamesTheCount) {
    ts::Case c;
    std::string err;
    EXPECT_FALSE(ts::parse_case_line(R"({"primitive":"point_in_disk","args":["0","0"]})", c, err));
    EXPECT_NE(err.find("takes 5 numbers, got 2"), std::string::npos) << err;
}

TEST(CaseFile, UnknownPrimitiveAndMissingFieldsAreNamed) {
    ts::Case c;
    std::string err;
    EXPECT_FALSE(ts::parse_case_line(R"({"primitive":"box_hits_box","args":[]})", c, err));
    EXPECT_NE(err.find("field primitive"), std::string::npos) << err;
    EXPECT_FALSE(ts::parse_case_line(R"({"args":["1"]})", c, err));
    EXPECT_NE(err.find("field primitive: missing"), std::string::npos) << err;
    EXPECT_FALSE(ts::parse_case_line(R"({"primitive":"point_in_disk"})", c, err));
    EXPECT_NE(err.find("field args: missing"), std::string::npos) << err;
}

TEST(CaseFile, GarbageIsRejectedNotCrashed) {
    ts::Case c;
    std::string err;
    for (const char* bad :
         {"", "{", "[]", "{\"primitive\":", "{\"args\":[\"1\",]}", "{} x",
          "{\"primitive\":\"point_in_disk\",\"args\":[\"1e\",\"0\",\"0\",\"0\",\"1\"]}"}) {
        EXPECT_FALSE(ts::parse_case_line(bad, c, err)) << bad;
        EXPECT_FALSE(err.empty()) << bad;
    }
}

TEST(CaseFile, ReplayCommandQuotesForTheShell) {
    EXPECT_EQ(ts::replay_command("{\"id\":\"it's\"}", "touchstone"),
              "echo '{\"id\":\"it'\\''s\"}' | touchstone replay -");
}

// ---------------------------------------------------------------------------
// Field layouts.

TEST(CaseFile, LayoutOfEveryPrimitiveIsItsTableRow) {
    for (ts::Primitive p : ts::all_primitives) {
        const ts::FieldLayout l = ts::layout_of(p);
        SCOPED_TRACE(std::string(l.primitive));
        EXPECT_TRUE(l.consistent());
        EXPECT_EQ(l.primitive, ts::to_string(p));
        EXPECT_EQ(l.positions(), ts::positions(p));
        // A polygon (variable size) is one position holding 2n numbers; every
        // other operand is one position per field.
        bool variable = false;
        for (int k = 0; k < ts::info(p).operand_count; ++k)
            variable =
                variable || ts::shape_variable(ts::info(p).operands[static_cast<std::size_t>(k)]);
        EXPECT_EQ(l.fixed(), !variable);
        if (!variable) {
            EXPECT_EQ(ts::number_count(l, {}), ts::arity(p));
        }
        for (int i = 0; i < ts::arity(p); ++i) {
            EXPECT_EQ(l.name(ts::field_position(p, i)), ts::field_name(p, i));
            if (ts::field_element(p, i) < 0 && ts::field_role(p, i) != ts::Role::count) {
                EXPECT_EQ(ts::arg_name(p, i), std::string(ts::field_name(p, i)));
            }
        }
        EXPECT_EQ(l.name(ts::positions(p)), "?");
    }
}

namespace {

// Layouts of primitives the table does not have yet, built here: a point and
// a polygon of 3..16 vertices; a polygon and a circle (the example of
// docs/case-format.md); two polygons.
constexpr ts::FieldLayout point_polygon{
    "point_in_polygon", "px py poly", 2, {{{2, 0, 0}, {0, 3, 16}}}};
constexpr ts::FieldLayout polygon_circle{
    "polygon_hits_disk", "poly cx cy r", 2, {{{0, 3, 16}, {3, 0, 0}}}};
constexpr ts::FieldLayout two_polygons{"polygons_overlap", "p q", 2, {{{0, 3, 16}, {0, 3, 16}}}};
static_assert(point_polygon.consistent() && polygon_circle.consistent() &&
              two_polygons.consistent());
static_assert(!point_polygon.fixed() && point_polygon.positions() == 3);

std::string parse_error(std::string_view json, const ts::FieldLayout& layout,
                        ts::Precision prec = ts::Precision::f64) {
    ts::ArgValues v;
    std::string err;
    EXPECT_FALSE(ts::parse_args(json, layout, prec, v, err)) << json;
    return err;
}

}  // namespace

TEST(CaseFile, InconsistentLayoutsAreCaught) {
    constexpr ts::FieldLayout names_short{"x", "px py", 2, {{{2, 0, 0}, {0, 3, 16}}}};
    constexpr ts::FieldLayout empty_range{"x", "px py poly", 2, {{{2, 0, 0}, {0, 5, 4}}}};
    static_assert(!names_short.consistent());
    static_assert(!empty_range.consistent());
}

TEST(CaseFile, NestedArrayIsAVariableSizeOperand) {
    ts::ArgValues v;
    std::string err;
    ASSERT_TRUE(ts::parse_args(R"(["0x1p+0", 2, [0, 0, "4", 0, "0x0p+0", "0x1p+2"]])",
                               point_polygon, ts::Precision::f64, v, err))
        << err;
    EXPECT_EQ(v.numbers, (std::vector<double>{1, 2, 0, 0, 4, 0, 0, 4}));
    EXPECT_EQ(v.vertices[0], 0);
    EXPECT_EQ(v.vertices[1], 3);
    EXPECT_EQ(ts::number_count(point_polygon, v.vertices), 8);
    EXPECT_EQ(ts::args_json(point_polygon, v),
              R"(["0x1p+0","0x1p+1",["0x0p+0","0x0p+0","0x1p+2","0x0p+0","0x0p+0","0x1p+2"]])");
}

TEST(CaseFile, TheDocumentedPolygonAndCircleExampleReads) {
    ts::ArgValues v;
    std::string err;
    const std::string json =
        R"([["0x0p+0","0x0p+0","0x1p+2","0x0p+0","0x0p+0","0x1p+2"],"0x1p+0","0x1p+0","0x1p-1"])";
    ASSERT_TRUE(ts::parse_args(json, polygon_circle, ts::Precision::f64, v, err)) << err;
    EXPECT_EQ(v.numbers, (std::vector<double>{0, 0, 4, 0, 0, 4, 1, 1, 0.5}));
    EXPECT_EQ(v.vertices[0], 3);
    EXPECT_EQ(v.vertices[1], 0);
    EXPECT_EQ(ts::args_json(polygon_circle, v), json);
}

TEST(CaseFile, VariableSizeOperandsRoundTripBitExactly) {
    const double tiny = std::numeric_limits<double>::denorm_min();
    const double inf = std::numeric_limits<double>::infinity();
    for (int n : {3, 7, 16}) {
        ts::ArgValues v;
        v.vertices = {n, 16 + 3 - n};
        for (int i = 0; i < 2 * (n + 16 + 3 - n); ++i) {
            const double x = i % 5 == 0   ? -0.0
                             : i % 5 == 1 ? tiny
                             : i % 5 == 2 ? 0.1 * i
                             : i % 5 == 3 ? -1e300
                                          : inf;
            v.numbers.push_back(x);
        }
        const std::string json = ts::args_json(two_polygons, v);
        ts::ArgValues back;
        std::string err;
        ASSERT_TRUE(ts::parse_args(json, two_polygons, ts::Precision::f64, back, err))
            << err << "\n"
            << json;
        EXPECT_EQ(back.vertices, v.vertices);
        ASSERT_EQ(back.numbers.size(), v.numbers.size());
        for (std::size_t i = 0; i < v.numbers.size(); ++i) {
            EXPECT_EQ(std::signbit(back.numbers[i]), std::signbit(v.numbers[i])) << i;
            EXPECT_EQ(back.numbers[i], v.numbers[i]) << i;
        }
        EXPECT_EQ(ts::args_json(two_polygons, back), json);
    }
}

TEST(CaseFile, VariableSizeErrorsNameTheOperandAndIndex) {
    EXPECT_EQ(parse_error(R"([0, 0, [1, 2, 3, 4, 5]])", point_polygon),
              "field args[2] (poly): expected 2n numbers, 3 <= n <= 16, got 5");
    EXPECT_EQ(parse_error(R"([0, 0, [1, 2, 3, 4]])", point_polygon),
              "field args[2] (poly): expected 2n numbers, 3 <= n <= 16, got 4");
    EXPECT_EQ(parse_error(R"([0, 0, []])", point_polygon),
              "field args[2] (poly): expected 2n numbers, 3 <= n <= 16, got 0");
    std::string big = "[0, 0, [0";
    for (int i = 1; i < 34; ++i) big += ", " + std::to_string(i);
    big += "]]";
    EXPECT_EQ(parse_error(big, point_polygon),
              "field args[2] (poly): expected 2n numbers, 3 <= n <= 16, got 34");
    EXPECT_EQ(parse_error(R"([0, 0, 1])", point_polygon),
              "field args[2] (poly): expected an array of 2n numbers, 3 <= n <= 16");
    EXPECT_EQ(parse_error(R"([[0, 0], 0, [0, 0, 1, 0, 0, 1]])", point_polygon),
              "field args[0] (px): expected a number, got an array");
    EXPECT_EQ(parse_error(R"([0, 0, [0, 0, 1, "x", 0, 1]])", point_polygon),
              "field args[2][3] (poly): not a number: \"x\"");
    EXPECT_EQ(parse_error(R"([[0, 0, 1, 0, 0, 1], 0, "0x1.0000001p+0", 1])", polygon_circle,
                          ts::Precision::f32),
              "field args[2] (cy): \"0x1.0000001p+0\" is not exactly representable as a float");
    EXPECT_EQ(
        parse_error(R"([[0, 0, 1, 0, 0, "0x1.0000001p+0"], 0, 0, 1])", polygon_circle,
                    ts::Precision::f32),
        "field args[0][5] (poly): \"0x1.0000001p+0\" is not exactly representable as a float");
    EXPECT_EQ(parse_error(R"([0, 0])", point_polygon),
              "field args: point_in_polygon takes 3 values (px py poly), got 2");
    EXPECT_EQ(parse_error(R"([0, 0, [[0, 0]]])", point_polygon)
                  .rfind("field args: arrays in args nest one level at most", 0),
              0u);
    EXPECT_EQ(parse_error(R"([0, 0, [0, 0, 1, 0, 0, 1])", point_polygon)
                  .rfind("field args: expected ']'", 0),
              0u);
    EXPECT_EQ(parse_error(R"([0, 0, [0, 0, 1, 0, 0, 1]] x)", point_polygon),
              "field args: trailing characters after the array");
}

TEST(CaseFile, NestedArrayForAFixedSizeFieldIsAnError) {
    ts::Case c;
    std::string err;
    EXPECT_FALSE(ts::parse_case_line(
        R"({"primitive":"point_in_disk","args":[["0","0"],"0","0","1"]})", c, err));
    EXPECT_EQ(err, "field args: point_in_disk takes 5 numbers, got 4");
    EXPECT_FALSE(ts::parse_case_line(
        R"({"primitive":"point_in_disk","args":["0",["0"],"0","0","1"]})", c, err));
    EXPECT_EQ(err, "field args[1] (py): expected a number, got an array");
}

TEST(CaseFile, SyntaxErrorsInArgsNameTheFieldOnce) {
    ts::Case c;
    std::string err;
    EXPECT_FALSE(ts::parse_case_line(R"({"primitive":"point_in_disk","args":["0","0","0","0","1"})",
                                     c, err));
    EXPECT_EQ(err.rfind("field args: expected ']' at column ", 0), 0u) << err;
    EXPECT_EQ(err.find("field args: field"), std::string::npos) << err;
    EXPECT_FALSE(ts::parse_case_line(R"({"primitive":"point_in_disk","args":"0"})", c, err));
    EXPECT_EQ(err, "field args: expected an array");
}

TEST(CaseFile, FixedSizeCasesHaveNoVertices) {
    ts::Case c;
    std::string err;
    ASSERT_TRUE(ts::parse_case_line(
        R"({"primitive":"segments_intersect","args":["0","0","1","1","0","1","1","0"]})", c, err));
    EXPECT_EQ(c.vertices, (std::array<int, ts::max_operands>{}));
    EXPECT_FALSE(ts::parse_case_line(
        R"({"primitive":"segments_intersect","args":["0","0","1","1","0","1","1"]})", c, err));
    EXPECT_EQ(err, "field args: segments_intersect takes 8 numbers, got 7");
}

// ---------------------------------------------------------------------------
// Every case file of the repository reads as it did before layouts: each
// number is the value the C library reads from its text (strtod, or strtof
// for a decimal in a float case), and writes back bit-exactly.

namespace {

struct FileLine {
    int number;
    std::string text;
};

std::vector<FileLine> case_lines(const std::string& relative) {
    std::ifstream in(std::string(TOUCHSTONE_SOURCE_DIR) + "/" + relative);
    EXPECT_TRUE(in.good()) << relative;
    std::vector<FileLine> out;
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
        const auto b = line.find_first_not_of(" \t\r");
        if (b != std::string::npos && line[b] != '#') out.push_back({n, line});
    }
    return out;
}

/// The strings of "args" in a line (every case file of the repository
/// writes its numbers as strings).
std::vector<std::string> arg_strings(const std::string& line) {
    std::vector<std::string> out;
    const auto at = line.find("\"args\":[");
    // The bracket that closes "args" (two polygons are two nested arrays).
    auto end = line.find('[', at);
    for (int depth = 0; end < line.size(); ++end) {
        depth += line[end] == '[' ? 1 : line[end] == ']' ? -1 : 0;
        if (depth == 0) break;
    }
    const std::string args = line.substr(at, end - at);
    static const std::regex item("\"([^\"]*)\"");
    for (auto it = std::sregex_iterator(args.begin(), args.end(), item);
         it != std::sregex_iterator(); ++it)
        out.push_back((*it)[1]);
    out.erase(out.begin());  // "args"
    return out;
}

void expect_reads_as_written(const std::string& relative) {
    const auto lines = case_lines(relative);
    EXPECT_FALSE(lines.empty()) << relative;
    for (const FileLine& l : lines) {
        SCOPED_TRACE(relative + ":" + std::to_string(l.number));
        ts::Case c;
        std::string err;
        ASSERT_TRUE(ts::parse_case_line(l.text, c, err)) << err;
        const std::vector<std::string> texts = arg_strings(l.text);
        // The numbers as written, in order (a polygon's 2n coordinates
        // inline): what the case's table-laid-out arguments hold.
        const ts::ArgValues values = ts::arg_values(c.primitive, c.args.data());
        ASSERT_EQ(texts.size(), values.numbers.size());
        for (std::size_t i = 0; i < texts.size(); ++i) {
            const bool hex = texts[i].find("0x") != std::string::npos;
            const double want = c.precision == ts::Precision::f32 && !hex
                                    ? static_cast<double>(std::strtof(texts[i].c_str(), nullptr))
                                    : std::strtod(texts[i].c_str(), nullptr);
            if (std::isnan(want)) {
                EXPECT_TRUE(std::isnan(values.numbers[i])) << i;
            } else {
                EXPECT_EQ(values.numbers[i], want) << i;
                EXPECT_EQ(std::signbit(values.numbers[i]), std::signbit(want)) << i;
            }
        }
        ts::Case back;
        ASSERT_TRUE(ts::parse_case_line(ts::case_line(c), back, err)) << err;
        EXPECT_EQ(ts::case_line(back), ts::case_line(c));
        EXPECT_EQ(back.id, c.id);
        EXPECT_EQ(back.family, c.family);
        EXPECT_EQ(back.expect, c.expect);
    }
}

}  // namespace

TEST(CaseFile, RepositoryCaseFilesReadAsWritten) {
    expect_reads_as_written("tests/cli/data/all_primitives.jsonl");
    expect_reads_as_written("fuzz/seeds/seeds.jsonl");
}

TEST(CaseFile, MalformedCaseFileGivesTheSameMessages) {
    const auto lines = case_lines("tests/cli/data/malformed.jsonl");
    const std::vector<std::string> want = {
        "",  // a valid line (its negative radius is invalid input, judged later)
        "field args[3] (cy): not a number: \"zero\"",
        "field primitive: unknown primitive \"no_such_thing\"",
        "line is not a JSON object",
        "field args[0] (c1x): \"0x1.000001p+0\" is not exactly representable as a float",
        "",
    };
    ASSERT_EQ(lines.size(), want.size());
    for (std::size_t i = 0; i < lines.size(); ++i) {
        ts::Case c;
        std::string err;
        EXPECT_EQ(ts::parse_case_line(lines[i].text, c, err), want[i].empty()) << lines[i].text;
        if (!want[i].empty()) {
            EXPECT_EQ(err, want[i]);
        }
    }
}
