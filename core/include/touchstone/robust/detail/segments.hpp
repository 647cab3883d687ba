// touchstone::robust — bodies of the segment-vs-segment primitives
// (declarations and contracts: touchstone/robust/segments.hpp).
#pragma once

#include "touchstone/geometry.hpp"
#include "touchstone/robust/detail/exact.hpp"
#include "touchstone/robust/detail/filter.hpp"
#include "touchstone/robust/detail/layers.hpp"
#include "touchstone/robust/detail/mutation.hpp"

namespace touchstone::robust {
inline namespace TOUCHSTONE_ROBUST_ABI {
namespace impl {

/// The filtered segments_intersect. Certain when one segment lies strictly
/// on one side of the other's line (false), or when all four orientations
/// are certified nonzero (then: a proper crossing iff both pairs straddle).
/// Touching, collinear and zero-length cases have a zero orientation and go
/// to the exact stage. Branch-free: random inputs cost no mispredictions.
struct SegmentsIntersectFilter {
    bool certain, hit;
    /// u: std::false_type for float inputs widened to double (no underflow).
    template <class F, bool Underflow = true>
    TOUCHSTONE_ROBUST_INLINE SegmentsIntersectFilter(F a1x, F a1y, F b1x, F b1y, F a2x, F a2y,
                                                     F b2x, F b2y,
                                                     std::bool_constant<Underflow> u = {}) {
        const auto d1 = filter_orientation(a2x, a2y, b2x, b2y, a1x, a1y, u);
        const auto d2 = filter_orientation(a2x, a2y, b2x, b2y, b1x, b1y, u);
        const auto d3 = TOUCHSTONE_MUTANT(si_orientation_flipped,
                                          filter_orientation(a1x, a1y, b1x, b1y, a2x, a2y, u),
                                          filter_orientation(b1x, b1y, a1x, a1y, a2x, a2y, u));
        const auto d4 = filter_orientation(a1x, a1y, b1x, b1y, b2x, b2y, u);
        const bool same12 = (d1.d > 0) == (d2.d > 0), same34 = (d3.d > 0) == (d4.d > 0);
        const bool all = d1.certain & d2.certain & d3.certain &
                         TOUCHSTONE_MUTANT(si_d4_uncertified, d4.certain, true);
        certain = all |
                  (TOUCHSTONE_MUTANT(si_side_uncertified, d1.certain, true) & d2.certain & same12) |
                  (d3.certain & d4.certain & same34);
        hit = all & !same12 & !same34;
    }
};

template <class T>
TOUCHSTONE_ROBUST_INLINE bool segments_intersect(Segment<T> s1, Segment<T> s2) {
    constexpr Primitive prim = Primitive::segments_intersect;
    const SegmentsIntersectFilter f(double(s1.a.x), double(s1.a.y), double(s1.b.x), double(s1.b.y),
                                    double(s2.a.x), double(s2.a.y), double(s2.b.x), double(s2.b.y),
                                    detail::MayUnderflow<T>{});
    if (TOUCHSTONE_ROBUST_ONE_BRANCH(f.certain)) {
        count<T>(prim, Layer::filter);
        return f.hit;
    }
    const double x[] = {s1.a.x, s1.a.y, s1.b.x, s1.b.y, s2.a.x, s2.a.y, s2.b.x, s2.b.y};
    Layer l;
    const bool hit = exact::segments_intersect(x, l);
    count<T>(prim, l);
    return hit;
}

template <class T>
SegmentIntersection<T> segment_intersection(Segment<T> s1, Segment<T> s2) {
    const double x[] = {s1.a.x, s1.a.y, s1.b.x, TOUCHSTONE_MUTANT(sx_packing_typo, s1.b.y, s1.b.x),
                        s2.a.x, s2.a.y, s2.b.x, s2.b.y};
    Layer l;
    SegmentIntersection<T> out = exact::segment_intersection<T>(x, l);
    count<T>(Primitive::segment_intersection, l);
    return out;
}

}  // namespace impl
}  // namespace TOUCHSTONE_ROBUST_ABI
}  // namespace touchstone::robust
