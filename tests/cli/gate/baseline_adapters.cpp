// A small "library" with a known, accepted bug and a bug that can be
// switched on, registered the way a user does, for the baseline test
// (tests/cli/gate/expect_baseline.cmake) and the AuditGate with BASELINE:
//
//  * base-disks: disks_overlap in float as |d|^2 <= (r1 + r2)^2 in float:
//    the rounded squares misjudge near-tangent cases and overflow on huge
//    ones (the known findings the baseline accepts).
//  * base-points: point_in_disk in double, right (it asks the robust core)
//    unless TOUCHSTONE_TEST_NEW_BUG=1: then a point exactly at the centre of
//    a disk of radius 0 is called outside (a new false miss).
#include <cstdlib>
#include <cstring>

#include "touchstone/conformance.hpp"
#include "touchstone/robust.hpp"

namespace {

using touchstone::Circle;
using touchstone::Vec2;

bool base_disks(Circle<float> a, Circle<float> b) {
    const float dx = a.c.x - b.c.x, dy = a.c.y - b.c.y, rr = a.r + b.r;
    return dx * dx + dy * dy <= rr * rr;
}

[[maybe_unused]] bool new_bug() {
    const char* e = std::getenv("TOUCHSTONE_TEST_NEW_BUG");
    return e && std::strcmp(e, "1") == 0;
}

[[maybe_unused]] bool base_points(Vec2<double> p, Circle<double> c) {
    if (new_bug() && c.r == 0) return false;
    return touchstone::robust::call_by_name<touchstone::Primitive::point_in_disk>(p, c);
}

}  // namespace

TOUCHSTONE_REGISTER(disks_overlap, "base-disks", base_disks, touchstone::conformance::closed());
// The generated gate_baseline target (BASELINE, EXPECT_FINDINGS) keeps only
// the known bug: its agreement tests must all fail.
#ifndef TOUCHSTONE_TEST_KNOWN_BUGS_ONLY
TOUCHSTONE_REGISTER(point_in_disk, "base-points", base_points, touchstone::conformance::closed());
#endif
