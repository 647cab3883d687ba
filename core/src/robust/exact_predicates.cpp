// touchstone::robust — the exact stages of the five predicates.
//
// One kernel per predicate, written once over an integer type I and run on
// the scaled integers of scaled.hpp: int64 with 128-bit products when the
// exponent spread allows (|X| < 2^61), 128-bit integers with 256-bit
// products below 2^125, otherwise fixed-capacity integers on the stack
// (WideInt, any spread, no allocation). The kernels are the closed
// definitions of docs/primitives.md, straight from the math.
#include <cmath>
#include <cstdint>

#include "dd_predicates.hpp"
#include "scaled.hpp"
#include "segment_kernels.hpp"
#include "touchstone/robust/detail/exact.hpp"
#include "touchstone/robust/detail/filter.hpp"
#include "touchstone/robust/detail/segment_circle.hpp"
#include "touchstone/robust/detail/segments.hpp"
#include "validate_inputs.hpp"

namespace touchstone::robust::exact {
namespace {

// ----- kernels ---------------------------------------------------------------
// C is the coordinate type (int64, I128 or WideInt), P = Product<C> the type of
// products of two differences; mul(C, C) -> P is exact.

/// |p - c|^2 - r^2 <= 0; x = px py cx cy r.
template <class C>
bool point_in_disk_kernel(const C* x) {
    using P = Product<C>;
    const C dx = x[0] - x[2], dy = x[1] - x[3];
    return sign(P(mul(dx, dx) + mul(dy, dy) - mul(x[4], x[4]))) <= 0;
}

/// |c1 - c2|^2 - (r1 + r2)^2 <= 0; x = c1x c1y r1 c2x c2y r2.
template <class C>
bool disks_overlap_kernel(const C* x) {
    using P = Product<C>;
    const C dx = x[0] - x[3], dy = x[1] - x[4], s = x[2] + x[5];
    return sign(P(mul(dx, dx) + mul(dy, dy) - mul(s, s))) <= 0;
}

/// The squared distances and projections a segment-vs-circle test needs;
/// x = ax ay bx by cx cy r.
template <class C>
struct SegmentCircleTerms {
    using P = Product<C>;
    bool point;  ///< a == b
    C vx, vy, wx, wy, ux, uy;
    P rr;
    explicit SegmentCircleTerms(const C* x)
        : point(x[0] == x[2] && x[1] == x[3]),
          vx(x[2] - x[0]),
          vy(x[3] - x[1]),  // v = b - a
          wx(x[4] - x[0]),
          wy(x[5] - x[1]),  // w = c - a
          ux(x[4] - x[2]),
          uy(x[5] - x[3]),  // u = c - b
          rr(mul(x[6], x[6])) {}
    int a_vs_circle() const {
        return sign(P(mul(wx, wx) + mul(wy, wy) - rr));
    }  ///< sign(|a-c|^2 - r^2)
    int b_vs_circle() const { return sign(P(mul(ux, ux) + mul(uy, uy) - rr)); }
    int w_dot_v() const { return sign(P(mul(wx, vx) + mul(wy, vy))); }  ///< > 0: c ahead of a
    int u_dot_v() const { return sign(P(mul(ux, vx) + mul(uy, vy))); }  ///< < 0: c behind b
    /// sign(cross(v, w)^2 - r^2 |v|^2): line distance vs r.
    int line_vs_circle() const {
        return square_minus_product(P(mul(vx, wy) - mul(vy, wx)), rr, P(mul(vx, vx) + mul(vy, vy)));
    }
};

/// dist(c, closed segment ab) <= r.
template <class C>
bool segment_hits_disk_kernel(const C* x) {
    const SegmentCircleTerms<C> t(x);
    if (t.point || t.w_dot_v() <= 0) return t.a_vs_circle() <= 0;  // closest point a
    if (t.u_dot_v() >= 0) return t.b_vs_circle() <= 0;             // closest point b
    return t.line_vs_circle() <= 0;                                // closest point inside
}

/// dmin <= r <= dmax; dmax is at an endpoint (the distance is convex).
template <class C>
bool segment_meets_circle_kernel(const C* x) {
    const SegmentCircleTerms<C> t(x);
    const int da = t.a_vs_circle();
    if (t.point) return da == 0;
    const int db = t.b_vs_circle();
    if (da < 0 && db < 0) return false;   // dmax < r
    if (da <= 0 || db <= 0) return true;  // dmin <= r <= dmax at the endpoints
    // Both endpoints strictly outside: dmin <= r only through the interior.
    return t.w_dot_v() > 0 && t.u_dot_v() < 0 && t.line_vs_circle() <= 0;
}

/// Closed segments a1b1, a2b2 (x = a1 b1 a2 b2) share a point.
template <class C>
bool segments_intersect_kernel(const C* x) {
    return segments_meet(x, x + 2, x + 4, x + 6);
}

}  // namespace

// ----- the extended stages and the dispatch --------------------------------------
// Between the inline double filter and the exact integers, each predicate
// has a second floating-point stage (Layer::extended):
// - orient2d, point_in_disk, disks_overlap: the double-double stage of
//   dd_predicates.hpp, on every platform (IEEE double and error-free
//   transformations only). It certifies every sign that is not degenerate to
//   within about 2^-100 of its magnitude, at magnitudes from about 2^-450 to
//   2^500; the exact and almost exact degeneracies, and the extreme
//   magnitudes, go to the integers.
// - the segment predicates: where long double is the x87 format
//   (detail::has_extended_stage: 64-bit significand, 15-bit exponent), the
//   predicate's filter re-run in it (filter.hpp, Bounds<long double>): 11
//   more bits and no overflow or underflow. Everywhere else (long double ==
//   double on MSVC, Apple Silicon and with -mlong-double-64; a software
//   binary128 on aarch64 Linux) that stage is compiled out and the double
//   filter's doubts go straight to the exact integer stage.
// Both are accelerators, never needed for correctness: the answers are the
// same bits, only the layer that gives them (and the time) differs.

using L = long double;

constexpr int undecided = 2;

/// The extended segment-vs-circle tests, lazily and with branches: they run
/// only when the double filter declined, where x87 register pressure (eight
/// stack registers) makes computing every test up front slow. Each returns
/// 1 / 0, or undecided.
struct ExtendedSegmentCircle {
    L vx, vy, wx, wy, ux, uy, rr;
    explicit ExtendedSegmentCircle(const double* x)
        : vx(L(x[2]) - L(x[0])),
          vy(L(x[3]) - L(x[1])),
          wx(L(x[4]) - L(x[0])),
          wy(L(x[5]) - L(x[1])),
          ux(L(x[4]) - L(x[2])),
          uy(L(x[5]) - L(x[3])),
          rr(L(x[6]) * L(x[6])) {}
    impl::Filtered<L> wv() const { return impl::filter_det2<L>(wx * vx, wy * vy); }
    impl::Filtered<L> uv() const { return impl::filter_det2<L>(ux * vx, uy * vy); }
    impl::Filtered<L> at_a() const { return impl::filter_dist2<L>(wx, wy, rr); }
    impl::Filtered<L> at_b() const { return impl::filter_dist2<L>(ux, uy, rr); }
    impl::Filtered<L> line() const { return impl::filter_line_vs_circle<L>(vx, vy, wx, wy, rr); }
};

int decided(const impl::Filtered<L>& f, bool when_negative) {
    return f.certain ? ((f.d < 0) == when_negative ? 1 : 0) : undecided;
}

int extended_segment_hits_disk(const double* x) {
    const ExtendedSegmentCircle t(x);
    const auto wv = t.wv();
    if (!wv.certain) return undecided;
    if (wv.d < 0) return decided(t.at_a(), true);  // closest point a
    const auto uv = t.uv();
    if (!uv.certain) return undecided;
    if (uv.d > 0) return decided(t.at_b(), true);  // closest point b
    return decided(t.line(), true);
}

int extended_segment_meets_circle(const double* x) {
    const ExtendedSegmentCircle t(x);
    const auto a = t.at_a(), b = t.at_b();
    if (!a.certain || !b.certain) return undecided;
    if ((a.d < 0) != (b.d < 0)) return 1;  // one end inside, the other outside
    if (a.d < 0) return 0;                 // both inside: dmax < r
    const auto wv = t.wv();                // both outside: only the interior
    if (!wv.certain) return undecided;
    if (wv.d < 0) return 0;
    const auto uv = t.uv();
    if (!uv.certain) return undecided;
    if (uv.d > 0) return 0;
    return decided(t.line(), true);
}

// The double-double stage first, in a leaf function (no stack frame, the
// inputs in registers); what it declines goes on, by a tail call, to the
// validation and the integers, out of line (issue 15: the frame and the
// spills those need cost as much as the stage itself).
namespace {

[[gnu::noinline]] bool point_in_disk_exact(double px, double py, double cx, double cy, double r,
                                           Layer& layer) {
    layer = Layer::filter;
    const double x[] = {px, py, cx, cy, r};
    if (!valid_inputs(x, 5, {4})) return false;
    return run_scaled<5>(x, layer, [](const auto* X) { return point_in_disk_kernel(X); });
}

[[gnu::noinline]] bool disks_overlap_exact(double c1x, double c1y, double r1, double c2x,
                                           double c2y, double r2, Layer& layer) {
    layer = Layer::filter;
    const double x[] = {c1x, c1y, r1, c2x, c2y, r2};
    if (!valid_inputs(x, 6, {2, 5})) return false;
    return run_scaled<6>(x, layer, [](const auto* X) { return disks_overlap_kernel(X); });
}

[[gnu::noinline]] int orientation_exact(double ax, double ay, double bx, double by, double cx,
                                        double cy, Layer& layer) {
    layer = Layer::filter;
    const double x[] = {ax, ay, bx, by, cx, cy};
    if (!valid_inputs(x, 6, {})) return 0;
    return run_scaled<6>(x, layer,
                         [](const auto* X) { return orientation_kernel(X, X + 2, X + 4); });
}

// The stages themselves, for a target with hardware FMA (Fma) or without.
template <bool Fma>
TOUCHSTONE_ROBUST_INLINE bool point_in_disk_stage(double px, double py, double cx, double cy,
                                                  double r, Layer& layer) {
    // The stage never certifies an infinite or NaN input (dd_predicates.hpp);
    // a negative radius is invalid (false), -0 is valid.
    const DDSign f = dd_point_in_disk<Fma>(px, py, cx, cy, r);
    if (f.certain & (r >= 0)) {
        layer = Layer::extended;
        return f.d < 0;
    }
    return point_in_disk_exact(px, py, cx, cy, r, layer);
}

template <bool Fma>
TOUCHSTONE_ROBUST_INLINE bool disks_overlap_stage(double c1x, double c1y, double r1, double c2x,
                                                  double c2y, double r2, Layer& layer) {
    const DDSign f = dd_disks_overlap<Fma>(c1x, c1y, r1, c2x, c2y, r2);
    if (f.certain & (r1 >= 0) & (r2 >= 0)) {
        layer = Layer::extended;
        return f.d < 0;
    }
    return disks_overlap_exact(c1x, c1y, r1, c2x, c2y, r2, layer);
}

template <bool Fma>
TOUCHSTONE_ROBUST_INLINE int orientation_stage(double ax, double ay, double bx, double by,
                                               double cx, double cy, Layer& layer) {
    const DDSign f = dd_orientation<Fma>(ax, ay, bx, by, cx, cy);
    if (f.certain) {
        layer = Layer::extended;
        return f.d > 0 ? 1 : -1;
    }
    return orientation_exact(ax, ay, bx, by, cx, cy, layer);
}

// The copies of each stage for a processor with FMA (double_double.hpp,
// TOUCHSTONE_DD_FMA_DISPATCH). The two copies give the same bits: both
// products are exact wherever the stage certifies (dd_predicates.hpp).
#if TOUCHSTONE_DD_FMA_DISPATCH
[[gnu::noinline, gnu::target("fma")]] bool point_in_disk_fma(double px, double py, double cx,
                                                             double cy, double r, Layer& layer) {
    return point_in_disk_stage<true>(px, py, cx, cy, r, layer);
}
[[gnu::noinline, gnu::target("fma")]] bool disks_overlap_fma(double c1x, double c1y, double r1,
                                                             double c2x, double c2y, double r2,
                                                             Layer& layer) {
    return disks_overlap_stage<true>(c1x, c1y, r1, c2x, c2y, r2, layer);
}
[[gnu::noinline, gnu::target("fma")]] int orientation_fma(double ax, double ay, double bx,
                                                          double by, double cx, double cy,
                                                          Layer& layer) {
    return orientation_stage<true>(ax, ay, bx, by, cx, cy, layer);
}
#endif

}  // namespace

bool point_in_disk(double px, double py, double cx, double cy, double r, Layer& layer) {
#if TOUCHSTONE_DD_FMA_DISPATCH
    if (cpu_has_fma) return point_in_disk_fma(px, py, cx, cy, r, layer);
#endif
    return point_in_disk_stage<hardware_fma>(px, py, cx, cy, r, layer);
}

bool disks_overlap(double c1x, double c1y, double r1, double c2x, double c2y, double r2,
                   Layer& layer) {
#if TOUCHSTONE_DD_FMA_DISPATCH
    if (cpu_has_fma) return disks_overlap_fma(c1x, c1y, r1, c2x, c2y, r2, layer);
#endif
    return disks_overlap_stage<hardware_fma>(c1x, c1y, r1, c2x, c2y, r2, layer);
}

int orientation(double ax, double ay, double bx, double by, double cx, double cy, Layer& layer) {
#if TOUCHSTONE_DD_FMA_DISPATCH
    if (cpu_has_fma) return orientation_fma(ax, ay, bx, by, cx, cy, layer);
#endif
    return orientation_stage<hardware_fma>(ax, ay, bx, by, cx, cy, layer);
}

bool point_in_disk(const double* x, Layer& layer) {
    return point_in_disk(x[0], x[1], x[2], x[3], x[4], layer);
}

bool disks_overlap(const double* x, Layer& layer) {
    return disks_overlap(x[0], x[1], x[2], x[3], x[4], x[5], layer);
}

int orientation(const double* x, Layer& layer) {
    return orientation(x[0], x[1], x[2], x[3], x[4], x[5], layer);
}

bool segment_hits_disk(const double* x, Layer& layer) {
    layer = Layer::filter;
    if (!valid_inputs(x, 7, {6})) return false;
    if constexpr (detail::has_extended_stage)
        if (x87_as_assumed()) {
            const int s = extended_segment_hits_disk(x);
            if (s != undecided) {
                layer = Layer::extended;
                return s == 1;
            }
        }
    return run_scaled<7>(x, layer, [](const auto* X) { return segment_hits_disk_kernel(X); });
}

bool segment_meets_circle(const double* x, Layer& layer) {
    layer = Layer::filter;
    if (!valid_inputs(x, 7, {6})) return false;
    if constexpr (detail::has_extended_stage)
        if (x87_as_assumed()) {
            const int s = extended_segment_meets_circle(x);
            if (s != undecided) {
                layer = Layer::extended;
                return s == 1;
            }
        }
    return run_scaled<7>(x, layer, [](const auto* X) { return segment_meets_circle_kernel(X); });
}

bool segments_intersect(const double* x, Layer& layer) {
    layer = Layer::filter;
    if (!valid_inputs(x, 8, {})) return false;
    if constexpr (detail::has_extended_stage)
        if (x87_as_assumed()) {
            const impl::SegmentsIntersectFilter f{L(x[0]), L(x[1]), L(x[2]), L(x[3]),
                                                  L(x[4]), L(x[5]), L(x[6]), L(x[7])};
            if (f.certain) {
                layer = Layer::extended;
                return f.hit;
            }
        }
    return run_scaled<8>(x, layer, [](const auto* X) { return segments_intersect_kernel(X); });
}

int segment_line_vs_circle(const double* x, Layer& layer) {
    layer = Layer::filter;
    if (!valid_inputs(x, 7, {6})) return 1;
    if constexpr (detail::has_extended_stage)
        if (x87_as_assumed()) {
            const auto f = ExtendedSegmentCircle(x).line();
            if (f.certain) {
                layer = Layer::extended;
                return f.d < 0 ? -1 : 1;
            }
        }
    return run_scaled<7>(x, layer,
                         [](const auto* X) { return SegmentCircleTerms(X).line_vs_circle(); });
}

}  // namespace touchstone::robust::exact
