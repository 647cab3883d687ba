// touchstone replay: the oracle's verdict and every implementation's answer.
#include <gtest/gtest.h>

#include "touchstone/audit/commands.hpp"
#include "touchstone/audit/registry.hpp"

namespace ts = touchstone;

namespace {
ts::Case parse(const char* line) {
    ts::Case c;
    std::string err;
    EXPECT_TRUE(ts::parse_case_line(line, c, err)) << err;
    return c;
}
}  // namespace

TEST(Replay, TangentSegmentShowsTheTutorialMisses) {
    // Exact tangency: the oracle says hit; 000 and 003 both use `<` and miss.
    const auto out = ts::audit::replay_one(
        parse(
            R"({"primitive":"segment_hits_disk","precision":"float","args":["0","0","8","0","4","4","4"]})"),
        1);
    EXPECT_NE(out.find("\"oracle\":true"), std::string::npos) << out;
    EXPECT_NE(out.find("\"tutorial-000\":{\"answer\":false,\"verdict\":\"false_miss\"}"),
              std::string::npos)
        << out;
    EXPECT_NE(out.find("\"tutorial-003\":{\"answer\":false,\"verdict\":\"false_miss\"}"),
              std::string::npos)
        << out;
}

TEST(Replay, ConstructionAnswersCarryKindAndHexPoints) {
    // Circles r 5 at (0,0) and (8,0) cross at (4, +-3), both representable.
    const auto out = ts::audit::replay_one(
        parse(
            R"({"primitive":"circle_intersections","precision":"double","args":["0","0","5","8","0","5"]})"),
        7);
    EXPECT_NE(out.find("\"oracle\":{\"kind\":\"two\",\"points\":[[\"0x1p+2\",\"0x1.8p+1\"],[\"0x1p+"
                       "2\",\"-0x1.8p+1\"]]}"),
              std::string::npos)
        << out;
    EXPECT_NE(out.find("\"line\":7"), std::string::npos);
}

TEST(Replay, InvalidInputNamesTheField) {
    const auto out = ts::audit::replay_one(
        parse(
            R"({"primitive":"disks_overlap","precision":"double","args":["0","nan","1","0","0","1"]})"),
        1);
    EXPECT_NE(out.find("invalid_input"), std::string::npos) << out;
    EXPECT_NE(out.find("c1y"), std::string::npos) << out;
}

// The audit's judging is the one judge's, under the implementation's claim.
TEST(Judge, NaNPointIsReportedAsNaNNotAsOk) {
    const double args[8] = {0, 0, 5, 8, 0, 5, 0, 0};
    ts::Answer truth, got;
    truth.kind = got.kind = static_cast<int>(ts::CircleKind::two);
    truth.count = got.count = 2;
    truth.pts = {1, 2, 3, 4};
    got.pts = {1, std::numeric_limits<double>::quiet_NaN(), 3, 4};
    const auto j = ts::judge(ts::Primitive::circle_intersections, ts::Precision::f64, args,
                             ts::closed(), got, truth);
    EXPECT_EQ(j.verdict, ts::Verdict::nan);
}

TEST(Judge, OneUlpOffIsBeyondAZeroTolerance) {
    const double args[8] = {0, 2, 2, 2, 1, 0, 1, 4};
    ts::Answer truth, got;
    truth.kind = got.kind = static_cast<int>(ts::SegmentKind::point);
    truth.count = got.count = 1;
    truth.pts = {1.0, 2.0, 0, 0};
    got.pts = {std::nextafter(1.0, 2.0), 2.0, 0, 0};
    auto j = ts::judge(ts::Primitive::segment_intersection, ts::Precision::f64, args, ts::closed(),
                       got, truth);
    EXPECT_EQ(j.verdict, ts::Verdict::ulps);
    EXPECT_EQ(j.ulps, 1u);
    j = ts::judge(ts::Primitive::segment_intersection, ts::Precision::f64, args,
                  ts::closed().points_within_ulps(1), got, truth);
    EXPECT_EQ(j.verdict, ts::Verdict::ok);
}
