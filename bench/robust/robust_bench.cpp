// Google Benchmark: naive vs robust vs oracle, per primitive and precision,
// on uniform random inputs and on near-degenerate ones (tangent and
// collinear configurations nudged by a few ulps).
//
// One benchmark per (primitive, precision, inputs) times every evaluation
// over the same batch in the same run, interleaved batch by batch, and
// reports, as counters:
//   naive_ns, robust_ns, oracle_ns   ns per call
//   cgal_ns                          CGAL (when built with it), for
//                                    segments_intersect and point_in_disk
//   robust/naive, oracle/naive,      ratios of those
//   cgal/naive
//   extended                         fraction of robust calls certified by the
//                                    second floating-point stage (double-double
//                                    or long double: detail/layers.hpp)
//   fallback                         fraction answered by an exact stage
//                                    (int128, int256 or wide)
//   int256, wide                     fractions answered by the 256-bit and
//                                    by the cpp_int stage
// The layer shares come from layer_shares.cpp, the only translation unit
// built with TOUCHSTONE_ROBUST_COUNTERS: the timed calls here run the
// production code, without counting.
//
// Times are the thread's CPU time (CLOCK_THREAD_CPUTIME_ID), not wall time:
// on a shared machine a batch that is preempted would otherwise count the
// other processes' time. scripts/bench-robust.sh runs this with repetitions
// and tabulates the medians (docs/figures/robust-speed.md).
//
// CGAL (Epick, the usual exact-predicates kernel) is called the way a user
// would: segments_intersect as CGAL::do_intersect of two Segment_2 (its
// orientation predicates, filtered); point_in_disk as the circle's bounded
// side, not the unbounded one (closed disk), of a Circle_2 whose squared
// radius must be exact. For float inputs r * r is exact in double (24-bit
// significands, product of 48 bits, no overflow or underflow), so Epick's
// Circle_2 holds the exact disk. For double inputs r * r is generally not a
// double: Epick cannot represent the disk, so that row uses Epeck (exact
// constructions: FT(r) * FT(r) is a lazy exact number); its ratio is the
// price of exactness in CGAL, not of Epick.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "layer_shares.hpp"
#include "touchstone/robust.hpp"
#include "touchstone/textbook/boxes.hpp"
#include "touchstone/textbook/capsules.hpp"
#include "touchstone/textbook/orient2d.hpp"
#include "touchstone/textbook/convex.hpp"
#include "touchstone/textbook/point_in_polygon.hpp"
#include "touchstone/textbook/ray_casts.hpp"
#if TOUCHSTONE_BENCH_HAS_ORACLE
#include "touchstone/oracle/oracle.hpp"
#endif
#if TOUCHSTONE_BENCH_HAS_CGAL
#include <CGAL/Exact_predicates_exact_constructions_kernel.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#endif
#include <time.h>

#include <type_traits>

namespace {

using namespace touchstone;

// ----- naive: the straightforward closed predicate in T --------------------------------

namespace naive {

template <class T>
bool point_in_disk(Vec2<T> p, Circle<T> c) {
    const T dx = p.x - c.c.x, dy = p.y - c.c.y;
    return dx * dx + dy * dy <= c.r * c.r;
}

template <class T>
bool disks_overlap(Circle<T> a, Circle<T> b) {
    const T dx = a.c.x - b.c.x, dy = a.c.y - b.c.y, s = a.r + b.r;
    return dx * dx + dy * dy <= s * s;
}

/// Clamped projection (Ericson 5.1.2).
template <class T>
T segment_dist2(Segment<T> s, Vec2<T> c) {
    const T vx = s.b.x - s.a.x, vy = s.b.y - s.a.y, wx = c.x - s.a.x, wy = c.y - s.a.y;
    const T vv = vx * vx + vy * vy;
    T t = vv > 0 ? (wx * vx + wy * vy) / vv : T(0);
    t = std::min(std::max(t, T(0)), T(1));
    const T dx = wx - t * vx, dy = wy - t * vy;
    return dx * dx + dy * dy;
}

template <class T>
bool segment_hits_disk(Segment<T> s, Circle<T> c) {
    return segment_dist2(s, c.c) <= c.r * c.r;
}

template <class T>
bool segment_meets_circle(Segment<T> s, Circle<T> c) {
    const T rr = c.r * c.r;
    const T ax = s.a.x - c.c.x, ay = s.a.y - c.c.y, bx = s.b.x - c.c.x, by = s.b.y - c.c.y;
    return segment_dist2(s, c.c) <= rr && std::max(ax * ax + ay * ay, bx * bx + by * by) >= rr;
}

template <class T>
T orient(Vec2<T> a, Vec2<T> b, Vec2<T> c) {
    return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}
template <class T>
bool in_box(Vec2<T> a, Vec2<T> b, Vec2<T> p) {
    return std::min(a.x, b.x) <= p.x && p.x <= std::max(a.x, b.x) && std::min(a.y, b.y) <= p.y &&
           p.y <= std::max(a.y, b.y);
}

/// Cormen et al. 33.1.
template <class T>
bool segments_intersect(Segment<T> s1, Segment<T> s2) {
    const T d1 = orient(s2.a, s2.b, s1.a), d2 = orient(s2.a, s2.b, s1.b);
    const T d3 = orient(s1.a, s1.b, s2.a), d4 = orient(s1.a, s1.b, s2.b);
    if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)))
        return true;
    return (d1 == 0 && in_box(s2.a, s2.b, s1.a)) || (d2 == 0 && in_box(s2.a, s2.b, s1.b)) ||
           (d3 == 0 && in_box(s1.a, s1.b, s2.a)) || (d4 == 0 && in_box(s1.a, s1.b, s2.b));
}

template <class T>
CircleIntersection<T> circle_intersections(Circle<T> c1, Circle<T> c2) {
    CircleIntersection<T> out;
    const T dx = c2.c.x - c1.c.x, dy = c2.c.y - c1.c.y;
    const T d2 = dx * dx + dy * dy, s = c1.r + c2.r, t = c1.r - c2.r;
    if (d2 == 0) {
        out.kind = c1.r == c2.r ? (c1.r > 0 ? CircleKind::coincident : CircleKind::one)
                                : CircleKind::contained;
        if (out.kind == CircleKind::one) out.points[out.count++] = c1.c;
        return out;
    }
    if (d2 > s * s) return out;
    if (d2 < t * t) {
        out.kind = CircleKind::contained;
        return out;
    }
    const T q = d2 + c1.r * c1.r - c2.r * c2.r;
    const T a = q / (2 * d2);
    const T k = c1.r * c1.r * d2 - q * q / 4;
    const Vec2<T> m{c1.c.x + a * dx, c1.c.y + a * dy};
    if (k <= 0) {
        out.kind = CircleKind::one;
        out.points[out.count++] = m;
        return out;
    }
    const T h = std::sqrt(k) / d2;
    out.kind = CircleKind::two;
    out.count = 2;
    out.points[0] = {m.x - h * dy, m.y + h * dx};
    out.points[1] = {m.x + h * dy, m.y - h * dx};
    return out;
}

