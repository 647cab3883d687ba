// Textbook orient2d: the orientation determinant as the classic references
// present it, evaluated naively in the input's own floating type.
//
// Source: J. O'Rourke, "Computational Geometry in C", 2nd ed. (1998), 1.3.3,
// Area2 / AreaSign: twice the signed area of triangle abc,
//   (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y),
// whose sign is the orientation (de Berg et al., "Computational Geometry:
// Algorithms and Applications", 1.1, state the same determinant test). The
// book computes it on integers, where it is exact; ported to float or double
// as engines ship it, its bugs are kept (they are what the audit shows):
//   * wrong sign near collinearity: the two products are rounded, so a
//     nearly collinear triple may get the wrong sign and an exactly
//     collinear one a nonzero sign (and a nearly collinear one 0);
//   * overflow: huge coordinates make a product infinite (a sign that may be
//     wrong) or the difference inf - inf = NaN, whose sign is read as 0;
//   * underflow: tiny differences make both products 0 (or subnormal and
//     inexact), so a turning triple is reported collinear.
// See docs/tutorials.md (textbook implementations).
#pragma once

#include "touchstone/geometry.hpp"

namespace touchstone::textbook {

/// O'Rourke's Area2(a, b, c), in T.
template <class T>
T area2(Vec2<T> a, Vec2<T> b, Vec2<T> c) {
    return (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y);
}

/// O'Rourke's AreaSign(a, b, c): +1 left turn, -1 right turn, 0 collinear.
template <class T>
int orient2d(Vec2<T> a, Vec2<T> b, Vec2<T> c) {
    const T area = area2(a, b, c);
    if (area > T(0)) return 1;
    if (area < T(0)) return -1;
    return 0;
}

}  // namespace touchstone::textbook
