// touchstone::oracle — the ray casts: hit, and the smallest fraction t of the
// closed ray segment p + t (q - p), t in [0, 1], that lies in the closed shape.
// See the "using this code" banner in include/touchstone/oracle/exact.hpp.
//
// Every t is exact: a rational (segment, box, the s-slab of a capsule) or a
// quadratic surd (the entry into a disk; the two sides of a capsule, at the
// irrational distance r |e| / |e| from its axis), compared exactly with
// compare() and rounded once with round_to<T>: that rational path is the
// reference (detail::ray_cast_*_rational); the public casts take the same
// steps on integers (namespace integer below) and give the same bits.
//   disk:    |w + t d|^2 = r^2, w = p - c: A t^2 + 2 B t + C = 0 with
//            A = d.d, B = d.w, C = w.w - r^2; C <= 0 starts inside (t = 0),
//            else the entry is the smaller root (-B - sqrt(B^2 - A C)) / A.
//   segment: p on the segment: t = 0; crossing lines: t = (a - p) x e / d x e
//            (s in [0, 1] checked alike); parallel: only a collinear overlap
//            hits, at the nearer end of the segment's projection on the ray.
//   box:     the slab test on [0, 1]: per axis, d_i == 0 needs p_i in the slab,
//            else [(lo - p) / d, (hi - p) / d] ordered; the entry is the
//            largest lower bound when it is at most the smallest upper one.
//   capsule: the least entry of its two end disks and its side rectangle
//            {0 <= (x - a).e <= e.e, |e x (x - a)| <= r |e|}, clipped like the
//            box with surd bounds of radicand r^2 e.e.
//   polygon: p in the closed convex polygon gives 0; else the least first
//            contact with one of its edges, each a closed segment (the
//            segment formulas above): no clipping, no half-plane fractions.
#include <optional>
#include <tuple>
#include <stdexcept>

#include "touchstone/oracle/detail/integer_surd.hpp"
#include "touchstone/oracle/detail/ray_reference.hpp"
#include "touchstone/oracle/exact.hpp"
#include "touchstone/oracle/exact_geometry.hpp"
#include "validate.hpp"