template <class T>
SegmentCirclePoints<T> segment_circle_points(Segment<T> s, Circle<T> c) {
    SegmentCirclePoints<T> out;
    const T vx = s.b.x - s.a.x, vy = s.b.y - s.a.y, wx = s.a.x - c.c.x, wy = s.a.y - c.c.y;
    const T A = vx * vx + vy * vy, B = vx * wx + vy * wy, C = wx * wx + wy * wy - c.r * c.r;
    if (A == 0) {
        if (C == 0) out.points[out.count++] = s.a;
        return out;
    }
    const T disc = B * B - A * C;
    if (disc < 0) return out;
    const T root = std::sqrt(disc);
    for (T sg : {T(-1), T(1)}) {
        const T t = (-B + sg * root) / A;
        if (t >= 0 && t <= 1) out.points[out.count++] = {s.a.x + t * vx, s.a.y + t * vy};
        if (disc == 0) break;
    }
    return out;
}

template <class T>
SegmentIntersection<T> segment_intersection(Segment<T> s1, Segment<T> s2) {
    SegmentIntersection<T> out;
    const T dx = s1.b.x - s1.a.x, dy = s1.b.y - s1.a.y, ex = s2.b.x - s2.a.x, ey = s2.b.y - s2.a.y;
    const T fx = s2.a.x - s1.a.x, fy = s2.a.y - s1.a.y;
    const T den = dx * ey - dy * ex;
    if (den == 0) {
        if (fx * dy - fy * dx != 0) return out;
        // Collinear: overlap of the lexicographic ranges.
        auto less = [](Vec2<T> p, Vec2<T> q) { return p.x < q.x || (p.x == q.x && p.y < q.y); };
        Vec2<T> lo1 = less(s1.b, s1.a) ? s1.b : s1.a, hi1 = less(s1.b, s1.a) ? s1.a : s1.b;
        Vec2<T> lo2 = less(s2.b, s2.a) ? s2.b : s2.a, hi2 = less(s2.b, s2.a) ? s2.a : s2.b;
        const Vec2<T> lo = less(lo1, lo2) ? lo2 : lo1, hi = less(hi1, hi2) ? hi1 : hi2;
        if (less(hi, lo)) return out;
        out.kind = lo == hi ? SegmentKind::point : SegmentKind::overlap;
        out.points = {lo, hi};
        return out;
    }
    const T t = (fx * ey - fy * ex) / den, u = (fx * dy - fy * dx) / den;
    if (t < 0 || t > 1 || u < 0 || u > 1) return out;
    out.kind = SegmentKind::point;
    out.points[0] = {s1.a.x + t * dx, s1.a.y + t * dy};
    return out;
}

}  // namespace naive

// ----- CGAL ------------------------------------------------------------------------------

#if TOUCHSTONE_BENCH_HAS_CGAL
namespace cgal {

using Epick = CGAL::Exact_predicates_inexact_constructions_kernel;
using Epeck = CGAL::Exact_predicates_exact_constructions_kernel;

/// Closed disk: not on the unbounded side. See the header comment for the kernels.
template <class T>
bool point_in_disk(T px, T py, T cx, T cy, T r) {
    if constexpr (std::is_same_v<T, float>) {
        const double rd = r;  // r * r exact in double
        const Epick::Circle_2 c(Epick::Point_2(cx, cy), rd * rd);
        return c.bounded_side(Epick::Point_2(px, py)) != CGAL::ON_UNBOUNDED_SIDE;
    } else {
        const Epeck::FT re(r);
        const Epeck::Circle_2 c(Epeck::Point_2(cx, cy), re * re);
        return c.bounded_side(Epeck::Point_2(px, py)) != CGAL::ON_UNBOUNDED_SIDE;
    }
}

/// Closed segments (float inputs widen to double exactly).
template <class T>
bool segments_intersect(const T* x) {
    const Epick::Segment_2 s1(Epick::Point_2(x[0], x[1]), Epick::Point_2(x[2], x[3]));
    const Epick::Segment_2 s2(Epick::Point_2(x[4], x[5]), Epick::Point_2(x[6], x[7]));
    return CGAL::do_intersect(s1, s2);
}

}  // namespace cgal
#define CGAL_CALL(expr) [&](const auto& x) { return expr; }
#endif
/// No CGAL counterpart (or no CGAL): not timed.
struct NoCgal {};

// ----- inputs ---------------------------------------------------------------------------

enum class Inputs { uniform, near_degenerate };

/// Inputs per benchmark: 65,536, so that the answers cannot be learnt. Each
/// timing replays the same batch (kPasses passes, many iterations), and this
/// machine's branch predictor memorizes the answer sequence of a replayed
/// batch of 4,096 inputs: a branch on a random answer then costs nothing,
/// which flattered every branchy form, the naive code's short-circuits and
/// the robust core's "certain miss first" tests alike (issue 15, sixth
/// round: disks_overlap's two one-sided tests measured 1.46x naive with 4,096
/// inputs, 1.7-1.8x with 16,384, 4.2-4.9x with 65,536 and with 262,144; the
/// textbook segments_intersect 5.4 ns with 4,096 and 17 ns with 65,536).
/// 65,536 and 262,144 agree; the inputs (2-5 MB) stay in the last-level cache
/// and are read in order.
constexpr std::size_t kBatch = 65536;

template <class T>
struct Gen {
    std::mt19937_64 rng{0x70c4};
    T uniform(T lo, T hi) {
        return static_cast<T>(std::uniform_real_distribution<double>(lo, hi)(rng));
    }
    int integer(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }
    T nudge(T x) {  // a few ulps either way (0 included)
        const int k = integer(-3, 3);
        const T to =
            k > 0 ? std::numeric_limits<T>::infinity() : -std::numeric_limits<T>::infinity();
        for (int i = 0; i < std::abs(k); ++i) x = std::nextafter(x, to);
        return x;
    }
    Vec2<T> point(T range) { return {uniform(-range, range), uniform(-range, range)}; }
    Vec2<T> unit() {
        const double a = std::uniform_real_distribution<double>(0, 6.283185307179586)(rng);
        return {static_cast<T>(std::cos(a)), static_cast<T>(std::sin(a))};
    }
    /// A tangent configuration: centre c, radius r, unit direction n, rounded in T.
    /// Half from Pythagorean triples (exact), half from random angles (rounded).
    void tangent(Vec2<T>& c, T& r, Vec2<T>& n) {
        c = point(100);
        if (integer(0, 1) == 0) {
            static constexpr int tri[][3] = {
                {3, 4, 5}, {5, 12, 13}, {8, 15, 17}, {7, 24, 25}, {20, 21, 29}};
            const auto& t = tri[integer(0, 4)];
            const T m = static_cast<T>(integer(1, 8));
            c = {static_cast<T>(integer(-100, 100)), static_cast<T>(integer(-100, 100))};
            n = {static_cast<T>(t[0]) / t[2], static_cast<T>(t[1]) / t[2]};
            if (integer(0, 1)) n.x = -n.x;
            if (integer(0, 1)) n.y = -n.y;
            r = m * static_cast<T>(t[2]);
            return;
        }
        r = uniform(1, 50);
        n = unit();
    }
};

template <class T, int N>
using Args = std::array<T, N>;

