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
//   capsules_overlap       dist(s1, s2) - (r1 + r2), the segments' distance
//                          (0 when they meet, else the least endpoint-to-
//                          segment distance)
//   capsule_hits_disk      dist(c, s) - (r1 + r2)
//   boxes_overlap,         apart: the Euclidean distance between the two
//   segment_hits_box       shapes; overlapping: the penetration depth, the
//                          least translation that separates them (the least
//                          overlap of their projections on a separating-axis
//                          candidate: x, y, and for a segment its normal)
//   point_in_polygon       distance of p from the polygon's boundary (the
//                          nearest edge)
//   ray_cast_disk          as segment_hits_disk (the ray is the segment p q)
//   ray_cast_segment       as segments_intersect
//   ray_cast_box           the nearest of segments_intersect's separations
//                          from the ray to the box's four edges
//   ray_cast_capsule       dist(ray, axis) - r (dist 0 when they cross)
//   ray_cast_polygon       the nearest of segments_intersect's separations
//                          from the ray to the polygon's edges
//   polygons_overlap       apart: the distance between the polygons (at a
//                          vertex of one); overlapping: the penetration depth
//                          (the least overlap of the projections on an edge
//                          normal of either polygon)
//   polygon_hits_disk      c outside: dist(c, polygon) - r; c inside: its
//                          distance to the boundary plus r
//
// Each is a function named after its primitive in namespace `separation`,
// taking the primitive's operands (exact) and the band; within_band reaches
// it through visit() and call_by_name, so a primitive without a separation
// does not compile.
#include <algorithm>
#include <cmath>
#include <iterator>
#include <utility>

#include "touchstone/oracle/exact.hpp"
#include "touchstone/oracle/exact_geometry.hpp"
#include "touchstone/validate.hpp"

