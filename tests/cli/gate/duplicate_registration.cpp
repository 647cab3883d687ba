// Two registrations of the same (name, primitive, precision): the
// executable must stop at start-up naming both places
// (Conformance.DuplicateRegistrationNamesBothPlaces).
#include "touchstone/conformance.hpp"

namespace {

template <class T>
bool overlap(touchstone::Circle<T> a, touchstone::Circle<T> b) {
    const T dx = a.c.x - b.c.x, dy = a.c.y - b.c.y, rr = a.r + b.r;
    return dx * dx + dy * dy <= rr * rr;
}

template <class T>
bool overlap_swapped(touchstone::Circle<T> a, touchstone::Circle<T> b) {
    return overlap(b, a);
}

}  // namespace

TOUCHSTONE_REGISTER(disks_overlap, "mylib", overlap<float>, touchstone::conformance::closed());
// The same name at another precision is another row: allowed.
TOUCHSTONE_REGISTER(disks_overlap, "mylib", overlap<double>, touchstone::conformance::closed());
// The same name, primitive and precision again: an error naming both lines.
TOUCHSTONE_REGISTER(disks_overlap, "mylib", overlap_swapped<float>,
                    touchstone::conformance::closed());