template <class T>
std::vector<Args<T, 5>> point_disk_inputs(Inputs in) {
    Gen<T> g;
    std::vector<Args<T, 5>> v;
    for (std::size_t i = 0; i < kBatch; ++i) {
        if (in == Inputs::uniform) {
            const Vec2<T> p = g.point(100), c = g.point(100);
            v.push_back({p.x, p.y, c.x, c.y, g.uniform(0, 100)});
        } else {
            Vec2<T> c, n;
            T r;
            g.tangent(c, r, n);
            v.push_back(
                {g.nudge(c.x + r * n.x), g.nudge(c.y + r * n.y), c.x, c.y, std::fabs(g.nudge(r))});
        }
    }
    return v;
}

template <class T>
std::vector<Args<T, 6>> two_circles_inputs(Inputs in) {
    Gen<T> g;
    std::vector<Args<T, 6>> v;
    for (std::size_t i = 0; i < kBatch; ++i) {
        if (in == Inputs::uniform) {
            const Vec2<T> a = g.point(100), b = g.point(100);
            v.push_back({a.x, a.y, g.uniform(0, 60), b.x, b.y, g.uniform(0, 60)});
        } else {
            Vec2<T> c, n;
            T d;
            g.tangent(c, d, n);
            const T r1 = g.uniform(0, d);
            const bool internal = g.integer(0, 3) == 0;
            const T r2 = internal ? r1 + d : d - r1;  // |r2 - r1| = d or r1 + r2 = d
            v.push_back({c.x, c.y, std::fabs(g.nudge(r1)), g.nudge(c.x + d * n.x),
                         g.nudge(c.y + d * n.y), r2});
        }
    }
    return v;
}

template <class T>
std::vector<Args<T, 7>> segment_circle_inputs(Inputs in) {
    Gen<T> g;
    std::vector<Args<T, 7>> v;
    for (std::size_t i = 0; i < kBatch; ++i) {
        if (in == Inputs::uniform) {
            const Vec2<T> a = g.point(100), b = g.point(100), c = g.point(100);
            v.push_back({a.x, a.y, b.x, b.y, c.x, c.y, g.uniform(0, 50)});
        } else {
            Vec2<T> c, n;
            T r;
            g.tangent(c, r, n);
            const Vec2<T> t{c.x + r * n.x, c.y + r * n.y};  // tangent point; direction (-n.y, n.x)
            const T s1 = g.uniform(-40, 10), s2 = g.uniform(-10, 40);
            v.push_back({g.nudge(t.x - s1 * n.y), g.nudge(t.y + s1 * n.x), g.nudge(t.x - s2 * n.y),
                         g.nudge(t.y + s2 * n.x), c.x, c.y, std::fabs(g.nudge(r))});
        }
    }
    return v;
}

template <class T>
std::vector<Args<T, 8>> two_segments_inputs(Inputs in) {
    Gen<T> g;
    std::vector<Args<T, 8>> v;
    for (std::size_t i = 0; i < kBatch; ++i) {
        const Vec2<T> a = g.point(100), b = g.point(100);
        if (in == Inputs::uniform) {
            const Vec2<T> c = g.point(100), d = g.point(100);
            v.push_back({a.x, a.y, b.x, b.y, c.x, c.y, d.x, d.y});
        } else {
            // Collinear (a2, b2 on line ab) or a T-junction (a2 on ab, b2 free), rounded and
            // nudged.
            auto on = [&](T t) {
                return Vec2<T>{g.nudge(a.x + t * (b.x - a.x)), g.nudge(a.y + t * (b.y - a.y))};
            };
            const Vec2<T> c = on(g.uniform(-0.5, 1.5));
            const Vec2<T> d = g.integer(0, 1) ? on(g.uniform(-0.5, 1.5)) : g.point(100);
            v.push_back({a.x, a.y, b.x, b.y, c.x, c.y, d.x, d.y});
        }
    }
    return v;
}

/// orient2d: three uniform points, or c on the line ab (rounded) and nudged
/// by a few ulps: the filter's hard case.
template <class T>
std::vector<Args<T, 6>> three_points_inputs(Inputs in) {
    Gen<T> g;
    std::vector<Args<T, 6>> v;
    for (std::size_t i = 0; i < kBatch; ++i) {
        const Vec2<T> a = g.point(100), b = g.point(100);
        if (in == Inputs::uniform) {
            const Vec2<T> c = g.point(100);
            v.push_back({a.x, a.y, b.x, b.y, c.x, c.y});
        } else {
            const T t = g.uniform(-0.5, 1.5);
            v.push_back({a.x, a.y, b.x, b.y, g.nudge(a.x + t * (b.x - a.x)),
                         g.nudge(a.y + t * (b.y - a.y))});
        }
    }
    return v;
}

/// Capsules (issue 12): uniform capsules (radii up to 20), or capsules
/// touching end to end or side to side along a rounded direction, nudged by a
/// few ulps: a1x a1y b1x b1y r1 a2x a2y b2x b2y r2.
template <class T>
std::vector<Args<T, 10>> two_capsules_inputs(Inputs in) {
    Gen<T> g;
    std::vector<Args<T, 10>> v;
    for (std::size_t i = 0; i < kBatch; ++i) {
        const Vec2<T> a = g.point(100);
        if (in == Inputs::uniform) {
            const Vec2<T> b = g.point(100), c = g.point(100), d = g.point(100);
            v.push_back(
                {a.x, a.y, b.x, b.y, g.uniform(0, 20), c.x, c.y, d.x, d.y, g.uniform(0, 20)});
            continue;
        }
        Vec2<T> c, n;
        T r;
        g.tangent(c, r, n);
        const T len = g.uniform(1, 50), r1 = g.uniform(0, r), r2 = r - r1;
        const Vec2<T> b{a.x + len * n.x, a.y + len * n.y};
        if (g.integer(0, 1)) {  // end to end along n
            const Vec2<T> a2{g.nudge(b.x + r * n.x), g.nudge(b.y + r * n.y)};
            v.push_back(
                {a.x, a.y, b.x, b.y, r1, a2.x, a2.y, a2.x + len * n.x, a2.y + len * n.y, r2});
        } else {  // side to side: shifted by r along the normal
            const Vec2<T> m{-n.y * r, n.x * r};
            v.push_back({a.x, a.y, b.x, b.y, r1, g.nudge(a.x + m.x), g.nudge(a.y + m.y),
                         g.nudge(b.x + m.x), g.nudge(b.y + m.y), r2});
        }
    }
    return v;
}

/// A capsule and a disk: uniform, or the disk touching the cap or the side
/// (rounded, nudged): ax ay bx by r1 cx cy r2.
template <class T>
std::vector<Args<T, 8>> capsule_disk_inputs(Inputs in) {
    Gen<T> g;
    std::vector<Args<T, 8>> v;
    for (std::size_t i = 0; i < kBatch; ++i) {
        const Vec2<T> a = g.point(100);
        if (in == Inputs::uniform) {
            const Vec2<T> b = g.point(100), c = g.point(100);
            v.push_back({a.x, a.y, b.x, b.y, g.uniform(0, 20), c.x, c.y, g.uniform(0, 40)});
            continue;
        }
        Vec2<T> c, n;
        T r;
        g.tangent(c, r, n);
        const T len = g.uniform(1, 50), r1 = g.uniform(0, r), r2 = r - r1;
        const Vec2<T> b{a.x + len * n.x, a.y + len * n.y};
        const Vec2<T> at = g.integer(0, 1)
                               ? Vec2<T>{b.x + r * n.x, b.y + r * n.y}
                               : Vec2<T>{(a.x + b.x) / 2 - n.y * r, (a.y + b.y) / 2 + n.x * r};
        v.push_back({a.x, a.y, b.x, b.y, r1, g.nudge(at.x), g.nudge(at.y), r2});
    }
    return v;
}

