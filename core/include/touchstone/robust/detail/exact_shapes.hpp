// touchstone::robust::exact — the exact stages of the capsule primitives
// (issue 12), defined in core/src/robust/exact_shapes.cpp. Same contract as
// exact.hpp: inputs in case-file order widened to double, validated (invalid:
// false, layer filter), then decided on integers scaled to a common power of
// two (int128, int256, wide layers). The box primitives need no stage of
// their own: boxes_overlap is comparisons only, segment_hits_box comparisons
// and exact::orientation.
#pragma once

#include "touchstone/robust/detail/layers.hpp"

namespace touchstone::robust::exact {

/// x = a1x a1y b1x b1y r1 a2x a2y b2x b2y r2: dist(segment 1, segment 2) <= r1 + r2.
bool capsules_overlap(const double* x, Layer& layer);

/// x = ax ay bx by r1 cx cy r2: dist(c, segment ab) <= r1 + r2.
bool capsule_hits_disk(const double* x, Layer& layer);

}  // namespace touchstone::robust::exact
