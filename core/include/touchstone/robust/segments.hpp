// touchstone::robust — two segments: segments_intersect, segment_intersection.
//
// Exact for every finite float and double input, layered like disks.hpp.
// Closed segments; a zero-length segment is a point. Invalid input:
// segments_intersect false, segment_intersection kind none; see validate.hpp.
#pragma once

#include "touchstone/geometry.hpp"
#include "touchstone/robust/detail/mutation.hpp"
#include "touchstone/robust/detail/segments.hpp"

namespace touchstone::robust {
inline namespace TOUCHSTONE_ROBUST_ABI {

/// True iff the closed segments share at least one point, exactly: crossing,
/// touching, T-junctions, shared endpoints, collinear overlap or touch, and
/// zero-length segments all count. Invalid input: false.
TOUCHSTONE_ROBUST_INLINE bool segments_intersect(Segment<float> s1, Segment<float> s2) {
    return impl::segments_intersect(s1, TOUCHSTONE_MUTANT(si_float_s2_is_s1, s2, s1));
}
TOUCHSTONE_ROBUST_INLINE bool segments_intersect(Segment<double> s1, Segment<double> s2) {
    return impl::segments_intersect(s1, s2);
}

/// The common part of two closed segments, kind exact: none; point (one
/// common point, points[0]); overlap (collinear, a common sub-segment of
/// positive length points[0]..points[1], ordered lexicographically by
/// (x, y)). Points that are input endpoints are returned exactly; a proper
/// crossing a1 + t (b1 - a1), t = cross(a2 - a1, b2 - a2) / cross(b1 - a1, b2 - a2),
/// is correctly rounded to T (0 ulps). Invalid input: kind none.
inline SegmentIntersection<float> segment_intersection(Segment<float> s1, Segment<float> s2) {
    return impl::segment_intersection(s1, s2);
}
inline SegmentIntersection<double> segment_intersection(Segment<double> s1, Segment<double> s2) {
    return impl::segment_intersection(s1, s2);
}

}  // namespace TOUCHSTONE_ROBUST_ABI
}  // namespace touchstone::robust
