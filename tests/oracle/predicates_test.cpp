// Tests of the oracle's five predicates (oracle/src/predicates.cpp).
//
// Tangent configurations come from the 3-4-5 and 5-12-13 right triangles
// scaled by 2^k: every coordinate is a small integer times 2^k, exact in T
// for every k in scale_exponents<T>() (subnormal to near overflow), and the
// contact is exact. One ulp outside must miss.
#include <gtest/gtest.h>

#include <array>
#include <cfloat>
#include <cmath>
#include <limits>
#include <random>
#include <cstring>

#include "scales.hpp"
#include "touchstone/oracle/detail/formulas.hpp"
#include "touchstone/oracle/exact.hpp"
#include "touchstone/oracle/oracle.hpp"

namespace touchstone::oracle {
namespace {

using test::down;
using test::scale_exponents;
using test::scaled;
using test::up;

// Pythagorean triples (a, b, c) with a^2 + b^2 = c^2.
constexpr std::array<std::array<double, 3>, 2> triples{{{3, 4, 5}, {5, 12, 13}}};

template <class T>
void point_in_disk_tangency() {
    for (int k : scale_exponents<T>()) {
        for (const auto& tr : triples) {
            const T a = scaled<T>(tr[0], k), b = scaled<T>(tr[1], k), c = scaled<T>(tr[2], k);
            SCOPED_TRACE(testing::Message() << "k=" << k << " triple " << tr[2]);
            EXPECT_TRUE(point_in_disk(Vec2<T>{a, b}, Circle<T>{{0, 0}, c}));
            EXPECT_TRUE(point_in_disk(Vec2<T>{-a, b}, Circle<T>{{0, 0}, c}));
            EXPECT_TRUE(point_in_disk(Vec2<T>{0, 0}, Circle<T>{{b, -a}, c}));
            EXPECT_FALSE(point_in_disk(Vec2<T>{a, b}, Circle<T>{{0, 0}, down(c)}));
            EXPECT_FALSE(point_in_disk(Vec2<T>{up(a), b}, Circle<T>{{0, 0}, c}));
            EXPECT_FALSE(point_in_disk(Vec2<T>{a, up(b)}, Circle<T>{{0, 0}, c}));
            EXPECT_TRUE(point_in_disk(Vec2<T>{down(a), b}, Circle<T>{{0, 0}, c}));
        }
    }
}

TEST(PointInDisk, ExactTangencyHitsAndOneUlpOutsideMisses) {
    point_in_disk_tangency<float>();
    point_in_disk_tangency<double>();
}

template <class T>
void disks_overlap_tangency() {
    for (int k : scale_exponents<T>()) {
        for (const auto& tr : triples) {
            const T a = scaled<T>(tr[0], k), b = scaled<T>(tr[1], k);
            SCOPED_TRACE(testing::Message() << "k=" << k << " triple " << tr[2]);
            // External: |c2 - c1| = c = r1 + r2 with r1 = c - 2^k... keep
            // integers: r1 = 2, r2 = c - 2 (both exact small integers * 2^k).
            const T r1 = scaled<T>(2, k), r2 = scaled<T>(tr[2] - 2, k);
            const Circle<T> c1{{0, 0}, r1};
            EXPECT_TRUE(disks_overlap(c1, Circle<T>{{a, b}, r2}));
            EXPECT_TRUE(disks_overlap(Circle<T>{{a, b}, r2}, c1));
            EXPECT_FALSE(disks_overlap(c1, Circle<T>{{a, b}, down(r2)}));
            EXPECT_FALSE(disks_overlap(Circle<T>{{0, 0}, down(r1)}, Circle<T>{{a, b}, r2}));
            EXPECT_FALSE(disks_overlap(c1, Circle<T>{{up(a), b}, r2}));
            EXPECT_FALSE(disks_overlap(Circle<T>{{-a, -b}, r2}, Circle<T>{{0, up(T(0))}, r1}));
            // One point disk (r = 0) on the boundary of the other.
            EXPECT_TRUE(
                disks_overlap(Circle<T>{{a, b}, 0}, Circle<T>{{0, 0}, scaled<T>(tr[2], k)}));
            EXPECT_FALSE(
                disks_overlap(Circle<T>{{a, b}, 0}, Circle<T>{{0, 0}, down(scaled<T>(tr[2], k))}));
        }
    }
}

TEST(DisksOverlap, ExactTangencyHitsAndOneUlpOutsideMisses) {
    disks_overlap_tangency<float>();
    disks_overlap_tangency<double>();
}

// The tangent line to the circle |x| = c at (a, b) has direction (-b, a);
// the segment from (a, b) + (b, -a) to (a, b) - (b, -a) touches it at its
// midpoint: (a + b, b - a) to (a - b, b + a), all integers * 2^k.
template <class T>
void segment_tangency() {
    for (int k : scale_exponents<T>()) {
        for (const auto& tr : triples) {
            SCOPED_TRACE(testing::Message() << "k=" << k << " triple " << tr[2]);
            const double a = tr[0], b = tr[1];
            const Segment<T> tangent{{scaled<T>(a + b, k), scaled<T>(b - a, k)},
                                     {scaled<T>(a - b, k), scaled<T>(b + a, k)}};
            const T r = scaled<T>(tr[2], k);
            const Circle<T> circle{{0, 0}, r};
            const Circle<T> smaller{{0, 0}, down(r)};
            EXPECT_TRUE(segment_hits_disk(tangent, circle));
            EXPECT_FALSE(segment_hits_disk(tangent, smaller));
            EXPECT_TRUE(segment_meets_circle(tangent, circle));
            EXPECT_FALSE(segment_meets_circle(tangent, smaller));
            // Endpoint contact: the segment starts on the circle and leaves it
            // radially, (a, b) to (2a, 2b).
            const Segment<T> radial{{scaled<T>(a, k), scaled<T>(b, k)},
                                    {scaled<T>(2 * a, k), scaled<T>(2 * b, k)}};
            EXPECT_TRUE(segment_hits_disk(radial, circle));
            EXPECT_FALSE(segment_hits_disk(radial, smaller));
            EXPECT_TRUE(segment_meets_circle(radial, circle));
            EXPECT_FALSE(segment_meets_circle(radial, smaller));
            // The far end touches from inside: (0, 0) to (a, b). It meets the
            // circumference at r and misses it one ulp further out (dmax < r).
            const Segment<T> inner{{0, 0}, {scaled<T>(a, k), scaled<T>(b, k)}};
            EXPECT_TRUE(segment_meets_circle(inner, circle));
            EXPECT_FALSE(segment_meets_circle(inner, Circle<T>{{0, 0}, up(r)}));
            EXPECT_TRUE(segment_hits_disk(inner, Circle<T>{{0, 0}, up(r)}));
        }
    }
}

TEST(SegmentHitsDisk, ExactTangencyHitsAndOneUlpOutsideMisses) {
    segment_tangency<float>();
    segment_tangency<double>();
}

// Segment (0,0)-(2a,2b) and a T-junction segment starting at its midpoint
// (a, b) perpendicular to it, to (a + b, b - a). Moving the junction one ulp
// along x puts both ends of the stem strictly on one side: a miss.
template <class T>
void segments_t_junction() {
    for (int k : scale_exponents<T>()) {
        for (const auto& tr : triples) {
            SCOPED_TRACE(testing::Message() << "k=" << k << " triple " << tr[2]);
            const double a = tr[0], b = tr[1];
            const Segment<T> bar{{0, 0}, {scaled<T>(2 * a, k), scaled<T>(2 * b, k)}};
            const Segment<T> stem{{scaled<T>(a, k), scaled<T>(b, k)},
                                  {scaled<T>(a + b, k), scaled<T>(b - a, k)}};
            Segment<T> off = stem;
            off.a.x = up(off.a.x);
            EXPECT_TRUE(segments_intersect(bar, stem));
            EXPECT_TRUE(segments_intersect(stem, bar));
            EXPECT_FALSE(segments_intersect(bar, off));
            EXPECT_FALSE(segments_intersect(off, bar));
        }
    }
}

TEST(SegmentsIntersect, TJunctionHitsAndOneUlpOffMisses) {
    segments_t_junction<float>();
    segments_t_junction<double>();
}

template <class T>
Segment<T> seg(double ax, double ay, double bx, double by) {
    return {{T(ax), T(ay)}, {T(bx), T(by)}};
}

template <class T>
void collinear_cases() {
    // On the x axis, on a vertical, and along the 3-4-5 diagonal.
    EXPECT_TRUE(segments_intersect(seg<T>(0, 0, 4, 0), seg<T>(2, 0, 6, 0)));   // overlap
    EXPECT_TRUE(segments_intersect(seg<T>(0, 0, 4, 0), seg<T>(6, 0, 2, 0)));   // overlap, reversed
    EXPECT_TRUE(segments_intersect(seg<T>(0, 0, 4, 0), seg<T>(1, 0, 2, 0)));   // contained
    EXPECT_TRUE(segments_intersect(seg<T>(0, 0, 2, 0), seg<T>(2, 0, 5, 0)));   // touch at an end
    EXPECT_FALSE(segments_intersect(seg<T>(0, 0, 2, 0), seg<T>(3, 0, 5, 0)));  // disjoint
    EXPECT_FALSE(
        segments_intersect(seg<T>(0, 0, 2, 0), seg<T>(up(T(2)), 0, 5, 0)));     // one ulp apart
    EXPECT_TRUE(segments_intersect(seg<T>(1, 0, 1, 4), seg<T>(1, 4, 1, 9)));    // vertical touch
    EXPECT_FALSE(segments_intersect(seg<T>(1, 0, 1, 4), seg<T>(1, 5, 1, 9)));   // vertical disjoint
    EXPECT_TRUE(segments_intersect(seg<T>(0, 0, 6, 8), seg<T>(3, 4, 9, 12)));   // diagonal overlap
    EXPECT_TRUE(segments_intersect(seg<T>(0, 0, 3, 4), seg<T>(3, 4, 9, 12)));   // diagonal touch
    EXPECT_FALSE(segments_intersect(seg<T>(0, 0, 3, 4), seg<T>(6, 8, 9, 12)));  // diagonal disjoint
    EXPECT_FALSE(segments_intersect(seg<T>(0, 0, 4, 0), seg<T>(0, 1, 4, 1)));   // parallel
}

TEST(SegmentsIntersect, CollinearOverlapTouchAndDisjoint) {
    collinear_cases<float>();
    collinear_cases<double>();
}

template <class T>
void shared_endpoints_and_points() {
    EXPECT_TRUE(segments_intersect(seg<T>(0, 0, 1, 1), seg<T>(1, 1, 2, 0)));  // shared endpoint
    EXPECT_TRUE(segments_intersect(seg<T>(0, 0, 1, 1), seg<T>(0, 0, 1, 1)));  // identical
    EXPECT_TRUE(segments_intersect(seg<T>(0, 0, 2, 0), seg<T>(1, 0, 1, 3)));  // T-junction
    EXPECT_TRUE(segments_intersect(seg<T>(0, 0, 2, 2), seg<T>(0, 2, 2, 0)));  // proper crossing
    EXPECT_FALSE(segments_intersect(seg<T>(0, 0, 2, 0), seg<T>(1, T(0.5), 1, 3)));
    // Zero-length segments are points.
    EXPECT_TRUE(segments_intersect(seg<T>(1, 0, 1, 0), seg<T>(0, 0, 2, 0)));   // point on segment
    EXPECT_TRUE(segments_intersect(seg<T>(0, 0, 2, 0), seg<T>(2, 0, 2, 0)));   // point at an end
    EXPECT_FALSE(segments_intersect(seg<T>(3, 0, 3, 0), seg<T>(0, 0, 2, 0)));  // collinear, beyond
    EXPECT_FALSE(segments_intersect(seg<T>(1, T(0.5), 1, T(0.5)), seg<T>(0, 0, 2, 0)));
    EXPECT_TRUE(segments_intersect(seg<T>(1, 1, 1, 1), seg<T>(1, 1, 1, 1)));  // same point
    EXPECT_FALSE(segments_intersect(seg<T>(1, 1, 1, 1), seg<T>(1, up(T(1)), 1, up(T(1)))));
}

TEST(SegmentsIntersect, SharedEndpointsTJunctionsAndPoints) {
    shared_endpoints_and_points<float>();
    shared_endpoints_and_points<double>();
}

template <class T>
void degenerate_disks() {
    const T tiny = std::numeric_limits<T>::denorm_min();
    // Zero radius: a point disk.
    EXPECT_TRUE(point_in_disk(Vec2<T>{1, 2}, Circle<T>{{1, 2}, 0}));
    EXPECT_TRUE(point_in_disk(Vec2<T>{1, 2}, Circle<T>{{1, 2}, T(-0.0)}));
    EXPECT_FALSE(point_in_disk(Vec2<T>{1, up(T(2))}, Circle<T>{{1, 2}, 0}));
    EXPECT_TRUE(disks_overlap(Circle<T>{{5, 5}, 0}, Circle<T>{{5, 5}, 0}));
    EXPECT_FALSE(disks_overlap(Circle<T>{{5, 5}, 0}, Circle<T>{{5, up(T(5))}, 0}));
    EXPECT_TRUE(disks_overlap(Circle<T>{{0, 0}, 0}, Circle<T>{{tiny, 0}, tiny}));
    // Concentric and identical disks overlap.
    EXPECT_TRUE(disks_overlap(Circle<T>{{1, 1}, 1}, Circle<T>{{1, 1}, 5}));
    EXPECT_TRUE(disks_overlap(Circle<T>{{1, 1}, 3}, Circle<T>{{1, 1}, 3}));
    // Zero-length segment vs disk is point in disk; vs circle is "on it".
    EXPECT_TRUE(segment_hits_disk(seg<T>(3, 4, 3, 4), Circle<T>{{0, 0}, 5}));
    EXPECT_FALSE(segment_hits_disk(seg<T>(3, 4, 3, 4), Circle<T>{{0, 0}, down(T(5))}));
    EXPECT_TRUE(segment_meets_circle(seg<T>(3, 4, 3, 4), Circle<T>{{0, 0}, 5}));
    EXPECT_FALSE(segment_meets_circle(seg<T>(3, 4, 3, 4), Circle<T>{{0, 0}, up(T(5))}));
    EXPECT_FALSE(segment_meets_circle(seg<T>(0, 0, 0, 0), Circle<T>{{0, 0}, 5}));
    // Zero radius: the segment must pass through the centre.
    EXPECT_TRUE(segment_hits_disk(seg<T>(-1, -1, 1, 1), Circle<T>{{0, 0}, 0}));
    EXPECT_TRUE(segment_meets_circle(seg<T>(-1, -1, 1, 1), Circle<T>{{0, 0}, 0}));
    EXPECT_FALSE(segment_meets_circle(seg<T>(-1, -1, 1, 1), Circle<T>{{0, tiny}, 0}));
    EXPECT_FALSE(segment_hits_disk(seg<T>(-1, -1, 1, 1), Circle<T>{{tiny, 0}, 0}));
    EXPECT_TRUE(segment_meets_circle(seg<T>(0, 0, 0, 0), Circle<T>{{0, 0}, 0}));
    // A segment strictly inside the disk hits it but misses the circumference.
    EXPECT_TRUE(segment_hits_disk(seg<T>(-1, 0, 1, 0), Circle<T>{{0, 0}, 2}));
    EXPECT_FALSE(segment_meets_circle(seg<T>(-1, 0, 1, 0), Circle<T>{{0, 0}, 2}));
    // A chord crosses it.
    EXPECT_TRUE(segment_meets_circle(seg<T>(-3, 0, 3, 0), Circle<T>{{0, 0}, 2}));
}

TEST(Predicates, ZeroRadiiZeroLengthAndConcentric) {
    degenerate_disks<float>();
    degenerate_disks<double>();
}

TEST(Predicates, MixedScalesNearOverflowAndUnderflow) {
    const double big = 1e300, huge = DBL_MAX, sub = std::numeric_limits<double>::denorm_min();
    // A point at distance exactly r = 1e300 (squares overflow in double).
    EXPECT_TRUE(point_in_disk(Vec2<double>{big, 0}, Circle<double>{{0, 0}, big}));
    EXPECT_FALSE(point_in_disk(Vec2<double>{big, 0}, Circle<double>{{0, 0}, down(big)}));
    // |(-max) - max| = 2 max overflows in double; r1 + r2 = 2 max exactly.
    EXPECT_TRUE(disks_overlap(Circle<double>{{-huge, 0}, huge}, Circle<double>{{huge, 0}, huge}));
    EXPECT_FALSE(
        disks_overlap(Circle<double>{{-huge, 0}, huge}, Circle<double>{{huge, 0}, down(huge)}));
    // Subnormal distance next to a huge coordinate far away: the common scale
    // spans the whole exponent range (falls back to unbounded integers).
    EXPECT_TRUE(point_in_disk(Vec2<double>{sub, huge}, Circle<double>{{0, huge}, sub}));
    EXPECT_FALSE(point_in_disk(Vec2<double>{2 * sub, huge}, Circle<double>{{0, huge}, sub}));
    EXPECT_TRUE(
        segment_hits_disk(Segment<double>{{-huge, sub}, {huge, sub}}, Circle<double>{{0, 0}, sub}));
    EXPECT_FALSE(segment_hits_disk(Segment<double>{{-huge, 2 * sub}, {huge, 2 * sub}},
                                   Circle<double>{{0, 0}, sub}));
    EXPECT_TRUE(segments_intersect(Segment<double>{{-huge, -huge}, {huge, huge}},
                                   Segment<double>{{sub, sub}, {sub, sub}}));
    EXPECT_FALSE(segments_intersect(Segment<double>{{-huge, -huge}, {huge, huge}},
                                    Segment<double>{{sub, 0}, {sub, 0}}));
    // float: FLT_MAX and the smallest float subnormal.
    const float fmax = FLT_MAX, fsub = std::numeric_limits<float>::denorm_min();
    EXPECT_TRUE(disks_overlap(Circle<float>{{-fmax, 0}, fmax}, Circle<float>{{fmax, 0}, fmax}));
    EXPECT_FALSE(
        disks_overlap(Circle<float>{{-fmax, 0}, down(fmax)}, Circle<float>{{fmax, 0}, fmax}));
    EXPECT_TRUE(point_in_disk(Vec2<float>{fsub, fmax}, Circle<float>{{0, fmax}, fsub}));
    EXPECT_FALSE(point_in_disk(Vec2<float>{fsub, fmax}, Circle<float>{{0, fmax}, 0}));
}

// The integer path (scaled, fixed width or unbounded) must agree with the
// same formulas evaluated in exact rationals, a different arithmetic, on
// random bit patterns and on near-degenerate configurations.
double random_finite(std::mt19937_64& rng) {
    for (;;) {
        const std::uint64_t bits = rng();
        double x = 0;
        std::memcpy(&x, &bits, sizeof x);
        if (std::isfinite(x)) return x;
    }
}

double random_value(std::mt19937_64& rng, int family) {
    switch (family) {
        case 0: return random_finite(rng);  // any exponent
        case 1:
            return std::ldexp(double(int(rng() % 17) - 8), int(rng() % 9) - 4);  // small grid
        // [-1, 1) from the generator's bits, not std::uniform_real_distribution
        // (its logl call reads the wrong long double under -mlong-double-64)
        default: return static_cast<double>(rng() >> 11) * 0x1p-52 - 1;
    }
}

TEST(Predicates, AgreeWithRationalEvaluationOnRandomInputs) {
    std::mt19937_64 rng(20240601);
    for (int i = 0; i < 6000; ++i) {
        const int family = i % 3;
        std::array<double, 8> v{};
        for (double& x : v) x = random_value(rng, family);
        std::array<Rational, 8> q;
        for (std::size_t j = 0; j < 8; ++j) q[j] = to_rational(v[j]);
        const double r = std::fabs(v[2]), r2 = std::fabs(v[5]), r3 = std::fabs(v[6]);
        const Rational qr = to_rational(r), qr2 = to_rational(r2), qr3 = to_rational(r3);

        EXPECT_EQ(point_in_disk(Vec2<double>{v[0], v[1]}, Circle<double>{{v[3], v[4]}, r}),
                  detail::point_in_disk(std::array<Rational, 5>{q[0], q[1], q[3], q[4], qr}));
        EXPECT_EQ(disks_overlap(Circle<double>{{v[0], v[1]}, r}, Circle<double>{{v[3], v[4]}, r2}),
                  detail::disks_overlap(std::array<Rational, 6>{q[0], q[1], qr, q[3], q[4], qr2}));
        const Segment<double> s{{v[0], v[1]}, {v[3], v[4]}};
        const Circle<double> c{{v[7], v[2]}, r3};
        const std::array<Rational, 7> sc{q[0], q[1], q[3], q[4], q[7], q[2], qr3};
        EXPECT_EQ(segment_hits_disk(s, c), detail::segment_hits_disk(sc));
        EXPECT_EQ(segment_meets_circle(s, c), detail::segment_meets_circle(sc));
        EXPECT_EQ(segments_intersect(Segment<double>{{v[0], v[1]}, {v[2], v[3]}},
                                     Segment<double>{{v[4], v[5]}, {v[6], v[7]}}),
                  detail::segments_intersect(q));
        if (HasFailure()) {
            ADD_FAILURE() << "case " << i;
            return;
        }
    }
}

// Cross-primitive consistency on a small integer grid, where ties abound.
TEST(Predicates, ConsistentWithConstructions) {
    std::mt19937_64 rng(7);
    for (int i = 0; i < 3000; ++i) {
        auto g = [&] { return double(int(rng() % 9) - 4); };
        const Segment<double> s{{g(), g()}, {g(), g()}};
        const Segment<double> t{{g(), g()}, {g(), g()}};
        const Circle<double> c{{g(), g()}, std::fabs(g())};
        const Circle<double> d{{g(), g()}, std::fabs(g())};
        EXPECT_EQ(segments_intersect(s, t), segment_intersection(s, t).kind != SegmentKind::none);
        EXPECT_EQ(segment_meets_circle(s, c), segment_circle_points(s, c).count > 0);
        const CircleKind k = circle_intersections(c, d).kind;
        EXPECT_EQ(disks_overlap(c, d), k != CircleKind::none);
        EXPECT_EQ(segment_hits_disk(Segment<double>{s.a, s.a}, c), point_in_disk(s.a, c));
        if (HasFailure()) {
            ADD_FAILURE() << "case " << i;
            return;
        }
    }
}

}  // namespace
}  // namespace touchstone::oracle