namespace touchstone::oracle {
namespace {

using Q = Rational;
using Entry = std::optional<Surd>;

RationalPoint point_at(const std::array<double, 10>& v, int i) {
    return {to_rational(v[static_cast<std::size_t>(i)]),
            to_rational(v[static_cast<std::size_t>(i) + 1])};
}

template <std::size_t N>
std::array<double, 10> padded(const std::array<double, N>& a) {
    std::array<double, 10> out{};
    for (std::size_t i = 0; i < N; ++i) out[i] = a[i];
    return out;
}

const Surd zero_t{Q(0)};
const Surd one_t{Q(1)};

/// Smaller of two entries (either may be absent).
Entry earlier(const Entry& a, const Entry& b) {
    if (!a) return b;
    if (!b) return a;
    return compare(*a, *b) <= 0 ? a : b;
}

/// The entry of the ray p + t d, t in [0, 1], into the closed disk (c, r).
Entry disk_entry(const RationalPoint& p, const RationalPoint& d, const RationalPoint& c,
                 const Q& r) {
    const RationalPoint w = p - c;
    const Q A = d.x * d.x + d.y * d.y;
    const Q B = d.x * w.x + d.y * w.y;
    const Q C = w.x * w.x + w.y * w.y - r * r;
    if (C <= 0) return zero_t;                  // starts in the disk
    if (A == 0 || B >= 0) return std::nullopt;  // a point outside, or moving away
    const Q disc = B * B - A * C;
    if (disc < 0) return std::nullopt;
    const Surd t{-B / A, -1 / A, disc};  // the smaller root, > 0 (C > 0, B < 0)
    if (compare(t, one_t) > 0) return std::nullopt;
    return t;
}

/// Clips [lo, hi] by the bounds of one slab: the t with m <= s0 + s1 t <= M
/// (m, M surds of one radicand, or rationals). False when it becomes empty.
struct Clip {
    Surd lo = zero_t, hi = one_t;
    bool empty = false;
    void slab(const Q& s0, const Q& s1, const Surd& m, const Surd& M) {
        if (empty) return;
        if (s1 == 0) {
            const Surd v{s0};
            if (compare(v, m) < 0 || compare(v, M) > 0) empty = true;
            return;
        }
        // (m - s0) / s1 and (M - s0) / s1, ordered by the sign of s1.
        Surd a{(m.p - s0) / s1, m.q / s1, m.s}, b{(M.p - s0) / s1, M.q / s1, M.s};
        if (s1 < 0) std::swap(a, b);
        if (compare(a, lo) > 0) lo = a;
        if (compare(b, hi) < 0) hi = b;
        if (compare(lo, hi) > 0) empty = true;
    }
    Entry entry() const { return empty ? Entry{} : Entry{lo}; }
};

Entry ray_disk(const std::array<double, 10>& v) {
    const RationalPoint p = point_at(v, 0), q = point_at(v, 2), c = point_at(v, 4);
    return disk_entry(p, q - p, c, to_rational(v[6]));
}

Entry ray_segment(const std::array<double, 10>& v);

/// The first contact of the ray p -> q with the closed segment a b.
Entry segment_entry(const RationalPoint& p, const RationalPoint& q, const RationalPoint& a,
                    const RationalPoint& b);

Entry ray_segment(const std::array<double, 10>& v) {
    return segment_entry(point_at(v, 0), point_at(v, 2), point_at(v, 4), point_at(v, 6));
}

Entry segment_entry(const RationalPoint& p, const RationalPoint& q, const RationalPoint& a,
                    const RationalPoint& b) {
    if (on_segment(a, b, p)) return zero_t;
    const RationalPoint d = q - p, e = b - a, f = a - p;
    const Q den = cross(d, e);
    if (den != 0) {
        const Q t = cross(f, e) / den, s = cross(f, d) / den;
        if (t < 0 || t > 1 || s < 0 || s > 1) return std::nullopt;
        return Surd{t};
    }
    // Parallel (d or e may be zero). p is not on the segment here.
    const Q A = d.x * d.x + d.y * d.y;
    if (A == 0 || cross(d, f) != 0) return std::nullopt;
    // Collinear: the segment projects on the ray's line to [ta, tb].
    const Q ta = (f.x * d.x + f.y * d.y) / A;
    const RationalPoint g = b - p;
    const Q tb = (g.x * d.x + g.y * d.y) / A;
    const Q lo = ta < tb ? ta : tb;
    if (lo < 0 || lo > 1) return std::nullopt;  // lo < 0 < hi would hold p
    return Surd{lo};
}

/// The convex polygon (counter-clockwise, validated): p in the closed
/// polygon (left of or on every edge's line) gives 0; else the ray's first
/// point in the polygon lies on its boundary, so the entry is the earliest
/// first contact with an edge, each edge a closed segment (segment_entry).
Entry ray_polygon(const RationalPoint& p, const RationalPoint& q, const RationalPolygon& poly) {
    const std::size_t n = poly.v.size();
    bool inside = true;
    for (std::size_t i = 0; i < n && inside; ++i)
        inside = cross(poly.v[i], poly.v[(i + 1) % n], p) >= 0;
    if (inside) return zero_t;
    Entry best;
    for (std::size_t i = 0; i < n; ++i)
        best = earlier(best, segment_entry(p, q, poly.v[i], poly.v[(i + 1) % n]));
    return best;
}

Entry ray_box(const std::array<double, 10>& v) {
    const RationalPoint p = point_at(v, 0), q = point_at(v, 2), lo = point_at(v, 4),
                        hi = point_at(v, 6);
    const RationalPoint d = q - p;
    Clip clip;
    clip.slab(p.x, d.x, Surd{lo.x}, Surd{hi.x});
    clip.slab(p.y, d.y, Surd{lo.y}, Surd{hi.y});
    return clip.entry();
}

Entry ray_capsule(const std::array<double, 10>& v) {
    const RationalPoint p = point_at(v, 0), q = point_at(v, 2), a = point_at(v, 4),
                        b = point_at(v, 6);
    const Q r = to_rational(v[8]);
    const RationalPoint d = q - p;
    Entry best = earlier(disk_entry(p, d, a, r), disk_entry(p, d, b, r));
    const RationalPoint e = b - a, f = p - a;
    const Q E = e.x * e.x + e.y * e.y;
    if (E != 0) {
        // The side rectangle: 0 <= (f + t d).e <= E and |e x (f + t d)| <= r |e|.
        Clip clip;
        clip.slab(f.x * e.x + f.y * e.y, d.x * e.x + d.y * e.y, zero_t, Surd{E});
        const Q K = r * r * E;
        clip.slab(cross(e, f), cross(e, d), Surd{Q(0), Q(-1), K}, Surd{Q(0), Q(1), K});
        best = earlier(best, clip.entry());
    }
    return best;
}

template <class T>
RayHit<T> rounded(const Entry& e) {
    RayHit<T> out;
    if (!e) return out;
    out.hit = true;
    out.t = round_to<T>(*e);
    return out;
}

template <class T>
RayHit<T> ray_cast_polygon_impl(Segment<T> ray, const Polygon<T>& poly);

// ----- the integer path (issue 15) -------------------------------------------
// The same formulas on the scaled integers X_i (detail/scaled.hpp: x_i =
// X_i 2^E): every t above is a ratio of two homogeneous polynomials of one
// degree in the inputs (segment, polygon: 2 / 2; box: 1 / 1; disk:
// (-B - sqrt(B^2 - A C)) / A with B, A, C of degree 2 and the radicand of
// degree 4; the capsule's side bounds (m - s0) / s1 with s0, s1 of degree 2
// and m = 0, E or +-sqrt(r^2 E), of degree 2), so 2^E cancels and t is formed, compared and rounded
// from integers alone: t = (n + q sqrt(s)) / den with den > 0, rounded by
// detail::round_integer_surd with exponent 0. Comparisons of two rationals
// cross-multiply (positive denominators); the capsule compares surds of
// different radicands exactly (compare below). GMP integers in thread_local
// storage, reused call after call: no rational, no gcd, no allocation once
// the storage has grown. The rational path above stays as the reference
// (detail/ray_reference.hpp; tests/oracle/ray_paths_test.cpp).
namespace integer {

using detail::Mpz;
using detail::raw;

/// out = a b - c d.
void mul_sub(Mpz& out, const Mpz& a, const Mpz& b, const Mpz& c, const Mpz& d) {
    ::mpz_mul(raw(out), raw(a), raw(b));
    ::mpz_submul(raw(out), raw(c), raw(d));
}
/// out = a b + c d.
void mul_add(Mpz& out, const Mpz& a, const Mpz& b, const Mpz& c, const Mpz& d) {
    ::mpz_mul(raw(out), raw(a), raw(b));
    ::mpz_addmul(raw(out), raw(c), raw(d));
}
int cmp(const Mpz& a, const Mpz& b) { return ::mpz_cmp(raw(a), raw(b)); }
int sgn(const Mpz& a) { return mpz_sgn(raw(a)); }

/// A found t = (n + q sqrt(s)) / den, den > 0 (q == 0 for a rational).
struct T_ {
    Mpz n, q, s, den;
    bool hit = false;
};

/// A point given by the indices of its two integer coordinates.
struct Pt {
    const Mpz* x;
    const Mpz* y;
};

/// Scratch integers for one call (thread_local, reused).
struct Space {
    std::array<Mpz, 36> X;  // the scaled inputs
    Mpz dx, dy, ex, ey, fx, fy, gx, gy, den, tn, sn, A, B, C, w, u, v, lo_n, lo_d, hi_n, hi_d;
    T_ found, best;
    // The capsule: its two disk entries, the side's clip and its scratch.
    T_ disk_b, lo, hi, cand_lo, cand_hi;
    Mpz ca, cb, cc, c1, c2, E, K, s0, s1;
};

Space& space() {
    thread_local Space w;
    return w;
}

template <std::size_t N>
void load(const std::array<double, N>& v, Space& w) {
    static_assert(N <= 36, "at most 36 inputs");
    std::array<double, 36> all{};
    for (std::size_t i = 0; i < N; ++i) all[i] = v[i];
    detail::load_integers(detail::scale(all), w.X);
}

void set_zero(T_& t) {
    t.hit = true;
    ::mpz_set_ui(raw(t.n), 0);
    ::mpz_set_ui(raw(t.q), 0);
    ::mpz_set_ui(raw(t.s), 0);
    ::mpz_set_ui(raw(t.den), 1);
}

/// a / b < c / d for rationals with b, d > 0 (uses w.u, w.v).
bool less(const Mpz& a, const Mpz& b, const Mpz& c, const Mpz& d, Space& w) {
    ::mpz_mul(raw(w.u), raw(a), raw(d));
    ::mpz_mul(raw(w.v), raw(c), raw(b));
    return cmp(w.u, w.v) < 0;
}

/// The first contact of the ray p -> q with the closed segment a b, into
/// w.found (the formulas of segment_entry).
void segment_entry(Pt p, Pt q, Pt a, Pt b, Space& w) {
    T_& out = w.found;
    out.hit = false;
    ::mpz_sub(raw(w.dx), raw(*q.x), raw(*p.x));
    ::mpz_sub(raw(w.dy), raw(*q.y), raw(*p.y));
    ::mpz_sub(raw(w.ex), raw(*b.x), raw(*a.x));
    ::mpz_sub(raw(w.ey), raw(*b.y), raw(*a.y));
    ::mpz_sub(raw(w.fx), raw(*a.x), raw(*p.x));  // f = a - p
    ::mpz_sub(raw(w.fy), raw(*a.y), raw(*p.y));
    ::mpz_sub(raw(w.gx), raw(*b.x), raw(*p.x));  // g = b - p
    ::mpz_sub(raw(w.gy), raw(*b.y), raw(*p.y));
    // on_segment(a, b, p): (b - a) x (p - a) == 0 and (a - p).(b - p) <= 0.
    mul_sub(w.u, w.ex, w.fy, w.ey, w.fx);  // e x (-f) = -(e x f) = f x e
    if (sgn(w.u) == 0) {
        mul_add(w.v, w.fx, w.gx, w.fy, w.gy);
        if (sgn(w.v) <= 0) {
            set_zero(out);
            return;
        }
    }
    mul_sub(w.den, w.dx, w.ey, w.dy, w.ex);  // d x e
    if (sgn(w.den) != 0) {
        mul_sub(w.tn, w.fx, w.ey, w.fy, w.ex);  // f x e
        mul_sub(w.sn, w.fx, w.dy, w.fy, w.dx);  // f x d
        if (sgn(w.den) < 0) {
            ::mpz_neg(raw(w.den), raw(w.den));
            ::mpz_neg(raw(w.tn), raw(w.tn));
            ::mpz_neg(raw(w.sn), raw(w.sn));
        }
        if (sgn(w.tn) < 0 || cmp(w.tn, w.den) > 0 || sgn(w.sn) < 0 || cmp(w.sn, w.den) > 0) return;
        out.hit = true;
        ::mpz_swap(raw(out.n), raw(w.tn));
        ::mpz_set_ui(raw(out.q), 0);
        ::mpz_set(raw(out.den), raw(w.den));
        return;
    }
    // Parallel (d or e may be zero); p is not on the segment here.
    mul_add(w.A, w.dx, w.dx, w.dy, w.dy);
    if (sgn(w.A) == 0) return;
    mul_sub(w.u, w.dx, w.fy, w.dy, w.fx);  // d x f
    if (sgn(w.u) != 0) return;
    mul_add(w.tn, w.fx, w.dx, w.fy, w.dy);  // ta A
    mul_add(w.sn, w.gx, w.dx, w.gy, w.dy);  // tb A
    const Mpz& lo = cmp(w.tn, w.sn) < 0 ? w.tn : w.sn;
    if (sgn(lo) < 0 || cmp(lo, w.A) > 0) return;
    out.hit = true;
    ::mpz_set(raw(out.n), raw(lo));
    ::mpz_set_ui(raw(out.q), 0);
    ::mpz_set(raw(out.den), raw(w.A));
}

const T_& ray_segment(const std::array<double, 8>& v) {
    Space& w = space();
    load(v, w);
    const auto& X = w.X;
    segment_entry({&X[0], &X[1]}, {&X[2], &X[3]}, {&X[4], &X[5]}, {&X[6], &X[7]}, w);
    return w.found;
}

template <class T>
const T_& ray_polygon(Segment<T> ray, const Polygon<T>& poly) {
    Space& w = space();
    const std::size_t n = static_cast<std::size_t>(poly.n);
    std::array<double, 36> v{};
    v[0] = ray.a.x;
    v[1] = ray.a.y;
    v[2] = ray.b.x;
    v[3] = ray.b.y;
    for (std::size_t i = 0; i < n; ++i) {
        v[4 + 2 * i] = poly.v[i].x;
        v[5 + 2 * i] = poly.v[i].y;
    }
    load(v, w);
    const auto& X = w.X;
    const Pt p{&X[0], &X[1]}, q{&X[2], &X[3]};
    auto vertex = [&X, n](std::size_t i) {
        const std::size_t k = 4 + 2 * (i % n);
        return Pt{&X[k], &X[k + 1]};
    };
    // p in the closed polygon: (v_{i+1} - v_i) x (p - v_i) >= 0 for every edge.
    bool inside = true;
    for (std::size_t i = 0; i < n && inside; ++i) {
        const Pt a = vertex(i), b = vertex(i + 1);
        ::mpz_sub(raw(w.ex), raw(*b.x), raw(*a.x));
        ::mpz_sub(raw(w.ey), raw(*b.y), raw(*a.y));
        ::mpz_sub(raw(w.fx), raw(*p.x), raw(*a.x));
        ::mpz_sub(raw(w.fy), raw(*p.y), raw(*a.y));
        mul_sub(w.u, w.ex, w.fy, w.ey, w.fx);
        inside = sgn(w.u) >= 0;
    }
    if (inside) {
        set_zero(w.best);
        return w.best;
    }
    w.best.hit = false;
    for (std::size_t i = 0; i < n; ++i) {
        segment_entry(p, q, vertex(i), vertex(i + 1), w);
        if (!w.found.hit) continue;
        // earlier(): keep the best unless the new one is strictly smaller.
        if (!w.best.hit || less(w.found.n, w.found.den, w.best.n, w.best.den, w)) {
            ::mpz_swap(raw(w.best.n), raw(w.found.n));
            ::mpz_swap(raw(w.best.den), raw(w.found.den));
            ::mpz_set_ui(raw(w.best.q), 0);
            w.best.hit = true;
        }
    }
    return w.best;
}

/// Clips [lo, hi] (from [0, 1]) by one slab m <= s0 + s1 t <= M (rationals
/// on the integer scale: s0, m, M of degree 1, s1 of degree 1). False: empty.
bool slab(const Mpz& s0, const Mpz& s1, const Mpz& m, const Mpz& M, Space& w) {
    if (sgn(s1) == 0) return cmp(s0, m) >= 0 && cmp(s0, M) <= 0;
    // a = (m - s0) / s1, b = (M - s0) / s1; for s1 < 0 they swap, and the
    // denominators become -s1 > 0: a = (s0 - M) / -s1, b = (s0 - m) / -s1.
    if (sgn(s1) > 0) {
        ::mpz_sub(raw(w.tn), raw(m), raw(s0));
        ::mpz_sub(raw(w.sn), raw(M), raw(s0));
        ::mpz_set(raw(w.den), raw(s1));
    } else {
        ::mpz_sub(raw(w.tn), raw(s0), raw(M));
        ::mpz_sub(raw(w.sn), raw(s0), raw(m));
        ::mpz_neg(raw(w.den), raw(s1));
    }
    if (less(w.lo_n, w.lo_d, w.tn, w.den, w)) {
        ::mpz_set(raw(w.lo_n), raw(w.tn));
        ::mpz_set(raw(w.lo_d), raw(w.den));
    }
    if (less(w.sn, w.den, w.hi_n, w.hi_d, w)) {
        ::mpz_set(raw(w.hi_n), raw(w.sn));
        ::mpz_set(raw(w.hi_d), raw(w.den));
    }
    return !less(w.hi_n, w.hi_d, w.lo_n, w.lo_d, w);
}

const T_& ray_box(const std::array<double, 8>& v) {
    Space& w = space();
    load(v, w);
    const auto& X = w.X;
    ::mpz_set_ui(raw(w.lo_n), 0);
    ::mpz_set_ui(raw(w.lo_d), 1);
    ::mpz_set_ui(raw(w.hi_n), 1);
    ::mpz_set_ui(raw(w.hi_d), 1);
    ::mpz_sub(raw(w.dx), raw(X[2]), raw(X[0]));
    ::mpz_sub(raw(w.dy), raw(X[3]), raw(X[1]));
    w.found.hit = false;
    if (!slab(X[0], w.dx, X[4], X[6], w) || !slab(X[1], w.dy, X[5], X[7], w)) return w.found;
    w.found.hit = true;
    ::mpz_set(raw(w.found.n), raw(w.lo_n));
    ::mpz_set_ui(raw(w.found.q), 0);
    ::mpz_set(raw(w.found.den), raw(w.lo_d));
    return w.found;
}

/// The disk (disk_entry): w = p - c, A = d.d, B = d.w, C = w.w - r^2; the
/// entry (-B - sqrt(B^2 - A C)) / A when C > 0, A != 0, B < 0, B^2 >= A C
/// and it is at most 1.
/// The entry of the ray p + t d (d in w.dx, w.dy) into the closed disk (c,
/// r), into out.
void disk_entry(Pt p, Pt c, const Mpz& r, T_& out, Space& w) {
    out.hit = false;
    ::mpz_sub(raw(w.fx), raw(*p.x), raw(*c.x));
    ::mpz_sub(raw(w.fy), raw(*p.y), raw(*c.y));
    mul_add(w.C, w.fx, w.fx, w.fy, w.fy);
    ::mpz_submul(raw(w.C), raw(r), raw(r));
    if (sgn(w.C) <= 0) {
        set_zero(out);
        return;
    }
    mul_add(w.A, w.dx, w.dx, w.dy, w.dy);
    mul_add(w.B, w.dx, w.fx, w.dy, w.fy);
    if (sgn(w.A) == 0 || sgn(w.B) >= 0) return;
    mul_sub(w.w, w.B, w.B, w.A, w.C);  // the discriminant
    if (sgn(w.w) < 0) return;
    // t <= 1  <=>  -B - sqrt(disc) <= A  <=>  -B - A <= sqrt(disc):
    // true when -B - A <= 0, else (-B - A)^2 <= disc.
    ::mpz_add(raw(w.u), raw(w.B), raw(w.A));
    ::mpz_neg(raw(w.u), raw(w.u));
    if (sgn(w.u) > 0) {
        ::mpz_mul(raw(w.v), raw(w.u), raw(w.u));
        if (cmp(w.v, w.w) > 0) return;
    }
    out.hit = true;
    ::mpz_neg(raw(out.n), raw(w.B));
    ::mpz_set_si(raw(out.q), -1);
    ::mpz_set(raw(out.s), raw(w.w));
    ::mpz_set(raw(out.den), raw(w.A));
}

const T_& ray_disk(const std::array<double, 7>& v) {
    Space& w = space();
    load(v, w);
    const auto& X = w.X;
    ::mpz_sub(raw(w.dx), raw(X[2]), raw(X[0]));
    ::mpz_sub(raw(w.dy), raw(X[3]), raw(X[1]));
    disk_entry({&X[0], &X[1]}, {&X[4], &X[5]}, X[6], w.found, w);
    return w.found;
}

void copy(T_& to, const T_& from) {
    to.hit = from.hit;
    ::mpz_set(raw(to.n), raw(from.n));
    ::mpz_set(raw(to.q), raw(from.q));
    ::mpz_set(raw(to.s), raw(from.s));
    ::mpz_set(raw(to.den), raw(from.den));
}

/// Exact sign of x - y for x = (n1 + q1 sqrt(s1)) / d1, y = (n2 + q2
/// sqrt(s2)) / d2, d1, d2 > 0: the sign of a + b sqrt(s1) + c sqrt(s2) with
/// a = n1 d2 - n2 d1, b = q1 d2, c = -q2 d1. With X = a + b sqrt(s1) and
/// Y = c sqrt(s2): when their signs differ (both non-zero), the larger
/// magnitude wins: X^2 - Y^2 = (a^2 + b^2 s1 - c^2 s2) + 2 a b sqrt(s1).
int compare(const T_& x, const T_& y, Space& w) {
    mul_sub(w.ca, x.n, y.den, y.n, x.den);
    ::mpz_mul(raw(w.cb), raw(x.q), raw(y.den));
    ::mpz_mul(raw(w.cc), raw(y.q), raw(x.den));
    ::mpz_neg(raw(w.cc), raw(w.cc));
    const int sx = detail::sign_integer_surd(w.ca, w.cb, x.s);
    const int sy = sgn(y.s) == 0 ? 0 : sgn(w.cc);
    if (sy == 0) return sx;
    if (sx == 0 || sx == sy) return sy;
    ::mpz_mul(raw(w.c1), raw(w.ca), raw(w.ca));
    ::mpz_mul(raw(w.c2), raw(w.cb), raw(w.cb));
    ::mpz_addmul(raw(w.c1), raw(w.c2), raw(x.s));
    ::mpz_mul(raw(w.c2), raw(w.cc), raw(w.cc));
    ::mpz_submul(raw(w.c1), raw(w.c2), raw(y.s));
    ::mpz_mul(raw(w.c2), raw(w.ca), raw(w.cb));
    ::mpz_mul_2exp(raw(w.c2), raw(w.c2), 1);
    const int d = detail::sign_integer_surd(w.c1, w.c2, x.s);
    return d > 0 ? sx : d < 0 ? sy : 0;
}

/// Sets x = (n + q sqrt(s)) / den.
void set(T_& x, const Mpz& n, const Mpz& q, const Mpz& s, const Mpz& den) {
    x.hit = true;
    ::mpz_set(raw(x.n), raw(n));
    ::mpz_set(raw(x.q), raw(q));
    ::mpz_set(raw(x.s), raw(s));
    ::mpz_set(raw(x.den), raw(den));
}

/// Clip::slab on surd bounds m = (mn + mq sqrt(rad)), M = (Mn + Mq sqrt(rad))
/// (denominators 1), clipping w.lo, w.hi: false when the range is empty.
/// Uses w.cand_lo, w.cand_hi (and compare's scratch).
bool surd_slab(const Mpz& s0, const Mpz& s1, const Mpz& mn, const Mpz& mq, const Mpz& Mn,
               const Mpz& Mq, const Mpz& rad, Space& w) {
    T_& a = w.cand_lo;
    T_& b = w.cand_hi;
    if (sgn(s1) == 0) {
        ::mpz_set_ui(raw(w.u), 1);
        ::mpz_set_ui(raw(w.v), 0);
        set(a, s0, w.v, w.v, w.u);  // s0
        set(b, mn, mq, rad, w.u);   // m
        if (compare(a, b, w) < 0) return false;
        set(b, Mn, Mq, rad, w.u);  // M
        return compare(a, b, w) <= 0;
    }
    if (sgn(s1) > 0) {  // a = (m - s0) / s1, b = (M - s0) / s1
        ::mpz_sub(raw(w.u), raw(mn), raw(s0));
        set(a, w.u, mq, rad, s1);
        ::mpz_sub(raw(w.u), raw(Mn), raw(s0));
        set(b, w.u, Mq, rad, s1);
    } else {  // a = (s0 - M) / -s1, b = (s0 - m) / -s1
        ::mpz_neg(raw(w.v), raw(s1));
        ::mpz_sub(raw(w.u), raw(s0), raw(Mn));
        set(a, w.u, Mq, rad, w.v);
        ::mpz_neg(raw(a.q), raw(a.q));
        ::mpz_sub(raw(w.u), raw(s0), raw(mn));
        set(b, w.u, mq, rad, w.v);
        ::mpz_neg(raw(b.q), raw(b.q));
    }
    if (compare(a, w.lo, w) > 0) copy(w.lo, a);
    if (compare(b, w.hi, w) < 0) copy(w.hi, b);
    return compare(w.lo, w.hi, w) <= 0;
}

/// The capsule (ray_capsule): the earlier of its end disks' entries and the
/// entry into its side rectangle 0 <= (f + t d).e <= E, |e x (f + t d)| <=
/// sqrt(K), f = p - a, e = b - a, E = e.e, K = r^2 E.
const T_& ray_capsule(const std::array<double, 9>& v) {
    Space& w = space();
    load(v, w);
    const auto& X = w.X;
    const Pt p{&X[0], &X[1]}, a{&X[4], &X[5]}, b{&X[6], &X[7]};
    ::mpz_sub(raw(w.dx), raw(X[2]), raw(X[0]));
    ::mpz_sub(raw(w.dy), raw(X[3]), raw(X[1]));
    T_& best = w.best;
    disk_entry(p, a, X[8], best, w);
    disk_entry(p, b, X[8], w.disk_b, w);
    if (w.disk_b.hit && (!best.hit || compare(w.disk_b, best, w) < 0)) copy(best, w.disk_b);
    ::mpz_sub(raw(w.ex), raw(*b.x), raw(*a.x));
    ::mpz_sub(raw(w.ey), raw(*b.y), raw(*a.y));
    mul_add(w.E, w.ex, w.ex, w.ey, w.ey);
    if (sgn(w.E) == 0) return best;
    ::mpz_sub(raw(w.fx), raw(*p.x), raw(*a.x));
    ::mpz_sub(raw(w.fy), raw(*p.y), raw(*a.y));
    set_zero(w.lo);
    set_zero(w.hi);
    ::mpz_set_ui(raw(w.hi.n), 1);
    ::mpz_set_ui(raw(w.gx), 0);  // zero
    ::mpz_set_ui(raw(w.gy), 1);  // one
    // Slab 1: 0 <= f.e + t d.e <= E (rational bounds).
    mul_add(w.s0, w.fx, w.ex, w.fy, w.ey);
    mul_add(w.s1, w.dx, w.ex, w.dy, w.ey);
    if (!surd_slab(w.s0, w.s1, w.gx, w.gx, w.E, w.gx, w.gx, w)) return best;
    // Slab 2: -sqrt(K) <= e x f + t e x d <= sqrt(K).
    ::mpz_mul(raw(w.K), raw(X[8]), raw(X[8]));
    ::mpz_mul(raw(w.K), raw(w.K), raw(w.E));
    mul_sub(w.s0, w.ex, w.fy, w.ey, w.fx);
    mul_sub(w.s1, w.ex, w.dy, w.ey, w.dx);
    ::mpz_set_si(raw(w.gx), 0);
    ::mpz_set_si(raw(w.gy), -1);
    ::mpz_set_si(raw(w.tn), 1);
    if (!surd_slab(w.s0, w.s1, w.gx, w.gy, w.gx, w.tn, w.K, w)) return best;
    if (!best.hit || compare(w.lo, best, w) < 0) copy(best, w.lo);
    return best;
}

template <class T>
RayHit<T> rounded(const T_& t) {
    RayHit<T> out;
    if (!t.hit) return out;
    out.hit = true;
    out.t = detail::round_integer_surd<T>(t.n, t.q, t.s, t.den, 0);
    return out;
}

}  // namespace integer

}  // namespace

RayHit<float> detail::ray_cast_disk_rational(Segment<float> ray, Circle<float> c) {
    return rounded<float>(ray_disk(padded(detail::checked_args<Primitive::ray_cast_disk>(ray, c))));
}
RayHit<double> detail::ray_cast_disk_rational(Segment<double> ray, Circle<double> c) {
    return rounded<double>(
        ray_disk(padded(detail::checked_args<Primitive::ray_cast_disk>(ray, c))));
}
RayHit<float> detail::ray_cast_segment_rational(Segment<float> ray, Segment<float> s) {
    return rounded<float>(
        ray_segment(padded(detail::checked_args<Primitive::ray_cast_segment>(ray, s))));
}
RayHit<double> detail::ray_cast_segment_rational(Segment<double> ray, Segment<double> s) {
    return rounded<double>(
        ray_segment(padded(detail::checked_args<Primitive::ray_cast_segment>(ray, s))));
}
RayHit<float> detail::ray_cast_box_rational(Segment<float> ray, Box<float> b) {
    return rounded<float>(ray_box(padded(detail::checked_args<Primitive::ray_cast_box>(ray, b))));
}
RayHit<double> detail::ray_cast_box_rational(Segment<double> ray, Box<double> b) {
    return rounded<double>(ray_box(padded(detail::checked_args<Primitive::ray_cast_box>(ray, b))));
}
RayHit<float> detail::ray_cast_capsule_rational(Segment<float> ray, Capsule<float> c) {
    return rounded<float>(
        ray_capsule(padded(detail::checked_args<Primitive::ray_cast_capsule>(ray, c))));
}
RayHit<double> detail::ray_cast_capsule_rational(Segment<double> ray, Capsule<double> c) {
    return rounded<double>(
        ray_capsule(padded(detail::checked_args<Primitive::ray_cast_capsule>(ray, c))));
}

namespace {

template <class T>
RayHit<T> ray_cast_polygon_impl(Segment<T> ray, const Polygon<T>& poly) {
    (void)detail::checked_args<Primitive::ray_cast_polygon>(ray, poly);
    return rounded<T>(ray_polygon(to_rational(ray.a), to_rational(ray.b), to_rational(poly)));
}

}  // namespace

RayHit<float> detail::ray_cast_polygon_rational(Segment<float> ray, const Polygon<float>& poly) {
    return ray_cast_polygon_impl(ray, poly);
}
RayHit<double> detail::ray_cast_polygon_rational(Segment<double> ray, const Polygon<double>& poly) {
    return ray_cast_polygon_impl(ray, poly);
}

RayHit<float> ray_cast_disk(Segment<float> ray, Circle<float> c) {
    return integer::rounded<float>(
        integer::ray_disk(detail::checked_args<Primitive::ray_cast_disk>(ray, c)));
}
RayHit<double> ray_cast_disk(Segment<double> ray, Circle<double> c) {
    return integer::rounded<double>(
        integer::ray_disk(detail::checked_args<Primitive::ray_cast_disk>(ray, c)));
}
RayHit<float> ray_cast_segment(Segment<float> ray, Segment<float> s) {
    return integer::rounded<float>(
        integer::ray_segment(detail::checked_args<Primitive::ray_cast_segment>(ray, s)));
}
RayHit<double> ray_cast_segment(Segment<double> ray, Segment<double> s) {
    return integer::rounded<double>(
        integer::ray_segment(detail::checked_args<Primitive::ray_cast_segment>(ray, s)));
}
RayHit<float> ray_cast_box(Segment<float> ray, Box<float> b) {
    return integer::rounded<float>(
        integer::ray_box(detail::checked_args<Primitive::ray_cast_box>(ray, b)));
}
RayHit<double> ray_cast_box(Segment<double> ray, Box<double> b) {
    return integer::rounded<double>(
        integer::ray_box(detail::checked_args<Primitive::ray_cast_box>(ray, b)));
}
RayHit<float> ray_cast_capsule(Segment<float> ray, Capsule<float> c) {
    return integer::rounded<float>(
        integer::ray_capsule(detail::checked_args<Primitive::ray_cast_capsule>(ray, c)));
}
RayHit<double> ray_cast_capsule(Segment<double> ray, Capsule<double> c) {
    return integer::rounded<double>(
        integer::ray_capsule(detail::checked_args<Primitive::ray_cast_capsule>(ray, c)));
}
RayHit<float> ray_cast_polygon(Segment<float> ray, Polygon<float> poly) {
    (void)detail::checked_args<Primitive::ray_cast_polygon>(ray, poly);
    return integer::rounded<float>(integer::ray_polygon(ray, poly));
}
RayHit<double> ray_cast_polygon(Segment<double> ray, Polygon<double> poly) {
    (void)detail::checked_args<Primitive::ray_cast_polygon>(ray, poly);
    return integer::rounded<double>(integer::ray_polygon(ray, poly));
}

bool ray_starts_inside(Primitive p, const double* args) {
    if (!is_fraction(p))
        throw std::invalid_argument("ray_starts_inside: " + std::string(to_string(p)) +
                                    " is not a ray cast");
    const InputCheck check = first_invalid(p, args);
    if (!check.ok()) throw InvalidInput(check);
    if (p == Primitive::ray_cast_polygon) {
        // Strictly inside: strictly left of every edge's line.
        const Polygon<double> poly = std::get<1>(operands<Primitive::ray_cast_polygon>(args));
        const RationalPolygon rp = to_rational(poly);
        const RationalPoint s{to_rational(args[0]), to_rational(args[1])};
        const std::size_t n = rp.v.size();
        for (std::size_t i = 0; i < n; ++i)
            if (cross(rp.v[i], rp.v[(i + 1) % n], s) <= 0) return false;
        return true;
    }
    std::array<double, 10> v{};
    for (int i = 0; i < arity(p); ++i) v[static_cast<std::size_t>(i)] = args[i];
    const RationalPoint s = point_at(v, 0);
    switch (p) {
        case Primitive::ray_cast_disk: {
            const Q r = to_rational(v[6]);
            return distance2(s, point_at(v, 4)) < r * r;
        }
        case Primitive::ray_cast_box: {
            const RationalPoint lo = point_at(v, 4), hi = point_at(v, 6);
            return lo.x < s.x && s.x < hi.x && lo.y < s.y && s.y < hi.y;
        }
        case Primitive::ray_cast_capsule: {
            const Q r = to_rational(v[8]);
            return segment_distance2(point_at(v, 4), point_at(v, 6), s) < r * r;
        }
        default: return false;  // a segment has no interior
    }
}

}  // namespace touchstone::oracle
