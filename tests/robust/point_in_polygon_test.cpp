// point_in_polygon: the robust core, the oracle and the textbook port on
// cases whose answer is known by construction (integer geometry scaled by
// powers of two): the boundary, vertices and horizontal edges on the ray,
// repeated and collinear vertices, polygons of no area; the validation of
// the variable-size operand (its count, its unused capacity); and the case
// file's nested array.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <limits>
#include <random>
#include <vector>

#include "touchstone/bits.hpp"
#include "touchstone/case_file.hpp"
#include "touchstone/judge.hpp"
#include "touchstone/oracle/oracle.hpp"
#include "touchstone/robust.hpp"
#include "touchstone/textbook/point_in_polygon.hpp"

namespace touchstone {
namespace {

template <class T>
Polygon<T> poly(const std::vector<std::pair<double, double>>& vs, int k = 0) {
    Polygon<T> p;
    p.n = static_cast<int>(vs.size());
    for (std::size_t i = 0; i < vs.size() && i < p.v.size(); ++i)
        p.v[i] = {static_cast<T>(std::ldexp(vs[i].first, k)),
                  static_cast<T>(std::ldexp(vs[i].second, k))};
    return p;
}

template <class T>
Vec2<T> pt(double x, double y, int k = 0) {
    return {static_cast<T>(std::ldexp(x, k)), static_cast<T>(std::ldexp(y, k))};
}

template <class T>
class PointInPolygon : public ::testing::Test {};
using Precisions = ::testing::Types<float, double>;
TYPED_TEST_SUITE(PointInPolygon, Precisions);

/// Both exact implementations give `want`.
template <class T>
void expect_both(Vec2<T> p, const Polygon<T>& g, bool want) {
    EXPECT_EQ(robust::point_in_polygon(p, g), want) << p.x << "," << p.y;
    EXPECT_EQ(oracle::point_in_polygon(p, g), want) << p.x << "," << p.y;
}

TYPED_TEST(PointInPolygon, BoundaryCountsAtEveryScale) {
    using T = TypeParam;
    const int lo = std::numeric_limits<T>::min_exponent - std::numeric_limits<T>::digits + 4;
    const int hi = std::numeric_limits<T>::max_exponent - 8;
    for (int k = lo; k <= hi; k += 11) {
        SCOPED_TRACE(testing::Message() << "k=" << k);
        // A concave "L": (0,0) (8,0) (8,2) (2,2) (2,6) (0,6), and the same clockwise.
        const std::vector<std::pair<double, double>> l{{0, 0}, {8, 0}, {8, 2},
                                                       {2, 2}, {2, 6}, {0, 6}};
        std::vector<std::pair<double, double>> cw(l.rbegin(), l.rend());
        for (const auto& vs : {l, cw}) {
            const Polygon<T> g = poly<T>(vs, k);
            expect_both(pt<T>(4, 0, k), g, true);   // bottom edge
            expect_both(pt<T>(8, 1, k), g, true);   // right edge
            expect_both(pt<T>(5, 2, k), g, true);   // top edge of the foot
            expect_both(pt<T>(2, 4, k), g, true);   // inner vertical edge
            expect_both(pt<T>(2, 2, k), g, true);   // the reflex vertex
            expect_both(pt<T>(8, 2, k), g, true);   // a convex vertex
            expect_both(pt<T>(1, 1, k), g, true);   // inside
            expect_both(pt<T>(4, 4, k), g, false);  // in the notch
            expect_both(pt<T>(9, 1, k), g, false);  // right of it
            expect_both(pt<T>(-1, 2, k), g, false);
        }
    }
}

TYPED_TEST(PointInPolygon, VerticesAndEdgesOnTheRay) {
    using T = TypeParam;
    // The ray from p towards +x runs through a vertex where the boundary
    // crosses it (count once), a top vertex (count twice or never), along a
    // horizontal edge, through repeated and collinear vertices.
    const Polygon<T> diamond = poly<T>({{0, -4}, {4, 0}, {0, 4}, {-4, 0}});
    expect_both(pt<T>(-6, 0), diamond, false);  // through two vertices
    expect_both(pt<T>(-2, 0), diamond, true);   // through the right vertex
    expect_both(pt<T>(-6, 4), diamond, false);  // through the top vertex
    const Polygon<T> flat = poly<T>({{0, 0}, {4, 0}, {4, 2}, {6, 2}, {6, 4}, {0, 4}});
    expect_both(pt<T>(1, 2), flat, true);  // along the edge (4,2)-(6,2)
    expect_both(pt<T>(-1, 2), flat, false);
    expect_both(pt<T>(5, 2), flat, true);  // on that edge
    const Polygon<T> repeated = poly<T>({{0, 0}, {4, 0}, {4, 2}, {4, 2}, {4, 2}, {4, 4}, {0, 4}});
    expect_both(pt<T>(1, 2), repeated, true);
    expect_both(pt<T>(-1, 2), repeated, false);
    const Polygon<T> collinear = poly<T>({{0, 0}, {2, 0}, {4, 0}, {4, 2}, {4, 4}, {0, 4}});
    expect_both(pt<T>(3, 0), collinear, true);
    expect_both(pt<T>(1, 2), collinear, true);
    expect_both(pt<T>(5, 0), collinear, false);
}

TYPED_TEST(PointInPolygon, PolygonsOfNoArea) {
    using T = TypeParam;
    const Polygon<T> line = poly<T>({{0, 0}, {2, 2}, {4, 4}});
    expect_both(pt<T>(1, 1), line, true);
    expect_both(pt<T>(3, 3), line, true);
    expect_both(pt<T>(5, 5), line, false);
    expect_both(pt<T>(1, 2), line, false);
    const Polygon<T> dot = poly<T>({{3, 1}, {3, 1}, {3, 1}});
    expect_both(pt<T>(3, 1), dot, true);
    expect_both(pt<T>(3, 2), dot, false);
}

TYPED_TEST(PointInPolygon, OneUlpOffAnEdge) {
    using T = TypeParam;
    // p on the slanted edge (0,0)-(3,3) of a triangle, then one ulp to each side.
    for (int k : {-100, -20, 0, 5, 30, 100}) {
        const Polygon<T> g = poly<T>({{0, 0}, {3, 3}, {0, 3}}, k);
        const T x = std::ldexp(T(1), k);
        expect_both(Vec2<T>{x, x}, g, true);
        expect_both(Vec2<T>{x, step_ulps(x, 1)}, g, true);    // left of (0,0)->(3,3): inside
        expect_both(Vec2<T>{x, step_ulps(x, -1)}, g, false);  // right: outside
    }
}

TYPED_TEST(PointInPolygon, TextbookMissesTheBoundary) {
    using T = TypeParam;
    // The crossing-number test's half-open rule keeps interior points right
    // and gets the boundary wrong on one side: the bug the audit shows.
    const Polygon<T> square = poly<T>({{0, 0}, {4, 0}, {4, 4}, {0, 4}});
    EXPECT_TRUE(textbook::point_in_polygon(pt<T>(1, 1), square));
    EXPECT_FALSE(textbook::point_in_polygon(pt<T>(4, 2), square));  // right edge: missed
    EXPECT_FALSE(textbook::point_in_polygon(pt<T>(2, 4), square));  // top edge: missed
    EXPECT_TRUE(oracle::point_in_polygon(pt<T>(4, 2), square));
}

/// The one-pass filter (point_in_polygon) against the general loop
/// (point_in_polygon_exact, which the oracle suites check) on polygons of
/// small integers (vertices and points on the ray, on edges, repeated),
/// with now and then a special value (NaN, +-inf, huge, subnormal) in a
/// field: where the filter cannot certify every edge it must decline.
/// A polygon's vertices as hex floats x0 y0 x1 y1 ... (failure messages).
template <class T>
std::string vertices_hex(const Polygon<T>& g) {
    std::vector<T> xy;
    for (int i = 0; i < g.n; ++i) {
        xy.push_back(g.v[static_cast<std::size_t>(i)].x);
        xy.push_back(g.v[static_cast<std::size_t>(i)].y);
    }
    return hex_list(xy);
}

/// The one-pass filter (both forms: the SSE2 pair pass where the compiler
/// offers SSE2, the scalar pass everywhere) against the general loop: a
/// certified answer must be the general loop's. Small integers (zero
/// orientations, vertices and edges on the ray), the same plus a random
/// fraction (most edges certified), -0 against +0, and special values (NaN,
/// infinities, the largest finite values whose products overflow,
/// subnormals).
TYPED_TEST(PointInPolygon, OnePassFilterAgreesWithTheGeneralLoop) {
    using T = TypeParam;
    using L = std::numeric_limits<T>;
    std::mt19937_64 rng(15);
    const T pool[] = {L::quiet_NaN(), L::infinity(),   -L::infinity(), L::max(),
                      -L::max(),      L::denorm_min(), L::max() / 4,   -L::max() / 3};
    bool fractions = false;
    const auto value = [&]() -> T {
        if (rng() % 40 == 0) return pool[rng() % (sizeof(pool) / sizeof(pool[0]))];
        const T k = T(static_cast<int>(rng() % 9) - 4);
        if (k == 0 && rng() % 2 == 0) return T(-0.0);  // -0 - +0 = -0: the SSE2 pass's sides
        return fractions ? k + T(static_cast<double>(rng() % 1024) / 1024) : k;
    };
    int inside = 0, cases = 0, certified = 0;
    for (int it = 0; it < 20000; ++it) {
        fractions = it % 2 == 1;
        Polygon<T> g;
        g.n = 3 + static_cast<int>(rng() % 14);
        for (int i = 0; i < g.n; ++i) g.v[static_cast<std::size_t>(i)] = {value(), value()};
        // The unused capacity holds anything (the SSE2 pass reads vertex n
        // for odd n, in a lane it masks out).
        for (int i = g.n; i < Polygon<T>::capacity; ++i)
            g.v[static_cast<std::size_t>(i)] = {value(), value()};
        for (int k = 0; k < 8; ++k) {
            const Vec2<T> p{value(), value()};
            const bool want = robust::impl::point_in_polygon_exact(p, g);
            inside += want;
            ++cases;
            const auto where = [&] {
                return "seed 15, case " + std::to_string(it) + "." + std::to_string(k) +
                       ": p = " + hex_list(std::array<T, 2>{p.x, p.y}) +
                       ", polygon = " + vertices_hex(g) +
                       "\nreplay: robust_point_in_polygon_test --gtest_filter='*OnePass*'";
            };
            ASSERT_EQ(robust::point_in_polygon(p, g), want) << where();
            const int scalar = robust::impl::point_in_polygon_pass_scalar(p, g);
            certified += scalar >= 0;
            if (scalar >= 0) {
                ASSERT_EQ(scalar != 0, want) << "scalar pass, " << where();
            }
#if TOUCHSTONE_ROBUST_SSE2
            const int pair = robust::impl::point_in_polygon_pass_sse2(p, g);
            // The two forms evaluate the same bounds: they certify the same cases.
            ASSERT_EQ(pair, scalar) << "SSE2 pass, " << where();
#endif
        }
    }
    EXPECT_GT(inside, cases / 20);
    EXPECT_GT(certified, cases / 4);          // the filter decides many cases (not vacuous)
    EXPECT_LT(certified, cases - cases / 4);  // and declines many
}

TYPED_TEST(PointInPolygon, InvalidInputNamesTheField) {
    using T = TypeParam;
    const T nan = std::numeric_limits<T>::quiet_NaN();
    Polygon<T> g = poly<T>({{0, 0}, {4, 0}, {0, 4}});
    g.v[1].y = nan;
    EXPECT_FALSE(robust::point_in_polygon(pt<T>(1, 1), g));
    EXPECT_EQ(robust::validate(pt<T>(1, 1), g).message(),
              "invalid input: field poly[3] = nan (not a number)");
    EXPECT_THROW(oracle::point_in_polygon(pt<T>(1, 1), g), oracle::InvalidInput);
    // The unused capacity is never read: NaN there is valid.
    Polygon<T> h = poly<T>({{0, 0}, {4, 0}, {0, 4}});
    h.v[7] = {nan, nan};
    EXPECT_TRUE(robust::validate(pt<T>(1, 1), h).ok());
    EXPECT_TRUE(robust::point_in_polygon(pt<T>(1, 1), h));
    // Too few, too many vertices.
    const Polygon<T> two = poly<T>({{0, 0}, {4, 0}});
    EXPECT_FALSE(robust::point_in_polygon(pt<T>(0, 0), two));
    EXPECT_EQ(robust::validate(pt<T>(0, 0), two).message(),
              "invalid input: field poly.n = 0x1p+1 (fewer than 3 vertices)");
    Polygon<T> many = poly<T>({{0, 0}, {4, 0}, {0, 4}});
    many.n = 17;
    EXPECT_FALSE(robust::point_in_polygon(pt<T>(0, 0), many));
    EXPECT_EQ(robust::validate(pt<T>(0, 0), many).message(),
              "invalid input: field poly.n = 0x1.1p+4 (more than 16 vertices)");
    EXPECT_THROW(oracle::point_in_polygon(pt<T>(0, 0), many), oracle::InvalidInput);
    const Vec2<T> bad{T(1), std::numeric_limits<T>::infinity()};
    EXPECT_EQ(robust::validate(bad, h).message(), "invalid input: field py = inf (infinite)");
}

TEST(PointInPolygonCase, NestedArrayRoundTripsAndJudges) {
    const std::string line =
        R"({"primitive":"point_in_polygon","precision":"double","args":["0x1p+2","0x1p+1",)"
        R"(["0x0p+0","0x0p+0","0x1p+3","0x0p+0","0x1p+3","0x1p+2","0x0p+0","0x1p+2"]]})";
    Case c;
    std::string error;
    ASSERT_TRUE(parse_case_line(line, c, error)) << error;
    EXPECT_EQ(c.vertices[1], 4);
    EXPECT_EQ(c.args[2], 4.0);   // the count
    EXPECT_EQ(c.args[5], 8.0);   // x1
    EXPECT_EQ(c.args[11], 0.0);  // unused capacity
    EXPECT_EQ(case_line(c), line);
    const Answer a = exact_answer(c);
    EXPECT_TRUE(a.valid);
    EXPECT_TRUE(a.hit);  // (4, 2) inside the 8 x 4 rectangle
    // Errors name the position and the field.
    Case d;
    EXPECT_FALSE(parse_case_line(
        R"({"primitive":"point_in_polygon","args":["0","0",["0","0","1","1"]]})", d, error));
    EXPECT_EQ(error, "field args[2] (poly): expected 2n numbers, 3 <= n <= 16, got 4");
    EXPECT_FALSE(parse_case_line(R"({"primitive":"point_in_polygon","args":["0","0"]})", d, error));
    EXPECT_EQ(error, "field args: point_in_polygon takes 3 values (px py poly), got 2");
}

TEST(PointInPolygonCase, RobustAgreesWithOracleOnRandomStars) {
    // Random star polygons of 3..16 vertices with small integer coordinates
    // (many collinear and repeated configurations) and points on a grid.
    std::mt19937_64 rng(12);
    int disagreements = 0, inside = 0, cases = 0;
    for (int it = 0; it < 400; ++it) {
        Polygon<double> g;
        g.n = 3 + static_cast<int>(rng() % 14);
        for (int i = 0; i < g.n; ++i)
            g.v[static_cast<std::size_t>(i)] = {
                static_cast<double>(static_cast<int>(rng() % 9) - 4),
                static_cast<double>(static_cast<int>(rng() % 9) - 4)};
        for (int x = -5; x <= 5; ++x)
            for (int y = -5; y <= 5; ++y) {
                const Vec2<double> p{x * 1.0, y * 1.0};
                const bool want = oracle::point_in_polygon(p, g);
                inside += want;
                ++cases;
                disagreements += robust::point_in_polygon(p, g) != want;
            }
    }
    EXPECT_EQ(disagreements, 0);
    EXPECT_GT(inside, cases / 20);  // the test is not vacuous
}

}  // namespace
}  // namespace touchstone
