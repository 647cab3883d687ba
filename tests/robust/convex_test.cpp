// polygons_overlap and polygon_hits_disk: the robust core, the oracle and the
// textbook ports on cases whose answer is known by construction (integer
// geometry scaled by powers of two): polygons touching along an edge and at a
// corner, one ulp apart or into each other, disks tangent to an edge or at a
// vertex; the validation of a convex operand (clockwise, repeated and
// collinear vertices, not convex, winding twice, too few vertices, NaN and
// inf), each named by its field; and agreement with the oracle on random
// convex polygons.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <cmath>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

#include "touchstone/case_file.hpp"
#include "touchstone/bits.hpp"
#include "touchstone/oracle/oracle.hpp"
#include "touchstone/robust.hpp"
#include "touchstone/textbook/convex.hpp"
#include "test_support.hpp"

namespace touchstone {
namespace {

using touchstone::robust_test::uniform_real;

using Pts = std::vector<std::pair<double, double>>;

template <class T>
Polygon<T> poly(const Pts& vs, int k = 0, double dx = 0, double dy = 0) {
    Polygon<T> p;
    p.n = static_cast<int>(vs.size());
    for (std::size_t i = 0; i < vs.size() && i < p.v.size(); ++i)
        p.v[i] = {static_cast<T>(std::ldexp(vs[i].first + dx, k)),
                  static_cast<T>(std::ldexp(vs[i].second + dy, k))};
    return p;
}

template <class T>
Circle<T> disk(double x, double y, double r, int k = 0) {
    return {{static_cast<T>(std::ldexp(x, k)), static_cast<T>(std::ldexp(y, k))},
            static_cast<T>(std::ldexp(r, k))};
}

template <class T>
class Convex : public ::testing::Test {};
using Precisions = ::testing::Types<float, double>;
TYPED_TEST_SUITE(Convex, Precisions);

template <class T>
void expect_overlap(const Polygon<T>& a, const Polygon<T>& b, bool want) {
    EXPECT_EQ(robust::polygons_overlap(a, b), want);
    EXPECT_EQ(robust::polygons_overlap(b, a), want);
    EXPECT_EQ(oracle::polygons_overlap(a, b), want);
    EXPECT_EQ(oracle::polygons_overlap(b, a), want);
}

template <class T>
void expect_hits(const Polygon<T>& a, Circle<T> c, bool want) {
    EXPECT_EQ(robust::polygon_hits_disk(a, c), want);
    EXPECT_EQ(oracle::polygon_hits_disk(a, c), want);
}

const Pts square{{0, 0}, {4, 0}, {4, 4}, {0, 4}};
const Pts hexagon{{2, 0}, {6, 0}, {8, 3}, {6, 6}, {2, 6}, {0, 3}};

TYPED_TEST(Convex, TouchingCountsAtEveryScale) {
    using T = TypeParam;
    const int lo = std::numeric_limits<T>::min_exponent - std::numeric_limits<T>::digits + 4;
    const int hi = std::numeric_limits<T>::max_exponent - 8;
    for (int k = lo; k <= hi; k += 7) {
        SCOPED_TRACE(testing::Message() << "k=" << k);
        const Polygon<T> a = poly<T>(square, k);
        expect_overlap(a, poly<T>(square, k, 4, 0), true);    // edge to edge
        expect_overlap(a, poly<T>(square, k, 4, 2), true);    // half an edge
        expect_overlap(a, poly<T>(square, k, 4, 4), true);    // corner to corner
        expect_overlap(a, poly<T>(square, k, 5, 0), false);   // apart by 1
        expect_overlap(a, poly<T>(square, k, 4, 5), false);   // diagonal gap
        expect_overlap(a, poly<T>(square, k, 2, 2), true);    // into each other
        expect_overlap(a, poly<T>(hexagon, k, 4, -3), true);  // a hexagon corner on an edge
        // A diamond whose corner touches the square's corner diagonally.
        const Pts diamond{{6, 4}, {8, 6}, {6, 8}, {4, 6}};
        expect_overlap(a, poly<T>(diamond, k), false);
        expect_overlap(a, poly<T>(diamond, k, -0.5, -0.5), false);  // x + y = 9: a gap
        expect_overlap(a, poly<T>(diamond, k, -1, -1), true);       // (4, 4) on its edge x + y = 8
        expect_overlap(a, poly<T>(diamond, k, -2, -2), true);       // into each other
        expect_overlap(a, poly<T>(square, k), true);                // identical
        // Disks: tangent to an edge, at a vertex, centre inside, apart.
        expect_hits(a, disk<T>(6, 2, 2, k), true);
        expect_hits(a, disk<T>(7, 2, 2, k), false);
        expect_hits(a, disk<T>(7, 8, 5, k), true);  // (4, 4) at distance 5
        expect_hits(a, disk<T>(8, 8, 5, k), false);
        expect_hits(a, disk<T>(2, 2, 0, k), true);  // a point inside
        expect_hits(a, disk<T>(4, 2, 0, k), true);  // a point on an edge
        expect_hits(a, disk<T>(0, 0, 0, k), true);  // a point at a vertex
    }
}

TYPED_TEST(Convex, OneUlpApartOrInto) {
    using T = TypeParam;
    const Polygon<T> a = poly<T>(square);
    Polygon<T> b = poly<T>(square, 0, 4, 1);
    const T four = 4;
    for (int i : {0, 3}) b.v[static_cast<std::size_t>(i)].x = step_ulps(four, 1);
    expect_overlap(a, b, false);
    for (int i : {0, 3}) b.v[static_cast<std::size_t>(i)].x = step_ulps(four, -1);
    expect_overlap(a, b, true);
    // A disk one ulp beyond tangency, and exactly tangent.
    expect_hits(a, Circle<T>{{step_ulps(T(6), 1), T(2)}, T(2)}, false);
    expect_hits(a, Circle<T>{{T(6), T(2)}, step_ulps(T(2), -1)}, false);
    expect_hits(a, Circle<T>{{T(6), T(2)}, T(2)}, true);
}

TYPED_TEST(Convex, TextbooksRoundTheirProjections) {
    using T = TypeParam;
    // Touching corner to corner far from the origin in float: the textbook
    // SAT sees its rounded projections; the robust core never misses it.
    const Polygon<T> a = poly<T>(square, 0, 1e6, 1e6);
    const Polygon<T> b = poly<T>(square, 0, 1e6 + 4, 1e6 + 4);
    EXPECT_TRUE(robust::polygons_overlap(a, b));
    // Overflow: huge coordinates make the textbook's dot products inf.
    const int top = std::numeric_limits<T>::max_exponent - 3;
    const Polygon<T> h1 = poly<T>(square, top - 2), h2 = poly<T>(square, top - 2, 5, 0);
    EXPECT_FALSE(robust::polygons_overlap(h1, h2));
    EXPECT_FALSE(oracle::polygons_overlap(h1, h2));
    EXPECT_TRUE(textbook::polygons_overlap(h1, h2));  // -inf projections: no gap
    // Underflow: tiny coordinates make the closest point's squares 0.
    const int tiny = std::numeric_limits<T>::min_exponent - std::numeric_limits<T>::digits + 2;
    const Polygon<T> t = poly<T>(square, tiny);
    const Circle<T> c = disk<T>(6, 2, 1, tiny);
    EXPECT_FALSE(robust::polygon_hits_disk(t, c));
    EXPECT_FALSE(oracle::polygon_hits_disk(t, c));
    EXPECT_TRUE(textbook::polygon_hits_disk(t, c));
}

/// The one-pass convexity check (convex_certified) never accepts what
/// convex_fault with exact orientations rejects, and accepts ordinary
/// convex polygons: random polygons of small integers (collinear and
/// repeated vertices, clockwise ones, pentagrams that wind twice) with now
/// and then a special value, and random convex polygons at every scale.
TYPED_TEST(Convex, OnePassConvexityCheckIsSoundAndUseful) {
    using T = TypeParam;
    using L = std::numeric_limits<T>;
    std::mt19937_64 rng(15);
    const T pool[] = {L::quiet_NaN(), L::infinity(), -L::infinity(),
                      L::max(),       -L::max(),     L::denorm_min()};
    const auto exact_fault = [](const Polygon<T>& g) {
        double v[2 * max_polygon_vertices];
        for (int i = 0; i < g.n; ++i) {
            v[2 * i] = g.v[static_cast<std::size_t>(i)].x;
            v[2 * i + 1] = g.v[static_cast<std::size_t>(i)].y;
        }
        for (int i = 0; i < 2 * g.n; ++i)
            if (!std::isfinite(v[i])) return true;
        return convex_fault(v, g.n,
                            [](double ax, double ay, double bx, double by, double cx, double cy) {
                                const double x[] = {ax, ay, bx, by, cx, cy};
                                robust::Layer l;
                                return robust::exact::orientation(x, l);
                            })
                   .vertex >= 0;
    };
    int certified = 0;
    for (int it = 0; it < 100000; ++it) {
        Polygon<T> g;
        g.n = 3 + static_cast<int>(rng() % 6);
        for (int i = 0; i < g.n; ++i) {
            auto value = [&]() -> T {
                if (rng() % 50 == 0) return pool[rng() % (sizeof(pool) / sizeof(pool[0]))];
                return T(static_cast<int>(rng() % 7) - 3);
            };
            g.v[static_cast<std::size_t>(i)] = {value(), value()};
        }
        if (robust::impl::convex_certified(g)) {
            ++certified;
            std::vector<T> xy;
            for (int i = 0; i < g.n; ++i) {
                xy.push_back(g.v[static_cast<std::size_t>(i)].x);
                xy.push_back(g.v[static_cast<std::size_t>(i)].y);
            }
            ASSERT_FALSE(exact_fault(g))
                << "seed 15, case " << it << ": polygon = " << hex_list(xy)
                << "\nreplay: robust_convex_test --gtest_filter='*OnePassConvexity*'";
        }
    }
    EXPECT_GT(certified, 100);
    // A pentagram: five left turns, winding twice.
    const Polygon<T> star = poly<T>({{0, 0}, {2, 3}, {4, 0}, {-1, 2}, {5, 2}});
    EXPECT_TRUE(exact_fault(star));
    EXPECT_FALSE(robust::impl::convex_certified(star));
    // Ordinary convex polygons are certified at every scale of float, and of
    // double except where the bound declines (S >= 2^500, or turns below
    // eta2 = 2^-1000: the general check decides there).
    for (int k = L::min_exponent; k < L::max_exponent - 8; k += 7) {
        const bool certified = robust::impl::convex_certified(poly<T>(hexagon, k));
        if (std::is_same_v<T, float> || (k > -480 && k < 480)) {
            EXPECT_TRUE(certified) << k;
        } else if (k < -520 || k > 500) {
            EXPECT_FALSE(certified) << k;
        }
    }
}

TYPED_TEST(Convex, InvalidInputNamesTheField) {
    using T = TypeParam;
    const Polygon<T> ok = poly<T>(square);
    EXPECT_TRUE(robust::validate(ok, ok).ok());
    const auto expect_invalid = [&](const Polygon<T>& bad, const std::string& message) {
        EXPECT_EQ(robust::validate(ok, bad).message(), message);
        EXPECT_THROW(oracle::polygons_overlap(ok, bad), oracle::InvalidInput);
        EXPECT_FALSE(robust::polygons_overlap(ok, bad));
        EXPECT_FALSE(robust::polygons_overlap(bad, ok));
        // The same polygon as the disk's: named poly, not poly2.
        std::string single = message;
        single.replace(single.find("poly2"), 5, "poly");
        EXPECT_EQ(robust::validate(bad, disk<T>(1, 1, 1)).message(), single);
        EXPECT_THROW(oracle::polygon_hits_disk(bad, disk<T>(1, 1, 1)), oracle::InvalidInput);
        EXPECT_FALSE(robust::polygon_hits_disk(bad, disk<T>(1, 1, 1)));
    };
    expect_invalid(poly<T>({{0, 0}, {0, 4}, {4, 4}, {4, 0}}),
                   "invalid input: field poly2[0] = 0x0p+0 (clockwise, not counter-clockwise)");
    expect_invalid(poly<T>({{0, 0}, {4, 0}, {4, 0}, {4, 4}}),
                   "invalid input: field poly2[2] = 0x1p+2 (repeated or collinear vertex)");
    expect_invalid(poly<T>({{0, 0}, {2, 0}, {4, 0}, {4, 4}}),
                   "invalid input: field poly2[2] = 0x1p+1 (repeated or collinear vertex)");
    expect_invalid(poly<T>({{0, 0}, {4, 0}, {2, 1}, {4, 4}, {0, 4}}),
                   "invalid input: field poly2[4] = 0x1p+1 (not convex)");
    // A pentagram: every turn left, wound twice around.
    expect_invalid(poly<T>({{10, 0}, {-8, 6}, {3, -10}, {3, 10}, {-8, -6}}),
                   "invalid input: field poly2[8] = -0x1p+3 (not convex)");
    // Found by the fuzzer (robust_polygon_hits_disk): twelve left turns
    // adding up to two full turns, every fan triangle from v[0] positive.
    expect_invalid(poly<T>({{16.71875, 0},
                            {-82.28125, -104.09375},
                            {86.71875, -167.46875},
                            {107.84375, -104.09375},
                            {104.59375, -78.09375},
                            {77.21875, -29.71875},
                            {17.59375, 0.40625},
                            {-23.78125, -1.71875},
                            {-61.15625, -19.59375},
                            {-95.28125, -63.46875},
                            {-102.40625, -118.59375},
                            {-82.28125, -167.46875}}),
                   "invalid input: field poly2[22] = -0x1.492p+6 (not convex)");
    expect_invalid(poly<T>({{0, 0}, {4, 0}}),
                   "invalid input: field poly2.n = 0x1p+1 (fewer than 3 vertices)");
    Polygon<T> nan = ok;
    nan.v[1].y = std::numeric_limits<T>::quiet_NaN();
    expect_invalid(nan, "invalid input: field poly2[3] = nan (not a number)");
    Polygon<T> inf = ok;
    inf.v[2].x = std::numeric_limits<T>::infinity();
    expect_invalid(inf, "invalid input: field poly2[4] = inf (infinite)");
    EXPECT_EQ(robust::validate(ok, disk<T>(1, 1, -1)).message(),
              "invalid input: field r = -0x1p+0 (negative radius)");
    EXPECT_FALSE(robust::polygon_hits_disk(ok, disk<T>(1, 1, -1)));
    EXPECT_TRUE(robust::polygon_hits_disk(ok, Circle<T>{{T(1), T(1)}, -T(0)}));
}

/// A random strictly convex polygon: points on a circle at sorted angles,
/// rounded to T, kept when strictly convex (exact check).
template <class T>
Polygon<T> random_convex(std::mt19937_64& rng, double cx, double cy, double rad) {
    std::uniform_int_distribution<int> count(3, 16);
    for (;;) {
        const int n = count(rng);
        std::vector<double> a(static_cast<std::size_t>(n));
        for (double& x : a) x = uniform_real(rng, 0, 6.283185307179586);
        std::sort(a.begin(), a.end());
        Polygon<T> p;
        p.n = n;
        for (int i = 0; i < n; ++i)
            p.v[static_cast<std::size_t>(i)] = {
                static_cast<T>(cx + rad * std::cos(a[static_cast<std::size_t>(i)])),
                static_cast<T>(cy + rad * std::sin(a[static_cast<std::size_t>(i)]))};
        if (robust::validate(p, p).ok()) return p;
    }
}

/// polygon_hits_disk's one-pass filter (both forms: the SSE2 pair pass where
/// the compiler offers SSE2, the scalar pass everywhere) against the
/// general loop: a certified answer must be the general loop's, and the two
/// forms certify the same cases. Polygons of small integers (mostly not
/// convex: clockwise, collinear, repeated vertices, stars winding twice;
/// disks tangent to edges and through vertices), -0 against +0, special
/// values (NaN, infinities, the largest finite values, subnormals), random
/// convex polygons at scales up to 2^+-1000 (double; float 2^+-100) with disks around
/// them, some nearly tangent; the unused capacity holds anything (the SSE2
/// pass reads vertex n for odd n, in a lane it masks out).
TYPED_TEST(Convex, OnePassDiskFilterAgreesWithTheGeneralLoop) {
    using T = TypeParam;
    using L = std::numeric_limits<T>;
    std::mt19937_64 rng(15);
    const T pool[] = {L::quiet_NaN(), L::infinity(),   -L::infinity(), L::max(),
                      -L::max(),      L::denorm_min(), L::max() / 4,   -L::max() / 3};
    const auto value = [&]() -> T {
        if (rng() % 60 == 0) return pool[rng() % (sizeof(pool) / sizeof(pool[0]))];
        const T k = T(static_cast<int>(rng() % 9) - 4);
        if (k == 0 && rng() % 2 == 0) return T(-0.0);
        return k;
    };
    const int hi = std::is_same_v<T, float> ? 100 : 1000;
    const auto unit = [&]() { return uniform_real(rng, -1, 1); };
    // A random strictly convex polygon of 3 .. 16 vertices on the unit circle
    // (random_convex's way, with these draws).
    const auto convex = [&]() {
        for (;;) {
            const int n = 3 + static_cast<int>(rng() % 14);
            std::vector<double> a(static_cast<std::size_t>(n));
            for (double& x : a) x = 3.141592653589793 * (unit() + 1);
            std::sort(a.begin(), a.end());
            Polygon<T> p;
            p.n = n;
            for (int i = 0; i < n; ++i)
                p.v[static_cast<std::size_t>(i)] = {T(std::cos(a[static_cast<std::size_t>(i)])),
                                                    T(std::sin(a[static_cast<std::size_t>(i)]))};
            if (robust::validate(p, p).ok()) return p;
        }
    };
    int cases = 0, certified = 0, hits = 0;
    for (int it = 0; it < 20000; ++it) {
        Polygon<T> g;
        Circle<T> c;
        if (it % 2 == 0) {
            g.n = 3 + static_cast<int>(rng() % 14);
            for (int i = 0; i < Polygon<T>::capacity; ++i)
                g.v[static_cast<std::size_t>(i)] = {value(), value()};
            c = {{value(), value()}, T(std::fabs(double(value())))};
            if (rng() % 8 == 0) c.r = value();  // negative, -0, NaN, inf
        } else {
            // A random convex polygon at scale 2^k; a disk uniform around
            // it, or tangent to an edge's line (rounded: nearly tangent).
            // Mostly where the double filters work (the degree-4 terms
            // between 2^-900 and 2^1000), now and then anywhere.
            const int lim = rng() % 4 == 0 ? hi : std::min(hi, 200);
            const int k = -lim + static_cast<int>(rng() % static_cast<unsigned>(2 * lim + 1));
            const Polygon<T> u = convex();
            g = u;
            for (int i = 0; i < g.n; ++i)
                g.v[static_cast<std::size_t>(i)] = {
                    T(std::ldexp(double(u.v[static_cast<std::size_t>(i)].x), k)),
                    T(std::ldexp(double(u.v[static_cast<std::size_t>(i)].y), k))};
            for (int i = g.n; i < Polygon<T>::capacity; ++i)
                g.v[static_cast<std::size_t>(i)] = {value(), value()};
            const double r = std::fabs(unit());
            double x = 2 * unit(), y = 2 * unit();
            if (rng() % 2 == 0) {
                const auto e = static_cast<std::size_t>(rng() % static_cast<unsigned>(g.n));
                const auto f = (e + 1) % static_cast<std::size_t>(g.n);
                const double ax = u.v[e].x, ay = u.v[e].y, bx = u.v[f].x, by = u.v[f].y;
                const double t = 1.2 * unit(), len = std::hypot(bx - ax, by - ay);
                x = (ax + bx) / 2 + t * (bx - ax) / 2 + r * (by - ay) / len;
                y = (ay + by) / 2 + t * (by - ay) / 2 - r * (bx - ax) / len;
            }
            c = {{T(std::ldexp(x, k)), T(std::ldexp(y, k))}, T(std::ldexp(r, k))};
        }
        robust::Layer layer = robust::Layer::filter;
        const bool want = robust::impl::polygon_hits_disk_general(g, c, layer);
        ++cases;
        hits += want;
        const auto where = [&] {
            std::vector<T> xy;
            for (int i = 0; i < Polygon<T>::capacity; ++i) {
                xy.push_back(g.v[static_cast<std::size_t>(i)].x);
                xy.push_back(g.v[static_cast<std::size_t>(i)].y);
            }
            return "seed 15, case " + std::to_string(it) + ": n = " + std::to_string(g.n) +
                   ", vertices (capacity) = " + hex_list(xy) +
                   ", disk = " + hex_list(std::vector<T>{c.c.x, c.c.y, c.r}) +
                   "\nreplay: robust_convex_test --gtest_filter='*OnePassDisk*'";
        };
        ASSERT_EQ(robust::polygon_hits_disk(g, c), want) << where();
        const int scalar = robust::impl::polygon_disk_pass_scalar(g, c);
        certified += scalar >= 0;
        if (scalar >= 0) {
            ASSERT_EQ(scalar != 0, want) << "scalar pass, " << where();
        }
#if TOUCHSTONE_ROBUST_SSE2
        const int pair = robust::impl::polygon_disk_pass_sse2(g, c);
        ASSERT_EQ(pair, scalar) << "SSE2 pass, " << where();
#endif
    }
    EXPECT_GT(hits, cases / 10);
    EXPECT_GT(certified, cases / 5);          // the filter decides many cases (not vacuous)
    EXPECT_LT(certified, cases - cases / 4);  // and declines many
}

TEST(ConvexCases, RobustAgreesWithOracleOnRandomPolygons) {
    std::mt19937_64 rng(12);
    const auto pos = [](std::mt19937_64& g) { return uniform_real(g, -3, 3); };
    const auto rad = [](std::mt19937_64& g) { return uniform_real(g, 0.2, 3); };
    int hits = 0, misses = 0;
    for (int i = 0; i < 3000; ++i) {
        const auto a = random_convex<double>(rng, 0, 0, rad(rng));
        const auto b = random_convex<double>(rng, pos(rng), pos(rng), rad(rng));
        const bool want = oracle::polygons_overlap(a, b);
        ASSERT_EQ(robust::polygons_overlap(a, b), want) << i;
        const Circle<double> c{{pos(rng), pos(rng)}, rad(rng)};
        ASSERT_EQ(robust::polygon_hits_disk(a, c), oracle::polygon_hits_disk(a, c)) << i;
        (want ? hits : misses) += 1;
        const auto af = random_convex<float>(rng, 0, 0, rad(rng));
        const auto bf = random_convex<float>(rng, pos(rng), pos(rng), rad(rng));
        ASSERT_EQ(robust::polygons_overlap(af, bf), oracle::polygons_overlap(af, bf)) << i;
    }
    EXPECT_GT(hits, 300);
    EXPECT_GT(misses, 300);
}

}  // namespace
}  // namespace touchstone