/// Two boxes: uniform, or touching along an edge or at a corner (nudged).
template <class T>
std::vector<Args<T, 8>> two_boxes_inputs(Inputs in) {
    Gen<T> g;
    std::vector<Args<T, 8>> v;
    for (std::size_t i = 0; i < kBatch; ++i) {
        const Vec2<T> p = g.point(100), q = g.point(100);
        const T x0 = std::min(p.x, q.x), x1 = std::max(p.x, q.x);
        const T y0 = std::min(p.y, q.y), y1 = std::max(p.y, q.y);
        if (in == Inputs::uniform) {
            const Vec2<T> s = g.point(100), t = g.point(100);
            v.push_back({x0, y0, x1, y1, std::min(s.x, t.x), std::min(s.y, t.y), std::max(s.x, t.x),
                         std::max(s.y, t.y)});
        } else {
            const T lx = g.nudge(x1), w = g.uniform(0, 50), h = g.uniform(0, 50);
            const T ly = g.integer(0, 1) ? g.nudge(y1) : g.uniform(y0 - h, y1);
            v.push_back({x0, y0, x1, y1, lx, ly, lx + w, ly + h});
        }
    }
    return v;
}

/// A segment and a box: uniform, or a segment along an edge's line or
/// through a corner (rounded direction, nudged).
template <class T>
std::vector<Args<T, 8>> segment_box_inputs(Inputs in) {
    Gen<T> g;
    std::vector<Args<T, 8>> v;
    for (std::size_t i = 0; i < kBatch; ++i) {
        const Vec2<T> p = g.point(100), q = g.point(100);
        const T x0 = std::min(p.x, q.x), x1 = std::max(p.x, q.x);
        const T y0 = std::min(p.y, q.y), y1 = std::max(p.y, q.y);
        if (in == Inputs::uniform) {
            const Vec2<T> a = g.point(100), b = g.point(100);
            v.push_back({a.x, a.y, b.x, b.y, x0, y0, x1, y1});
        } else if (g.integer(0, 1)) {  // along the bottom edge's line
            const T y = g.nudge(y0);
            v.push_back({g.uniform(x0 - 50, x1), y, g.uniform(x0, x1 + 50), y, x0, y0, x1, y1});
        } else {  // through the corner (x1, y1), going down-right
            const Vec2<T> n = g.unit();
            const Vec2<T> d{std::fabs(n.x), -std::fabs(n.y)};
            const T s = g.uniform(1, 50), t = g.uniform(1, 50);
            v.push_back({g.nudge(x1 - s * d.x), g.nudge(y1 - s * d.y), g.nudge(x1 + t * d.x),
                         g.nudge(y1 + t * d.y), x0, y0, x1, y1});
        }
    }
    return v;
}

/// point_in_polygon: a star of 8 vertices (distances 20 .. 50 from a centre
/// within 10 of the origin) and p uniform in [-60, 60]^2, or p on an edge
/// (rounded) nudged by a few ulps: the hard case of every edge test. The
/// table's layout: px py n x0 y0 ... (capacity 16).
constexpr std::size_t kPolygonArgs = static_cast<std::size_t>(arity(Primitive::point_in_polygon));
template <class T>
std::vector<Args<T, kPolygonArgs>> point_polygon_inputs(Inputs in) {
    Gen<T> g;
    std::vector<Args<T, kPolygonArgs>> v;
    constexpr int n = 8;
    for (std::size_t i = 0; i < kBatch; ++i) {
        Args<T, kPolygonArgs> x{};
        const Vec2<T> centre = g.point(10);
        x[2] = T(n);
        for (int k = 0; k < n; ++k) {
            const T angle = static_cast<T>(6.283185307179586 * (k + g.uniform(0.1, 0.9)) / n);
            const T d = g.uniform(20, 50);
            x[static_cast<std::size_t>(3 + 2 * k)] = centre.x + d * std::cos(angle);
            x[static_cast<std::size_t>(4 + 2 * k)] = centre.y + d * std::sin(angle);
        }
        if (in == Inputs::uniform) {
            const Vec2<T> p = g.point(60);
            x[0] = p.x;
            x[1] = p.y;
        } else {
            const auto k = static_cast<std::size_t>(g.integer(0, n - 1)), j = (k + 1) % n;
            const T t = g.uniform(0, 1);
            const T ax = x[3 + 2 * k], ay = x[4 + 2 * k], bx = x[3 + 2 * j], by = x[4 + 2 * j];
            x[0] = g.nudge(ax + t * (bx - ax));
            x[1] = g.nudge(ay + t * (by - ay));
        }
        v.push_back(x);
    }
    return v;
}

/// ray_cast_box: px py qx qy minx miny maxx maxy. Uniform: a ray and a box
/// from two sorted points; near-degenerate: a ray along an edge's line or
/// through a corner (rounded), nudged by a few ulps.
template <class T>
std::vector<Args<T, 8>> ray_box_inputs(Inputs in) {
    Gen<T> g;
    std::vector<Args<T, 8>> v;
    for (std::size_t i = 0; i < kBatch; ++i) {
        const Vec2<T> a = g.point(100), b = g.point(100);
        const Vec2<T> lo{std::min(a.x, b.x), std::min(a.y, b.y)};
        const Vec2<T> hi{std::max(a.x, b.x), std::max(a.y, b.y)};
        if (in == Inputs::uniform) {
            const Vec2<T> p = g.point(100), q = g.point(100);
            v.push_back({p.x, p.y, q.x, q.y, lo.x, lo.y, hi.x, hi.y});
        } else if (g.integer(0, 1)) {  // along the top edge's line
            const T x0 = g.uniform(-150, 150), x1 = g.uniform(-150, 150);
            v.push_back({x0, g.nudge(hi.y), x1, g.nudge(hi.y), lo.x, lo.y, hi.x, hi.y});
        } else {  // through the corner hi, outside direction
            const Vec2<T> d{g.uniform(1, 50), -g.uniform(1, 50)};
            v.push_back({g.nudge(hi.x - d.x), g.nudge(hi.y - d.y), g.nudge(hi.x + d.x),
                         g.nudge(hi.y + d.y), lo.x, lo.y, hi.x, hi.y});
        }
    }
    return v;
}

