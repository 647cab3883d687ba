// Tests of oracle::circle_intersections (oracle/src/circle_intersections.cpp).
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <limits>
#include <random>

#include "exact_checks.hpp"
#include "expect_point.hpp"
#include "scales.hpp"
#include "touchstone/oracle/exact.hpp"
#include "touchstone/oracle/oracle.hpp"

namespace touchstone::oracle {
namespace {

using test::down;
using test::same_point;
using test::scale_exponents;
using test::scaled;
using test::up;

template <class T>
void integer_points() {
    for (int k : scale_exponents<T>()) {
        SCOPED_TRACE(testing::Message() << "k=" << k);
        auto s = [k](double m) { return scaled<T>(m, k); };
        // |(3,4)| = 5 and |(3,4) - (6,0)| = 5: the circles meet at (3, +-4);
        // c1 -> c2 points along +x, so (3, 4) is on the left.
        auto r = circle_intersections(Circle<T>{{0, 0}, s(5)}, Circle<T>{{s(6), 0}, s(5)});
        ASSERT_EQ(r.kind, CircleKind::two);
        ASSERT_EQ(r.count, 2);
        EXPECT_TRUE(same_point(r.points[0], s(3), s(4)));
        EXPECT_TRUE(same_point(r.points[1], s(3), -s(4)));
        // Unequal radii: |(3,4)| = 5, |(3,4) - (3,0)| = 4.
        r = circle_intersections(Circle<T>{{0, 0}, s(5)}, Circle<T>{{s(3), 0}, s(4)});
        ASSERT_EQ(r.kind, CircleKind::two);
        EXPECT_TRUE(same_point(r.points[0], s(3), s(4)));
        EXPECT_TRUE(same_point(r.points[1], s(3), -s(4)));
        // c1 -> c2 along +y: the left is -x. 5-12-13: (+-12, 5) from (0,0)
        // and (0,10).
        r = circle_intersections(Circle<T>{{0, 0}, s(13)}, Circle<T>{{0, s(10)}, s(13)});
        ASSERT_EQ(r.kind, CircleKind::two);
        EXPECT_TRUE(same_point(r.points[0], -s(12), s(5)));
        EXPECT_TRUE(same_point(r.points[1], s(12), s(5)));
        // External tangency at (3,4): centres (0,0) and (6,8), radii 5.
        r = circle_intersections(Circle<T>{{0, 0}, s(5)}, Circle<T>{{s(6), s(8)}, s(5)});
        ASSERT_EQ(r.kind, CircleKind::one);
        ASSERT_EQ(r.count, 1);
        EXPECT_TRUE(same_point(r.points[0], s(3), s(4)));
        // One ulp apart: none; one ulp closer: two.
        EXPECT_EQ(
            circle_intersections(Circle<T>{{0, 0}, s(5)}, Circle<T>{{s(6), s(8)}, down(s(5))}).kind,
            CircleKind::none);
        EXPECT_EQ(
            circle_intersections(Circle<T>{{0, 0}, s(5)}, Circle<T>{{s(6), s(8)}, up(s(5))}).kind,
            CircleKind::two);
        // Internal tangency: |(3,4)| = 5 = 10 - 5; the contact is (6,8), on
        // the far side of the small circle, whichever circle comes first.
        r = circle_intersections(Circle<T>{{0, 0}, s(10)}, Circle<T>{{s(3), s(4)}, s(5)});
        ASSERT_EQ(r.kind, CircleKind::one);
        EXPECT_TRUE(same_point(r.points[0], s(6), s(8)));
        r = circle_intersections(Circle<T>{{s(3), s(4)}, s(5)}, Circle<T>{{0, 0}, s(10)});
        ASSERT_EQ(r.kind, CircleKind::one);
        EXPECT_TRUE(same_point(r.points[0], s(6), s(8)));
        EXPECT_EQ(
            circle_intersections(Circle<T>{{0, 0}, s(10)}, Circle<T>{{s(3), s(4)}, down(s(5))})
                .kind,
            CircleKind::contained);
        EXPECT_EQ(
            circle_intersections(Circle<T>{{0, 0}, s(10)}, Circle<T>{{s(3), s(4)}, up(s(5))}).kind,
            CircleKind::two);
    }
}

TEST(CircleIntersections, RepresentablePointsAreBitExactAtEveryScale) {
    integer_points<float>();
    integer_points<double>();
}

// Unit circles at (0,0) and (1,0) meet at (1/2, +-sqrt(3)/2), and
// sqrt(3)/2 = sqrt(3/4) exactly; 3/4 is representable and IEEE sqrt is
// correctly rounded, so std::sqrt(0.75) is the correctly rounded coordinate.
// Scaling by 2^k (normal range) commutes with rounding.
template <class T>
void sqrt_points() {
    const T h = std::sqrt(T(0.75));
    for (int k = -60; k <= 60; ++k) {
        const T one = std::ldexp(T(1), k);
        const auto r = circle_intersections(Circle<T>{{0, 0}, one}, Circle<T>{{one, 0}, one});
        ASSERT_EQ(r.kind, CircleKind::two);
        EXPECT_TRUE(same_point(r.points[0], one / 2, std::ldexp(h, k)));
        EXPECT_TRUE(same_point(r.points[1], one / 2, -std::ldexp(h, k)));
    }
}

TEST(CircleIntersections, SqrtPointsAreCorrectlyRounded) {
    sqrt_points<float>();
    sqrt_points<double>();
}

TEST(CircleIntersections, PerfectSquareRadicandGivesExactPoints) {
    // Unit circles at (0,0) and (1,1): K = 1, points (0,1) (left) and (1,0).
    const auto r = circle_intersections(Circle<double>{{0, 0}, 1}, Circle<double>{{1, 1}, 1});
    ASSERT_EQ(r.kind, CircleKind::two);
    EXPECT_TRUE(same_point(r.points[0], 0.0, 1.0));
    EXPECT_TRUE(same_point(r.points[1], 1.0, 0.0));
}

TEST(CircleIntersections, NonDyadicTangentPointIsCorrectlyRounded) {
    // d = 5 = 1 + 4: the contact is (3,4) * 1/5 = (0.6, 0.8); the decimal
    // literals are the correctly rounded values.
    const auto d = circle_intersections(Circle<double>{{0, 0}, 1}, Circle<double>{{3, 4}, 4});
    ASSERT_EQ(d.kind, CircleKind::one);
    EXPECT_TRUE(same_point(d.points[0], 0.6, 0.8));
    const auto f = circle_intersections(Circle<float>{{0, 0}, 1}, Circle<float>{{3, 4}, 4});
    ASSERT_EQ(f.kind, CircleKind::one);
    EXPECT_TRUE(same_point(f.points[0], 0.6f, 0.8f));
}

TEST(CircleIntersections, SubnormalPointIsCorrectlyRounded) {
    // r = 2^-1070 at (0,0) and (2^-1070, 0): y = sqrt(3) 2^-1071 =
    // sqrt(192) 2^-1074. 13.5^2 = 182.25 < 192 < 210.25 = 14.5^2, so the
    // nearest multiple of the subnormal quantum 2^-1074 is 14 * 2^-1074.
    const double r = std::ldexp(1.0, -1070);
    const auto d = circle_intersections(Circle<double>{{0, 0}, r}, Circle<double>{{r, 0}, r});
    ASSERT_EQ(d.kind, CircleKind::two);
    EXPECT_TRUE(same_point(d.points[0], r / 2, std::ldexp(14.0, -1074)));
    EXPECT_TRUE(same_point(d.points[1], r / 2, -std::ldexp(14.0, -1074)));
    // float: r = 2^-145, y = sqrt(192) 2^-149 -> 14 * 2^-149.
    const float rf = std::ldexp(1.0f, -145);
    const auto f = circle_intersections(Circle<float>{{0, 0}, rf}, Circle<float>{{rf, 0}, rf});
    ASSERT_EQ(f.kind, CircleKind::two);
    EXPECT_TRUE(same_point(f.points[0], rf / 2, std::ldexp(14.0f, -149)));
}

template <class T>
void overflowing_point() {
    // c1 = (M/2, 0), r1 = M; c2 = (M, 0), r2 = M/2: d = M/2 = r1 - r2, an
    // internal tangency at c1 + 2 (c2 - c1) = (3M/2, 0), beyond the largest
    // finite value and past the overflow threshold M + ulp(M)/2: +inf.
    const T M = std::numeric_limits<T>::max();
    const auto r = circle_intersections(Circle<T>{{M / 2, 0}, M}, Circle<T>{{M, 0}, M / 2});
    ASSERT_EQ(r.kind, CircleKind::one);
    EXPECT_TRUE(same_point(r.points[0], std::numeric_limits<T>::infinity(), T(0)));
    // Mirrored: -inf.
    const auto m = circle_intersections(Circle<T>{{-M / 2, 0}, M}, Circle<T>{{-M, 0}, M / 2});
    EXPECT_TRUE(same_point(m.points[0], -std::numeric_limits<T>::infinity(), T(0)));
    // Tangent at the origin between opposite extreme circles.
    const auto o = circle_intersections(Circle<T>{{-M, 0}, M}, Circle<T>{{M, 0}, M});
    ASSERT_EQ(o.kind, CircleKind::one);
    EXPECT_TRUE(same_point(o.points[0], T(0), T(0)));
}

TEST(CircleIntersections, ExtremeMagnitudesRoundToInfinityOnlyPastOverflow) {
    overflowing_point<float>();
    overflowing_point<double>();
}

template <class T>
void degenerate_kinds() {
    using C = Circle<T>;
    EXPECT_EQ(circle_intersections(C{{1, 1}, 2}, C{{1, 1}, 2}).kind, CircleKind::coincident);
    EXPECT_EQ(circle_intersections(C{{1, 1}, 2}, C{{1, 1}, 2}).count, 0);
    EXPECT_EQ(circle_intersections(C{{1, 1}, 2}, C{{1, 1}, 3}).kind, CircleKind::contained);
    EXPECT_EQ(circle_intersections(C{{1, 1}, 3}, C{{1, 1}, up(T(3))}).kind, CircleKind::contained);
    EXPECT_EQ(circle_intersections(C{{0, 0}, 10}, C{{1, 1}, 1}).kind, CircleKind::contained);
    EXPECT_EQ(circle_intersections(C{{0, 0}, 1}, C{{5, 0}, 1}).kind, CircleKind::none);
    // Two zero radii at one centre: that point.
    auto r = circle_intersections(C{{2, 3}, 0}, C{{2, 3}, T(-0.0)});
    ASSERT_EQ(r.kind, CircleKind::one);
    ASSERT_EQ(r.count, 1);
    EXPECT_TRUE(same_point(r.points[0], T(2), T(3)));
    EXPECT_EQ(circle_intersections(C{{2, 3}, 0}, C{{2, up(T(3))}, 0}).kind, CircleKind::none);
    // A zero radius on the other circle (both tangency tests hold): the point.
    r = circle_intersections(C{{3, 4}, 0}, C{{0, 0}, 5});
    ASSERT_EQ(r.kind, CircleKind::one);
    EXPECT_TRUE(same_point(r.points[0], T(3), T(4)));
    r = circle_intersections(C{{0, 0}, 5}, C{{3, 4}, 0});
    ASSERT_EQ(r.kind, CircleKind::one);
    EXPECT_TRUE(same_point(r.points[0], T(3), T(4)));
    EXPECT_EQ(circle_intersections(C{{3, 4}, 0}, C{{0, 0}, up(T(5))}).kind, CircleKind::contained);
    EXPECT_EQ(circle_intersections(C{{3, 4}, 0}, C{{0, 0}, down(T(5))}).kind, CircleKind::none);
}

TEST(CircleIntersections, ConcentricIdenticalAndZeroRadius) {
    degenerate_kinds<float>();
    degenerate_kinds<double>();
}

// On random configurations (a small integer grid, where tangencies and
// coincidences are frequent, and random magnitudes from 2^-1000 to 2^1000),
// every exact point lies on both circles, `two` puts points[0] on the left of
// c1 -> c2, and the rounded points are round_to of the exact ones.
TEST(CircleIntersections, ExactPointsLieOnBothCircles) {
    std::mt19937_64 rng(11);
    int seen[5] = {};
    for (int i = 0; i < 1500; ++i) {
        double v[6];
        const int e = i % 2 ? int(rng() % 2001) - 1000 : 0;
        for (double& x : v) x = std::ldexp(double(int(rng() % 13) - 6), e);
        v[2] = std::fabs(v[2]);
        v[5] = std::fabs(v[5]);
        const Circle<double> c1{{v[0], v[1]}, v[2]}, c2{{v[3], v[4]}, v[5]};
        const auto ex = circle_intersections_exact(c1, c2);
        const auto r = circle_intersections(c1, c2);
        ++seen[int(ex.kind)];
        ASSERT_EQ(r.kind, ex.kind);
        ASSERT_EQ(r.count, ex.count);
        for (int k = 0; k < ex.count; ++k) {
            EXPECT_EQ(test::on_circle_sign(ex.points[k], v[0], v[1], v[2]), 0) << i;
            EXPECT_EQ(test::on_circle_sign(ex.points[k], v[3], v[4], v[5]), 0) << i;
            EXPECT_EQ(r.points[k].x, round_to<double>(ex.points[k].x));
            EXPECT_EQ(r.points[k].y, round_to<double>(ex.points[k].y));
        }
        if (ex.kind == CircleKind::two) {
            // cross(c2 - c1, P0 - c1) > 0 (left), exactly.
            const Rational dx = to_rational(v[3]) - to_rational(v[0]),
                           dy = to_rational(v[4]) - to_rational(v[1]);
            const Surd px = test::add(ex.points[0].x, test::rational(Rational(-to_rational(v[0]))));
            const Surd py = test::add(ex.points[0].y, test::rational(Rational(-to_rational(v[1]))));
            const Surd cr = test::add(test::mul(test::rational(dx), py),
                                      test::mul(test::rational(Rational(-dy)), px));
            EXPECT_EQ(sign(cr), 1) << i;
        }
        if (HasFailure()) return;
    }
    for (int k = 0; k < 5; ++k) EXPECT_GT(seen[k], 0) << "kind " << k << " never generated";
}

}  // namespace
}  // namespace touchstone::oracle
