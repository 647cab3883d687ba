// The ray casts' two paths give the same bits (issue 15): the public ray
// casts (the scaled integers rounded by round_integer_surd) against the
// rational reference (detail/ray_reference.hpp: rationals and surds rounded
// by round_to<T>), hit and t, on random and adversarial ray_families: uniform,
// small integers (tangent, along an edge, starting on the boundary, shared
// points), halves times 2^k over T's whole range (tiny, huge, subnormal),
// wide exponent spreads, and zero-length rays. Invalid inputs must throw on
// both paths alike.
//
// A failure prints the seed, the family and the case as hex floats; replay
// with --gtest_filter=RayPaths.* (the seeds are fixed).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "touchstone/oracle/detail/ray_reference.hpp"
#include "touchstone/case_file.hpp"
#include "touchstone/oracle/oracle.hpp"

namespace touchstone::oracle {
namespace {

constexpr std::uint64_t ray_seed = 0x15ba5eba11;
constexpr int ray_families = 6;
constexpr int ray_cases_per_family = 300;

template <class T>
bool same_hit(const RayHit<T>& a, const RayHit<T>& b) {
    if (a.hit != b.hit) return false;
    return !a.hit || std::memcmp(&a.t, &b.t, sizeof a.t) == 0;
}

template <class T>
struct Draw {
    std::mt19937_64 rng{ray_seed};
    int k = 0;  // this case's power of two (ray_families 2 and 4)

    int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }
    T uniform() { return std::uniform_real_distribution<T>(-1, 1)(rng); }

    void start_case() {
        using limits = std::numeric_limits<T>;
        k = pick(limits::min_exponent - limits::digits + 8, limits::max_exponent - 8);
    }

    /// family 0: uniform in [-1, 1]; 1: small integers; 2: quarters times
    /// 2^k, one k per case over T's range; 3: every value its own exponent;
    /// 4: subnormals (small integers times the smallest subnormal); 5:
    /// uniform near the top of the range.
    T value(int family) {
        using limits = std::numeric_limits<T>;
        switch (family) {
            case 0: return uniform();
            case 1: return static_cast<T>(pick(-5, 5));
            case 2: return std::ldexp(static_cast<T>(pick(-20, 20)) / 4, k);
            case 3:
                return std::ldexp(uniform(), pick(limits::min_exponent - limits::digits + 2,
                                                  limits::max_exponent - 4));
            case 4:
                return std::ldexp(static_cast<T>(pick(-40, 40)),
                                  limits::min_exponent - limits::digits);
            default: return std::ldexp(uniform(), limits::max_exponent - pick(2, 4));
        }
    }

