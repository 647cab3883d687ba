// touchstone::robust — disks and circles: point_in_disk, disks_overlap,
// circle_intersections.
//
// Exact for every finite float and double input (docs/contract.md),
// including squares that overflow or underflow in T. Evaluation is layered
// (detail/layers.hpp): a double filter with a derived bound
// (detail/filter.hpp), a double-double stage (core/src/robust), then exact scaled
// integers (int128, int256, cpp_int). Invalid input (NaN, +-inf,
// negative radius): predicates return false, constructions kind none with
// zero points; see validate.hpp.
#pragma once

#include "touchstone/geometry.hpp"
#include "touchstone/robust/detail/disks.hpp"
#include "touchstone/robust/detail/mutation.hpp"

namespace touchstone::robust {
inline namespace TOUCHSTONE_ROBUST_ABI {

/// Closed disk: true iff |p - c.c| <= c.r exactly (the boundary counts; r = 0
/// is the point c.c). Invalid input: false.
TOUCHSTONE_ROBUST_INLINE bool point_in_disk(Vec2<float> p, Circle<float> c) {
    return impl::point_in_disk(p, c);
}
TOUCHSTONE_ROBUST_INLINE bool point_in_disk(Vec2<double> p, Circle<double> c) {
    return impl::point_in_disk(p, c);
}

/// Closed disks: true iff |c1.c - c2.c| <= c1.r + c2.r exactly (touching
/// counts). Invalid input: false.
TOUCHSTONE_ROBUST_INLINE bool disks_overlap(Circle<float> c1, Circle<float> c2) {
    return impl::disks_overlap(c1, c2);
}
TOUCHSTONE_ROBUST_INLINE bool disks_overlap(Circle<double> c1, Circle<double> c2) {
    return impl::disks_overlap(c1, c2);
}

/// Common points of the two circumferences, kind decided exactly with
/// d = |D|, D = c2 - c1: coincident (same centre, same radius > 0); one (two
/// zero radii at the same centre: that centre); contained (same centre,
/// different radii, or d < |r1 - r2|); none (d > r1 + r2); one (d == r1 + r2
/// or d == |r1 - r2|: c1 + D r1 / (r1 +- r2)); else two, points[0] left of
/// the directed line c1 -> c2 and points[1] right of it:
///   c1 + a D +- (sqrt(K) / d^2) (-Dy, Dx),  a = (d^2 + r1^2 - r2^2) / (2 d^2),
///   K = r1^2 d^2 - ((d^2 + r1^2 - r2^2) / 2)^2.
/// Every coordinate is the exact value correctly rounded to T (round to
/// nearest, ties to even): 0 ulps. A coordinate beyond T's range rounds to
/// +-inf as IEEE rounding would. Invalid input: kind none, count 0.
inline CircleIntersection<float> circle_intersections(Circle<float> c1, Circle<float> c2) {
    return impl::circle_intersections(c1, c2);
}
inline CircleIntersection<double> circle_intersections(Circle<double> c1, Circle<double> c2) {
    return TOUCHSTONE_MUTANT(ci_circles_swapped, impl::circle_intersections(c1, c2),
                             impl::circle_intersections(c2, c1));
}

}  // namespace TOUCHSTONE_ROBUST_ABI
}  // namespace touchstone::robust
