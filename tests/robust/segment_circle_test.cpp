// touchstone/robust/segment_circle.hpp: segment_hits_disk,
// segment_meets_circle, segment_circle_points on exact cases derived by
// reasoning, for float and double, at every scale of scale_exponents().
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "test_support.hpp"
#include "touchstone/bits.hpp"
#include "touchstone/case_file.hpp"
#include "touchstone/robust.hpp"

namespace {

using namespace touchstone;
using namespace touchstone::robust_test;

template <class T>
class SegmentHitsDisk : public ::testing::Test {};
template <class T>
class SegmentMeetsCircle : public ::testing::Test {};
template <class T>
class SegmentCirclePoints : public ::testing::Test {};
TYPED_TEST_SUITE(SegmentHitsDisk, Precisions);
TYPED_TEST_SUITE(SegmentMeetsCircle, Precisions);
TYPED_TEST_SUITE(SegmentCirclePoints, Precisions);

// Circle at 0 with r = 5 touches the line through (3, 4) with direction
// (-4, 3); points (3,4) + s (-4,3) for integer s: s = 1 gives (-1, 7),
// s = -1 gives (7, 1), s = 2 gives (-5, 10).

TYPED_TEST(SegmentHitsDisk, TangentSegmentTouchesAtEveryScale) {
    using T = TypeParam;
    for (int k : scale_exponents<T>()) {
        SCOPED_TRACE(k);
        const Circle<T> c = circle<T>(0, 0, 5, k);
        EXPECT_TRUE(robust::segment_hits_disk(segment<T>(7, 1, -1, 7, k), c));
        EXPECT_FALSE(
            robust::segment_hits_disk(segment<T>(7, 1, -1, 7, k), Circle<T>{c.c, down(c.r)}));
        // The tangent point is an endpoint.
        EXPECT_TRUE(robust::segment_hits_disk(segment<T>(3, 4, -5, 10, k), c));
        EXPECT_FALSE(
            robust::segment_hits_disk(segment<T>(3, 4, -5, 10, k), Circle<T>{c.c, down(c.r)}));
        // The tangent point is beyond the segment: the nearest point is the
        // endpoint (-1, 7), |(-1,7)|^2 = 50 > 25.
        EXPECT_FALSE(robust::segment_hits_disk(segment<T>(-1, 7, -5, 10, k), c));
        // 5-12-13: tangent point (5, 12), direction (-12, 5).
        EXPECT_TRUE(robust::segment_hits_disk(segment<T>(5 + 12, 12 - 5, 5 - 12, 12 + 5, k),
                                              circle<T>(0, 0, 13, k)));
        // Moving one endpoint out by one ulp moves the whole segment off.
        EXPECT_FALSE(
            robust::segment_hits_disk(Segment<T>{{up(s2<T>(7, k)), s2<T>(1, k)}, v2<T>(-1, 7, k)},
                                      c));  // rotates about (-1,7): misses
    }
}

TYPED_TEST(SegmentHitsDisk, ZeroLengthSegmentIsAPoint) {
    using T = TypeParam;
    for (int k : scale_exponents<T>()) {
        SCOPED_TRACE(k);
        EXPECT_TRUE(robust::segment_hits_disk(segment<T>(3, 4, 3, 4, k), circle<T>(0, 0, 5, k)));
        EXPECT_FALSE(robust::segment_hits_disk(
            Segment<T>{{up(s2<T>(3, k)), s2<T>(4, k)}, {up(s2<T>(3, k)), s2<T>(4, k)}},
            circle<T>(0, 0, 5, k)));
    }
}

TYPED_TEST(SegmentHitsDisk, ZeroRadiusHitsOnlyPointsOfTheSegment) {
    using T = TypeParam;
    for (int k : scale_exponents<T>()) {
        SCOPED_TRACE(k);
        const Segment<T> s = segment<T>(-3, -6, 5, 10, k);                  // direction (1, 2)
        EXPECT_TRUE(robust::segment_hits_disk(s, circle<T>(1, 2, 0, k)));   // interior
        EXPECT_TRUE(robust::segment_hits_disk(s, circle<T>(5, 10, 0, k)));  // endpoint
        EXPECT_FALSE(
            robust::segment_hits_disk(s, circle<T>(6, 12, 0, k)));  // on the line, beyond b
        EXPECT_FALSE(robust::segment_hits_disk(s, Circle<T>{{s2<T>(1, k), up(s2<T>(2, k))}, T(0)}));
    }
}

TYPED_TEST(SegmentHitsDisk, HugeAndTinyTogether) {
    using T = TypeParam;
    const T big = std::numeric_limits<T>::max(), tiny = std::numeric_limits<T>::denorm_min();
    // A segment along the x axis of length 2 max, circle above it at height tiny.
    EXPECT_TRUE(
        robust::segment_hits_disk(Segment<T>{{-big, 0}, {big, 0}}, Circle<T>{{0, tiny}, tiny}));
    EXPECT_FALSE(
        robust::segment_hits_disk(Segment<T>{{-big, 0}, {big, 0}}, Circle<T>{{0, 2 * tiny}, tiny}));
    EXPECT_FALSE(robust::segment_hits_disk(Segment<T>{{-big, tiny}, {big, tiny}},
                                           Circle<T>{{0, 3 * tiny}, tiny}));
    // Distance from (max, -max) to the line y = x is sqrt(2) max > max; from (max, 0) it is max /
    // sqrt(2).
    EXPECT_FALSE(robust::segment_hits_disk(Segment<T>{{-big, -big}, {big, big}},
                                           Circle<T>{{big, -big}, big}));
    EXPECT_TRUE(
        robust::segment_hits_disk(Segment<T>{{-big, -big}, {big, big}}, Circle<T>{{big, 0}, big}));
}

/// A coordinate for the projection certificate's tests: small integers
/// (exact tangencies, a = b), NaN, the infinities, signed zeros, the
/// extremes and subnormals of T, and random values at random scales across
/// T's whole exponent range (double inputs on both sides of the guard
/// 2^-300 <= |v|^2 <= 2^300, products that overflow or underflow).
template <class T>
T certificate_value(std::mt19937_64& rng) {
    using L = std::numeric_limits<T>;
    const T pool[] = {L::quiet_NaN(), L::infinity(),   -L::infinity(),   T(0),    -T(0), L::max(),
                      -L::max(),      L::denorm_min(), -L::denorm_min(), L::min()};
    switch (rng() % 5) {
        case 0: return T(static_cast<int>(rng() % 13) - 6);
        case 1: return pool[rng() % (sizeof(pool) / sizeof(pool[0]))];
        case 2: return T(uniform_real(rng, -100, 100));
        default: {
            const int e = L::min_exponent - L::digits +
                          static_cast<int>(rng() % (L::max_exponent - L::min_exponent + L::digits));
            const double m = uniform_real(rng, -1, 1);
            return static_cast<T>(std::ldexp(m, e));
        }
    }
}

/// segment_hits_disk's certificate (detail/segment_circle.hpp,
/// segment_projection): its two forms give the same mask bit for bit (the
/// SSE2 one where the compiler offers SSE2; the scalar one serves
/// elsewhere, and the aarch64 preset runs this test with it), never both
/// bits, and a certified answer is the exact one (the exact stage, which
/// validates: false on invalid input) on special values, random scales,
/// uniform inputs and near-tangent ones (the tangent configurations of
/// TangentSegmentTouchesAtEveryScale at a random scale, each coordinate
/// nudged by up to 2 ulps): the certificate must decline those it cannot
/// prove.
TYPED_TEST(SegmentHitsDisk, ProjectionCertificateFormsAgreeAndAreExact) {
    using T = TypeParam;
    std::mt19937_64 rng(1507);
    int misses = 0, hits = 0, declined = 0;
    const auto nudge = [&](T x) { return step_ulps(x, static_cast<int>(rng() % 5) - 2); };
    const std::vector<int> scales = scale_exponents<T>();
    for (int it = 0; it < 200000; ++it) {
        std::array<T, 7> x{};
        if (it % 3 == 0) {
            for (T& v : x) v = certificate_value<T>(rng);
        } else {
            // Tangent to the circle of radius 5 (or 13) at the origin, or
            // a segment whose line passes at a random distance, scaled.
            static constexpr int cases[][7] = {{7, 1, -1, 7, 0, 0, 5},    {3, 4, -5, 10, 0, 0, 5},
                                               {-1, 7, -5, 10, 0, 0, 5},  {17, 7, -7, 17, 0, 0, 13},
                                               {-3, -6, 5, 10, 1, 2, 0},  {3, 4, 3, 4, 0, 0, 5},
                                               {-3, -6, 5, 10, 6, 12, 0}, {7, 1, -1, 7, 1, 1, 4}};
            const auto& c = cases[rng() % (sizeof(cases) / sizeof(cases[0]))];
            // Half at the scales of the exact-case tests (double: many
            // outside the guard), half within 2^+-140.
            const int k = rng() % 2 == 0 ? scales[rng() % scales.size()]
                                         : static_cast<int>(rng() % 281) - 140;
            for (int i = 0; i < 7; ++i) x[i] = static_cast<T>(std::ldexp(double(c[i]), k));
            if (it % 3 == 1)
                for (T& v : x) v = nudge(v);
            x[6] = std::fabs(x[6]);
        }
        const auto where = [&] {
            return "seed 1507, case " + std::to_string(it) + ": a, b, c, r = " + hex_list(x) +
                   "\nreplay: robust_segment_circle_test "
                   "--gtest_filter='*ProjectionCertificateForms*'";
        };
        const double d[] = {x[0], x[1], x[2], x[3], x[4], x[5], x[6]};
        const int scalar = robust::impl::segment_projection_scalar(
            d[0], d[1], d[2], d[3], d[4], d[5], d[6], robust::detail::MayUnderflow<T>{});
#if TOUCHSTONE_ROBUST_SSE2
        ASSERT_EQ(robust::impl::segment_projection_sse2(d[0], d[1], d[2], d[3], d[4], d[5], d[6],
                                                        robust::detail::MayUnderflow<T>{}),
                  scalar)
            << "SSE2 form, " << where();
#endif
        // The forms assume r >= 0 (or NaN); the entry point declines r < 0
        // before them, and is what the exact stage must agree with.
        const int mask =
            robust::impl::segment_projection<T>(d[0], d[1], d[2], d[3], d[4], d[5], d[6]);
        if (!(d[6] < 0)) {
            ASSERT_EQ(mask, scalar) << "entry point against the forms, " << where();
        }
        ASSERT_NE(mask, 3) << where();
        if (mask == 0) {
            ++declined;
            continue;
        }
        robust::Layer l;
        ASSERT_EQ(mask == 2, robust::exact::segment_hits_disk(d, l)) << where();
        ++(mask == 2 ? hits : misses);
    }
    // Every outcome occurs often enough for the comparison to mean something
    // (float: about 37,000 hits, 76,000 misses, 87,000 declined; double:
    // 11,900, 34,600 and 153,500, special values and scales outside the
    // guard making up most of the declined).
    EXPECT_GT(hits, 8000);
    EXPECT_GT(misses, 20000);
    EXPECT_GT(declined, 20000);
}

/// Radii whose square is finite but twice it is not (r in [2^511.5,
/// 2^512), double only): a short segment and a centre far away (a miss) or
/// near (a hit), and a radius one ulp short of the one exact hit. The
/// certificate's hit threshold was once fl(2 rr - A): +inf here, so every
/// finite e was certified a hit.
TEST(SegmentHitsDiskDouble, RadiusWhoseDoubledSquareOverflows) {
    const double small = 0x1p-100;
    for (const double r : {0x1.7p511, 0x1.fp511, 0x1.6a09e667f3bcdp511}) {
        SCOPED_TRACE(r);
        for (const double e : {0x1p600, 0x1p508, 0x1p-200}) {  // a miss, two hits
            const Segment<double> s{{0, 0}, {3 * small, 4 * small}};
            const Circle<double> c{{3 * e, 4 * e}, r};
            // b (e > small) or c itself (e < small) is the closest point
            const bool want = 5 * e - 5 * small <= r;
            EXPECT_EQ(robust::segment_hits_disk(s, c), want) << e;
            const int mask = robust::impl::segment_projection<double>(s.a.x, s.a.y, s.b.x, s.b.y,
                                                                      c.c.x, c.c.y, c.r);
            EXPECT_TRUE(mask == 0 || (mask == 2) == want) << e << " mask " << mask;
        }
    }
    // Near that range: c on the segment's line 1.25 2^511 from a, r = |c - a|
    // (a hit) and one ulp short of |c - b| = |c - a| - 2^-100 (a miss).
    const Segment<double> s{{0, 0}, {0x1p-100, 0}};
    EXPECT_TRUE(robust::segment_hits_disk(s, Circle<double>{{0x1.4p511, 0}, 0x1.4p511}));
    EXPECT_FALSE(robust::segment_hits_disk(
        s, Circle<double>{{0x1.4p511, 0}, step_ulps(0x1.4p511 - 0x1p-100, -1)}));
}

// ----- segment_meets_circle --------------------------------------------------------

TYPED_TEST(SegmentMeetsCircle, CircumferenceOnly) {
    using T = TypeParam;
    for (int k : scale_exponents<T>()) {
        SCOPED_TRACE(k);
        const Circle<T> c = circle<T>(0, 0, 5, k);
        EXPECT_TRUE(robust::segment_meets_circle(segment<T>(7, 1, -1, 7, k), c));  // tangent
        EXPECT_FALSE(
            robust::segment_meets_circle(segment<T>(7, 1, -1, 7, k), Circle<T>{c.c, down(c.r)}));
        EXPECT_TRUE(
            robust::segment_meets_circle(segment<T>(7, 1, -1, 7, k), Circle<T>{c.c, up(c.r)}));
        EXPECT_FALSE(
            robust::segment_meets_circle(segment<T>(1, 1, -2, 2, k), c));         // strictly inside
        EXPECT_TRUE(robust::segment_meets_circle(segment<T>(1, 1, 3, 4, k), c));  // inside to on
        EXPECT_FALSE(robust::segment_meets_circle(
            Segment<T>{v2<T>(1, 1, k), {down(s2<T>(3, k)), s2<T>(4, k)}}, c));
        EXPECT_TRUE(robust::segment_meets_circle(segment<T>(-3, -4, 3, 4, k), c));  // a diameter
        EXPECT_TRUE(robust::segment_meets_circle(segment<T>(3, 4, 3, 4, k), c));    // point on it
        EXPECT_FALSE(robust::segment_meets_circle(segment<T>(0, 0, 0, 0, k), c));   // the centre
        EXPECT_TRUE(robust::segment_meets_circle(segment<T>(0, 0, 0, 0, k), circle<T>(0, 0, 0, k)));
    }
}

// ----- segment_circle_points --------------------------------------------------------------

TYPED_TEST(SegmentCirclePoints, OrderedFromA) {
    using T = TypeParam;
    for (int k : scale_exponents<T>()) {
        SCOPED_TRACE(k);
        const Circle<T> c = circle<T>(0, 0, 5, k);
        auto r = robust::segment_circle_points(segment<T>(-6, -8, 6, 8, k), c);
        ASSERT_EQ(r.count, 2);
        EXPECT_TRUE(same_point(r.points[0], v2<T>(-3, -4, k)));
        EXPECT_TRUE(same_point(r.points[1], v2<T>(3, 4, k)));
        auto q = robust::segment_circle_points(segment<T>(6, 8, -6, -8, k), c);
        ASSERT_EQ(q.count, 2);
        EXPECT_TRUE(same_point(q.points[0], v2<T>(3, 4, k)));
        EXPECT_TRUE(same_point(q.points[1], v2<T>(-3, -4, k)));
        // One end inside: one point.
        auto h = robust::segment_circle_points(segment<T>(0, 0, 6, 8, k), c);
        ASSERT_EQ(h.count, 1);
        EXPECT_TRUE(same_point(h.points[0], v2<T>(3, 4, k)));
    }
}

TYPED_TEST(SegmentCirclePoints, TangencyIsOneDoubleRoot) {
    using T = TypeParam;
    for (int k : scale_exponents<T>()) {
        SCOPED_TRACE(k);
        auto r = robust::segment_circle_points(segment<T>(7, 1, -1, 7, k), circle<T>(0, 0, 5, k));
        ASSERT_EQ(r.count, 1);
        EXPECT_TRUE(same_point(r.points[0], v2<T>(3, 4, k)));
        EXPECT_EQ(robust::segment_circle_points(segment<T>(7, 1, -1, 7, k),
                                                Circle<T>{v2<T>(0, 0, k), down(s2<T>(5, k))})
                      .count,
                  0);
        EXPECT_EQ(robust::segment_circle_points(segment<T>(7, 1, -1, 7, k),
                                                Circle<T>{v2<T>(0, 0, k), up(s2<T>(5, k))})
                      .count,
                  2);
    }
}

TYPED_TEST(SegmentCirclePoints, DegenerateInputs) {
    using T = TypeParam;
    auto p = robust::segment_circle_points(segment<T>(3, 4, 3, 4), circle<T>(0, 0, 5));
    ASSERT_EQ(p.count, 1);
    EXPECT_TRUE(same_point(p.points[0], v2<T>(3, 4)));
    EXPECT_EQ(robust::segment_circle_points(segment<T>(3, 3, 3, 3), circle<T>(0, 0, 5)).count, 0);
    // Zero radius: the centre, if on the segment.
    auto z = robust::segment_circle_points(segment<T>(-2, -4, 2, 4), circle<T>(1, 2, 0));
    ASSERT_EQ(z.count, 1);
    EXPECT_TRUE(same_point(z.points[0], v2<T>(1, 2)));
    EXPECT_EQ(robust::segment_circle_points(segment<T>(-2, -4, 2, 4), circle<T>(1, 3, 0)).count, 0);
    // Both ends strictly inside, and both outside on a miss.
    EXPECT_EQ(robust::segment_circle_points(segment<T>(1, 1, -1, 2), circle<T>(0, 0, 5)).count, 0);
    EXPECT_EQ(robust::segment_circle_points(segment<T>(10, 0, 10, 9), circle<T>(0, 0, 5)).count, 0);
}

TYPED_TEST(SegmentCirclePoints, IrrationalPointsAreCorrectlyRounded) {
    using T = TypeParam;
    // y = 1/2 across the unit circle: x = -+sqrt(3)/2, correctly rounded by sqrt(T(3)) / 2.
    auto r = robust::segment_circle_points(segment<T>(-2, 0.5, 2, 0.5), circle<T>(0, 0, 1));
    ASSERT_EQ(r.count, 2);
    EXPECT_TRUE(same_point(r.points[0], Vec2<T>{-std::sqrt(T(3)) / 2, T(0.5)}));
    EXPECT_TRUE(same_point(r.points[1], Vec2<T>{std::sqrt(T(3)) / 2, T(0.5)}));
}

}  // namespace
