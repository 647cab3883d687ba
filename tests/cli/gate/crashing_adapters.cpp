// Adapters that crash or hang, registered the way a user does, for the
// tests that the audit, replay and the generated tests survive them
// (tests/cli/expect_isolation.cmake):
//
//  * fpe-disks: disks_overlap in double, right everywhere (it asks the
//    robust core) except that, like CGAL's Circle_2 built with an infinite
//    squared radius, it raises SIGFPE when r*r overflows while the centre's
//    coordinates square finitely: of the families of seed 1, only
//    extreme_overflow and extreme_radius draw such disks (extreme_mixed's
//    centres overflow too).
//  * hang-point: point_in_disk in double, right everywhere except that it
//    never returns for a point exactly at the centre of a disk of radius 0,
//    of magnitude 2^-8 to 2^8, whose bits hash to 1 modulo 73 (one case in
//    the first 300 draws of seed 1, in the degenerate family).
//    TOUCHSTONE_TEST_RARE=n sets the modulus (the generated test's draws
//    need 7 to meet one).
// TOUCHSTONE_TEST_PROBE=1 makes both return the wrong answer instead of
// crashing or hanging, to count how often each fires (a tool for tuning
// the conditions, not used by the tests).
#include <cmath>
#include <csignal>
#include <cstdint>
#include <cstdlib>

#include "touchstone/bits.hpp"
#include "touchstone/conformance.hpp"
#include "touchstone/robust.hpp"

namespace {

using touchstone::Circle;
using touchstone::Vec2;

bool probing() { return std::getenv("TOUCHSTONE_TEST_PROBE") != nullptr; }

/// One in `rare_modulus` of the points, by their bits.
std::uint64_t rare_modulus() {
    const char* m = std::getenv("TOUCHSTONE_TEST_RARE");
    return m ? std::strtoull(m, nullptr, 10) : 73;
}
bool rare(Vec2<double> p) {
    return (touchstone::to_bits(p.x) * 3 + touchstone::to_bits(p.y)) % rare_modulus() == 1;
}

bool fpe_disks(Circle<double> a, Circle<double> b) {
    const bool right = touchstone::robust::call_by_name<touchstone::Primitive::disks_overlap>(a, b);
    for (const Circle<double>& d : {a, b}) {
        const volatile double square = d.r * d.r;
        const volatile double centre = d.c.x * d.c.x + d.c.y * d.c.y;
        if (square == HUGE_VAL && centre != HUGE_VAL) {
            if (probing()) return !right;
            std::raise(SIGFPE);
        }
    }
    return right;
}

bool hang_point(Vec2<double> p, Circle<double> c) {
    const bool right = touchstone::robust::call_by_name<touchstone::Primitive::point_in_disk>(p, c);
    const double size = std::fabs(p.x);
    if (c.r == 0 && p.x == c.c.x && p.y == c.c.y && size >= 0x1p-8 && size <= 0x1p8 && rare(p)) {
        if (probing()) return !right;
        for (volatile bool forever = true; forever;) {
        }
    }
    return right;
}

}  // namespace

TOUCHSTONE_REGISTER(disks_overlap, "fpe-disks", fpe_disks, touchstone::conformance::closed());
TOUCHSTONE_REGISTER(point_in_disk, "hang-point", hang_point, touchstone::conformance::closed());
