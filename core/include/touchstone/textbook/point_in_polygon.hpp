// Textbook point_in_polygon: the crossing-number (even-odd) test as the
// classic references present it, evaluated in the input's own floating type.
//
// Source: W. R. Franklin, "PNPOLY - Point Inclusion in Polygon Test"
// (https://wrfranklin.org/Research/Short_Notes/pnpoly.html), the loop that
// E. Haines, "Point in Polygon Strategies", Graphics Gems IV (1994), calls
// the crossings test: a ray from the point towards +x; an edge counts when
// its endpoints lie on different sides of the line y = py (one strictly
// above, `(yi > py) != (yj > py)`, which is how it handles a vertex on the
// ray and a horizontal edge: half-open, such an edge never counts), and the
// crossing is to the right when px < the edge's x at height py,
// (xj - xi) * (py - yi) / (yj - yi) + xi. Ported as written, bugs kept (they
// are what the audit shows):
//   * the boundary is not the closed polygon's: a point on an edge or a
//     vertex is inside or outside depending on which edge it is (on a left
//     edge it is in, on a right or top one out), so it misses the closed
//     boundary (Franklin says so: "the boundary is undefined");
//   * the crossing's x is rounded (a product, a quotient, a sum), so a point
//     within a few ulps of an edge may land on the wrong side of it;
//   * huge coordinates overflow the product to inf (or inf/inf = NaN, a
//     comparison that is false), tiny ones underflow it to 0.
// See docs/tutorials.md (textbook implementations).
#pragma once

#include "touchstone/geometry.hpp"

namespace touchstone::textbook {

/// Franklin's PNPOLY crossing-number test, in T. Vertex counts outside
/// [0, 16] are read as 0 vertices (no crossing: outside).
template <class T>
bool point_in_polygon(Vec2<T> p, const Polygon<T>& poly) {
    const int n = poly.n >= 0 && poly.n <= Polygon<T>::capacity ? poly.n : 0;
    bool c = false;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        const Vec2<T> vi = poly.v[static_cast<std::size_t>(i)];
        const Vec2<T> vj = poly.v[static_cast<std::size_t>(j)];
        if ((vi.y > p.y) != (vj.y > p.y) &&
            p.x < (vj.x - vi.x) * (p.y - vi.y) / (vj.y - vi.y) + vi.x)
            c = !c;
    }
    return c;
}

}  // namespace touchstone::textbook