/// ray_cast_capsule: px py qx qy ax ay bx by r. Uniform: random; near-
/// degenerate: a ray tangent to the cap at a (the axis leaving a away from
/// the tangent point), nudged.
template <class T>
std::vector<Args<T, 9>> ray_capsule_inputs(Inputs in) {
    Gen<T> g;
    std::vector<Args<T, 9>> v;
    for (std::size_t i = 0; i < kBatch; ++i) {
        if (in == Inputs::uniform) {
            const Vec2<T> p = g.point(100), q = g.point(100), a = g.point(100), b = g.point(100);
            v.push_back({p.x, p.y, q.x, q.y, a.x, a.y, b.x, b.y, g.uniform(0, 30)});
        } else {
            Vec2<T> c, n;
            T r;
            g.tangent(c, r, n);
            const Vec2<T> t{c.x + r * n.x, c.y + r * n.y};
            const T s1 = g.uniform(-40, 10), s2 = g.uniform(-10, 40), len = g.uniform(1, 60);
            v.push_back({g.nudge(t.x - s1 * n.y), g.nudge(t.y + s1 * n.x), g.nudge(t.x - s2 * n.y),
                         g.nudge(t.y + s2 * n.x), c.x, c.y, c.x - len * n.x, c.y - len * n.y,
                         std::fabs(g.nudge(r))});
        }
    }
    return v;
}

/// Convex polygons: 8 vertices on a circle of radius 20 .. 50 around a
/// centre, at sorted random angles (strictly convex after rounding: a
/// polygon that is not is drawn again). polygons_overlap: the second polygon
/// around a centre uniform in [-80, 80]^2 (about half overlap), or the first
/// polygon's point reflection through a point m on one of its edges, every
/// coordinate nudged by a few ulps (the two polygons touch along that edge,
/// parallel edges a few ulps apart or into each other: the hard case).
/// polygon_hits_disk: a disk of radius 1 .. 30 around a centre uniform in
/// [-60, 60]^2, or tangent to an edge at m (the centre r along the rounded
/// unit normal, nudged). The table's layouts: poly1.n, 32, poly2.n, 32 /
/// poly.n, 32, cx cy r.
constexpr std::size_t kConvexPairArgs =
    static_cast<std::size_t>(arity(Primitive::polygons_overlap));
constexpr std::size_t kConvexDiskArgs =
    static_cast<std::size_t>(arity(Primitive::polygon_hits_disk));

template <class T>
void put_convex_octagon(Gen<T>& g, Vec2<T> centre, T* out) {
    constexpr int n = 8;
    for (;;) {
        out[0] = T(n);
        const T d = g.uniform(20, 50);
        for (int k = 0; k < n; ++k) {
            const T angle = static_cast<T>(6.283185307179586 * (k + g.uniform(0.1, 0.9)) / n);
            out[1 + 2 * k] = centre.x + d * std::cos(angle);
            out[2 + 2 * k] = centre.y + d * std::sin(angle);
        }
        if (convex_fault(out + 1, n, [](T ax, T ay, T bx, T by, T cx, T cy) {
                return exact_orientation(ax, ay, bx, by, cx, cy);
            }).vertex < 0)
            return;
    }
}

template <class T>
std::vector<Args<T, kConvexPairArgs>> convex_pair_inputs(Inputs in) {
    Gen<T> g;
    std::vector<Args<T, kConvexPairArgs>> v;
    constexpr std::size_t second = 1 + 2 * max_polygon_vertices;
    while (v.size() < kBatch) {
        Args<T, kConvexPairArgs> x{};
        put_convex_octagon(g, g.point(10), x.data());
        if (in == Inputs::uniform) {
            put_convex_octagon(g, g.point(80), x.data() + second);
        } else {
            const auto k = static_cast<std::size_t>(g.integer(0, 7)), j = (k + 1) % 8;
            const T t = g.uniform(0, 1);
            const T ax = x[1 + 2 * k], ay = x[2 + 2 * k], bx = x[1 + 2 * j], by = x[2 + 2 * j];
            const T mx = ax + t * (bx - ax), my = ay + t * (by - ay);
            x[second] = T(8);
            for (std::size_t i = 0; i < 8; ++i) {
                x[second + 1 + 2 * i] = g.nudge(2 * mx - x[1 + 2 * i]);
                x[second + 2 + 2 * i] = g.nudge(2 * my - x[2 + 2 * i]);
            }
            if (!valid_input(Primitive::polygons_overlap, x.data())) continue;
        }
        v.push_back(x);
    }
    return v;
}

template <class T>
std::vector<Args<T, kConvexDiskArgs>> convex_disk_inputs(Inputs in) {
    Gen<T> g;
    std::vector<Args<T, kConvexDiskArgs>> v;
    constexpr std::size_t c = 1 + 2 * max_polygon_vertices;
    while (v.size() < kBatch) {
        Args<T, kConvexDiskArgs> x{};
        put_convex_octagon(g, g.point(10), x.data());
        if (in == Inputs::uniform) {
            const Vec2<T> p = g.point(60);
            x[c] = p.x;
            x[c + 1] = p.y;
            x[c + 2] = g.uniform(1, 30);
        } else {
            const auto k = static_cast<std::size_t>(g.integer(0, 7)), j = (k + 1) % 8;
            const T t = g.uniform(0, 1), r = g.uniform(1, 30);
            const T ax = x[1 + 2 * k], ay = x[2 + 2 * k], bx = x[1 + 2 * j], by = x[2 + 2 * j];
            const T ex = bx - ax, ey = by - ay, len = std::sqrt(ex * ex + ey * ey);
            x[c] = g.nudge(ax + t * ex + r * (ey / len));
            x[c + 1] = g.nudge(ay + t * ey - r * (ex / len));
            x[c + 2] = r;
        }
        if (!valid_input(Primitive::polygon_hits_disk, x.data())) continue;
        v.push_back(x);
    }
    return v;
}

/// ray_cast_polygon: px py qx qy, then a convex octagon (poly.n, 32).
/// Uniform: a ray between two points uniform in [-80, 80]^2 (about half of
/// them hit); near-degenerate: a ray through a vertex of the octagon, or
/// along an edge's line, every coordinate of the ray nudged by a few ulps.
constexpr std::size_t kRayConvexArgs = static_cast<std::size_t>(arity(Primitive::ray_cast_polygon));

template <class T>
std::vector<Args<T, kRayConvexArgs>> ray_convex_inputs(Inputs in) {
    Gen<T> g;
    std::vector<Args<T, kRayConvexArgs>> v;
    while (v.size() < kBatch) {
        Args<T, kRayConvexArgs> x{};
        put_convex_octagon(g, g.point(10), x.data() + 4);
        if (in == Inputs::uniform) {
            const Vec2<T> p = g.point(80), q = g.point(80);
            x[0] = p.x;
            x[1] = p.y;
            x[2] = q.x;
            x[3] = q.y;
        } else {
            const auto k = static_cast<std::size_t>(g.integer(0, 7)), j = (k + 1) % 8;
            const T ax = x[5 + 2 * k], ay = x[6 + 2 * k], bx = x[5 + 2 * j], by = x[6 + 2 * j];
            if (g.integer(0, 1)) {  // along the edge's line, from before a to past b
                const T s = g.uniform(-2, -0.1), e = g.uniform(0.1, 2);
                x[0] = g.nudge(ax + s * (bx - ax));
                x[1] = g.nudge(ay + s * (by - ay));
                x[2] = g.nudge(bx + e * (bx - ax));
                x[3] = g.nudge(by + e * (by - ay));
            } else {  // through the vertex a, from outside
                const T ox = g.uniform(-60, 60), oy = g.uniform(-60, 60);
                x[0] = g.nudge(ax + ox);
                x[1] = g.nudge(ay + oy);
                x[2] = g.nudge(ax - ox);
                x[3] = g.nudge(ay - oy);
            }
        }
        v.push_back(x);
    }
    return v;
}

