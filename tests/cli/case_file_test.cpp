// The case-file format of DESIGN.md: round trips, decimal input, and errors
// that name the field.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

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
    c.args = {0.1, -0.0, std::numeric_limits<double>::denorm_min(), 1e300,
              std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::max(), 3.5, 7};
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
    for (const char* bad : {"", "{", "[]", "{\"primitive\":", "{\"args\":[\"1\",]}", "{} x",
                            "{\"primitive\":\"point_in_disk\",\"args\":[\"1e\",\"0\",\"0\",\"0\",\"1\"]}"}) {
        EXPECT_FALSE(ts::parse_case_line(bad, c, err)) << bad;
        EXPECT_FALSE(err.empty()) << bad;
    }
}

TEST(CaseFile, ReplayCommandQuotesForTheShell) {
    EXPECT_EQ(ts::replay_command("{\"id\":\"it's\"}", "touchstone"),
              "echo '{\"id\":\"it'\\''s\"}' | touchstone replay -");
}
