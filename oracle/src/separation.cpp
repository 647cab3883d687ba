// touchstone::oracle — is a case within a band of its decision boundary?
//
// Implementations that declare a tolerance ("right except within N ulps of
// the boundary", "except where the separation is below eps*scale", a skin)
// are graded with this: a wrong answer on a case whose exact separation from
// the decision boundary is at most `band` is "wrong inside the tolerance".
//
// The separation of each primitive, exactly (D: a squared distance, R: a
// radius sum; sqrt(D) - R is compared with the band without any sqrt, by
// root_within of exact_geometry.hpp):
//   point_in_disk          |p - c| - r
//   disks_overlap          |c1 - c2| - (r1 + r2)
//   circle_intersections   nearer of |c1 - c2| - (r1 + r2) and |c1 - c2| - |r1 - r2|
//   segment_hits_disk      dist(c, s) - r
//   segment_meets_circle,  nearer of dist(c, s) - r and max(|a - c|, |b - c|) - r
//   segment_circle_points  (the circumference is met iff dmin <= r <= dmax)
//   segments_intersect,    the smallest distance from an endpoint to the
//   segment_intersection   other segment (0 exactly when they touch; when they
//                          cross properly, the least an endpoint must travel)
//   orient2d               distance of c from the line ab, |det| / |b - a|
//                          (|c - a| when a == b)
//   ray_cast_disk          as segment_hits_disk (the ray is the segment p q)
//   ray_cast_segment       as segments_intersect
//   ray_cast_box           the nearest of segments_intersect's separations
//                          from the ray to the box's four edges
//   ray_cast_capsule       dist(ray, axis) - r (dist 0 when they cross)
//
// Each is a function named after its primitive in namespace `separation`,
// taking the primitive's operands (exact) and the band; within_band reaches
// it through visit() and call_by_name, so a primitive without a separation
// does not compile.
#include <algorithm>
#include <cmath>

#include "touchstone/oracle/exact.hpp"
#include "touchstone/oracle/exact_geometry.hpp"
#include "touchstone/validate.hpp"

namespace touchstone::oracle {
namespace separation {
namespace {

using Q = Rational;

/// Smallest distance from an endpoint of one segment to the other segment,
/// squared.
Q endpoint_distance2(const RationalSegment& s1, const RationalSegment& s2) {
    return std::min({segment_distance2(s2.a, s2.b, s1.a), segment_distance2(s2.a, s2.b, s1.b),
                     segment_distance2(s1.a, s1.b, s2.a), segment_distance2(s1.a, s1.b, s2.b)});
}

}  // namespace

bool point_in_disk(const RationalPoint& p, const RationalCircle& c, const Q& band) {
    return root_within(distance2(p, c.c), c.r, band);
}

bool disks_overlap(const RationalCircle& c1, const RationalCircle& c2, const Q& band) {
    return root_within(distance2(c1.c, c2.c), c1.r + c2.r, band);
}

bool circle_intersections(const RationalCircle& c1, const RationalCircle& c2, const Q& band) {
    if (disks_overlap(c1, c2, band)) return true;
    return root_within(distance2(c1.c, c2.c), abs(c1.r - c2.r), band);
}

bool segment_hits_disk(const RationalSegment& s, const RationalCircle& c, const Q& band) {
    return root_within(segment_distance2(s.a, s.b, c.c), c.r, band);
}

bool segment_meets_circle(const RationalSegment& s, const RationalCircle& c, const Q& band) {
    if (segment_hits_disk(s, c, band)) return true;
    return root_within(std::max(distance2(s.a, c.c), distance2(s.b, c.c)), c.r, band);
}

bool segment_circle_points(const RationalSegment& s, const RationalCircle& c, const Q& band) {
    return segment_meets_circle(s, c, band);
}

bool segments_intersect(const RationalSegment& s1, const RationalSegment& s2, const Q& band) {
    return root_within(endpoint_distance2(s1, s2), Q(0), band);
}

bool segment_intersection(const RationalSegment& s1, const RationalSegment& s2, const Q& band) {
    return segments_intersect(s1, s2, band);
}

bool orient2d(const RationalPoint& a, const RationalPoint& b, const RationalPoint& c,
              const Q& band) {
    const Q ab2 = distance2(a, b);
    if (ab2 == 0) return root_within(distance2(a, c), Q(0), band);
    // |det| / |b - a| <= band  <=>  det^2 <= band^2 |b - a|^2
    return squared(cross(a, b, c)) <= squared(band) * ab2;
}

namespace {
int sign_of(const Q& v) { return v > 0 ? 1 : v < 0 ? -1 : 0; }

/// Whether two closed segments share a point, exactly.
bool segments_meet(const RationalSegment& s, const RationalSegment& t) {
    const int d1 = sign_of(cross(t.a, t.b, s.a)), d2 = sign_of(cross(t.a, t.b, s.b));
    const int d3 = sign_of(cross(s.a, s.b, t.a)), d4 = sign_of(cross(s.a, s.b, t.b));
    if (d1 * d2 < 0 && d3 * d4 < 0) return true;
    return on_segment(t.a, t.b, s.a) || on_segment(t.a, t.b, s.b) || on_segment(s.a, s.b, t.a) ||
           on_segment(s.a, s.b, t.b);
}
}  // namespace

bool ray_cast_disk(const RationalSegment& ray, const RationalCircle& c, const Q& band) {
    return segment_hits_disk(ray, c, band);
}

bool ray_cast_segment(const RationalSegment& ray, const RationalSegment& s, const Q& band) {
    return segments_intersect(ray, s, band);
}

bool ray_cast_box(const RationalSegment& ray, const RationalBox& b, const Q& band) {
    const RationalPoint c00 = b.lo, c10{b.hi.x, b.lo.y}, c11 = b.hi, c01{b.lo.x, b.hi.y};
    const RationalSegment edges[] = {{c00, c10}, {c10, c11}, {c11, c01}, {c01, c00}};
    for (const RationalSegment& e : edges)
        if (segments_intersect(ray, e, band)) return true;
    return false;
}

bool ray_cast_capsule(const RationalSegment& ray, const RationalCapsule& c, const Q& band) {
    const Q d2 = segments_meet(ray, c.s) ? Q(0) : endpoint_distance2(ray, c.s);
    return root_within(d2, c.r, band);
}

/// call_by_name<P>(operands..., band): the separation test of primitive P.
TOUCHSTONE_DEFINE_CALL_BY_NAME()

}  // namespace separation

namespace {

template <class T>
bool within(Primitive p, const T* args, double band_value) {
    if (!(band_value >= 0) || !std::isfinite(band_value))
        throw InvalidInput("band", band_value, "the band must be finite and >= 0");
    const Rational band = to_rational(band_value);
    return visit(p, [&](auto tag) {
        constexpr Primitive P = decltype(tag)::value;
        const InputCheck check = first_invalid(P, args);
        if (!check.ok()) throw InvalidInput(check);
        return invoke<P>(args, [&](const auto&... shapes) {
            return separation::call_by_name<P>(to_rational(shapes)..., band);
        });
    });
}

}  // namespace

bool within_band(Primitive p, const double* args, double band) { return within(p, args, band); }
bool within_band(Primitive p, const float* args, double band) { return within(p, args, band); }

}  // namespace touchstone::oracle
