// touchstone::robust — bodies of the disk predicates and circle_intersections
// (declarations and contracts: touchstone/robust/disks.hpp).
#pragma once

#include <cmath>

#include "touchstone/geometry.hpp"
#include "touchstone/robust/detail/exact.hpp"
#include "touchstone/robust/detail/filter.hpp"
#include "touchstone/robust/detail/layers.hpp"
#include "touchstone/robust/detail/mutation.hpp"

namespace touchstone::robust {
inline namespace TOUCHSTONE_ROBUST_ABI {
namespace impl {

template <class T>
TOUCHSTONE_ROBUST_INLINE bool point_in_disk(Vec2<T> p, Circle<T> c) {
    constexpr Primitive prim = Primitive::point_in_disk;
    const double r = c.r;
    // r |r|: a negative (invalid) radius can only be certified outside, i.e.
    // false, the invalid-input answer; NaN is never certified.
    const auto f = filter_disk(
        TOUCHSTONE_MUTANT(pid_difference_in_T, double(p.x) - double(c.c.x), double(p.x - c.c.x)),
        double(p.y) - double(c.c.y),
        TOUCHSTONE_MUTANT(pid_negative_radius_squared, r * std::fabs(r), r * r),
        detail::MayUnderflow<T>{}, detail::Bounds<double>::eps_point_disk);
    if (TOUCHSTONE_ROBUST_LIKELY(TOUCHSTONE_MUTANT(pid_filter_uncertified, f.certain, true))) {
        count<T>(prim, Layer::filter);
        // The sign bit of a certified (nonzero) d: one operation fewer than
        // d < 0 (no zero to load and compare against).
        return std::signbit(f.d);
    }
    Layer l;
    const bool hit = exact::point_in_disk(p.x, p.y, c.c.x, c.c.y, c.r, l);
    count<T>(prim, l);
    return hit;
}

template <class T>
TOUCHSTONE_ROBUST_INLINE bool disks_overlap(Circle<T> c1, Circle<T> c2) {
    constexpr Primitive prim = Primitive::disks_overlap;
    constexpr detail::MayUnderflow<T> u{};
    const double r1 = c1.r, r2 = c2.r, sum = r1 + r2;
    const double dx = double(c1.c.x) - double(c2.c.x), dy = double(c1.c.y) - double(c2.c.y);
    const double rr = TOUCHSTONE_MUTANT(do_cross_term_dropped, sum * sum, r1 * r1 + r2 * r2);
    // One two-sided certificate, branch-free on the answer (filter_disk, as
    // point_in_disk): the answers of random inputs are random, and a branch
    // on them mispredicts (issue 15, sixth round: the two one-sided tests
    // "apart first, then overlap" measured 4.7-4.9x naive on 65,536 uniform
    // inputs, where 4,096 had let the branch predictor learn the answers).
    // (r1 >= 0) & (r2 >= 0): false for a negative radius, the invalid-input
    // answer (-0 is a valid radius; NaN is never certified: D is NaN).
    // A negative radius (invalid: the answer is false) goes to the exact
    // stage, which answers it: two branches that are never taken on valid
    // input (predicted), instead of combining both comparisons with the
    // answer's bit (NaN radii need nothing: D is NaN, never certified).
    const bool radius_negative =
        TOUCHSTONE_MUTANT(do_negative_radius_unchecked, (r1 < 0) || (r2 < 0), false);
    const auto f = filter_disk(dx, dy, rr, u, detail::Bounds<double>::eps_disks);
    if (TOUCHSTONE_ROBUST_LIKELY(!radius_negative && f.certain)) {
        count<T>(prim, Layer::filter);
        return std::signbit(f.d);
    }
    Layer l;
    const bool hit = exact::disks_overlap(c1.c.x, c1.c.y, c1.r, c2.c.x, c2.c.y, c2.r, l);
    count<T>(prim, l);
    return hit;
}

template <class T>
CircleIntersection<T> circle_intersections(Circle<T> c1, Circle<T> c2) {
    const double x[] = {c1.c.x, c1.c.y, TOUCHSTONE_MUTANT(ci_r1_packed_as_r2, c1.r, c2.r),
                        c2.c.x, c2.c.y, c2.r};
    Layer l;
    CircleIntersection<T> out = exact::circle_intersections<T>(x, l);
    count<T>(Primitive::circle_intersections, l);
    return out;
}

}  // namespace impl
}  // namespace TOUCHSTONE_ROBUST_ABI
}  // namespace touchstone::robust
