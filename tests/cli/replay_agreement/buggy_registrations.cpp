// Two user functions with deliberate bugs, registered the way a user does,
// for the test that replay and audit give the same verdict on every
// counterexample the audit emits (tests/cli/expect_replay_agrees.cmake).
//
//  * open-disks: disks_overlap in float as |d|^2 < (r1 + r2)^2, claiming
//    open(): exact tangency is a correct miss under that claim; the rounded
//    squares misjudge near-tangent cases and overflow on huge ones.
//  * skin-segment: segment_hits_disk in double as "distance from the centre
//    to the segment <= r + 0.01", claiming closed().within_absolute(0.01):
//    the skin's false hits lie inside the declared band (tolerated); a
//    zero-length segment normalises to NaN and misses even deep inside the
//    disk, outside any band.
#include <algorithm>
#include <cmath>

#include "touchstone/conformance.hpp"

namespace {

using touchstone::Circle;
using touchstone::Segment;

bool open_disks(Circle<float> a, Circle<float> b) {
    const float dx = a.c.x - b.c.x, dy = a.c.y - b.c.y, rr = a.r + b.r;
    return dx * dx + dy * dy < rr * rr;
}

constexpr double skin = 0.01;

bool skin_segment(Segment<double> s, Circle<double> c) {
    const double vx = s.b.x - s.a.x, vy = s.b.y - s.a.y;
    const double len = std::sqrt(vx * vx + vy * vy);
    const double ux = vx / len, uy = vy / len;  // NaN for a zero-length segment
    double t = (c.c.x - s.a.x) * ux + (c.c.y - s.a.y) * uy;
    t = t < 0 ? 0 : t > len ? len : t;  // NaN stays NaN
    const double px = s.a.x + t * ux, py = s.a.y + t * uy;
    return std::hypot(c.c.x - px, c.c.y - py) <= c.r + skin;
}

}  // namespace

TOUCHSTONE_REGISTER(disks_overlap, "open-disks", open_disks, touchstone::conformance::open());
TOUCHSTONE_REGISTER(segment_hits_disk, "skin-segment", skin_segment,
                    touchstone::conformance::closed().within_absolute(skin));
