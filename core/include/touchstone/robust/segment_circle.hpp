// touchstone::robust — a segment against a disk or a circle:
// segment_hits_disk, segment_meets_circle, segment_circle_points.
//
// Exact for every finite float and double input, layered like disks.hpp.
// Shapes are closed; a zero-length segment is the point a. Invalid input:
// predicates false, segment_circle_points count 0; see validate.hpp.
#pragma once

#include "touchstone/geometry.hpp"
#include "touchstone/robust/detail/mutation.hpp"
#include "touchstone/robust/detail/segment_circle.hpp"

namespace touchstone::robust {
inline namespace TOUCHSTONE_ROBUST_ABI {

/// True iff the distance from c.c to the closed segment s is <= c.r exactly.
/// Invalid input: false.
TOUCHSTONE_ROBUST_INLINE bool segment_hits_disk(Segment<float> s, Circle<float> c) {
    return impl::segment_hits_disk(s, c);
}
TOUCHSTONE_ROBUST_INLINE bool segment_hits_disk(Segment<double> s, Circle<double> c) {
    return impl::segment_hits_disk(s, c);
}

/// True iff the closed segment has a point at distance exactly c.r from c.c
/// (the circumference only: dmin <= r <= dmax). A zero-length segment meets
/// the circle iff its point lies on it. Invalid input: false.
TOUCHSTONE_ROBUST_INLINE bool segment_meets_circle(Segment<float> s, Circle<float> c) {
    return impl::segment_meets_circle(s, c);
}
TOUCHSTONE_ROBUST_INLINE bool segment_meets_circle(Segment<double> s, Circle<double> c) {
    return impl::segment_meets_circle(s, c);
}

/// The points where the closed segment meets the circumference: the roots
/// 0 <= t <= 1 of A t^2 + 2 B t + C (A = v.v, B = v.(a - c), C = |a - c|^2 - r^2,
/// v = b - a), as a + t v, ordered by increasing t (distance from s.a); a
/// double root once. Zero-length segment: one point (a) iff a is on the
/// circle. count is exact (it agrees with segment_meets_circle); each
/// coordinate is correctly rounded to T (0 ulps). Invalid input: count 0.
inline SegmentCirclePoints<float> segment_circle_points(Segment<float> s, Circle<float> c) {
    return impl::segment_circle_points(s, c);
}
inline SegmentCirclePoints<double> segment_circle_points(Segment<double> s, Circle<double> c) {
    return impl::segment_circle_points(
        TOUCHSTONE_MUTANT(scp_segment_reversed, s, (Segment<double>{s.b, s.a})), c);
}

}  // namespace TOUCHSTONE_ROBUST_ABI
}  // namespace touchstone::robust