namespace touchstone::oracle {
namespace separation {
namespace {

using Q = Rational;

/// The least and the greatest cross(a, b, q) over q in [first, last) (not
/// empty), each computed once: each is a few rational products.
template <class It>
std::pair<Q, Q> cross_range(const RationalPoint& a, const RationalPoint& b, It first, It last) {
    std::pair<Q, Q> r{cross(a, b, *first), Q()};
    r.second = r.first;
    for (++first; first != last; ++first) {
        Q c = cross(a, b, *first);
        if (c < r.first)
            r.first = std::move(c);
        else if (c > r.second)
            r.second = std::move(c);
    }
    return r;
}

/// Smallest distance from an endpoint of one segment to the other segment,
/// squared.
Q endpoint_distance2(const RationalSegment& s1, const RationalSegment& s2) {
    return std::min({segment_distance2(s2.a, s2.b, s1.a), segment_distance2(s2.a, s2.b, s1.b),
                     segment_distance2(s1.a, s1.b, s2.a), segment_distance2(s1.a, s1.b, s2.b)});
}

/// Whether the closed segments share a point (exact, on rationals).
bool segments_meet(const RationalSegment& s1, const RationalSegment& s2) {
    const Q d1 = cross(s2.a, s2.b, s1.a), d2 = cross(s2.a, s2.b, s1.b);
    const Q d3 = cross(s1.a, s1.b, s2.a), d4 = cross(s1.a, s1.b, s2.b);
    if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)))
        return true;
    return on_segment(s2.a, s2.b, s1.a) || on_segment(s2.a, s2.b, s1.b) ||
           on_segment(s1.a, s1.b, s2.a) || on_segment(s1.a, s1.b, s2.b);
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

bool capsules_overlap(const RationalCapsule& c1, const RationalCapsule& c2, const Q& band) {
    const Q d2 = segments_meet(c1.s, c2.s) ? Q(0) : endpoint_distance2(c1.s, c2.s);
    return root_within(d2, c1.r + c2.r, band);
}

bool capsule_hits_disk(const RationalCapsule& k, const RationalCircle& c, const Q& band) {
    return root_within(segment_distance2(k.s.a, k.s.b, c.c), k.r + c.r, band);
}

bool boxes_overlap(const RationalBox& b1, const RationalBox& b2, const Q& band) {
    // Signed gaps per axis (> 0: apart on that axis).
    const Q gx = std::max(Q(b2.lo.x - b1.hi.x), Q(b1.lo.x - b2.hi.x));
    const Q gy = std::max(Q(b2.lo.y - b1.hi.y), Q(b1.lo.y - b2.hi.y));
    if (gx > 0 || gy > 0) {
        const Q px = gx > 0 ? gx : Q(0), py = gy > 0 ? gy : Q(0);
        return root_within(px * px + py * py, Q(0), band);
    }
    return std::min(Q(-gx), Q(-gy)) <= band;  // penetration depth
}

bool segment_hits_box(const RationalSegment& s, const RationalBox& b, const Q& band) {
    const RationalPoint corners[4] = {b.lo, {b.hi.x, b.lo.y}, b.hi, {b.lo.x, b.hi.y}};
    const RationalBox sb{{std::min(s.a.x, s.b.x), std::min(s.a.y, s.b.y)},
                         {std::max(s.a.x, s.b.x), std::max(s.a.y, s.b.y)}};
    bool meets = sb.lo.x <= b.hi.x && b.lo.x <= sb.hi.x && sb.lo.y <= b.hi.y && b.lo.y <= sb.hi.y;
    int left = 0, right = 0;
    for (const RationalPoint& q : corners) {
        const Q c = cross(s.a, s.b, q);
        left += c > 0;
        right += c < 0;
    }
    meets = meets && left < 4 && right < 4;
    if (!meets) {
        // Disjoint convex sets: the distance is attained at a vertex of one.
        auto point_box2 = [&b](const RationalPoint& p) {
            const Q dx = p.x < b.lo.x ? Q(b.lo.x - p.x) : p.x > b.hi.x ? Q(p.x - b.hi.x) : Q(0);
            const Q dy = p.y < b.lo.y ? Q(b.lo.y - p.y) : p.y > b.hi.y ? Q(p.y - b.hi.y) : Q(0);
            return Q(dx * dx + dy * dy);
        };
        Q d2 = std::min(point_box2(s.a), point_box2(s.b));
        for (const RationalPoint& q : corners) d2 = std::min(d2, segment_distance2(s.a, s.b, q));
        return root_within(d2, Q(0), band);
    }
    // Penetration depth: the least overlap of the projections on x, y and
    // (a != b) the segment's normal n, divided by |n|.
    const Q ox = std::min(Q(sb.hi.x - b.lo.x), Q(b.hi.x - sb.lo.x));
    const Q oy = std::min(Q(sb.hi.y - b.lo.y), Q(b.hi.y - sb.lo.y));
    if (std::min(ox, oy) <= band) return true;
    if (s.a == s.b) return false;
    const auto [lo, hi] = cross_range(s.a, s.b, std::begin(corners), std::end(corners));
    const Q depth = std::min(Q(-lo), hi);  // the segment projects to 0
    return squared(depth) <= squared(band) * distance2(s.a, s.b);
}

bool point_in_polygon(const RationalPoint& p, const RationalPolygon& poly, const Q& band) {
    const std::size_t n = poly.v.size();
    Q best = segment_distance2(poly.v[n - 1], poly.v[0], p);
    for (std::size_t i = 0; i + 1 < n; ++i)
        best = std::min(best, segment_distance2(poly.v[i], poly.v[i + 1], p));
    return root_within(best, Q(0), band);
}

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

namespace {
/// Overlapping convex polygons (counter-clockwise): whether their
/// penetration depth is at most `band`. On the left normal of an edge ab of
/// either polygon, its own polygon projects (in units of |b - a|) to
/// [0, hi_own] and the other to [lo, hi]; the overlap of the projections is
/// min(hi, hi_own - lo), and the least overlap over every edge of both is
/// the least translation that separates them.
bool depth_within(const RationalPolygon& own, const RationalPolygon& other, const Q& band) {
    const std::size_t n = own.v.size();
    for (std::size_t i = 0; i < n; ++i) {
        const RationalPoint& a = own.v[i];
        const RationalPoint& b = own.v[(i + 1) % n];
        Q hi_own = 0;
        for (const RationalPoint& q : own.v) {
            Q c = cross(a, b, q);
            if (c > hi_own) hi_own = std::move(c);
        }
        const auto [lo, hi] = cross_range(a, b, other.v.begin(), other.v.end());
        const Q overlap = std::min(hi, Q(hi_own - lo));
        if (overlap <= 0 || squared(overlap) <= squared(band) * distance2(a, b)) return true;
    }
    return false;
}

/// Whether some edge of `a` has every vertex of `b` strictly right of it.
bool edge_separates(const RationalPolygon& a, const RationalPolygon& b) {
    const std::size_t n = a.v.size();
    for (std::size_t i = 0; i < n; ++i) {
        bool all_right = true;
        for (const RationalPoint& q : b.v)
            all_right = all_right && cross(a.v[i], a.v[(i + 1) % n], q) < 0;
        if (all_right) return true;
    }
    return false;
}

/// Squared distance from q to the polygon's boundary (its nearest edge).
Q boundary_distance2(const RationalPolygon& poly, const RationalPoint& q) {
    const std::size_t n = poly.v.size();
    Q best = segment_distance2(poly.v[n - 1], poly.v[0], q);
    for (std::size_t i = 0; i + 1 < n; ++i)
        best = std::min(best, segment_distance2(poly.v[i], poly.v[i + 1], q));
    return best;
}
}  // namespace

bool polygons_overlap(const RationalPolygon& P, const RationalPolygon& R, const Q& band) {
    if (edge_separates(P, R) || edge_separates(R, P)) {
        // Apart: the distance between disjoint convex polygons is reached
        // at a vertex of one of them.
        Q d2 = boundary_distance2(R, P.v[0]);
        for (const RationalPoint& q : P.v) d2 = std::min(d2, boundary_distance2(R, q));
        for (const RationalPoint& q : R.v) d2 = std::min(d2, boundary_distance2(P, q));
        return root_within(d2, Q(0), band);
    }
    return depth_within(P, R, band) || depth_within(R, P, band);
}

bool polygon_hits_disk(const RationalPolygon& P, const RationalCircle& c, const Q& band) {
    // Outside: |dist(c, P) - r|. Inside: c must travel its distance to the
    // boundary and then r more before the disk leaves the polygon.
    const std::size_t n = P.v.size();
    bool inside = true;
    for (std::size_t i = 0; i < n; ++i)
        inside = inside && cross(P.v[i], P.v[(i + 1) % n], c.c) >= 0;
    const Q d2 = boundary_distance2(P, c.c);
    if (!inside) return root_within(d2, c.r, band);
    const Q room = band - c.r;
    return room >= 0 && d2 <= squared(room);
}

bool ray_cast_polygon(const RationalSegment& ray, const RationalPolygon& P, const Q& band) {
    const std::size_t n = P.v.size();
    for (std::size_t i = 0; i < n; ++i)
        if (segments_intersect(ray, RationalSegment{P.v[i], P.v[(i + 1) % n]}, band)) return true;
    return false;
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
