// touchstone::oracle — the ray casts: hit, and the smallest fraction t of the
// closed ray segment p + t (q - p), t in [0, 1], that lies in the closed shape.
// See the "using this code" banner in include/touchstone/oracle/exact.hpp.
//
// Every t is exact: a rational (segment, box, the s-slab of a capsule) or a
// quadratic surd (the entry into a disk; the two sides of a capsule, at the
// irrational distance r |e| / |e| from its axis), compared exactly with
// compare() and rounded once with round_to<T>.
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

}  // namespace

RayHit<float> ray_cast_disk(Segment<float> ray, Circle<float> c) {
    return rounded<float>(ray_disk(padded(detail::checked_args<Primitive::ray_cast_disk>(ray, c))));
}
RayHit<double> ray_cast_disk(Segment<double> ray, Circle<double> c) {
    return rounded<double>(
        ray_disk(padded(detail::checked_args<Primitive::ray_cast_disk>(ray, c))));
}
RayHit<float> ray_cast_segment(Segment<float> ray, Segment<float> s) {
    return rounded<float>(
        ray_segment(padded(detail::checked_args<Primitive::ray_cast_segment>(ray, s))));
}
RayHit<double> ray_cast_segment(Segment<double> ray, Segment<double> s) {
    return rounded<double>(
        ray_segment(padded(detail::checked_args<Primitive::ray_cast_segment>(ray, s))));
}
RayHit<float> ray_cast_box(Segment<float> ray, Box<float> b) {
    return rounded<float>(ray_box(padded(detail::checked_args<Primitive::ray_cast_box>(ray, b))));
}
RayHit<double> ray_cast_box(Segment<double> ray, Box<double> b) {
    return rounded<double>(ray_box(padded(detail::checked_args<Primitive::ray_cast_box>(ray, b))));
}
RayHit<float> ray_cast_capsule(Segment<float> ray, Capsule<float> c) {
    return rounded<float>(
        ray_capsule(padded(detail::checked_args<Primitive::ray_cast_capsule>(ray, c))));
}
RayHit<double> ray_cast_capsule(Segment<double> ray, Capsule<double> c) {
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

RayHit<float> ray_cast_polygon(Segment<float> ray, Polygon<float> poly) {
    return ray_cast_polygon_impl(ray, poly);
}
RayHit<double> ray_cast_polygon(Segment<double> ray, Polygon<double> poly) {
    return ray_cast_polygon_impl(ray, poly);
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
