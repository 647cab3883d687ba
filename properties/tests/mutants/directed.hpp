// Directed case sets for the mutation hunt: boundaries that the families do
// not reach yet, each built exactly (integers times powers of two), each with
// the mutants it was written for. Candidates for the families proper.
//
//   orientation grid    near-collinear triples whose double orientation
//                       rounds to the wrong sign (Kettner, Mehlhorn, Pion,
//                       Schirra, Yap, "Classroom examples of robustness
//                       problems in geometric computations", 2008: p near
//                       (0.5, 0.5) on a 64 x 64 ulp grid, q = (12, 12),
//                       r = (24, 24)), set up so that the answer of
//                       segments_intersect / segment_intersection is the sign
//                       of that orientation. Kills a filter_det2 that
//                       certifies an uncertified sign.
//   tangent off an end  a circle tangent to the segment's line at a foot a
//                       relative 2^-26 .. 2^-46 of r before or after an
//                       endpoint: the endpoint is within rounding of the
//                       circle, the region (w.v) is certain, the line test is
//                       exactly zero. Kills a line-only shortcut taken in an
//                       endpoint's region.
//   (near) tangent at the degree-4 underflow
//                       the tangent and near_tangent families' cases scaled
//                       exactly, by a power of two, so that the line test's
//                       degree-4 terms are barely subnormal (rounded to
//                       2^-1074): only the filter's guard4 keeps it from
//                       certifying a sign that underflow made up. Also for
//                       capsules_overlap (a2 against the first capsule's
//                       segment): kills filter_segment_disk without its
//                       guards P >= 2^-900 and |v|^2 >= 2^-960.
//   star polygons       {5/2}, {7/2}, {7/3}, {8/3} stars on integer points:
//                       every turn left, but the boundary winds around two or
//                       three times, so not a convex polygon (invalid input,
//                       answer false); set inside a square they overlap, or
//                       with a disk at their centre. Kills a convexity check
//                       that counts left turns without the winding.
//   disks at subnormal squares
//                       integer offsets and radii scaled so that every square
//                       lands on the subnormal grid with a rounding: the
//                       rounded squares of the offset can add up above the
//                       rounded square of a radius that is exactly larger.
//                       Kills a disk test without its absolute underflow term.
//   disks at the squares' overflow
//                       (double only) a point whose offset's rounded squares
//                       add up to +inf, although its exact S lies below R =
//                       r^2 < 2^1024 by a relative 4e-19 to 1e-17 (r the
//                       largest double below 2^512): inside, where s - rr =
//                       +inf says outside. Kills filter_disk's bound from rr
//                       alone, without max(s, rr).
//   tiny segment, far disk
//                       a segment 2^-520 long and a disk 2^500 away whose
//                       circle passes through (or an ulp beside) its end:
//                       |v|^2 is subnormal and |v|^4 underflows. Kills
//                       segment_projection without its range guard.
//   convex fakes        not convex, but certified convex by a shared turn
//                       bound gone wrong (double only; convex_certified in
//                       convex.hpp, shared_orientation_bound in filter.hpp):
//                       a quadrilateral whose vertex b lies within an ulp of
//                       the line through a and c = -a (coordinates near 2^30,
//                       b near 2^-22): its turn is a right turn, but the
//                       rounded edges b - a and c - b make it +64 (kills the
//                       shared bound divided by 2^20; the true bound, ~2^17,
//                       declines); and a dart (0,0) (6,2) (3,3) (2,6) times
//                       2^512, whose reflex turn (and one convex turn) is
//                       -inf - -inf = NaN, dropped by the minimum of the
//                       turns (kills the range check S < 2^500 weakened to
//                       S < inf: S is 24 2^512, eps S^2 still finite). Both
//                       inside a square (polygons_overlap, both orders) and
//                       touched by a disk (polygon_hits_disk); the
//                       quadrilateral also with a disk around 2 w that no
//                       orientation or segment test leaves uncertain (kills
//                       polygon_hits_disk's one-pass turn bound divided by
//                       2^20, convex.hpp).
//   disks touching at mixed scales
//                       (disks_overlap, double only) c1 = (a, b) T, r1 = c T and
//                       c2 = -(a, b) t, r2 = c t for a Pythagorean triple (a,
//                       b, c) and scales T, t 2^-60 .. 2^60 apart: exactly
//                       touching (r2 one ulp off in a third of the cases),
//                       with differences and a radius sum of up to 130 bits,
//                       whose double-double value rounds to the wrong side in
//                       about 0.3 % of the cases. Kills that stage's bound
//                       divided by 2^20.
//   collinear at mixed scales
//                       (orient2d, double only) three points on a line through
//                       the origin with a small integer direction, each at its
//                       own scale 2^-60 .. 2^60: exactly collinear, with
//                       differences of up to 130 bits, whose double-double
//                       value rounds to a nonzero number in about 0.3 % of
//                       the cases. Kills the stage's bound divided by 2^20.
//   hits at an exact tie
//                       (ray_cast_segment) a ray crossing a segment at its
//                       midpoint, where the hit's fraction t is exactly
//                       halfway between two neighbours of T. Kills a
//                       rounding that sends ties to the odd neighbour.
//   near-collinear at subnormal products
//                       (orient2d, double only) a, b with random significands
//                       at exponents -522 .. -502, c = a + t (b - a) rounded:
//                       the products of the differences are subnormal, and
//                       the stage's value has the wrong sign in about 0.4 %
//                       of the cases with fma products (12 % with Dekker's).
//                       Kills its absolute term eta dropped.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "touchstone/bits.hpp"
#include "touchstone/families/families.hpp"
#include "touchstone/properties/answers.hpp"

