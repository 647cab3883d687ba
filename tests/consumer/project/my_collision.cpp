// A user's own disk-overlap test, gated in one line. It is exact because it
// defers to the robust core; the point is the registration.
#include <touchstone/conformance.hpp>
#include <touchstone/robust.hpp>

namespace {
bool my_disks_overlap(touchstone::Circle<double> a, touchstone::Circle<double> b) {
    return touchstone::robust::disks_overlap(a, b);
}
}  // namespace

TOUCHSTONE_REGISTER(disks_overlap, "mine-disks", my_disks_overlap,
                    touchstone::conformance::closed());
