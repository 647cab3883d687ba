// Gating Box2D 2.4.1's b2TestOverlap(const b2AABB&, const b2AABB&) as
// boxes_overlap: d1 = b.lower - a.upper, d2 = a.lower - b.upper, apart iff a
// component of d1 or d2 is > 0. Closed, no tolerance. The float subtractions
// keep the sign of the exact differences (round to nearest is monotonic, a
// difference is 0 only for equal operands under gradual underflow, and an
// overflow to +-inf keeps its sign), so the test is exact: it is gated
// (ctest box2d_aabb.AuditGate) rather than expected to fail like the other
// Box2D rows (box2d_adapters.cpp). The README's table says so.
#include <box2d/box2d.h>

#include "touchstone/conformance.hpp"

namespace {

b2AABB aabb(const touchstone::Box<float>& b) {
    b2AABB out;
    out.lowerBound.Set(b.lo.x, b.lo.y);
    out.upperBound.Set(b.hi.x, b.hi.y);
    return out;
}

bool test_overlap_aabb(touchstone::Box<float> a, touchstone::Box<float> b) {
    return b2TestOverlap(aabb(a), aabb(b));
}

}  // namespace

TOUCHSTONE_REGISTER(boxes_overlap, "box2d-testoverlap-aabb", test_overlap_aabb,
                    touchstone::conformance::closed());