// ----- the comparison ----------------------------------------------------------------------

/// The calling thread's CPU time in seconds.
double thread_seconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

/// Passes over the batch per timing (a timing of ~4 x 65,536 calls dwarfs the
/// clock read).
constexpr int kPasses = 4;

/// Times fn over the batch (every `stride`-th case), returns the calls made.
template <class Args, class Fn>
std::size_t run_batch(const std::vector<Args>& in, std::size_t stride, Fn fn) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < in.size(); i += stride, ++n) {
        auto r = fn(in[i]);
        benchmark::DoNotOptimize(r);
    }
    return n;
}

/// Times fn over kPasses passes of the batch; adds the calls and seconds.
template <class Args, class Fn>
void timed(const std::vector<Args>& in, std::size_t stride, Fn fn, std::size_t& calls,
           double& seconds) {
    const double t0 = thread_seconds();
    for (int k = 0; k < kPasses; ++k) calls += run_batch(in, stride, fn);
    seconds += thread_seconds() - t0;
}

template <class T, class ArgsT, class Naive, class Robust, class Oracle, class Cgal = NoCgal>
void compare(benchmark::State& state, Primitive prim, const std::vector<ArgsT>& in, Naive naive_fn,
             Robust robust_fn, [[maybe_unused]] Oracle oracle_fn,
             [[maybe_unused]] Cgal cgal_fn = {}) {
    constexpr bool with_cgal = !std::is_same_v<Cgal, NoCgal>;
    double tn = 0, tr = 0, to = 0, tc = 0;
    std::size_t nn = 0, nr = 0, no = 0, nc = 0;
    for (auto _ : state) {
        timed(in, 1, naive_fn, nn, tn);
        timed(in, 1, robust_fn, nr, tr);
        if constexpr (with_cgal) timed(in, 1, cgal_fn, nc, tc);
#if TOUCHSTONE_BENCH_HAS_ORACLE
        timed(in, 64, oracle_fn, no, to);  // the oracle on every 64th case: it is slow
#endif
    }
    const bench::LayerShares shares = bench::layer_shares(prim, in);
    const double naive_ns = 1e9 * tn / static_cast<double>(nn),
                 robust_ns = 1e9 * tr / static_cast<double>(nr);
    state.counters["naive_ns"] = naive_ns;
    state.counters["robust_ns"] = robust_ns;
    state.counters["robust/naive"] = robust_ns / naive_ns;
    if (no > 0) {
        const double oracle_ns = 1e9 * to / static_cast<double>(no);
        state.counters["oracle_ns"] = oracle_ns;
        state.counters["oracle/naive"] = oracle_ns / naive_ns;
    }
    if (nc > 0) {
        const double cgal_ns = 1e9 * tc / static_cast<double>(nc);
        state.counters["cgal_ns"] = cgal_ns;
        state.counters["cgal/naive"] = cgal_ns / naive_ns;
    }
    state.counters["extended"] = shares.extended;
    state.counters["fallback"] = shares.exact;
    state.counters["int256"] = shares.int256;
    state.counters["wide"] = shares.wide;
}

#if TOUCHSTONE_BENCH_HAS_ORACLE
#define ORACLE_CALL(expr) [&](const auto& x) { return expr; }
#else
#define ORACLE_CALL(expr) [](const auto&) { return 0; }
#endif

template <class T>
void BM_point_in_disk(benchmark::State& state, Inputs in) {
    const auto v = point_disk_inputs<T>(in);
    compare<T>(
        state, Primitive::point_in_disk, v,
        [](const auto& x) {
            return naive::point_in_disk(Vec2<T>{x[0], x[1]}, circle_arg(&x[2]));
        },
        [](const auto& x) {
            return robust::point_in_disk(Vec2<T>{x[0], x[1]}, circle_arg(&x[2]));
        },
        ORACLE_CALL(oracle::point_in_disk(Vec2<T>{x[0], x[1]}, circle_arg(&x[2])))
#if TOUCHSTONE_BENCH_HAS_CGAL
            ,
        CGAL_CALL(cgal::point_in_disk(x[0], x[1], x[2], x[3], x[4]))
#endif
    );
}
template <class T>
void BM_disks_overlap(benchmark::State& state, Inputs in) {
    const auto v = two_circles_inputs<T>(in);
    compare<T>(
        state, Primitive::disks_overlap, v,
        [](const auto& x) { return naive::disks_overlap(circle_arg(&x[0]), circle_arg(&x[3])); },
        [](const auto& x) { return robust::disks_overlap(circle_arg(&x[0]), circle_arg(&x[3])); },
        ORACLE_CALL(oracle::disks_overlap(circle_arg(&x[0]), circle_arg(&x[3]))));
}
template <class T>
void BM_segment_hits_disk(benchmark::State& state, Inputs in) {
    const auto v = segment_circle_inputs<T>(in);
    compare<T>(
        state, Primitive::segment_hits_disk, v,
        [](const auto& x) {
            return naive::segment_hits_disk(segment_arg(&x[0]), circle_arg(&x[4]));
        },
        [](const auto& x) {
            return robust::segment_hits_disk(segment_arg(&x[0]), circle_arg(&x[4]));
        },
        ORACLE_CALL(oracle::segment_hits_disk(segment_arg(&x[0]), circle_arg(&x[4]))));
}
template <class T>
void BM_segment_meets_circle(benchmark::State& state, Inputs in) {
    const auto v = segment_circle_inputs<T>(in);
    compare<T>(
        state, Primitive::segment_meets_circle, v,
        [](const auto& x) {
            return naive::segment_meets_circle(segment_arg(&x[0]), circle_arg(&x[4]));
        },
        [](const auto& x) {
            return robust::segment_meets_circle(segment_arg(&x[0]), circle_arg(&x[4]));
        },
        ORACLE_CALL(oracle::segment_meets_circle(segment_arg(&x[0]), circle_arg(&x[4]))));
}
template <class T>
void BM_segments_intersect(benchmark::State& state, Inputs in) {
    const auto v = two_segments_inputs<T>(in);
    compare<T>(
        state, Primitive::segments_intersect, v,
        [](const auto& x) {
            return naive::segments_intersect(segment_arg(&x[0]), segment_arg(&x[4]));
        },
        [](const auto& x) {
            return robust::segments_intersect(segment_arg(&x[0]), segment_arg(&x[4]));
        },
        ORACLE_CALL(oracle::segments_intersect(segment_arg(&x[0]), segment_arg(&x[4])))
#if TOUCHSTONE_BENCH_HAS_CGAL
            ,
        CGAL_CALL(cgal::segments_intersect(x.data()))
#endif
    );
}
template <class T>
void BM_circle_intersections(benchmark::State& state, Inputs in) {
    const auto v = two_circles_inputs<T>(in);
    compare<T>(
        state, Primitive::circle_intersections, v,
        [](const auto& x) {
            return naive::circle_intersections(circle_arg(&x[0]), circle_arg(&x[3]));
        },
        [](const auto& x) {
            return robust::circle_intersections(circle_arg(&x[0]), circle_arg(&x[3]));
        },
        ORACLE_CALL(oracle::circle_intersections(circle_arg(&x[0]), circle_arg(&x[3]))));
}
template <class T>
void BM_segment_circle_points(benchmark::State& state, Inputs in) {
    const auto v = segment_circle_inputs<T>(in);
    compare<T>(
        state, Primitive::segment_circle_points, v,
        [](const auto& x) {
            return naive::segment_circle_points(segment_arg(&x[0]), circle_arg(&x[4]));
        },
        [](const auto& x) {
            return robust::segment_circle_points(segment_arg(&x[0]), circle_arg(&x[4]));
        },
        ORACLE_CALL(oracle::segment_circle_points(segment_arg(&x[0]), circle_arg(&x[4]))));
}
template <class T>
void BM_segment_intersection(benchmark::State& state, Inputs in) {
    const auto v = two_segments_inputs<T>(in);
    compare<T>(
        state, Primitive::segment_intersection, v,
        [](const auto& x) {
            return naive::segment_intersection(segment_arg(&x[0]), segment_arg(&x[4]));
        },
        [](const auto& x) {
            return robust::segment_intersection(segment_arg(&x[0]), segment_arg(&x[4]));
        },
        ORACLE_CALL(oracle::segment_intersection(segment_arg(&x[0]), segment_arg(&x[4]))));
}

