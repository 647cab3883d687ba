// touchstone::robust — the project's own float collision core, all eight
// primitives of DESIGN.md for float and double, exactly right for every
// finite input (predicates and construction kinds) with correctly rounded
// construction points (0 ulps from the exact point rounded to nearest-even).
//
// Layers (detail/layers.hpp): a double filter whose error bound is derived in
// detail/filter.hpp answers almost every ordinary call at about the cost of
// naive code; what it cannot certify goes to exact integer arithmetic on the
// inputs scaled to a common power of two (__int128 when the exponent spread
// allows, cpp_int otherwise). Define TOUCHSTONE_ROBUST_COUNTERS before
// including to count which layer answered (robust::counters()).
//
// Hardware and compiler assumptions: IEEE-754 binary32/binary64 with round
// to nearest (the default mode), SSE2 arithmetic (no x87 extended
// precision), no -ffast-math, and no FMA contraction in this code: the
// touchstone::core target passes -ffp-contract=off to every consumer.
#pragma once

#include "touchstone/robust/disks.hpp"
#include "touchstone/robust/segment_circle.hpp"
#include "touchstone/robust/segments.hpp"
#include "touchstone/robust/validate.hpp"
