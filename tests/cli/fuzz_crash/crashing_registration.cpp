// A user fuzz target (touchstone_add_conformance's NAME_fuzz) over three
// registered functions: "sigfpe-disks" raises SIGFPE on every call, as an
// adapter that divides by zero would; "never-disks" always says apart (a
// known finding on touching disks); "plain-disks" is right. The crash must
// print the case line and the replay command (fuzz/report.cpp), and
// TOUCHSTONE_FUZZ_ONLY must select the other function
// (tests/cli/expect_fuzz_crash.cmake), and TOUCHSTONE_FUZZ_REPORT_ONLY must
// go on past never-disks' finding.
#include <csignal>

#include "touchstone/conformance.hpp"

namespace {

using touchstone::Circle;

bool sigfpe_disks(Circle<double>, Circle<double>) {
    std::raise(SIGFPE);
    return false;
}

bool never_disks(Circle<double>, Circle<double>) { return false; }

bool plain_disks(Circle<double> a, Circle<double> b) {
    // Exact enough for the inputs this test feeds (small integers).
    const double dx = a.c.x - b.c.x, dy = a.c.y - b.c.y, rr = a.r + b.r;
    return dx * dx + dy * dy <= rr * rr;
}

}  // namespace

TOUCHSTONE_REGISTER(disks_overlap, "sigfpe-disks", sigfpe_disks, touchstone::conformance::closed());
TOUCHSTONE_REGISTER(disks_overlap, "never-disks", never_disks, touchstone::conformance::closed());
TOUCHSTONE_REGISTER(disks_overlap, "plain-disks", plain_disks, touchstone::conformance::closed());