/// orient2d: naive is the textbook determinant (textbook/orient2d.hpp).
template <class T>
void BM_orient2d(benchmark::State& state, Inputs in) {
    const auto v = three_points_inputs<T>(in);
    compare<T>(
        state, Primitive::orient2d, v,
        [](const auto& x) {
            return textbook::orient2d(Vec2<T>{x[0], x[1]}, Vec2<T>{x[2], x[3]},
                                      Vec2<T>{x[4], x[5]});
        },
        [](const auto& x) {
            return robust::orient2d(Vec2<T>{x[0], x[1]}, Vec2<T>{x[2], x[3]}, Vec2<T>{x[4], x[5]});
        },
        ORACLE_CALL(
            oracle::orient2d(Vec2<T>{x[0], x[1]}, Vec2<T>{x[2], x[3]}, Vec2<T>{x[4], x[5]})));
}

/// Capsules and boxes: naive is the textbook port (Ericson), except
/// boxes_overlap, whose naive form is the classic min-max comparison (exact
/// already; the robust one adds the validity checks).
template <class T>
Capsule<T> capsule_at(const T* x) {
    return {{{x[0], x[1]}, {x[2], x[3]}}, x[4]};
}
template <class T>
Box<T> box_at(const T* x) {
    return {{x[0], x[1]}, {x[2], x[3]}};
}
template <class T>
void BM_capsules_overlap(benchmark::State& state, Inputs in) {
    const auto v = two_capsules_inputs<T>(in);
    compare<T>(
        state, Primitive::capsules_overlap, v,
        [](const auto& x) {
            return textbook::capsules_overlap(capsule_at(&x[0]), capsule_at(&x[5]));
        },
        [](const auto& x) {
            return robust::capsules_overlap(capsule_at(&x[0]), capsule_at(&x[5]));
        },
        ORACLE_CALL(oracle::capsules_overlap(capsule_at(&x[0]), capsule_at(&x[5]))));
}
template <class T>
void BM_capsule_hits_disk(benchmark::State& state, Inputs in) {
    const auto v = capsule_disk_inputs<T>(in);
    compare<T>(
        state, Primitive::capsule_hits_disk, v,
        [](const auto& x) {
            return textbook::capsule_hits_disk(capsule_at(&x[0]), circle_arg(&x[5]));
        },
        [](const auto& x) {
            return robust::capsule_hits_disk(capsule_at(&x[0]), circle_arg(&x[5]));
        },
        ORACLE_CALL(oracle::capsule_hits_disk(capsule_at(&x[0]), circle_arg(&x[5]))));
}
template <class T>
void BM_boxes_overlap(benchmark::State& state, Inputs in) {
    const auto v = two_boxes_inputs<T>(in);
    compare<T>(
        state, Primitive::boxes_overlap, v,
        [](const auto& x) { return x[0] <= x[6] && x[4] <= x[2] && x[1] <= x[7] && x[5] <= x[3]; },
        [](const auto& x) { return robust::boxes_overlap(box_at(&x[0]), box_at(&x[4])); },
        ORACLE_CALL(oracle::boxes_overlap(box_at(&x[0]), box_at(&x[4]))));
}
template <class T>
void BM_segment_hits_box(benchmark::State& state, Inputs in) {
    const auto v = segment_box_inputs<T>(in);
    compare<T>(
        state, Primitive::segment_hits_box, v,
        [](const auto& x) { return textbook::segment_hits_box(segment_arg(&x[0]), box_at(&x[4])); },
        [](const auto& x) { return robust::segment_hits_box(segment_arg(&x[0]), box_at(&x[4])); },
        ORACLE_CALL(oracle::segment_hits_box(segment_arg(&x[0]), box_at(&x[4]))));
}

/// point_in_polygon: naive is the textbook crossing-number test
/// (textbook/point_in_polygon.hpp, Franklin's PNPOLY).
template <class T>
void BM_point_in_polygon(benchmark::State& state, Inputs in) {
    const auto v = point_polygon_inputs<T>(in);
    compare<T>(
        state, Primitive::point_in_polygon, v,
        [](const auto& x) {
            return invoke<Primitive::point_in_polygon>(
                x.data(),
                [](Vec2<T> p, const Polygon<T>& g) { return textbook::point_in_polygon(p, g); });
        },
        [](const auto& x) {
            return invoke<Primitive::point_in_polygon>(
                x.data(),
                [](Vec2<T> p, const Polygon<T>& g) { return robust::point_in_polygon(p, g); });
        },
        ORACLE_CALL(invoke<Primitive::point_in_polygon>(
            x.data(), [](Vec2<T> p, Polygon<T> g) { return oracle::point_in_polygon(p, g); })));
}

/// The ray casts: naive is the textbook port (textbook/ray_casts.hpp); the
/// capsule's is the least of Ericson's two cap casts and Bourke's two side
/// casts, the sides offset by r along the rounded unit normal.
template <class T>
RayHit<T> naive_ray_capsule(Segment<T> ray, Capsule<T> c) {
    RayHit<T> best = textbook::ray_cast_disk(ray, Circle<T>{c.s.a, c.r});
    auto take = [&best](RayHit<T> h) {
        if (h.hit && (!best.hit || h.t < best.t)) best = h;
    };
    take(textbook::ray_cast_disk(ray, Circle<T>{c.s.b, c.r}));
    const T ex = c.s.b.x - c.s.a.x, ey = c.s.b.y - c.s.a.y;
    const T len = std::sqrt(ex * ex + ey * ey);
    const T nx = -ey / len * c.r, ny = ex / len * c.r;
    for (T k : {T(1), T(-1)})
        take(textbook::ray_cast_segment(ray, Segment<T>{{c.s.a.x + k * nx, c.s.a.y + k * ny},
                                                        {c.s.b.x + k * nx, c.s.b.y + k * ny}}));
    return best;
}