namespace touchstone::properties::mutation {

template <class T>
struct DirectedSet {
    std::string name;
    std::vector<Args<T>> cases;
};

/// Segment 2 from p (near (0.5, 0.5), i, j ulps off) to (24, 24); segment 1
/// from (12, 12) straight down to (12, 0). Line 2 passes within rounding of
/// (12, 12): the segments meet iff orientation(p, (24, 24), (12, 12)) <= 0.
template <class T>
std::vector<Args<T>> orientation_grid() {
    std::vector<Args<T>> out;
    for (int i = 0; i < 64; ++i)
        for (int j = 0; j < 64; ++j) {
            const T px = step_ulps<T>(T(0.5), i), py = step_ulps<T>(T(0.5), j);
            out.push_back({T(12), T(12), T(12), T(0), px, py, T(24), T(24)});
        }
    return out;
}

/// Segment a -> b along a Pythagorean direction d (|d| = h), circle tangent
/// to its line at a - s D d (before a) or b + s D d (after b), or just inside
/// the segment (s = -1), with r = R h and D = 2^-k R.
template <class T>
std::vector<Args<T>> tangent_off_an_end() {
    struct Dir {
        int x, y, h;
    };
    const Dir dirs[] = {{1, 0, 1}, {3, 4, 5}, {-12, 5, 13}, {8, -15, 17}, {-20, -21, 29}};
    // k <= kmax keeps every coordinate exact in T (values below 2^8, lowest bit 2^-k).
    const int kmax = std::numeric_limits<T>::digits == 24 ? 16 : 44;
    std::vector<Args<T>> out;
    for (const Dir& d : dirs)
        for (int k = kmax / 2; k <= kmax; k += 2)
            for (int end = 0; end < 2; ++end)
                for (int side : {1, -1}) {
                    const T R = 5, L = 3;
                    const T D = std::ldexp(R, -k);
                    const T ax = 7, ay = -3;
                    const T bx = ax + L * T(d.x), by = ay + L * T(d.y);
                    // Foot: beyond the chosen end (side 1) or just inside it (side -1).
                    const T fx = end == 0 ? ax - T(side) * D * T(d.x) : bx + T(side) * D * T(d.x);
                    const T fy = end == 0 ? ay - T(side) * D * T(d.y) : by + T(side) * D * T(d.y);
                    const T cx = fx - R * T(d.y), cy = fy + R * T(d.x);
                    out.push_back({ax, ay, bx, by, cx, cy, R * T(d.h), 0});
                }
    return out;
}

/// `n` cases of the tangent and near_tangent families (alternately) of a
/// segment-vs-circle primitive
/// (x = ax ay bx by cx cy r), scaled by a power of two 2^k so that the line
/// test's magnitude Pc = |vx wy| + |vy wx| is 2^(-524 + s), s = -12 .. 11:
/// its degree-4 terms are then barely subnormal (double only: float inputs
/// never reach that range of the double filter). `c_at` is where the
/// point c tested against the segment ab = x[0..3] starts: 4 for the
/// segment primitives; 5 for capsules_overlap (a2 against the first
/// capsule's segment, one of its four endpoint tests).
template <class T>
std::vector<Args<T>> tangent_at_degree4_underflow(Primitive p, int n, std::size_t c_at = 4) {
    std::vector<Args<T>> out;
    if (std::numeric_limits<T>::digits != 53) return out;
    std::uint64_t rng = 0x6d75746174696f6eull;  // fixed: the same cases every run
    for (int i = 0; i < n; ++i) {
        const families::Recipe r = families::draw<T>(
            p, i % 2 == 0 ? families::Family::tangent : families::Family::near_tangent, rng);
        Args<T> a = families::realize<T>(p, r);
        const T vx = a[2] - a[0], vy = a[3] - a[1], wx = a[c_at] - a[0], wy = a[c_at + 1] - a[1];
        const T pc = std::fabs(vx * wy) + std::fabs(vy * wx);
        if (!(pc > 0) || !std::isfinite(pc)) continue;
        const int shift = static_cast<int>(std::floor((-524 + (i % 24) - 12 - std::log2(pc)) / 2));
        for (T& x : a) x = std::ldexp(x, shift);
        out.push_back(a);
    }
    return out;
}

/// Star polygons {n/k} (every turn left, winding k times: not convex) at
/// scales 2^-40 .. 2^40, against a square around them (polygons_overlap,
/// both orders) or a disk at their centre (polygon_hits_disk).
template <class T>
std::vector<Args<T>> star_polygons(Primitive p) {
    std::vector<Args<T>> out;
    const int stars[][2] = {{5, 2}, {7, 2}, {7, 3}, {8, 3}};
    for (const auto& nk : stars) {
        const int n = nk[0], k = nk[1];
        std::vector<double> v;
        for (int i = 0; i < n; ++i) {
            const double a = 6.283185307179586 * ((i * k) % n) / n + 0.1;
            v.push_back(std::round(1000 * std::cos(a)));
            v.push_back(std::round(1000 * std::sin(a)));
        }
        for (int e = -40; e <= 40; e += 8) {
            Args<T> a{};
            const auto put = [&](std::size_t at, const std::vector<double>& w) {
                a[at] = T(static_cast<double>(w.size() / 2));
                for (std::size_t i = 0; i < w.size(); ++i)
                    a[at + 1 + i] = static_cast<T>(std::ldexp(w[i], e));
            };
            if (p == Primitive::polygons_overlap) {
                const std::vector<double> square{-2000, -2000, 2000,  -2000,
                                                 2000,  2000,  -2000, 2000};
                constexpr std::size_t second = 1 + 2 * max_polygon_vertices;
                put(0, v);
                put(second, square);
                out.push_back(a);
                put(0, square);
                put(second, v);
                out.push_back(a);
            } else {
                put(0, v);
                constexpr std::size_t c = 1 + 2 * max_polygon_vertices;
                a[c] = T(0);
                a[c + 1] = T(0);
                a[c + 2] = static_cast<T>(std::ldexp(100.0, e));
                out.push_back(a);
            }
        }
    }
    return out;
}

/// Disks on the subnormal grid (point_in_disk, disks_overlap; double only:
/// float inputs widened to double never underflow): centre offsets (a, b)
/// and radii R, integers times 2^e with 2e = -1074 - k (k = 2, 4, .., 10),
/// R next to sqrt(a^2 + b^2). Each square is then a multiple of 2^-1074
/// plus a fraction that rounds; e.g. (6, 6) and R = 9 at k = 6: 36/64 of
/// 2^-1074 rounds up twice (s = 2 2^-1074) while 81/64 rounds down
/// (rr = 2^-1074), though 72 < 81: a relative bound alone certifies "apart".
template <class T>
std::vector<Args<T>> disks_at_subnormal_squares(Primitive p) {
    std::vector<Args<T>> out;
    if (std::numeric_limits<T>::digits != 53) return out;
    for (int k = 2; k <= 10; k += 2) {
        const T unit = std::ldexp(T(1), (-1074 - k) / 2);
        for (int a = 0; a <= 24; ++a)
            for (int b = a; b <= 24; ++b) {
                int m = 0;
                while ((m + 1) * (m + 1) <= a * a + b * b) ++m;
                for (int R = m; R <= m + 1; ++R) {
                    Args<T> x{};
                    if (p == Primitive::disks_overlap) {  // c1 = 0, r1 = R; c2 = (a, b), r2 = 0
                        x[2] = T(R) * unit;
                        x[3] = T(a) * unit;
                        x[4] = T(b) * unit;
                    } else {  // p = (a, b), c = 0, r = R
                        x[0] = T(a) * unit;
                        x[1] = T(b) * unit;
                        x[4] = T(R) * unit;
                    }
                    out.push_back(x);
                }
            }
    }
    return out;
}

/// Disks at the squares' overflow (point_in_disk, disks_overlap; double
/// only: float inputs widened to double never overflow). r = 2^512 (1 -
/// 2^-53), the largest double below 2^512: fl(r^2) = 2^1024 (1 - 2^-52) is
/// finite. The centre offsets are differences of coordinates of opposite
/// signs near 2^510, rounded up, whose rounded squares then add up to +inf
/// although the exact S = dx^2 + dy^2 lies below R = r^2 by a relative
/// 4e-19 to 1e-17: the point is inside (the disks overlap), and d = s - rr
/// = +inf says "outside". Four such offsets (found by a search over
/// random coordinates, about one in 150,000, and checked against exact
/// rationals), each in its eight reflections (x and y swapped, each axis
/// negated: the same rounded squares), with r and with the next double
/// below it (then S > R: outside, still s = +inf); disks_overlap as r1 = r2
/// = r / 2, the same sum.
template <class T>
std::vector<Args<T>> disks_at_squares_overflow(Primitive p) {
    std::vector<Args<T>> out;
    if (std::numeric_limits<T>::digits != 53) return out;
    // px, py, cx, cy
    static constexpr double offsets[][4] = {
        {0x1.39da9a70bc397p+509, 0x1.1e2d9442c8313p+510, -0x1.64e596499b232p+510,
         -0x1.2bc9cae495724p+511},
        {0x1.194c7046e3cefp+510, 0x1.a80af485d934bp+509, -0x1.2d782cd6ae516p+511,
         -0x1.3068a55a83012p+510},
        {0x1.9b11fe9d4266fp+509, 0x1.35e3c3fb611a3p+510, -0x1.66907c2773cdap+510,
         -0x1.105ce7c95b8d6p+511},
        {0x1.e5483a437c2e6p+509, 0x1.a2eeb846daf33p+509, -0x1.13a3a5167749cp+511,
         -0x1.b5451dab8e98cp+510},
    };
    constexpr double radii[] = {0x1.fffffffffffffp+511, 0x1.ffffffffffffep+511};
    for (const auto& o : offsets)
        for (int k = 0; k < 8; ++k) {
            const bool swap = (k & 1) != 0;
            const double fx = (k & 2) ? -1.0 : 1.0, fy = (k & 4) ? -1.0 : 1.0;
            const double px = fx * o[swap ? 1 : 0], py = fy * o[swap ? 0 : 1];
            const double cx = fx * o[swap ? 3 : 2], cy = fy * o[swap ? 2 : 3];
            for (const double r : radii) {
                Args<T> x{};
                if (p == Primitive::disks_overlap) {  // c1 = p, r1 = r / 2; c2 = c, r2 = r / 2
                    x[0] = T(px), x[1] = T(py), x[2] = T(r / 2);
                    x[3] = T(cx), x[4] = T(cy), x[5] = T(r / 2);
                } else {  // p, c, r
                    x[0] = T(px), x[1] = T(py), x[2] = T(cx), x[3] = T(cy), x[4] = T(r);
                }
                out.push_back(x);
            }
        }
    return out;
}

/// Convex fakes (see the head of this file): double only (float inputs
/// widened to double neither round their edges nor reach 2^512).
template <class T>
std::vector<Args<T>> convex_fakes(Primitive p) {
    std::vector<Args<T>> out;
    if (std::numeric_limits<T>::digits != 53) return out;
    // {polygon, square around it, disk centre and radius}, vertices as
    // (x, y) pairs.
    struct Fake {
        std::vector<double> polygon, square;
        double cx, cy, r;
    };
    std::vector<Fake> fakes;
    {
        // a = (x, y), b within an ulp of the origin, c = -a, w = (y, -x):
        // left turns at c, w and a; at b orient2d(a, b, c) < 0 exactly, the
        // rounded turn fl(fl(ex fy) - fl(ey fx)) = +64 (found by search).
        const double x = 0x1.02fa5efp+30, y = 0x1.991655cp+28;
        const double bx = 0x1.2p-22, by = 0x1.8p-24;
        const double big = 0x1p+31;
        fakes.push_back({{x, y, bx, by, -x, -y, y, -x},
                         {-big, -big, big, -big, big, big, -big, big},
                         y,
                         -x,
                         0x1p+20});
        // The same with the disk at 2 w, radius 2^31: it reaches w, its
        // centre is on no edge's line (polygon_hits_disk's one-pass filter
        // certifies every orientation and segment test; only the turn at b
        // keeps the fake out).
        fakes.push_back({{x, y, bx, by, -x, -y, y, -x},
                         {-big, -big, big, -big, big, big, -big, big},
                         2 * y,
                         -2 * x,
                         0x1p+31});
    }
    {
        const double u = 0x1p+512;
        fakes.push_back({{0, 0, 6 * u, 2 * u, 3 * u, 3 * u, 2 * u, 6 * u},
                         {-u, -u, 7 * u, -u, 7 * u, 7 * u, -u, 7 * u},
                         2 * u,
                         2 * u,
                         u});
    }
    for (const Fake& f : fakes) {
        Args<T> a{};
        const auto put = [&](std::size_t at, const std::vector<double>& w) {
            a[at] = T(static_cast<double>(w.size() / 2));
            for (std::size_t i = 0; i < w.size(); ++i) a[at + 1 + i] = static_cast<T>(w[i]);
        };
        constexpr std::size_t second = 1 + 2 * max_polygon_vertices;
        if (p == Primitive::polygons_overlap) {
            put(0, f.polygon);
            put(second, f.square);
            out.push_back(a);
            a = Args<T>{};
            put(0, f.square);
            put(second, f.polygon);
            out.push_back(a);
        } else {
            put(0, f.polygon);
            a[second] = static_cast<T>(f.cx);
            a[second + 1] = static_cast<T>(f.cy);
            a[second + 2] = static_cast<T>(f.r);
            out.push_back(a);
        }
    }
    return out;
}

/// A subnormal segment against a far disk (segment_hits_disk; double only:
/// float inputs widened to double never underflow): a = 0, b = (3, 4),
/// (4, -3) or (1, 0) times 2^-520 (|v|^2 subnormal), c = (3, 4) 2^e with
/// e = 498 .. 509 (|c| = 5 2^e, its square still finite), r = 5 2^e and
/// its neighbours: a hit when r = |c|, a miss or a hit one ulp away. There
/// |v|^2 |w| is just above 2^-540, so e = |Q|^2 is a nonzero subnormal
/// while m = |v|^4 underflows to 0: without segment_projection's guard
/// (|v|^2 >= 2^-300) both thresholds are 0 and every case is "certified"
/// a miss. Then radii in [2^511.5, 2^512) (r^2 finite, 2 r^2 not) with the
/// segment 2^-100 long and c 2^600 or 2^510 away: a miss and a hit that a
/// hit threshold computed from 2 r^2 (+inf) would both call hits.
template <class T>
std::vector<Args<T>> tiny_segment_far_disk() {
    std::vector<Args<T>> out;
    if (std::numeric_limits<T>::digits != 53) return out;
    const int dirs[][2] = {{3, 4}, {4, -3}, {1, 0}};
    for (int e = 498; e <= 509; ++e)
        for (const auto& d : dirs) {
            const T tiny = std::ldexp(T(1), -520), big = std::ldexp(T(1), e);
            const T r = 5 * big;
            for (const T rad : {r, step_ulps(r, -1), step_ulps(r, 1)})
                out.push_back({T(0), T(0), T(d[0]) * tiny, T(d[1]) * tiny, 3 * big, 4 * big, rad});
        }
    const T small = std::ldexp(T(1), -100);
    for (const T r : {std::ldexp(T(0x1.7p0), 511), std::ldexp(T(0x1.fp0), 511)})
        for (const int e : {600, 510}) {
            const T far = std::ldexp(T(1), e);
            out.push_back({T(0), T(0), 3 * small, 4 * small, 3 * far, 4 * far, r});
        }
    return out;
}

/// A uniform integer in [lo, hi] (SplitMix64: the same cases every run).
inline int directed_int(std::uint64_t& state, int lo, int hi) {
    return lo + static_cast<int>(splitmix64(state) % static_cast<std::uint64_t>(hi - lo + 1));
}

/// A double with a random 53-bit significand, in [-2^e, 2^e).
inline double directed_scaled(std::uint64_t& state, int e) {
    const auto m = static_cast<std::int64_t>(splitmix64(state) >> 11) - (std::int64_t{1} << 52);
    return std::ldexp(static_cast<double>(m), e - 52);
}

/// Disks touching at mixed scales (head of this file): x = c1x c1y r1 c2x
/// c2y r2.
template <class T>
std::vector<Args<T>> disks_touching_at_mixed_scales(int n) {
    std::vector<Args<T>> out;
    if (std::numeric_limits<T>::digits != 53) return out;
    static constexpr int triples[][3] = {{3, 4, 5},   {5, 12, 13},  {8, 15, 17}, {20, 21, 29},
                                         {7, 24, 25}, {12, 35, 37}, {9, 40, 41}, {28, 45, 53}};
    std::uint64_t rng = 0x746f756368696e67ull;
    for (int i = 0; i < n; ++i) {
        const auto& t = triples[directed_int(rng, 0, 7)];
        const double big =
            std::ldexp(2.0 * directed_int(rng, 0, 500) + 1, directed_int(rng, -60, 60));
        const double small =
            std::ldexp(2.0 * directed_int(rng, 0, 500) + 1, directed_int(rng, -60, 60));
        const double sx = directed_int(rng, 0, 1) == 1 ? 1 : -1;
        const double sy = directed_int(rng, 0, 1) == 1 ? 1 : -1;
        Args<T> x{};
        x[0] = static_cast<T>(sx * t[0] * big);
        x[1] = static_cast<T>(sy * t[1] * big);
        x[2] = static_cast<T>(t[2] * big);
        x[3] = static_cast<T>(-sx * t[0] * small);
        x[4] = static_cast<T>(-sy * t[1] * small);
        x[5] = static_cast<T>(t[2] * small);
        const int k = directed_int(rng, -1, 1);
        if (k != 0) x[5] = std::nextafter(x[5], k > 0 ? std::numeric_limits<T>::infinity() : T(0));
        out.push_back(x);
    }
    return out;
}

/// Collinear at mixed scales (head of this file): x = ax ay bx by cx cy, the
/// last coordinate one ulp off in half of the cases.
template <class T>
std::vector<Args<T>> collinear_at_mixed_scales(int n) {
    std::vector<Args<T>> out;
    if (std::numeric_limits<T>::digits != 53) return out;
    std::uint64_t rng = 0x6d69786564736361ull;
    for (int i = 0; i < n; ++i) {
        const double p = directed_int(rng, -9, 9), q = directed_int(rng, 1, 9);
        Args<T> x{};
        for (int j = 0; j < 3; ++j) {
            const double s =
                std::ldexp(2.0 * directed_int(rng, 0, 200) + 1, directed_int(rng, -60, 60));
            x[2 * j] = static_cast<T>(p * s);
            x[2 * j + 1] = static_cast<T>(q * s);
        }
        if (directed_int(rng, 0, 1) == 1)
            x[5] = std::nextafter(x[5], directed_int(rng, 0, 1) == 1
                                            ? std::numeric_limits<T>::infinity()
                                            : -std::numeric_limits<T>::infinity());
        out.push_back(x);
    }
    return out;
}

/// Near-collinear at subnormal products (head of this file).
template <class T>
std::vector<Args<T>> near_collinear_at_subnormal_products(int n) {
    std::vector<Args<T>> out;
    if (std::numeric_limits<T>::digits != 53) return out;
    std::uint64_t rng = 0x73756e6e6f726d6cull;
    for (int i = 0; i < n; ++i) {
        const int e = directed_int(rng, -522, -512);
        double v[4];
        for (double& c : v) c = directed_scaled(rng, e + directed_int(rng, 0, 10));
        const double t = directed_scaled(rng, 1);
        Args<T> x{};
        x[0] = static_cast<T>(v[0]);
        x[1] = static_cast<T>(v[1]);
        x[2] = static_cast<T>(v[2]);
        x[3] = static_cast<T>(v[3]);
        x[4] = static_cast<T>(v[0] + t * (v[2] - v[0]));
        x[5] = static_cast<T>(v[1] + t * (v[3] - v[1]));
        out.push_back(x);
    }
    return out;
}

/// Hits at an exact tie (head of this file): the ray from (0, 0) to (1, 0)
/// crosses the segment from (1/2 + k u, -u/2) to (1/2 + (k + 1) u, u/2),
/// u = 2^-digits (an ulp of [1/2, 1)), at its midpoint: t = 1/2 + (k + 1/2) u
/// exactly, halfway between two neighbours in T; the hit rounds to the even
/// one (k even: down, k odd: up). The same mirrored, with x and y swapped,
/// the segment reversed, and scaled by powers of two (t unchanged).
template <class T>
std::vector<Args<T>> hits_at_an_exact_tie() {
    const T u = std::ldexp(T(1), -std::numeric_limits<T>::digits);
    std::vector<Args<T>> out;
    for (int k = 0; k < 6; ++k)
        for (int e : {0, -40, 37})
            for (int variant = 0; variant < 8; ++variant) {
                const T sx = (variant & 1) ? T(-1) : T(1);
                T ax = T(0.5) + T(k) * u, ay = -u / 2, bx = ax + u, by = u / 2;
                if (variant & 4) {
                    std::swap(ax, bx);
                    std::swap(ay, by);
                }
                // (px, py, qx, qy, ax, ay, bx, by), x mirrored by sx.
                std::array<T, 8> v{T(0), T(0), sx, T(0), sx * ax, ay, sx * bx, by};
                if (variant & 2)
                    for (int i = 0; i < 8; i += 2) std::swap(v[i], v[i + 1]);
                Args<T> x{};
                for (int i = 0; i < 8; ++i) x[i] = std::ldexp(v[i], e);
                out.push_back(x);
            }
    return out;
}

/// The directed sets that apply to p.
template <class T>
std::vector<DirectedSet<T>> directed_sets(Primitive p) {
    std::vector<DirectedSet<T>> out;
    if (p == Primitive::segments_intersect || p == Primitive::segment_intersection)
        out.push_back({"orientation grid", orientation_grid<T>()});
    if (p == Primitive::segment_hits_disk || p == Primitive::segment_meets_circle ||
        p == Primitive::segment_circle_points) {
        out.push_back({"tangent off an end", tangent_off_an_end<T>()});
        out.push_back(
            {"(near) tangent at the degree-4 underflow", tangent_at_degree4_underflow<T>(p, 3000)});
    }
    if (p == Primitive::segment_hits_disk)
        out.push_back({"tiny segment, far disk", tiny_segment_far_disk<T>()});
    if (p == Primitive::capsules_overlap)
        out.push_back({"(near) tangent at the degree-4 underflow",
                       tangent_at_degree4_underflow<T>(p, 3000, 5)});
    if (p == Primitive::polygons_overlap || p == Primitive::polygon_hits_disk) {
        out.push_back({"star polygons", star_polygons<T>(p)});
        out.push_back({"convex fakes", convex_fakes<T>(p)});
    }
    if (p == Primitive::point_in_disk || p == Primitive::disks_overlap) {
        out.push_back({"disks at subnormal squares", disks_at_subnormal_squares<T>(p)});
        out.push_back({"disks at the squares' overflow", disks_at_squares_overflow<T>(p)});
    }
    if (p == Primitive::disks_overlap)
        out.push_back({"disks touching at mixed scales", disks_touching_at_mixed_scales<T>(8000)});
    if (p == Primitive::ray_cast_segment)
        out.push_back({"hits at an exact tie", hits_at_an_exact_tie<T>()});
    if (p == Primitive::orient2d) {
        out.push_back({"collinear at mixed scales", collinear_at_mixed_scales<T>(8000)});
        out.push_back({"near-collinear at subnormal products",
                       near_collinear_at_subnormal_products<T>(8000)});
    }
    return out;
}

}  // namespace touchstone::properties::mutation
