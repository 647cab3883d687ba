// touchstone::robust — bodies of the disk predicates and circle_intersections
// (declarations and contracts: touchstone/robust/disks.hpp).
#pragma once

#include "touchstone/geometry.hpp"
#include "touchstone/robust/detail/exact.hpp"
#include "touchstone/robust/detail/filter.hpp"
#include "touchstone/robust/detail/layers.hpp"

namespace touchstone::robust {
inline namespace TOUCHSTONE_ROBUST_ABI {
namespace impl {

template <class T>
bool point_in_disk(Vec2<T> p, Circle<T> c) {
    constexpr Primitive prim = Primitive::point_in_disk;
    const double r = c.r;
    if (!(r >= 0)) {  // negative or NaN radius: invalid, false
        count<T>(prim, Layer::filter);
        return false;
    }
    const double dx = double(p.x) - double(c.c.x), dy = double(p.y) - double(c.c.y);
    const int s = filter_dist2(dx, dy, r * r);
    if (s != declined) {
        count<T>(prim, Layer::filter);
        return s < 0;
    }
    const double x[] = {p.x, p.y, c.c.x, c.c.y, c.r};
    Layer l;
    const bool hit = exact::point_in_disk(x, l);
    count<T>(prim, l);
    return hit;
}

template <class T>
bool disks_overlap(Circle<T> c1, Circle<T> c2) {
    constexpr Primitive prim = Primitive::disks_overlap;
    const double r1 = c1.r, r2 = c2.r;
    if (!(r1 >= 0 && r2 >= 0)) {
        count<T>(prim, Layer::filter);
        return false;
    }
    const double dx = double(c1.c.x) - double(c2.c.x), dy = double(c1.c.y) - double(c2.c.y);
    const double s = r1 + r2;
    const int sg = filter_dist2(dx, dy, s * s);
    if (sg != declined) {
        count<T>(prim, Layer::filter);
        return sg < 0;
    }
    const double x[] = {c1.c.x, c1.c.y, c1.r, c2.c.x, c2.c.y, c2.r};
    Layer l;
    const bool hit = exact::disks_overlap(x, l);
    count<T>(prim, l);
    return hit;
}

template <class T>
CircleIntersection<T> circle_intersections(Circle<T> c1, Circle<T> c2) {
    const double x[] = {c1.c.x, c1.c.y, c1.r, c2.c.x, c2.c.y, c2.r};
    Layer l;
    CircleIntersection<T> out = exact::circle_intersections<T>(x, l);
    count<T>(Primitive::circle_intersections, l);
    return out;
}

}  // namespace impl
}  // namespace TOUCHSTONE_ROBUST_ABI
}  // namespace touchstone::robust