template <class T>
void BM_ray_cast_disk(benchmark::State& state, Inputs in) {
    const auto v = segment_circle_inputs<T>(in);
    compare<T>(
        state, Primitive::ray_cast_disk, v,
        [](const auto& x) {
            return textbook::ray_cast_disk(segment_arg(&x[0]), circle_arg(&x[4]));
        },
        [](const auto& x) { return robust::ray_cast_disk(segment_arg(&x[0]), circle_arg(&x[4])); },
        ORACLE_CALL(oracle::ray_cast_disk(segment_arg(&x[0]), circle_arg(&x[4]))));
}
template <class T>
void BM_ray_cast_segment(benchmark::State& state, Inputs in) {
    const auto v = two_segments_inputs<T>(in);
    compare<T>(
        state, Primitive::ray_cast_segment, v,
        [](const auto& x) {
            return textbook::ray_cast_segment(segment_arg(&x[0]), segment_arg(&x[4]));
        },
        [](const auto& x) {
            return robust::ray_cast_segment(segment_arg(&x[0]), segment_arg(&x[4]));
        },
        ORACLE_CALL(oracle::ray_cast_segment(segment_arg(&x[0]), segment_arg(&x[4]))));
}
template <class T>
void BM_ray_cast_box(benchmark::State& state, Inputs in) {
    const auto v = ray_box_inputs<T>(in);
    auto box = [](const auto& x) { return Box<T>{{x[4], x[5]}, {x[6], x[7]}}; };
    compare<T>(
        state, Primitive::ray_cast_box, v,
        [box](const auto& x) { return textbook::ray_cast_box(segment_arg(&x[0]), box(x)); },
        [box](const auto& x) { return robust::ray_cast_box(segment_arg(&x[0]), box(x)); },
        ORACLE_CALL(oracle::ray_cast_box(segment_arg(&x[0]), box(x))));
}
template <class T>
void BM_ray_cast_capsule(benchmark::State& state, Inputs in) {
    const auto v = ray_capsule_inputs<T>(in);
    auto cap = [](const auto& x) { return Capsule<T>{segment_arg(&x[4]), x[8]}; };
    compare<T>(
        state, Primitive::ray_cast_capsule, v,
        [cap](const auto& x) { return naive_ray_capsule(segment_arg(&x[0]), cap(x)); },
        [cap](const auto& x) { return robust::ray_cast_capsule(segment_arg(&x[0]), cap(x)); },
        ORACLE_CALL(oracle::ray_cast_capsule(segment_arg(&x[0]), cap(x))));
}

/// Convex polygons: naive is the textbook port (textbook/convex.hpp: the
/// separating-axis test; the closest point on each edge).
template <class T>
void BM_polygons_overlap(benchmark::State& state, Inputs in) {
    const auto v = convex_pair_inputs<T>(in);
    compare<T>(
        state, Primitive::polygons_overlap, v,
        [](const auto& x) {
            return invoke<Primitive::polygons_overlap>(
                x.data(), [](const Polygon<T>& a, const Polygon<T>& b) {
                    return textbook::polygons_overlap(a, b);
                });
        },
        [](const auto& x) {
            return invoke<Primitive::polygons_overlap>(
                x.data(), [](const Polygon<T>& a, const Polygon<T>& b) {
                    return robust::polygons_overlap(a, b);
                });
        },
        ORACLE_CALL(invoke<Primitive::polygons_overlap>(
            x.data(), [](Polygon<T> a, Polygon<T> b) { return oracle::polygons_overlap(a, b); })));
}
template <class T>
void BM_polygon_hits_disk(benchmark::State& state, Inputs in) {
    const auto v = convex_disk_inputs<T>(in);
    compare<T>(
        state, Primitive::polygon_hits_disk, v,
        [](const auto& x) {
            return invoke<Primitive::polygon_hits_disk>(
                x.data(),
                [](const Polygon<T>& a, Circle<T> c) { return textbook::polygon_hits_disk(a, c); });
        },
        [](const auto& x) {
            return invoke<Primitive::polygon_hits_disk>(
                x.data(),
                [](const Polygon<T>& a, Circle<T> c) { return robust::polygon_hits_disk(a, c); });
        },
        ORACLE_CALL(invoke<Primitive::polygon_hits_disk>(
            x.data(), [](Polygon<T> a, Circle<T> c) { return oracle::polygon_hits_disk(a, c); })));
}

/// naive: the textbook port (Cyrus-Beck as Ericson 5.3.8, textbook/ray_casts.hpp).
template <class T>
void BM_ray_cast_polygon(benchmark::State& state, Inputs in) {
    const auto v = ray_convex_inputs<T>(in);
    compare<T>(
        state, Primitive::ray_cast_polygon, v,
        [](const auto& x) {
            return invoke<Primitive::ray_cast_polygon>(
                x.data(),
                [](Segment<T> r, const Polygon<T>& p) { return textbook::ray_cast_polygon(r, p); });
        },
        [](const auto& x) {
            return invoke<Primitive::ray_cast_polygon>(
                x.data(),
                [](Segment<T> r, const Polygon<T>& p) { return robust::ray_cast_polygon(r, p); });
        },
        ORACLE_CALL(invoke<Primitive::ray_cast_polygon>(
            x.data(), [](Segment<T> r, Polygon<T> p) { return oracle::ray_cast_polygon(r, p); })));
}

template <class T>
void register_all(const char* precision) {
    struct Entry {
        const char* name;
        void (*fn)(benchmark::State&, Inputs);
    };
    const Entry entries[] = {
        {"point_in_disk", BM_point_in_disk<T>},
        {"disks_overlap", BM_disks_overlap<T>},
        {"segment_hits_disk", BM_segment_hits_disk<T>},
        {"segment_meets_circle", BM_segment_meets_circle<T>},
        {"segments_intersect", BM_segments_intersect<T>},
        {"circle_intersections", BM_circle_intersections<T>},
        {"segment_circle_points", BM_segment_circle_points<T>},
        {"segment_intersection", BM_segment_intersection<T>},
        {"orient2d", BM_orient2d<T>},
        {"capsules_overlap", BM_capsules_overlap<T>},
        {"capsule_hits_disk", BM_capsule_hits_disk<T>},
        {"boxes_overlap", BM_boxes_overlap<T>},
        {"segment_hits_box", BM_segment_hits_box<T>},
        {"point_in_polygon", BM_point_in_polygon<T>},
        {"ray_cast_disk", BM_ray_cast_disk<T>},
        {"ray_cast_segment", BM_ray_cast_segment<T>},
        {"ray_cast_box", BM_ray_cast_box<T>},
        {"ray_cast_capsule", BM_ray_cast_capsule<T>},
        {"polygons_overlap", BM_polygons_overlap<T>},
        {"polygon_hits_disk", BM_polygon_hits_disk<T>},
        {"ray_cast_polygon", BM_ray_cast_polygon<T>},
    };
    for (const Entry& e : entries) {
        for (Inputs in : {Inputs::uniform, Inputs::near_degenerate}) {
            const std::string name = std::string(e.name) + "/" + precision + "/" +
                                     (in == Inputs::uniform ? "uniform" : "near_degenerate");
            benchmark::RegisterBenchmark(name.c_str(), e.fn, in);
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    register_all<float>("float");
    register_all<double>("double");
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