    /// n values; some cases reuse coordinates (shared points, lines, a zero-length ray).
    std::vector<T> values(int family, std::size_t n) {
        start_case();
        std::vector<T> v(n);
        for (T& x : v) x = value(family);
        const int shape = pick(0, 7);
        if (n < 6) {  // the ray alone (the polygon is drawn apart): no shape point to share
            if (shape == 0) v[2] = v[0], v[3] = v[1];
            return v;
        }
        switch (shape) {
            case 0: v[2] = v[0], v[3] = v[1]; break;  // zero-length ray
            case 1: v[0] = v[4], v[1] = v[5]; break;  // starts on a shape's point
            case 2: v[2] = v[4]; break;               // shared coordinate
            case 3: v[1] = v[3] = v[5]; break;        // horizontal, through the shape's y
            default: break;
        }
        return v;
    }
};

/// Runs the two paths on one case; both must throw alike or agree bit for bit.
template <class T, class Fast, class Ref>
bool check(const std::vector<T>& v, Fast fast, Ref ref, int& hits, int& valid) {
    bool fast_threw = false, ref_threw = false;
    RayHit<T> a, b;
    try {
        a = fast();
    } catch (const InvalidInput&) {
        fast_threw = true;
    }
    try {
        b = ref();
    } catch (const InvalidInput&) {
        ref_threw = true;
    }
    (void)v;
    if (fast_threw || ref_threw) return fast_threw == ref_threw;
    ++valid;
    hits += a.hit;
    return same_hit(a, b);
}

template <class T>
void disk_paths() {
    Draw<T> d;
    int hits = 0, valid = 0, inside_start = 0;
    for (int f = 0; f < ray_families; ++f)
        for (int i = 0; i < ray_cases_per_family; ++i) {
            std::vector<T> v = d.values(f, 7);
            v[6] = std::fabs(v[6]);
            if (f == 1 && i % 4 == 0) {  // tangent: the ray's line at distance r
                v[1] = v[3] = v[5] + v[6];
            }
            const Segment<T> r{{v[0], v[1]}, {v[2], v[3]}};
            const Circle<T> c{{v[4], v[5]}, v[6]};
            ASSERT_TRUE(check(
                v, [&] { return ray_cast_disk(r, c); },
                [&] { return detail::ray_cast_disk_rational(r, c); }, hits, valid))
                << "seed " << ray_seed << " family " << f << " case " << i << ": " << hex_list(v);
            const RayHit<T> h = ray_cast_disk(r, c);
            inside_start += h.hit && h.t == 0;
        }
    EXPECT_GT(valid, ray_families * ray_cases_per_family * 9 / 10);
    EXPECT_GT(hits - inside_start, 100);  // entries from outside, not only t = 0
    EXPECT_GT(inside_start, 20);
}

template <class T>
void ray_segment_paths() {
    Draw<T> d;
    int hits = 0, valid = 0;
    for (int f = 0; f < ray_families; ++f)
        for (int i = 0; i < ray_cases_per_family; ++i) {
            std::vector<T> v = d.values(f, 8);
            if (f == 1 && i % 5 == 0) {  // along the segment's line: collinear overlap
                v[1] = v[3] = v[5] = v[7];
            }
            if (f == 1 && i % 5 == 1) {     // collinear, the ray ending on the segment's end a:
                v[1] = v[3] = v[5] = v[7];  // an overlap that begins exactly at t = 1
                v[2] = v[4];
            }
            const Segment<T> r{{v[0], v[1]}, {v[2], v[3]}}, s{{v[4], v[5]}, {v[6], v[7]}};
            ASSERT_TRUE(check(
                v, [&] { return ray_cast_segment(r, s); },
                [&] { return detail::ray_cast_segment_rational(r, s); }, hits, valid))
                << "seed " << ray_seed << " family " << f << " case " << i << ": " << hex_list(v);
        }
    EXPECT_EQ(valid, ray_families * ray_cases_per_family);
    EXPECT_GT(hits, 300);
}

template <class T>
void box_paths() {
    Draw<T> d;
    int hits = 0, valid = 0;
    for (int f = 0; f < ray_families; ++f)
        for (int i = 0; i < ray_cases_per_family; ++i) {
            std::vector<T> v = d.values(f, 8);
            if (v[4] > v[6]) std::swap(v[4], v[6]);
            if (v[5] > v[7]) std::swap(v[5], v[7]);
            if (f == 1 && i % 5 == 0) v[0] = v[2] = v[6];  // along the box's right side
            const Segment<T> r{{v[0], v[1]}, {v[2], v[3]}};
            const Box<T> b{{v[4], v[5]}, {v[6], v[7]}};
            ASSERT_TRUE(check(
                v, [&] { return ray_cast_box(r, b); },
                [&] { return detail::ray_cast_box_rational(r, b); }, hits, valid))
                << "seed " << ray_seed << " family " << f << " case " << i << ": " << hex_list(v);
        }
    EXPECT_GT(valid, ray_families * ray_cases_per_family * 9 / 10);
    EXPECT_GT(hits, 300);
}

template <class T>
void capsule_paths() {
    Draw<T> d;
    int hits = 0, valid = 0;
    for (int f = 0; f < ray_families; ++f)
        for (int i = 0; i < ray_cases_per_family; ++i) {
            std::vector<T> v = d.values(f, 9);
            v[8] = std::fabs(v[8]);
            if (f == 1) {
                switch (i % 5) {
                    case 0: v[1] = v[3] = v[5] + v[8], v[7] = v[5]; break;  // along a side
                    case 1: v[6] = v[4], v[7] = v[5]; break;   // a disk (zero-length axis)
                    case 2: v[1] = v[3] = v[5] + v[8]; break;  // tangent to the end disk
                    default: break;
                }
            }
            const Segment<T> r{{v[0], v[1]}, {v[2], v[3]}};
            const Capsule<T> c{{{v[4], v[5]}, {v[6], v[7]}}, v[8]};
            ASSERT_TRUE(check(
                v, [&] { return ray_cast_capsule(r, c); },
                [&] { return detail::ray_cast_capsule_rational(r, c); }, hits, valid))
                << "seed " << ray_seed << " family " << f << " case " << i << ": " << hex_list(v);
        }
    EXPECT_GT(valid, ray_families * ray_cases_per_family * 9 / 10);
    EXPECT_GT(hits, 300);
}

/// A convex counter-clockwise polygon: n points at increasing angles on a
/// circle around (cx, cy) of radius R (T values), or on the small-integer
/// family a fixed lattice polygon; the ray often starts on a vertex or
/// runs along an edge.
template <class T>
void polygon_paths() {
    Draw<T> d;
    int hits = 0, valid = 0;
    static const std::array<std::array<int, 2>, 6> lattice{
        {{0, 0}, {4, 0}, {6, 2}, {4, 4}, {0, 4}, {-2, 2}}};
    for (int f = 0; f < ray_families; ++f)
        for (int i = 0; i < ray_cases_per_family; ++i) {
            std::vector<T> v = d.values(f, 4);
            const T cx = d.value(f), cy = d.value(f);
            const T R = std::fabs(d.value(f));
            Polygon<T> poly;
            if (f == 1 || f == 2 || f == 4) {
                const T unit = f == 1 ? T(1) : std::fabs(d.value(f)) / 4;
                poly.n = 6;
                for (int j = 0; j < 6; ++j)
                    poly.v[static_cast<std::size_t>(j)] = {
                        static_cast<T>(lattice[static_cast<std::size_t>(j)][0]) * unit,
                        static_cast<T>(lattice[static_cast<std::size_t>(j)][1]) * unit};
                const int j = d.pick(0, 5);
                switch (i % 4) {
                    case 0:
                        v[0] = poly.v[static_cast<std::size_t>(j)].x,
                        v[1] = poly.v[static_cast<std::size_t>(j)].y;
                        break;
                    case 1: {  // along edge j, from before its start
                        const Vec2<T> a = poly[j], b = poly[j + 1];
                        v[0] = a.x - (b.x - a.x), v[1] = a.y - (b.y - a.y);
                        v[2] = b.x, v[3] = b.y;
                        break;
                    }
                    default: break;
                }
            } else {
                poly.n = d.pick(3, 9);
                std::vector<double> angle(static_cast<std::size_t>(poly.n));
                for (double& a : angle) a = std::uniform_real_distribution<double>(0, 6.283)(d.rng);
                std::sort(angle.begin(), angle.end());
                for (int j = 0; j < poly.n; ++j)
                    poly.v[static_cast<std::size_t>(j)] = {
                        static_cast<T>(
                            cx + R * static_cast<T>(std::cos(angle[static_cast<std::size_t>(j)]))),
                        static_cast<T>(
                            cy + R * static_cast<T>(std::sin(angle[static_cast<std::size_t>(j)])))};
            }
            const Segment<T> r{{v[0], v[1]}, {v[2], v[3]}};
            std::vector<T> all = v;
            for (int j = 0; j < poly.n; ++j) {
                all.push_back(poly.v[static_cast<std::size_t>(j)].x);
                all.push_back(poly.v[static_cast<std::size_t>(j)].y);
            }
            ASSERT_TRUE(check(
                all, [&] { return ray_cast_polygon(r, poly); },
                [&] { return detail::ray_cast_polygon_rational(r, poly); }, hits, valid))
                << "seed " << ray_seed << " family " << f << " case " << i << ": " << hex_list(all);
        }
    EXPECT_GT(valid, ray_families * ray_cases_per_family / 2);
    EXPECT_GT(hits, 200);
}

TEST(RayPaths, disk_float) { disk_paths<float>(); }
TEST(RayPaths, disk_double) { disk_paths<double>(); }
TEST(RayPaths, segment_float) { ray_segment_paths<float>(); }
TEST(RayPaths, segment_double) { ray_segment_paths<double>(); }
TEST(RayPaths, box_float) { box_paths<float>(); }
TEST(RayPaths, box_double) { box_paths<double>(); }
TEST(RayPaths, capsule_float) { capsule_paths<float>(); }
TEST(RayPaths, capsule_double) { capsule_paths<double>(); }
TEST(RayPaths, polygon_float) { polygon_paths<float>(); }
TEST(RayPaths, polygon_double) { polygon_paths<double>(); }

}  // namespace
}  // namespace touchstone::oracle
