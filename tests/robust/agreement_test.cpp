// The gate: touchstone::robust agrees with touchstone::oracle on edge cases.
//
// For every primitive and precision, kCases inputs from the families of
// edge_cases.hpp (uniform control, exact tangencies from Pythagorean
// triples, the same nudged by 1-4 ulps, collinear and near-collinear,
// endpoints on circles / shared endpoints / T-junctions, zero lengths and
// radii, concentric and identical circles, extreme and mixed magnitudes
// down to subnormals, raw bit patterns). Predicates must agree exactly;
// constructions must have the same kind and count, and every coordinate 0
// ulps from the oracle's correctly rounded point (robust's stated bound).
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "edge_cases.hpp"
#include "touchstone/oracle/oracle.hpp"
#include "touchstone/robust.hpp"

namespace {

using namespace touchstone;
using robust_test::Family;
using robust_test::Rng;

#if defined(__SANITIZE_ADDRESS__)
#define TOUCHSTONE_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(undefined_behavior_sanitizer)
#define TOUCHSTONE_TEST_SANITIZED 1
#endif
#endif

#if defined(TOUCHSTONE_TEST_SANITIZED)
constexpr int kCases = 25'000;  // ASan+UBSan is ~10x slower; the full 100,000 run in normal builds
#else
constexpr int kCases = 100'000;
#endif

Family family_of(int i) { return static_cast<Family>(i % robust_test::family_count); }

/// Collects disagreements; reports the first few with bit-exact arguments.
struct Tally {
    int cases = 0;
    int disagreements = 0;
    std::string first;
    void fail(const std::string& what) {
        if (++disagreements <= 5) first += what + "\n";
    }
};

template <class T>
bool same_coordinate(T a, T b) {
    return oracle::ulp_distance(a, b) == 0;
}
template <class T>
bool same_point(Vec2<T> a, Vec2<T> b) {
    return same_coordinate(a.x, b.x) && same_coordinate(a.y, b.y);
}

template <class T, std::size_t N>
std::string describe(const char* name, Family f, const std::array<T, N>& x, const std::string& detail) {
    return std::string(name) + " [" + robust_test::to_string(f) + "] args " + robust_test::hex_args(x) + ": " +
           detail;
}

// ----- predicates -----------------------------------------------------------------

template <class T, class Make, class Robust, class Oracle>
Tally check_predicate(const char* name, std::uint64_t seed, Make make, Robust robust_fn, Oracle oracle_fn) {
    Rng g(seed);
    Tally t;
    for (int i = 0; i < kCases; ++i) {
        const Family f = family_of(i);
        const auto x = make(g, f);
        const bool want = oracle_fn(x);
        const bool got = robust_fn(x);
        ++t.cases;
        if (want != got)
            t.fail(describe(name, f, x, std::string("robust ") + (got ? "true" : "false") + ", oracle " +
                                            (want ? "true" : "false")));
    }
    return t;
}

#define EXPECT_AGREES(tally)                                                              \
    do {                                                                                  \
        const Tally& t_ = (tally);                                                        \
        EXPECT_EQ(t_.cases, kCases);                                                      \
        EXPECT_EQ(t_.disagreements, 0) << t_.first;                                       \
        std::printf("%s: %d cases, %d disagreements\n",                                   \
                    ::testing::UnitTest::GetInstance()->current_test_info()->name(), t_.cases, \
                    t_.disagreements);                                                    \
    } while (0)

template <class T>
Tally point_in_disk_agreement() {
    return check_predicate<T>(
        "point_in_disk", 0x1001 + sizeof(T), robust_test::point_disk_case<T>,
        [](const auto& x) { return robust::point_in_disk(Vec2<T>{x[0], x[1]}, Circle<T>{{x[2], x[3]}, x[4]}); },
        [](const auto& x) { return oracle::point_in_disk(Vec2<T>{x[0], x[1]}, Circle<T>{{x[2], x[3]}, x[4]}); });
}

template <class T>
Tally disks_overlap_agreement() {
    auto args = [](const auto& x) { return std::pair{circle_arg(&x[0]), circle_arg(&x[3])}; };
    return check_predicate<T>(
        "disks_overlap", 0x2002 + sizeof(T), robust_test::two_circles_case<T>,
        [&](const auto& x) { auto [a, b] = args(x); return robust::disks_overlap(a, b); },
        [&](const auto& x) { auto [a, b] = args(x); return oracle::disks_overlap(a, b); });
}

template <class T>
Tally segment_hits_disk_agreement() {
    return check_predicate<T>(
        "segment_hits_disk", 0x3003 + sizeof(T), robust_test::segment_circle_case<T>,
        [](const auto& x) { return robust::segment_hits_disk(segment_arg(&x[0]), circle_arg(&x[4])); },
        [](const auto& x) { return oracle::segment_hits_disk(segment_arg(&x[0]), circle_arg(&x[4])); });
}

template <class T>
Tally segment_meets_circle_agreement() {
    return check_predicate<T>(
        "segment_meets_circle", 0x4004 + sizeof(T), robust_test::segment_circle_case<T>,
        [](const auto& x) { return robust::segment_meets_circle(segment_arg(&x[0]), circle_arg(&x[4])); },
        [](const auto& x) { return oracle::segment_meets_circle(segment_arg(&x[0]), circle_arg(&x[4])); });
}

template <class T>
Tally segments_intersect_agreement() {
    return check_predicate<T>(
        "segments_intersect", 0x5005 + sizeof(T), robust_test::two_segments_case<T>,
        [](const auto& x) { return robust::segments_intersect(segment_arg(&x[0]), segment_arg(&x[4])); },
        [](const auto& x) { return oracle::segments_intersect(segment_arg(&x[0]), segment_arg(&x[4])); });
}

TEST(RobustAgreesWithOracle, PointInDiskFloat) { EXPECT_AGREES(point_in_disk_agreement<float>()); }
TEST(RobustAgreesWithOracle, PointInDiskDouble) { EXPECT_AGREES(point_in_disk_agreement<double>()); }
TEST(RobustAgreesWithOracle, DisksOverlapFloat) { EXPECT_AGREES(disks_overlap_agreement<float>()); }
TEST(RobustAgreesWithOracle, DisksOverlapDouble) { EXPECT_AGREES(disks_overlap_agreement<double>()); }
TEST(RobustAgreesWithOracle, SegmentHitsDiskFloat) { EXPECT_AGREES(segment_hits_disk_agreement<float>()); }
TEST(RobustAgreesWithOracle, SegmentHitsDiskDouble) { EXPECT_AGREES(segment_hits_disk_agreement<double>()); }
TEST(RobustAgreesWithOracle, SegmentMeetsCircleFloat) { EXPECT_AGREES(segment_meets_circle_agreement<float>()); }
TEST(RobustAgreesWithOracle, SegmentMeetsCircleDouble) { EXPECT_AGREES(segment_meets_circle_agreement<double>()); }
TEST(RobustAgreesWithOracle, SegmentsIntersectFloat) { EXPECT_AGREES(segments_intersect_agreement<float>()); }
TEST(RobustAgreesWithOracle, SegmentsIntersectDouble) { EXPECT_AGREES(segments_intersect_agreement<double>()); }

// ----- constructions -------------------------------------------------------------

template <class T>
std::string points_text(const std::array<Vec2<T>, 2>& p, int n) {
    std::string s;
    for (int i = 0; i < n; ++i) {
        char buf[96];
        std::snprintf(buf, sizeof buf, " (%a, %a)", static_cast<double>(p[i].x), static_cast<double>(p[i].y));
        s += buf;
    }
    return s;
}

template <class T>
Tally circle_intersections_agreement() {
    Rng g(0x6006 + sizeof(T));
    Tally t;
    for (int i = 0; i < kCases; ++i) {
        const Family f = family_of(i);
        const auto x = robust_test::two_circles_case<T>(g, f);
        const auto want = oracle::circle_intersections(circle_arg(&x[0]), circle_arg(&x[3]));
        const auto got = robust::circle_intersections(circle_arg(&x[0]), circle_arg(&x[3]));
        ++t.cases;
        bool ok = want.kind == got.kind && want.count == got.count;
        for (int k = 0; ok && k < want.count; ++k) ok = same_point(want.points[k], got.points[k]);
        if (!ok)
            t.fail(describe("circle_intersections", f, x,
                            std::string("robust ") + std::string(to_string(got.kind)) +
                                points_text(got.points, got.count) + ", oracle " +
                                std::string(to_string(want.kind)) + points_text(want.points, want.count)));
    }
    return t;
}

template <class T>
Tally segment_circle_points_agreement() {
    Rng g(0x7007 + sizeof(T));
    Tally t;
    for (int i = 0; i < kCases; ++i) {
        const Family f = family_of(i);
        const auto x = robust_test::segment_circle_case<T>(g, f);
        const auto want = oracle::segment_circle_points(segment_arg(&x[0]), circle_arg(&x[4]));
        const auto got = robust::segment_circle_points(segment_arg(&x[0]), circle_arg(&x[4]));
        ++t.cases;
        bool ok = want.count == got.count;
        for (int k = 0; ok && k < want.count; ++k) ok = same_point(want.points[k], got.points[k]);
        if (!ok)
            t.fail(describe("segment_circle_points", f, x,
                            "robust" + points_text(got.points, got.count) + ", oracle" +
                                points_text(want.points, want.count)));
    }
    return t;
}

template <class T>
Tally segment_intersection_agreement() {
    Rng g(0x8008 + sizeof(T));
    Tally t;
    for (int i = 0; i < kCases; ++i) {
        const Family f = family_of(i);
        const auto x = robust_test::two_segments_case<T>(g, f);
        const auto want = oracle::segment_intersection(segment_arg(&x[0]), segment_arg(&x[4]));
        const auto got = robust::segment_intersection(segment_arg(&x[0]), segment_arg(&x[4]));
        ++t.cases;
        const int n = want.kind == SegmentKind::none ? 0 : want.kind == SegmentKind::point ? 1 : 2;
        bool ok = want.kind == got.kind;
        for (int k = 0; ok && k < n; ++k) ok = same_point(want.points[k], got.points[k]);
        if (!ok)
            t.fail(describe("segment_intersection", f, x,
                            std::string("robust ") + std::string(to_string(got.kind)) + points_text(got.points, n) +
                                ", oracle " + std::string(to_string(want.kind)) + points_text(want.points, n)));
    }
    return t;
}

TEST(RobustAgreesWithOracle, CircleIntersectionsFloat) { EXPECT_AGREES(circle_intersections_agreement<float>()); }
TEST(RobustAgreesWithOracle, CircleIntersectionsDouble) { EXPECT_AGREES(circle_intersections_agreement<double>()); }
TEST(RobustAgreesWithOracle, SegmentCirclePointsFloat) { EXPECT_AGREES(segment_circle_points_agreement<float>()); }
TEST(RobustAgreesWithOracle, SegmentCirclePointsDouble) { EXPECT_AGREES(segment_circle_points_agreement<double>()); }
TEST(RobustAgreesWithOracle, SegmentIntersectionFloat) { EXPECT_AGREES(segment_intersection_agreement<float>()); }
TEST(RobustAgreesWithOracle, SegmentIntersectionDouble) { EXPECT_AGREES(segment_intersection_agreement<double>()); }

}  // namespace
