// touchstone::robust — bodies of the segment-vs-segment primitives
// (declarations and contracts: touchstone/robust/segments.hpp).
#pragma once

#include "touchstone/geometry.hpp"
#include "touchstone/robust/detail/exact.hpp"
#include "touchstone/robust/detail/filter.hpp"
#include "touchstone/robust/detail/layers.hpp"

namespace touchstone::robust {
inline namespace TOUCHSTONE_ROBUST_ABI {
namespace impl {

/// The filtered answer of segments_intersect (1 / 0), or declined. Certified
/// only when every orientation it uses is certified nonzero: then either one
/// segment lies strictly on one side of the other's line (0), or the two
/// cross properly (1). Touching, collinear and zero-length cases have a zero
/// orientation and go to the exact stage.
inline int filter_segments_intersect(double a1x, double a1y, double b1x, double b1y, double a2x,
                                     double a2y, double b2x, double b2y) {
    const int d3 = filter_orientation(a1x, a1y, b1x, b1y, a2x, a2y);
    const int d4 = filter_orientation(a1x, a1y, b1x, b1y, b2x, b2y);
    if (d3 == d4 && d3 != declined) return 0;
    const int d1 = filter_orientation(a2x, a2y, b2x, b2y, a1x, a1y);
    const int d2 = filter_orientation(a2x, a2y, b2x, b2y, b1x, b1y);
    if (d1 == d2 && d1 != declined) return 0;
    if (d1 == declined || d2 == declined || d3 == declined || d4 == declined) return declined;
    return 1;  // d1 != d2 and d3 != d4, all nonzero: a proper crossing
}

template <class T>
bool segments_intersect(Segment<T> s1, Segment<T> s2) {
    constexpr Primitive prim = Primitive::segments_intersect;
    const int sg = filter_segments_intersect(s1.a.x, s1.a.y, s1.b.x, s1.b.y, s2.a.x, s2.a.y, s2.b.x, s2.b.y);
    if (sg != declined) {
        count<T>(prim, Layer::filter);
        return sg == 1;
    }
    const double x[] = {s1.a.x, s1.a.y, s1.b.x, s1.b.y, s2.a.x, s2.a.y, s2.b.x, s2.b.y};
    Layer l;
    const bool hit = exact::segments_intersect(x, l);
    count<T>(prim, l);
    return hit;
}

template <class T>
SegmentIntersection<T> segment_intersection(Segment<T> s1, Segment<T> s2) {
    const double x[] = {s1.a.x, s1.a.y, s1.b.x, s1.b.y, s2.a.x, s2.a.y, s2.b.x, s2.b.y};
    Layer l;
    SegmentIntersection<T> out = exact::segment_intersection<T>(x, l);
    count<T>(Primitive::segment_intersection, l);
    return out;
}

}  // namespace impl
}  // namespace TOUCHSTONE_ROBUST_ABI
}  // namespace touchstone::robust
