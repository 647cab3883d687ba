// touchstone::oracle — is a case within a band of its decision boundary?
//
// Implementations that declare a tolerance ("right except within N ulps of
// the boundary", "except where the separation is below eps*scale", a skin)
// are graded with this: a wrong answer on a case whose exact separation from
// the decision boundary is at most `band` is "wrong inside the tolerance".
//
// The separation of each primitive, exactly (D: a squared distance, R: a
// radius sum; sqrt(D) - R is compared with the band without any sqrt):
//   point_in_disk          |p - c| - r
//   disks_overlap          |c1 - c2| - (r1 + r2)
//   circle_intersections   nearer of |c1 - c2| - (r1 + r2) and |c1 - c2| - |r1 - r2|
//   segment_hits_disk      dist(c, s) - r
//   segment_meets_circle,  nearer of dist(c, s) - r and max(|a - c|, |b - c|) - r
//   segment_circle_points  (the circumference is met iff dmin <= r <= dmax)
//   segments_intersect,    the smallest distance from an endpoint to the
//   segment_intersection   other segment (0 exactly when they touch; when they
//                          cross properly, the least an endpoint must travel)
#include <algorithm>

#include "touchstone/oracle/exact.hpp"
#include "validate.hpp"

namespace touchstone::oracle {
namespace {

using Q = Rational;

struct P {
    Q x, y;
};

Q sq(const Q& v) { return v * v; }
Q dist2(const P& a, const P& b) { return sq(a.x - b.x) + sq(a.y - b.y); }

/// Squared distance from q to the closed segment [a, b].
Q dist2_to_segment(const P& q, const P& a, const P& b) {
    const Q vx = b.x - a.x, vy = b.y - a.y;
    const Q vv = sq(vx) + sq(vy);
    const Q t = (q.x - a.x) * vx + (q.y - a.y) * vy;
    if (vv == 0 || t <= 0) return dist2(q, a);
    if (t >= vv) return dist2(q, b);
    const Q cross = vx * (q.y - a.y) - vy * (q.x - a.x);
    return sq(cross) / vv;
}

/// |sqrt(D) - R| <= band, exactly (D >= 0, band >= 0).
bool near(const Q& D, const Q& R, const Q& band) {
    const Q hi = R + band;
    if (hi < 0 || D > sq(hi)) return false;
    const Q lo = R - band;
    return lo <= 0 || D >= sq(lo);
}

template <std::size_t N>
std::array<Q, N> exact_args(const std::array<double, N>& v) {
    std::array<Q, N> q;
    for (std::size_t i = 0; i < N; ++i) q[i] = to_rational(v[i]);
    return q;
}

template <std::size_t N>
std::array<double, N> take(const double* a) {
    std::array<double, N> v{};
    for (std::size_t i = 0; i < N; ++i) v[i] = a[i];
    return v;
}

bool within(Primitive p, const double* raw, double band_value) {
    if (!(band_value >= 0) || !std::isfinite(band_value))
        throw InvalidInput("band", band_value, "the band must be finite and >= 0");
    const Q band = to_rational(band_value);
    switch (p) {
        case Primitive::point_in_disk: {
            const auto v = take<5>(raw);
            detail::require_valid(v, detail::point_disk_fields);
            const auto q = exact_args(v);
            return near(dist2({q[0], q[1]}, {q[2], q[3]}), q[4], band);
        }
        case Primitive::disks_overlap:
        case Primitive::circle_intersections: {
            const auto v = take<6>(raw);
            detail::require_valid(v, detail::circle_circle_fields);
            const auto q = exact_args(v);
            const Q D = dist2({q[0], q[1]}, {q[3], q[4]});
            if (near(D, q[2] + q[5], band)) return true;
            return p == Primitive::circle_intersections && near(D, abs(q[2] - q[5]), band);
        }
        case Primitive::segment_hits_disk:
        case Primitive::segment_meets_circle:
        case Primitive::segment_circle_points: {
            const auto v = take<7>(raw);
            detail::require_valid(v, detail::segment_circle_fields);
            const auto q = exact_args(v);
            const P a{q[0], q[1]}, b{q[2], q[3]}, c{q[4], q[5]};
            if (near(dist2_to_segment(c, a, b), q[6], band)) return true;
            if (p == Primitive::segment_hits_disk) return false;
            return near(std::max(dist2(a, c), dist2(b, c)), q[6], band);
        }
        case Primitive::segments_intersect:
        case Primitive::segment_intersection: {
            const auto v = take<8>(raw);
            detail::require_valid(v, detail::segment_segment_fields);
            const auto q = exact_args(v);
            const P a1{q[0], q[1]}, b1{q[2], q[3]}, a2{q[4], q[5]}, b2{q[6], q[7]};
            const Q D = std::min({dist2_to_segment(a1, a2, b2), dist2_to_segment(b1, a2, b2),
                                  dist2_to_segment(a2, a1, b1), dist2_to_segment(b2, a1, b1)});
            return near(D, Q(0), band);
        }
    }
    return false;
}

}  // namespace

bool within_band(Primitive p, const double* args, double band) { return within(p, args, band); }

bool within_band(Primitive p, const float* args, double band) {
    double wide[8] = {};
    for (int i = 0; i < arity(p); ++i) wide[i] = static_cast<double>(args[i]);
    return within(p, wide, band);
}

}  // namespace touchstone::oracle
