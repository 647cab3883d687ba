// Capsules and boxes (issue 12): the robust core, the oracle and the
// textbook ports on cases whose answer is known by construction (integer
// geometry scaled by powers of two), invalid input and its messages, the
// laws of the predicates, and the tolerance bands.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>
#include <limits>
#include <random>

#include "touchstone/case_file.hpp"
#include "touchstone/bits.hpp"
#include "touchstone/judge.hpp"
#include "touchstone/oracle/oracle.hpp"
#include "touchstone/robust.hpp"
#include "touchstone/textbook/boxes.hpp"
#include "touchstone/textbook/capsules.hpp"
#include "touchstone/validate.hpp"

namespace touchstone {
namespace {

template <class T>
T sc(double v, int k) {
    return static_cast<T>(std::ldexp(v, k));
}
template <class T>
Capsule<T> cap(double ax, double ay, double bx, double by, double r, int k = 0) {
    return {{{sc<T>(ax, k), sc<T>(ay, k)}, {sc<T>(bx, k), sc<T>(by, k)}}, sc<T>(r, k)};
}
template <class T>
Box<T> box(double x0, double y0, double x1, double y1, int k = 0) {
    return {{sc<T>(x0, k), sc<T>(y0, k)}, {sc<T>(x1, k), sc<T>(y1, k)}};
}
template <class T>
Segment<T> seg(double ax, double ay, double bx, double by, int k = 0) {
    return {{sc<T>(ax, k), sc<T>(ay, k)}, {sc<T>(bx, k), sc<T>(by, k)}};
}
template <class T>
Circle<T> disk(double x, double y, double r, int k = 0) {
    return {{sc<T>(x, k), sc<T>(y, k)}, sc<T>(r, k)};
}

template <class T>
class Shapes : public ::testing::Test {};
using Precisions = ::testing::Types<float, double>;
TYPED_TEST_SUITE(Shapes, Precisions);

/// Scales from deep underflow to near overflow (every product in the exact
/// stages, none in the answer).
template <class T>
std::vector<int> scales() {
    const int lo = std::numeric_limits<T>::min_exponent - std::numeric_limits<T>::digits + 12;
    const int hi = std::numeric_limits<T>::max_exponent - 12;
    std::vector<int> out;
    for (int k = lo; k <= hi; k += 9) out.push_back(k);
    return out;
}

TYPED_TEST(Shapes, CapsulesTouchingEndToEndAndSideToSideOverlapAtEveryScale) {
    using T = TypeParam;
    for (int k : scales<T>()) {
        SCOPED_TRACE(testing::Message() << "k=" << k);
        // 3-4-5 direction: axes (0,0)-(3,4) and (9,12)-(12,16), |gap| = 10 = r1 + r2.
        const Capsule<T> a = cap<T>(0, 0, 3, 4, 4, k), b = cap<T>(9, 12, 12, 16, 6, k);
        EXPECT_TRUE(robust::capsules_overlap(a, b));
        EXPECT_TRUE(oracle::capsules_overlap(a, b));
        // One ulp less radius: apart.
        Capsule<T> b2 = b;
        b2.r = step_ulps(b.r, -1);
        EXPECT_FALSE(robust::capsules_overlap(a, b2));
        EXPECT_FALSE(oracle::capsules_overlap(a, b2));
        // Side to side: parallel axes 5 apart along the normal (-4, 3), r1 + r2 = 5.
        const Capsule<T> c = cap<T>(0, 0, 6, 8, 2, k),
                         d = cap<T>(-4 + 3, 3 + 4, -4 + 9, 3 + 12, 3, k);
        EXPECT_TRUE(robust::capsules_overlap(c, d));
        EXPECT_TRUE(oracle::capsules_overlap(c, d));
        Capsule<T> d2 = d;
        d2.r = step_ulps(d.r, -1);
        EXPECT_FALSE(robust::capsules_overlap(c, d2));
        EXPECT_FALSE(oracle::capsules_overlap(c, d2));
    }
}

TYPED_TEST(Shapes, CapsuleHitsDiskAtTheSideAndTheCap) {
    using T = TypeParam;
    for (int k : scales<T>()) {
        SCOPED_TRACE(testing::Message() << "k=" << k);
        // Side: centre 5 above (1.5, 2) along (-4, 3)... (1.5 - 4, 2 + 3), r1 + r2 = 5.
        const Capsule<T> a = cap<T>(0, 0, 3, 4, 2, k);
        const Circle<T> side = disk<T>(-2.5, 5, 3, k), end = disk<T>(6, 8, 3, k);
        EXPECT_TRUE(robust::capsule_hits_disk(a, side));
        EXPECT_TRUE(oracle::capsule_hits_disk(a, side));
        EXPECT_TRUE(robust::capsule_hits_disk(a, end));
        EXPECT_TRUE(oracle::capsule_hits_disk(a, end));
        for (Circle<T> c : {side, end}) {
            c.r = step_ulps(c.r, -1);
            EXPECT_FALSE(robust::capsule_hits_disk(a, c));
            EXPECT_FALSE(oracle::capsule_hits_disk(a, c));
        }
    }
}

TYPED_TEST(Shapes, RadiusSumsThatAreNotRepresentableAreExact) {
    using T = TypeParam;
    // r1 = 1, r2 = 2^-40 (float: 2^-30): 1 + r2 is not a T. The disk's
    // centre is at distance 1 + r2 from the capsule's end: exact tangency.
    const int e = std::is_same_v<T, float> ? -30 : -60;
    const T tiny = std::ldexp(T(1), e);
    const Capsule<T> a{{{0, 0}, {0, 0}}, 1};
    const Circle<T> c{{T(1) + T(0), 0}, tiny};
    // centre at 1 + tiny is not representable; put the capsule end at -tiny instead.
    const Capsule<T> b{{{-tiny, 0}, {-tiny, 0}}, 1};
    const Circle<T> at_one{{1, 0}, tiny};
    EXPECT_TRUE(robust::capsule_hits_disk(b, at_one));  // distance 1 + tiny = r1 + r2
    EXPECT_TRUE(oracle::capsule_hits_disk(b, at_one));
    const Circle<T> beyond{{step_ulps(T(1), 1), 0}, tiny};
    EXPECT_FALSE(robust::capsule_hits_disk(b, beyond));
    EXPECT_FALSE(oracle::capsule_hits_disk(b, beyond));
    EXPECT_TRUE(robust::capsule_hits_disk(a, c));
    // Two capsules, the same: segments (-tiny, 0) and (1, 0) as points.
    const Capsule<T> p{{{1, 0}, {1, 0}}, tiny};
    EXPECT_TRUE(robust::capsules_overlap(b, p));
    EXPECT_TRUE(oracle::capsules_overlap(b, p));
    const Capsule<T> q{{{step_ulps(T(1), 1), 0}, {step_ulps(T(1), 1), 0}}, tiny};
    EXPECT_FALSE(robust::capsules_overlap(b, q));
    EXPECT_FALSE(oracle::capsules_overlap(b, q));
}

TYPED_TEST(Shapes, BoxesTouchingAlongAnEdgeOrAtACornerOverlap) {
    using T = TypeParam;
    for (int k : scales<T>()) {
        const Box<T> a = box<T>(0, 0, 3, 2, k);
        for (const Box<T>& b :
             {box<T>(3, 1, 5, 7, k), box<T>(3, 2, 4, 4, k), box<T>(-1, 2, 0, 9, k),
              box<T>(1, 1, 1, 1, k), box<T>(3, 2, 3, 2, k)}) {
            EXPECT_TRUE(robust::boxes_overlap(a, b)) << k;
            EXPECT_TRUE(robust::boxes_overlap(b, a)) << k;
            EXPECT_TRUE(oracle::boxes_overlap(a, b)) << k;
        }
        Box<T> apart = box<T>(3, 2, 4, 4, k);
        apart.lo.x = step_ulps(apart.lo.x, 1);
        EXPECT_FALSE(robust::boxes_overlap(a, apart));
        EXPECT_FALSE(oracle::boxes_overlap(a, apart));
    }
}

TYPED_TEST(Shapes, SegmentsAlongAnEdgeOrThroughACornerHitTheBox) {
    using T = TypeParam;
    for (int k : scales<T>()) {
        SCOPED_TRACE(testing::Message() << "k=" << k);
        const Box<T> b = box<T>(0, 0, 4, 3, k);
        // Along the bottom edge, past both corners; along the top edge from inside its span;
        // through the corner (4, 3) only, on the line x + y = 7; ending on the left edge.
        for (const Segment<T>& s : {seg<T>(-2, 0, 6, 0, k), seg<T>(1, 3, 9, 3, k),
                                    seg<T>(2, 5, 6, 1, k), seg<T>(-3, 1, 0, 2, k)}) {
            EXPECT_TRUE(robust::segment_hits_box(s, b));
            EXPECT_TRUE(oracle::segment_hits_box(s, b));
        }
        // The same corner line, one unit out; on the edge's line beyond the corner.
        for (const Segment<T>& s :
             {seg<T>(3, 5, 7, 1, k), seg<T>(5, 0, 9, 0, k), seg<T>(-3, 4, 3, 10, k)}) {
            EXPECT_FALSE(robust::segment_hits_box(s, b));
            EXPECT_FALSE(oracle::segment_hits_box(s, b));
        }
    }
}

/// Field values that exercise every validity check: NaN, +-inf, signed
/// zeros, the extremes of T, subnormals, and small integers (ties).
template <class T>
T special_value(std::mt19937_64& rng) {
    using L = std::numeric_limits<T>;
    const T pool[] = {L::quiet_NaN(),
                      L::infinity(),
                      -L::infinity(),
                      T(0),
                      -T(0),
                      L::max(),
                      -L::max(),
                      L::denorm_min(),
                      -L::denorm_min(),
                      L::min(),
                      T(1),
                      T(-1),
                      T(2),
                      T(-2),
                      T(3)};
    if (rng() % 3 != 0) return T(static_cast<int>(rng() % 7) - 3);
    return pool[rng() % (sizeof(pool) / sizeof(pool[0]))];
}

/// A point of two special_value coordinates (x drawn first).
template <class T>
Vec2<T> special_point(std::mt19937_64& rng) {
    const T x = special_value<T>(rng);
    return {x, special_value<T>(rng)};
}

/// boxes_overlap's two forms (the SSE2 pair comparisons where the compiler
/// offers SSE2, the scalar one everywhere) against the definition, written
/// here from the contract (valid: every field finite, min <= max; overlap:
/// the four comparisons), on fields drawn from special_value: the forms
/// differ in how NaN and the infinities reach the answer.
TYPED_TEST(Shapes, BoxesOverlapFormsAgreeWithTheDefinitionOnSpecialValues) {
    using T = TypeParam;
    std::mt19937_64 rng(15);
    const auto valid = [](Box<T> b) {
        return std::isfinite(b.lo.x) && std::isfinite(b.lo.y) && std::isfinite(b.hi.x) &&
               std::isfinite(b.hi.y) && b.lo.x <= b.hi.x && b.lo.y <= b.hi.y;
    };
    int hits = 0, invalid = 0;
    for (int it = 0; it < 200000; ++it) {
        const Box<T> a{special_point<T>(rng), special_point<T>(rng)};
        const Box<T> b{special_point<T>(rng), special_point<T>(rng)};
        const bool want = valid(a) && valid(b) && a.lo.x <= b.hi.x && b.lo.x <= a.hi.x &&
                          a.lo.y <= b.hi.y && b.lo.y <= a.hi.y;
        hits += want;
        invalid += !(valid(a) && valid(b));
        const auto where = [&] {
            return "seed 15, case " + std::to_string(it) + ": a, b = " +
                   hex_list(std::array<T, 8>{a.lo.x, a.lo.y, a.hi.x, a.hi.y, b.lo.x, b.lo.y, b.hi.x,
                                             b.hi.y}) +
                   "\nreplay: robust_shapes_test --gtest_filter='*BoxesOverlapForms*'";
        };
        ASSERT_EQ(robust::boxes_overlap(a, b), want) << where();
        ASSERT_EQ(robust::impl::boxes_overlap_scalar(a, b), want) << where();
    }
    EXPECT_GT(hits, 2000);  // not vacuous either way
    EXPECT_GT(invalid, 10000);
}

/// segment_hits_box's two-corner filter against its four-corner general
/// form (which the oracle suites check), on special values and on small
/// integers (corners on the line: the filter must decline, not guess).
TYPED_TEST(Shapes, SegmentHitsBoxFastFormAgreesWithTheGeneralForm) {
    using T = TypeParam;
    std::mt19937_64 rng(16);
    int hits = 0, decided = 0;
    for (int it = 0; it < 200000; ++it) {
        const Segment<T> s{special_point<T>(rng), special_point<T>(rng)};
        const Box<T> b{special_point<T>(rng), special_point<T>(rng)};
        const bool want = robust::impl::segment_hits_box_exact(s, b);
        hits += want;
        const auto where = [&] {
            return "seed 16, case " + std::to_string(it) + ": s, b = " +
                   hex_list(std::array<T, 8>{s.a.x, s.a.y, s.b.x, s.b.y, b.lo.x, b.lo.y, b.hi.x,
                                             b.hi.y}) +
                   "\nreplay: robust_shapes_test --gtest_filter='*SegmentHitsBoxFastForm*'";
        };
        ASSERT_EQ(robust::segment_hits_box(s, b), want) << where();
        // Each two-corner form on its own (the SSE2 one where the compiler
        // offers it, the scalar one everywhere): when it decides, its answer
        // with the order check is the general form's, and both forms decide
        // the same calls (the same values in the same operations).
        const bool ordered = (b.lo.x <= b.hi.x) && (b.lo.y <= b.hi.y);
        bool scalar_hit = false;
        const bool scalar = robust::impl::segment_hits_box_scalar(s, b, scalar_hit);
        if (scalar) {
            ASSERT_EQ(scalar_hit && ordered, want) << where();
        }
        decided += scalar;
#if TOUCHSTONE_ROBUST_SSE2
        bool sse2_hit = false;
        const bool sse2 = robust::impl::segment_hits_box_sse2(s, b, sse2_hit);
        if (sse2) {
            ASSERT_EQ(sse2_hit && ordered, want) << where();
        }
        // NaN may pass the SSE2 box test where the scalar one rejects it
        // (either answers false): compare the decisions on finite fields.
        if (std::isfinite(s.a.x) && std::isfinite(s.a.y) && std::isfinite(s.b.x) &&
            std::isfinite(s.b.y) && std::isfinite(b.lo.x) && std::isfinite(b.lo.y) &&
            std::isfinite(b.hi.x) && std::isfinite(b.hi.y)) {
            ASSERT_EQ(sse2, scalar) << where();
            ASSERT_EQ(sse2_hit, scalar_hit) << where();
        }
#endif
    }
    EXPECT_GT(hits, 10000);
    EXPECT_GT(decided, 100000);  // the forms decide most calls: not vacuous
}

/// capsule_hits_disk's region filter (the region of c picked from
/// uncertified signs) against the exact stage alone, on small integers and
/// special values: points on the perpendiculars at a and b (w.v or u.v
/// exactly 0), on the line, a = b, radii that touch exactly, NaN, the
/// infinities, zeros and the extremes. The filter must decline, not guess,
/// where the region or the distance is a tie.
TYPED_TEST(Shapes, CapsuleHitsDiskRegionFilterAgreesWithTheExactStage) {
    using T = TypeParam;
    std::mt19937_64 rng(17);
    int hits = 0, certified = 0;
    for (int it = 0; it < 200000; ++it) {
        T x[8];
        for (T& v : x) v = special_value<T>(rng);
        const Capsule<T> k{{{x[0], x[1]}, {x[2], x[3]}}, x[4]};
        const Circle<T> c{{x[5], x[6]}, x[7]};
        const bool want = robust::impl::capsule_hits_disk_general<T>(x[0], x[1], x[2], x[3], x[4],
                                                                     x[5], x[6], x[7]);
        hits += want;
        const auto where = [&] {
            return "seed 17, case " + std::to_string(it) + ": a, b, r1, c, r2 = " +
                   hex_list(std::array<T, 8>{x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7]}) +
                   "\nreplay: robust_shapes_test --gtest_filter='*CapsuleHitsDiskRegionFilter*'";
        };
        ASSERT_EQ(robust::capsule_hits_disk(k, c), want) << where();
        const double R = double(x[4]) + double(x[7]);
        const auto f = robust::impl::capsule_disk_region(k, c, R * R);
        certified += f.certain;
    }
    EXPECT_GT(hits, 10000);
    EXPECT_GT(certified, 50000);
}

TYPED_TEST(Shapes, TheTextbookPortsKeepTheirBugs) {
    using T = TypeParam;
    // The slab test's 0 * inf: a segment along the bottom edge y = 0 (the
    // second axis) gets t = NaN and misses.
    const Box<T> b = box<T>(0, 0, 4, 3);
    const Segment<T> along = seg<T>(1, 0, 3, 0);
    EXPECT_TRUE(robust::segment_hits_box(along, b));
    EXPECT_FALSE(textbook::segment_hits_box(along, b));
    // Center-radius boxes: min + max overflows to inf for both boxes, and
    // |inf - inf| = NaN never separates: apart along x, reported overlapping.
    const int e = std::numeric_limits<T>::max_exponent - 1;
    const Box<T> h1 = box<T>(1, 0, 1.25, 1, e), h2 = box<T>(1.5, 0, 1.75, 1, e);
    EXPECT_FALSE(robust::boxes_overlap(h1, h2));
    EXPECT_FALSE(oracle::boxes_overlap(h1, h2));
    EXPECT_TRUE(textbook::boxes_overlap(h1, h2));
    // Ericson's EPSILON: two tiny capsules, end to end but apart, taken for points.
    const Capsule<T> t1 = cap<T>(0, 0, 1, 0, 0, -20), t2 = cap<T>(3, 0, 4, 0, 0, -20);
    const Capsule<T> touch = cap<T>(1, 0, 2, 0, 0, -20);
    EXPECT_TRUE(robust::capsules_overlap(t1, touch));
    EXPECT_FALSE(textbook::capsules_overlap(t1, touch));  // |a1 - a2| = 2^-20 > 0
    EXPECT_FALSE(robust::capsules_overlap(t1, t2));
}

TYPED_TEST(Shapes, InvalidInputIsFalseForTheCoreAndNamedByTheOracle) {
    using T = TypeParam;
    const T nan = std::numeric_limits<T>::quiet_NaN(), inf = std::numeric_limits<T>::infinity();
    const Capsule<T> ok = cap<T>(0, 0, 1, 0, 1);
    Capsule<T> neg = ok;
    neg.r = -1;
    Capsule<T> infr = ok;
    infr.r = inf;
    EXPECT_FALSE(robust::capsules_overlap(ok, neg));
    EXPECT_FALSE(robust::capsules_overlap(infr, ok));
    EXPECT_FALSE(robust::capsule_hits_disk(ok, Circle<T>{{nan, 0}, 1}));
    EXPECT_FALSE(robust::capsule_hits_disk(neg, Circle<T>{{0, 0}, 5}));
    // A NaN endpoint far from the contact must not let a filter say "hit".
    Capsule<T> half_nan = ok;
    half_nan.s.b.y = nan;
    EXPECT_FALSE(robust::capsules_overlap(half_nan, ok));
    const Box<T> inverted{{1, 0}, {0, 1}};
    EXPECT_FALSE(robust::boxes_overlap(inverted, box<T>(0, 0, 2, 2)));
    EXPECT_FALSE(robust::segment_hits_box(seg<T>(0, 0, 1, 1), inverted));
    EXPECT_FALSE(robust::segment_hits_box(seg<T>(0, 0, inf, 1), box<T>(0, 0, 2, 2)));
    try {
        (void)oracle::boxes_overlap(box<T>(0, 0, 2, 2), Box<T>{{0, 3}, {1, 2}});
        ADD_FAILURE() << "no InvalidInput";
    } catch (const oracle::InvalidInput& e) {
        EXPECT_EQ(e.field(), "maxy2");
        EXPECT_NE(std::string(e.what()).find("(miny2 > maxy2)"), std::string::npos) << e.what();
    }
    try {
        (void)oracle::segment_hits_box(seg<T>(0, 0, 1, 1), inverted);
        ADD_FAILURE() << "no InvalidInput";
    } catch (const oracle::InvalidInput& e) {
        EXPECT_EQ(e.field(), "maxx");
        EXPECT_NE(std::string(e.what()).find("(minx > maxx)"), std::string::npos) << e.what();
    }
    try {
        (void)oracle::capsules_overlap(ok, neg);
        ADD_FAILURE() << "no InvalidInput";
    } catch (const oracle::InvalidInput& e) {
        EXPECT_EQ(e.field(), "r2");
    }
    const robust::Validation v = robust::validate(inverted, box<T>(0, 0, 2, 2));
    EXPECT_FALSE(v.ok());
    EXPECT_EQ(v.field, "maxx1");
    EXPECT_EQ(v.message(), "invalid input: field maxx1 = 0x0p+0 (minx1 > maxx1)");
}

TYPED_TEST(Shapes, RobustEqualsTheOracleOnSmallIntegerGeometryAndObeysTheLaws) {
    using T = TypeParam;
    std::mt19937_64 rng(12);
    std::uniform_int_distribution<int> coord(-4, 4), rad(0, 3);  // many touching cases
    int hits[4] = {}, misses[4] = {};
    for (int i = 0; i < 3000; ++i) {
        auto v = [&] { return T(coord(rng)); };
        const Capsule<T> k1{{{v(), v()}, {v(), v()}}, T(rad(rng))};
        const Capsule<T> k2{{{v(), v()}, {v(), v()}}, T(rad(rng))};
        const Circle<T> c{{v(), v()}, T(rad(rng))};
        T x0 = v(), x1 = v(), y0 = v(), y1 = v();
        if (x0 > x1) std::swap(x0, x1);
        if (y0 > y1) std::swap(y0, y1);
        const Box<T> b1{{x0, y0}, {x1, y1}};
        const Box<T> b2{{x0 + T(coord(rng)), y0 + T(coord(rng))}, {x1 + T(4), y1 + T(4)}};
        const Segment<T> s{{v(), v()}, {v(), v()}};
        const bool r[4] = {robust::capsules_overlap(k1, k2), robust::capsule_hits_disk(k1, c),
                           robust::boxes_overlap(b1, b2), robust::segment_hits_box(s, b1)};
        const bool o[4] = {oracle::capsules_overlap(k1, k2), oracle::capsule_hits_disk(k1, c),
                           oracle::boxes_overlap(b1, b2), oracle::segment_hits_box(s, b1)};
        for (int j = 0; j < 4; ++j) {
            EXPECT_EQ(r[j], o[j]) << "primitive " << j << " case " << i;
            (r[j] ? hits : misses)[j]++;
        }
        // Laws: swapping the operands, reversing a segment, negating x.
        EXPECT_EQ(robust::capsules_overlap(k2, k1), r[0]);
        const Capsule<T> k1r{{k1.s.b, k1.s.a}, k1.r};
        EXPECT_EQ(robust::capsule_hits_disk(k1r, c), r[1]);
        EXPECT_EQ(robust::boxes_overlap(b2, b1), r[2]);
        const Segment<T> sr{s.b, s.a};
        EXPECT_EQ(robust::segment_hits_box(sr, b1), r[3]);
        const Box<T> mb{{-b1.hi.x, b1.lo.y}, {-b1.lo.x, b1.hi.y}};
        const Segment<T> ms{{-s.a.x, s.a.y}, {-s.b.x, s.b.y}};
        EXPECT_EQ(robust::segment_hits_box(ms, mb), r[3]);
    }
    for (int j = 0; j < 4; ++j) {
        EXPECT_GT(hits[j], 100) << j;
        EXPECT_GT(misses[j], 100) << j;
    }
}

TEST(ShapesOracle, AgreesWithTheDecompositionIntoTheFirstPrimitives) {
    // Independent of the new formulas: a segment meets a box iff an endpoint
    // lies in it or the segment meets one of its four edges; capsules
    // overlap iff the axes meet or an endpoint of one is within r1 + r2 of
    // the other axis; a capsule hits a disk iff the axis hits the disk of
    // radius r1 + r2 (small integers: every sum exact).
    std::mt19937_64 rng(7);
    std::uniform_int_distribution<int> coord(-3, 3), rad(0, 2);
    int hits = 0;
    for (int i = 0; i < 4000; ++i) {
        auto v = [&] { return double(coord(rng)); };
        const Segment<double> s{{v(), v()}, {v(), v()}};
        double x0 = v(), x1 = v(), y0 = v(), y1 = v();
        if (x0 > x1) std::swap(x0, x1);
        if (y0 > y1) std::swap(y0, y1);
        const Box<double> b{{x0, y0}, {x1, y1}};
        auto inside = [&b](Vec2<double> p) {
            return b.lo.x <= p.x && p.x <= b.hi.x && b.lo.y <= p.y && p.y <= b.hi.y;
        };
        const Vec2<double> c00 = b.lo, c10{b.hi.x, b.lo.y}, c11 = b.hi, c01{b.lo.x, b.hi.y};
        const bool box_truth = inside(s.a) || inside(s.b) ||
                               oracle::segments_intersect(s, Segment<double>{c00, c10}) ||
                               oracle::segments_intersect(s, Segment<double>{c10, c11}) ||
                               oracle::segments_intersect(s, Segment<double>{c11, c01}) ||
                               oracle::segments_intersect(s, Segment<double>{c01, c00});
        EXPECT_EQ(oracle::segment_hits_box(s, b), box_truth) << i;
        hits += box_truth;
        const Capsule<double> k1{{{v(), v()}, {v(), v()}}, double(rad(rng))};
        const Capsule<double> k2{{{v(), v()}, {v(), v()}}, double(rad(rng))};
        const double R = k1.r + k2.r;
        const bool caps_truth = oracle::segments_intersect(k1.s, k2.s) ||
                                oracle::segment_hits_disk(k2.s, Circle<double>{k1.s.a, R}) ||
                                oracle::segment_hits_disk(k2.s, Circle<double>{k1.s.b, R}) ||
                                oracle::segment_hits_disk(k1.s, Circle<double>{k2.s.a, R}) ||
                                oracle::segment_hits_disk(k1.s, Circle<double>{k2.s.b, R});
        EXPECT_EQ(oracle::capsules_overlap(k1, k2), caps_truth) << i;
        const Circle<double> c{{v(), v()}, double(rad(rng))};
        EXPECT_EQ(oracle::capsule_hits_disk(k1, c),
                  oracle::segment_hits_disk(k1.s, Circle<double>{c.c, k1.r + c.r}))
            << i;
    }
    EXPECT_GT(hits, 500);
    EXPECT_LT(hits, 3500);
}

TEST(ShapesJudge, BandsAreTheSeparationsOfDocsPrimitives) {
    // Boxes 0.5 apart along x: within a band of 0.5, not of 0.49.
    const double apart[] = {0, 0, 1, 1, 1.5, 0, 2, 1};
    EXPECT_TRUE(oracle::within_band(Primitive::boxes_overlap, apart, 0.5));
    EXPECT_FALSE(oracle::within_band(Primitive::boxes_overlap, apart, 0.49));
    // Overlapping by 0.25 along x (and fully along y): penetration 0.25.
    const double deep[] = {0, 0, 1, 1, 0.75, 0, 2, 1};
    EXPECT_TRUE(oracle::within_band(Primitive::boxes_overlap, deep, 0.25));
    EXPECT_FALSE(oracle::within_band(Primitive::boxes_overlap, deep, 0.24));
    // Capsules: axes 3 apart, radii 1 + 1: gap 1.
    const double caps[] = {0, 0, 4, 0, 1, 0, 3, 4, 3, 1};
    EXPECT_TRUE(oracle::within_band(Primitive::capsules_overlap, caps, 1));
    EXPECT_FALSE(oracle::within_band(Primitive::capsules_overlap, caps, 0.99));
    // A segment 2 above the box [0,4]x[0,3]: distance 2.
    const double above[] = {0, 5, 4, 5, 0, 0, 4, 3};
    EXPECT_TRUE(oracle::within_band(Primitive::segment_hits_box, above, 2));
    EXPECT_FALSE(oracle::within_band(Primitive::segment_hits_box, above, 1.99));
    // A segment crossing the box's middle horizontally: it must move 1.5 (up or down).
    const double across[] = {-1, 1.5, 5, 1.5, 0, 0, 4, 3};
    EXPECT_TRUE(oracle::within_band(Primitive::segment_hits_box, across, 1.5));
    EXPECT_FALSE(oracle::within_band(Primitive::segment_hits_box, across, 1.4));
}

/// The bounding-box shortcuts of issue 15 (segment_box_misses_disk,
/// capsule_boxes_apart, and the box test before each capsules_overlap
/// endpoint filter) certify a miss only when the rounded gap exceeds the
/// rounded radius: a gap equal to r (a touch) is a hit, one ulp more a miss,
/// and a radius sum r1 + r2 that rounds down (or up) to the gap leaves the
/// decision to the later stages. Known answers, checked against the oracle.
TYPED_TEST(Shapes, BoxShortcutsCertifyOnlyGapsBeyondTheRadius) {
    using T = TypeParam;
    constexpr int p = std::numeric_limits<T>::digits;
    const T up = std::nextafter(T(1), T(2));                 // 1 + ulp
    const T tiny = static_cast<T>(std::ldexp(1.0, -p - 7));  // r1 + tiny rounds to r1
    const T three_q = static_cast<T>(std::ldexp(1.5, -p));   // 1 + 3/4 ulp rounds up
    for (int k = -20; k <= 20; k += 10) {
        const T s = static_cast<T>(std::ldexp(1.0, k));
        const auto S = [s](T v) { return v * s; };
        // A segment along an axis and a disk whose centre is r away along
        // the other axis: the box gap is exactly r (a touch), then one ulp
        // more (a miss).
        for (const T g : {T(1), up}) {
            const bool touch = g == T(1);
            const Segment<T> vertical{{0, S(-5)}, {0, S(5)}};
            const Segment<T> horizontal{{S(-5), 0}, {S(5), 0}};
            const Circle<T> right{{S(g), 0}, S(1)}, below{{0, -S(g)}, S(1)};
            EXPECT_EQ(robust::segment_hits_disk(vertical, right), touch) << k;
            EXPECT_EQ(robust::segment_hits_disk(horizontal, below), touch) << k;
            EXPECT_EQ(robust::segment_meets_circle(vertical, right), touch) << k;
            EXPECT_EQ(oracle::segment_hits_disk(vertical, right), touch) << k;
        }
        // Radius sums: r1 + tiny (rounds down to r1: a gap of r1 is a hit,
        // r1 + ulp a miss) and r1 + 3/4 ulp (rounds up to r1 + ulp: a gap of
        // r1 + ulp is still a miss, decided after the box test).
        struct Case {
            T r2, gap;
            bool hit;
        };
        for (const Case c : {Case{tiny, T(1), true}, Case{tiny, up, false},
                             Case{three_q, up, false}, Case{three_q, T(1), true}}) {
            const Capsule<T> k1{{{0, 0}, {0, S(10)}}, S(1)};
            const Capsule<T> side{{{S(c.gap), 0}, {S(c.gap), S(10)}}, S(c.r2)};
            const Capsule<T> end{{{0, -S(c.gap)}, {0, -S(10)}}, S(c.r2)};
            const Circle<T> d{{S(c.gap), S(5)}, S(c.r2)};
            EXPECT_EQ(robust::capsule_hits_disk(k1, d), c.hit) << k << " " << c.gap;
            EXPECT_EQ(oracle::capsule_hits_disk(k1, d), c.hit) << k << " " << c.gap;
            EXPECT_EQ(robust::capsules_overlap(k1, side), c.hit) << k << " " << c.gap;
            EXPECT_EQ(robust::capsules_overlap(side, k1), c.hit) << k << " " << c.gap;
            EXPECT_EQ(robust::capsules_overlap(k1, end), c.hit) << k << " " << c.gap;
            EXPECT_EQ(oracle::capsules_overlap(k1, side), c.hit) << k << " " << c.gap;
            EXPECT_EQ(oracle::capsules_overlap(k1, end), c.hit) << k << " " << c.gap;
        }
    }
    // A gap that overflows T is +inf: beyond every finite radius (a miss);
    // an infinite radius (invalid) is false too.
    const T big = std::numeric_limits<T>::max();
    const Segment<T> far_left{{-big, 0}, {-big, 1}};
    EXPECT_FALSE(robust::segment_hits_disk(far_left, Circle<T>{{big, 0}, big}));
    EXPECT_FALSE(oracle::segment_hits_disk(far_left, Circle<T>{{big, 0}, big}));
    EXPECT_FALSE(robust::segment_hits_disk(
        far_left, Circle<T>{{big, 0}, std::numeric_limits<T>::infinity()}));
}

}  // namespace
}  // namespace touchstone
