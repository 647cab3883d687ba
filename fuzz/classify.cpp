// touchstone fuzz — the case family of a configuration (decode.hpp,
// family_class), decided exactly from its inputs. Called on disagreements
// only; built without coverage instrumentation like the rest of the support
// library.
#include "decode.hpp"
#include "touchstone/oracle/exact.hpp"

namespace touchstone::fuzz {

namespace {

using oracle::Rational;

/// Exact orientation of c against the line through a and b: the sign of
/// (b - a) x (c - a).
template <class T>
int orientation(const T* a, const T* b, const T* c) {
    const Rational ax = oracle::to_rational(a[0]), ay = oracle::to_rational(a[1]);
    const Rational d = (oracle::to_rational(b[0]) - ax) * (oracle::to_rational(c[1]) - ay) -
                       (oracle::to_rational(b[1]) - ay) * (oracle::to_rational(c[0]) - ax);
    return d.sign();
}

/// Whether point p lies exactly on the circle (cx, cy, r).
template <class T>
bool on_circle(const T* p, const T* circle) {
    const T args[5] = {p[0], p[1], circle[0], circle[1], circle[2]};
    return oracle::within_band(Primitive::point_in_disk, args, 0.0);
}

template <class T>
const char* classify(const Config<T>& c) {
    if (!is_valid(c)) return "invalid";
    switch (bug_class(c)) {
        case BugClass::range: return "extreme";
        case BugClass::degenerate: return "degenerate";
        case BugClass::boundary: break;
    }
    const T* a = c.args.data();
    const bool two_segments =
        c.primitive == Primitive::segments_intersect || c.primitive == Primitive::segment_intersection;
    if (two_segments && orientation(a, a + 2, a + 4) == 0 && orientation(a, a + 2, a + 6) == 0)
        return "collinear";
    if (!oracle::within_band(c.primitive, a, 0.0)) return two_segments ? "near_collinear" : "near_tangent";
    if (two_segments) return "endpoint";
    switch (c.primitive) {
        case Primitive::segment_hits_disk:
        case Primitive::segment_meets_circle:
        case Primitive::segment_circle_points:
            if (on_circle(a, a + 4) || on_circle(a + 2, a + 4)) return "endpoint";
            return "tangent";
        default: return "tangent";
    }
}

}  // namespace

const char* family_class(const Config<float>& c) { return classify(c); }
const char* family_class(const Config<double>& c) { return classify(c); }

}  // namespace touchstone::fuzz
