// touchstone::robust — the three constructions: exact kind, correctly rounded
// points (rounding.hpp).
//
// The kind comes from exact signs (filters first, scaled integers when they
// decline); points that are inputs are returned as they are; every other
// coordinate is a quadratic surd or rational in the scaled integers, rounded
// by round_surd / round_rational.
#include <type_traits>
#include <utility>

#include "fp_constructions.hpp"
#include "rounding.hpp"
#include "scaled.hpp"
#include "touchstone/robust/detail/exact.hpp"
#include "touchstone/robust/detail/filter.hpp"
#include "touchstone/robust/detail/segment_circle.hpp"
#include "validate_inputs.hpp"

namespace touchstone::robust::exact {
namespace {

Layer max_layer(Layer a, Layer b) { return static_cast<int>(a) > static_cast<int>(b) ? a : b; }

template <class T>
Vec2<T> input_point(const double* x) {
    return {static_cast<T>(x[0]), static_cast<T>(x[1])};  // exact: x came from T
}

// ----- the fast path for points ----------------------------------------------------
// When the inputs scale to int64 integers (the int128 layer), every term of
// every point formula fits in 128 or 256 bits (bounds at each use below):
// the exact terms are formed there, approximated by double-double
// significands, and round_surd_fast certifies the rounding. Whatever it
// cannot certify (a coordinate within ~2^-97 of a rounding midpoint, a
// subnormal double, or heavy cancellation)
// takes the cpp_int path, which always can.

// approx and sign_surd_fixed: rounding.hpp (shared with ray_casts.cpp).

// ----- the floating-point stages, by FMA where the processor has it ---------------
// The double stages of fp_constructions.hpp multiply double-doubles; with
// hardware FMA each exact product is one instruction instead of Dekker's 17
// flops. Where the build targets no FMA (TOUCHSTONE_DD_FMA_DISPATCH,
// double_double.hpp), a second copy of each stage is compiled for FMA and
// chosen at run time, as the predicates' second stage is: double
// circle_intersections, segment_circle_points and segment_intersection about
// 11-14 % faster. The copies (fp_..._fma_form, defined below the stages)
// give the same bits: the products are exact in both.
template <class T>
bool fp_circle_tangent_point(const double* x, bool outer, Vec2<T>& p) {
#if TOUCHSTONE_DD_FMA_DISPATCH
    if constexpr (std::is_same_v<T, double>)
        if (cpu_has_fma) return fp_circle_tangent_point_fma_form(x, outer, p);
#endif
    return fp::circle_tangent_point<T>(x, outer, p);
}
template <class T>
bool fp_circle_two_points(const double* x, std::array<Vec2<T>, 2>& p) {
#if TOUCHSTONE_DD_FMA_DISPATCH
    if constexpr (std::is_same_v<T, double>)
        if (cpu_has_fma) return fp_circle_two_points_fma_form(x, p);
#endif
    return fp::circle_two_points<T>(x, p);
}
template <class T>
bool fp_segment_circle_two(const double* x, SegmentCirclePoints<T>& out) {
#if TOUCHSTONE_DD_FMA_DISPATCH
    if constexpr (std::is_same_v<T, double>)
        if (cpu_has_fma) return fp_segment_circle_two_fma_form(x, out);
#endif
    return fp::segment_circle_two<T>(x, out);
}
template <class T>
bool fp_segment_point(const double* x, Vec2<T>& p) {
#if TOUCHSTONE_DD_FMA_DISPATCH
    if constexpr (std::is_same_v<T, double>)
        if (cpu_has_fma) return fp_segment_point_fma_form(x, p);
#endif
    return fp::segment_point<T>(x, p);
}

// ----- circle_intersections ---------------------------------------------------

/// sign(d^2 - (r1 + r2)^2) and sign(d^2 - (r1 - r2)^2) over integers.
template <class C>
std::pair<int, int> circle_signs_kernel(const C* X) {
    using P = Product<C>;
    const C dx = X[3] - X[0], dy = X[4] - X[1];
    const P d2 = mul(dx, dx) + mul(dy, dy);
    const C s = X[2] + X[5], t = X[2] - X[5];
    return {sign(P(d2 - mul(s, s))), sign(P(d2 - mul(t, t)))};
}

/// The tangent or two-point coordinates through the fast path; false when
/// the spread is too wide for int64 or a rounding is not certified.
template <class T>
bool circle_points_fast(const double* x, bool tangent_outer, bool tangent_inner,
                        CircleIntersection<T>& out) {
    std::int64_t X[6];
    int e0 = 0;
    if (!scale_to<std::int64_t, int128_bits, 6>(x, X, &e0)) return false;
    const std::int64_t C1x = X[0], C1y = X[1], R1 = X[2], C2x = X[3], C2y = X[4],
                       R2 = X[5];  // |.| < 2^61
    if (tangent_outer || tangent_inner) {
        // (c1 r2 + c2 r1) / (r1 + r2) or (c2 r1 - c1 r2) / (r1 - r2): < 2^123 / < 2^62.
        const I128 E = tangent_outer ? I128(R1) + R2 : I128(R1) - R2;
        const I128 Nx = tangent_outer ? mul(C1x, R2) + mul(C2x, R1) : mul(C2x, R1) - mul(C1x, R2);
        const I128 Ny = tangent_outer ? mul(C1y, R2) + mul(C2y, R1) : mul(C2y, R1) - mul(C1y, R2);
        const I128 s = E < 0 ? -1 : 1;
        Vec2<T> p;
        if (!round_surd_fast<T>(approx(widen(s * Nx), 0, I256{}, s * E), e0, p.x) ||
            !round_surd_fast<T>(approx(widen(s * Ny), 0, I256{}, s * E), e0, p.y))
            return false;
        out.kind = CircleKind::one;
        out.count = 1;
        out.points[0] = p;
        return true;
    }
    const std::int64_t Dx = C2x - C1x, Dy = C2y - C1y;     // < 2^62
    const I128 d2 = mul(Dx, Dx) + mul(Dy, Dy);             // < 2^125
    const I128 r1s = mul(R1, R1), r2s = mul(R2, R2);       // < 2^122
    const I128 Q = d2 + r1s - r2s;                         // |Q| < 2^126
    const I256 K4 = times(4, mul(r1s, d2)) - mul(Q, Q);    // < 2^252
    const I128 E = d2 + d2;                                // < 2^126
    const I256 Ax = mul(E, I128(C1x)) + mul(Q, I128(Dx));  // < 2^189
    const I256 Ay = mul(E, I128(C1y)) + mul(Q, I128(Dy));
    Vec2<T> p0, p1;
    if (!round_surd_fast<T>(approx(Ax, -Dy, K4, E), e0, p0.x) ||
        !round_surd_fast<T>(approx(Ay, Dx, K4, E), e0, p0.y) ||
        !round_surd_fast<T>(approx(Ax, Dy, K4, E), e0, p1.x) ||
        !round_surd_fast<T>(approx(Ay, -Dx, K4, E), e0, p1.y))
        return false;
    out.kind = CircleKind::two;
    out.count = 2;
    out.points = {p0, p1};
    return true;
}

template <class T>
CircleIntersection<T> circle_intersections_impl(const double* x, Layer& layer) {
    layer = Layer::filter;
    CircleIntersection<T> out;
    if (!valid_inputs(x, 6, {2, 5})) return out;
    const double c1x = x[0], c1y = x[1], r1 = x[2], c2x = x[3], c2y = x[4], r2 = x[5];

    if (c1x == c2x && c1y == c2y) {  // concentric
        if (r1 != r2) {
            out.kind = CircleKind::contained;
        } else if (r1 > 0) {
            out.kind = CircleKind::coincident;
        } else {
            out.kind = CircleKind::one;
            out.count = 1;
            out.points[0] = input_point<T>(x);
        }
        return out;
    }

    // Kind: outer = sign(d^2 - (r1+r2)^2), inner = sign(d^2 - (r1-r2)^2).
    const double dx = c2x - c1x, dy = c2y - c1y, s = r1 + r2, t = r1 - r2;
    const auto fo = impl::filter_dist2(dx, dy, s * s), fi = impl::filter_dist2(dx, dy, t * t);
    int outer = fo.d > 0 ? 1 : -1, inner = fi.d > 0 ? 1 : -1;
    if (!(fo.certain && (outer > 0 || fi.certain))) {
        bool done = false;
        if constexpr (detail::has_extended_stage)
            if (x87_as_assumed()) {  // exact_predicates.cpp
                using L = long double;
                const L ldx = L(c2x) - L(c1x), ldy = L(c2y) - L(c1y), ls = L(r1) + L(r2),
                        lt = L(r1) - L(r2);
                const auto lo = impl::filter_dist2<L>(ldx, ldy, ls * ls),
                           li = impl::filter_dist2<L>(ldx, ldy, lt * lt);
                outer = lo.d > 0 ? 1 : -1;
                inner = li.d > 0 ? 1 : -1;
                done = lo.certain && (outer > 0 || li.certain);
                if (done) layer = Layer::extended;
            }
        if (!done)
            std::tie(outer, inner) =
                run_scaled<6>(x, layer, [](const auto* X) { return circle_signs_kernel(X); });
    }
    if (outer > 0) {
        out.kind = CircleKind::none;
        return out;
    }
    if (inner < 0) {
        out.kind = CircleKind::contained;
        return out;
    }

    // First in floating point from the inputs (fp_constructions.hpp).
    if (outer == 0 || inner == 0) {
        Vec2<T> p;
        if (fp_circle_tangent_point<T>(x, outer == 0, p)) {
            out.kind = CircleKind::one;
            out.count = 1;
            out.points[0] = p;
            return out;
        }
    } else if (fp_circle_two_points<T>(x, out.points)) {
        out.kind = CircleKind::two;
        out.count = 2;
        return out;
    }
    out = {};
    if (circle_points_fast<T>(x, outer == 0, outer != 0 && inner == 0, out)) {
        layer = max_layer(layer, Layer::int128);
        return out;
    }
    out = {};
    Big X[6];
    const int e0 = scaled_big<6>(x, X);
    const Big &C1x = X[0], &C1y = X[1], &R1 = X[2], &C2x = X[3], &C2y = X[4], &R2 = X[5];
    layer = Layer::wide;
    if (outer == 0 || inner == 0) {
        // Tangent: c1 + D r1 / (r1 +- r2). External: (c1 r2 + c2 r1) / (r1 + r2);
        // internal: (c2 r1 - c1 r2) / (r1 - r2) (r1 != r2 here: d > 0).
        out.kind = CircleKind::one;
        out.count = 1;
        if (outer == 0) {
            const Big E = R1 + R2;
            out.points[0] = {round_rational<T>(Big(C1x * R2 + C2x * R1), E, e0),
                             round_rational<T>(Big(C1y * R2 + C2y * R1), E, e0)};
        } else {
            const Big E = R1 - R2;
            out.points[0] = {round_rational<T>(Big(C2x * R1 - C1x * R2), E, e0),
                             round_rational<T>(Big(C2y * R1 - C1y * R2), E, e0)};
        }
        return out;
    }

    // Two points: c1 + (Q D +- sqrt(4K) (-Dy, Dx)) / (2 d^2), Q = d^2 + r1^2 - r2^2,
    // 4K = 4 r1^2 d^2 - Q^2 > 0 (here |r1 - r2| < d < r1 + r2).
    out.kind = CircleKind::two;
    out.count = 2;
    const Big Dx = C2x - C1x, Dy = C2y - C1y;
    const Big d2 = Dx * Dx + Dy * Dy;
    const Big Q = d2 + R1 * R1 - R2 * R2;
    const Big K4 = 4 * R1 * R1 * d2 - Q * Q;
    const Big E = 2 * d2;
    const Big Ax = E * C1x + Q * Dx, Ay = E * C1y + Q * Dy;
    out.points[0] = {round_surd<T>(Ax, Big(-Dy), K4, E, e0), round_surd<T>(Ay, Dx, K4, E, e0)};
    out.points[1] = {round_surd<T>(Ax, Dy, K4, E, e0), round_surd<T>(Ay, Big(-Dx), K4, E, e0)};
    return out;
}

// ----- segment_circle_points ----------------------------------------------------

/// segment_circle_points of a segment of positive length through the fast
/// path, classification included (exact in 256 bits); false when the spread
/// is too wide for int64 or a rounding is not certified.
template <class T>
bool segment_circle_fast(const double* x, SegmentCirclePoints<T>& out) {
    std::int64_t X[7];
    int e0 = 0;
    if (!scale_to<std::int64_t, int128_bits, 7>(x, X, &e0)) return false;
    const std::int64_t Vx = X[2] - X[0], Vy = X[3] - X[1], Wx = X[0] - X[4],
                       Wy = X[1] - X[5];                         // < 2^62
    const I128 A = mul(Vx, Vx) + mul(Vy, Vy);                    // > 0, < 2^125
    const I128 B = mul(Vx, Wx) + mul(Vy, Wy);                    // |B| < 2^125
    const I128 C = mul(Wx, Wx) + mul(Wy, Wy) - mul(X[6], X[6]);  // |C| < 2^125
    const I256 disc = mul(B, B) - mul(A, C);                     // |.| < 2^251
    if (sign(disc) < 0) return true;
    const I128 mB = -B, mBA = -B - A;  // < 2^126
    auto in_range = [&](int sg) {
        return sign_surd_fixed(mB, sg, disc) >= 0 && sign_surd_fixed(mBA, sg, disc) <= 0;
    };
    auto emit = [&](int sg) {
        // a + t v = (a A - v B + sg v sqrt(disc)) / A; numerators < 2^187.
        const I256 Nx = mul(I128(X[0]), A) - mul(I128(Vx), B),
                   Ny = mul(I128(X[1]), A) - mul(I128(Vy), B);
        Vec2<T> p;
        if (!round_surd_fast<T>(approx(Nx, sg * I128(Vx), disc, A), e0, p.x) ||
            !round_surd_fast<T>(approx(Ny, sg * I128(Vy), disc, A), e0, p.y))
            return false;
        out.points[out.count++] = p;
        return true;
    };
    if (sign(disc) == 0) return !in_range(0) || emit(0);
    if (in_range(-1) && !emit(-1)) return false;
    if (in_range(+1) && !emit(+1)) return false;
    return true;
}

template <class T>
SegmentCirclePoints<T> segment_circle_points_impl(const double* x, Layer& layer) {
    layer = Layer::filter;
    SegmentCirclePoints<T> out;
    if (!valid_inputs(x, 7, {6})) return out;
    const bool point = x[0] == x[2] && x[1] == x[3];

    // Filtered early outs: a zero-length segment, or a segment that certainly
    // misses the circumference.
    if (point) {
        // One point iff a is on the circle: |a - c|^2 == r^2, a zero the
        // filter never certifies, so it only proves "off the circle".
        bool on = false;
        if (!impl::filter_dist2(x[0] - x[4], x[1] - x[5], x[6] * x[6]).certain) {
            const double p[] = {x[0], x[1], x[4], x[5], x[6]};
            on = run_scaled<5>(p, layer, [](const auto* X) {
                using C = std::remove_const_t<std::remove_pointer_t<decltype(X)>>;
                using P = Product<C>;
                const C dx = X[0] - X[2], dy = X[1] - X[3];
                return sign(P(mul(dx, dx) + mul(dy, dy) - mul(X[4], X[4]))) == 0;
            });
        }
        if (on) {
            out.count = 1;
            out.points[0] = input_point<T>(x);
        }
        return out;
    }

    // count == 0 iff the segment misses the circumference: the filtered
    // segment_meets_circle settles most misses without exact arithmetic.
    const impl::SegmentMeetsCircleFilter meets(
        impl::SegmentCircleFilters<double>(x[0], x[1], x[2], x[3], x[4], x[5], x[6]));
    if (meets.certain && !meets.meets) return out;

    if (fp_segment_circle_two<T>(x, out)) return out;  // fp_constructions.hpp
    out = {};
    if (segment_circle_fast<T>(x, out)) {
        layer = Layer::int128;
        return out;
    }
    out = {};
    Big X[7];
    const int e0 = scaled_big<7>(x, X);
    layer = Layer::wide;
    const Big &Ax = X[0], &Ay = X[1];
    const Big Vx = X[2] - X[0], Vy = X[3] - X[1];
    const Big Wx = X[0] - X[4], Wy = X[1] - X[5];  // a - c
    const Big A = Vx * Vx + Vy * Vy;               // > 0
    const Big B = Vx * Wx + Vy * Wy;
    const Big C = Wx * Wx + Wy * Wy - X[6] * X[6];
    const Big disc = B * B - A * C;  // quarter discriminant
    if (disc.sign() < 0) return out;
    // t = (-B + sgn sqrt(disc)) / A; 0 <= t <= 1 iff -B + sgn sqrt(disc) >= 0
    // and -B - A + sgn sqrt(disc) <= 0.
    const Big mB = -B, mBA = -B - A;
    auto in_range = [&](int sgn) {
        const Big g = sgn;
        return sign_surd(mB, g, disc) >= 0 && sign_surd(mBA, g, disc) <= 0;
    };
    auto emit = [&](int sgn) {
        // a + t v = (a A - v B + sgn v sqrt(disc)) / A
        const Big nx = Ax * A - Vx * B, ny = Ay * A - Vy * B;
        const Big bx = sgn * Vx, by = sgn * Vy;
        out.points[out.count++] = {round_surd<T>(nx, bx, disc, A, e0),
                                   round_surd<T>(ny, by, disc, A, e0)};
    };
    if (disc.is_zero()) {
        if (in_range(0)) emit(0);
        return out;
    }
    if (in_range(-1)) emit(-1);
    if (in_range(+1)) emit(+1);
    return out;
}

// ----- segment_intersection -------------------------------------------------------

/// Exact orientation of (p, q, r): the filter, else the exact stage.
int orientation_of(const double* p, const double* q, const double* r, Layer& layer) {
    const auto f = impl::filter_orientation(p[0], p[1], q[0], q[1], r[0], r[1]);
    if (f.certain) return f.d > 0 ? 1 : -1;
    const double x[] = {p[0], p[1], q[0], q[1], r[0], r[1]};
    Layer l;
    const int e = orientation(x, l);
    layer = max_layer(layer, l);
    return e;
}

bool in_box(const double* p, const double* q, const double* r) {
    const bool x_ok =
        p[0] <= q[0] ? (p[0] <= r[0] && r[0] <= q[0]) : (q[0] <= r[0] && r[0] <= p[0]);
    const bool y_ok =
        p[1] <= q[1] ? (p[1] <= r[1] && r[1] <= q[1]) : (q[1] <= r[1] && r[1] <= p[1]);
    return x_ok && y_ok;
}

bool lex_less(const double* p, const double* q) {
    return p[0] < q[0] || (p[0] == q[0] && p[1] < q[1]);
}
bool same(const double* p, const double* q) { return p[0] == q[0] && p[1] == q[1]; }

template <class T>
SegmentIntersection<T> segment_intersection_impl(const double* x, Layer& layer) {
    layer = Layer::filter;
    SegmentIntersection<T> out;
    if (!valid_inputs(x, 8, {})) return out;
    const double *a1 = x, *b1 = x + 2, *a2 = x + 4, *b2 = x + 6;
    auto point_at = [&](const double* p) {
        out.kind = SegmentKind::point;
        out.points[0] = input_point<T>(p);
        return out;
    };

    const bool p1 = same(a1, b1), p2 = same(a2, b2);
    if (p1 && p2) return same(a1, a2) ? point_at(a1) : out;
    if (p1)
        return orientation_of(a2, b2, a1, layer) == 0 && in_box(a2, b2, a1) ? point_at(a1) : out;
    if (p2)
        return orientation_of(a1, b1, a2, layer) == 0 && in_box(a1, b1, a2) ? point_at(a2) : out;

    const int d3 = orientation_of(a1, b1, a2, layer), d4 = orientation_of(a1, b1, b2, layer);
    if (d3 * d4 > 0) return out;
    const int d1 = orientation_of(a2, b2, a1, layer), d2 = orientation_of(a2, b2, b1, layer);
    if (d1 * d2 > 0) return out;

    if (d1 == 0 && d2 == 0 && d3 == 0 && d4 == 0) {
        // Collinear, both of positive length: the lexicographic order is the
        // order along the common line. Overlap [max of lows, min of highs].
        const double* lo1 = lex_less(b1, a1) ? b1 : a1;
        const double* hi1 = lo1 == a1 ? b1 : a1;
        const double* lo2 = lex_less(b2, a2) ? b2 : a2;
        const double* hi2 = lo2 == a2 ? b2 : a2;
        const double* lo = lex_less(lo1, lo2) ? lo2 : lo1;
        const double* hi = lex_less(hi1, hi2) ? hi1 : hi2;
        if (lex_less(hi, lo)) return out;
        if (same(lo, hi)) return point_at(lo);
        out.kind = SegmentKind::overlap;
        out.points[0] = input_point<T>(lo);
        out.points[1] = input_point<T>(hi);
        return out;
    }

    // Not collinear: at most one common point.
    if (d1 == 0 && in_box(a2, b2, a1)) return point_at(a1);
    if (d2 == 0 && in_box(a2, b2, b1)) return point_at(b1);
    if (d3 == 0 && in_box(a1, b1, a2)) return point_at(a2);
    if (d4 == 0 && in_box(a1, b1, b2)) return point_at(b2);
    if (!(d1 * d2 < 0 && d3 * d4 < 0)) return out;

    // Proper crossing: a1 + t (b1 - a1), t = cross(a2 - a1, e) / cross(d, e),
    // d = b1 - a1, e = b2 - a2; x = (a1x den + dx num) / den. First in
    // floating point from the inputs (fp_constructions.hpp), layer filter.
    {
        Vec2<T> p;
        if (fp_segment_point<T>(x, p)) {
            out.kind = SegmentKind::point;
            out.points[0] = p;
            return out;
        }
    }
    {
        std::int64_t X[8];
        int e0 = 0;
        if (scale_to<std::int64_t, int128_bits, 8>(x, X, &e0)) {
            const std::int64_t dx = X[2] - X[0], dy = X[3] - X[1], ex = X[6] - X[4],
                               ey = X[7] - X[5];
            const std::int64_t fx = X[4] - X[0], fy = X[5] - X[1];  // differences < 2^62
            I128 den = mul(dx, ey) - mul(dy, ex), num = mul(fx, ey) - mul(fy, ex);  // < 2^125
            if (den < 0) {
                den = -den;
                num = -num;
            }
            const I256 nx = mul(I128(X[0]), den) + mul(I128(dx), num);  // < 2^188
            const I256 ny = mul(I128(X[1]), den) + mul(I128(dy), num);
            Vec2<T> p;
            if (round_surd_fast<T>(approx(nx, 0, I256{}, den), e0, p.x) &&
                round_surd_fast<T>(approx(ny, 0, I256{}, den), e0, p.y)) {
                layer = max_layer(layer, Layer::int128);
                out.kind = SegmentKind::point;
                out.points[0] = p;
                return out;
            }
        }
    }
    Big X[8];
    const int e0 = scaled_big<8>(x, X);
    layer = Layer::wide;
    const Big dx = X[2] - X[0], dy = X[3] - X[1], ex = X[6] - X[4], ey = X[7] - X[5];
    const Big fx = X[4] - X[0], fy = X[5] - X[1];
    const Big den = dx * ey - dy * ex;
    const Big num = fx * ey - fy * ex;
    out.kind = SegmentKind::point;
    out.points[0] = {round_rational<T>(Big(X[0] * den + dx * num), den, e0),
                     round_rational<T>(Big(X[1] * den + dy * num), den, e0)};
    return out;
}

}  // namespace

// ----- the double stages' fma form (fp_constructions.hpp) ----------------------------

bool fp_fma_form_runs_here() {
#if TOUCHSTONE_DD_FMA_DISPATCH
    return cpu_has_fma;
#else
    return hardware_fma;
#endif
}
TOUCHSTONE_FP_FMA_COPY bool fp_circle_tangent_point_fma_form(const double* x, bool outer,
                                                             Vec2<double>& p) {
    return fp::circle_tangent_point<double, true>(x, outer, p);
}
TOUCHSTONE_FP_FMA_COPY bool fp_circle_two_points_fma_form(const double* x,
                                                          std::array<Vec2<double>, 2>& p) {
    return fp::circle_two_points<double, true>(x, p);
}
TOUCHSTONE_FP_FMA_COPY bool fp_segment_circle_two_fma_form(const double* x,
                                                           SegmentCirclePoints<double>& out) {
    return fp::segment_circle_two<double, true>(x, out);
}
TOUCHSTONE_FP_FMA_COPY bool fp_segment_point_fma_form(const double* x, Vec2<double>& p) {
    return fp::segment_point<double, true>(x, p);
}

template <class T>
CircleIntersection<T> circle_intersections(const double* x, Layer& layer) {
    return circle_intersections_impl<T>(x, layer);
}
template <class T>
SegmentCirclePoints<T> segment_circle_points(const double* x, Layer& layer) {
    return segment_circle_points_impl<T>(x, layer);
}
template <class T>
SegmentIntersection<T> segment_intersection(const double* x, Layer& layer) {
    return segment_intersection_impl<T>(x, layer);
}

template CircleIntersection<float> circle_intersections<float>(const double*, Layer&);
template CircleIntersection<double> circle_intersections<double>(const double*, Layer&);
template SegmentCirclePoints<float> segment_circle_points<float>(const double*, Layer&);
template SegmentCirclePoints<double> segment_circle_points<double>(const double*, Layer&);
template SegmentIntersection<float> segment_intersection<float>(const double*, Layer&);
template SegmentIntersection<double> segment_intersection<double>(const double*, Layer&);

}  // namespace touchstone::robust::exact
