// touchstone::robust — the project's own float collision core, every
// primitive of docs/primitives.md for float and double, exactly right for every
// finite input (predicates and construction kinds) with correctly rounded
// construction points (0 ulps from the exact point rounded to nearest-even).
//
// Layers (detail/layers.hpp): a double filter whose error bound is derived in
// detail/filter.hpp answers almost every ordinary call inline; where long
// double is the x87 80-bit format, the same filter in long double (out of
// line, no overflow or underflow) answers almost every near-degenerate one,
// and elsewhere (MSVC, Apple Silicon, aarch64) those go straight on; the
// exact and almost exact degeneracies go to integer arithmetic on the inputs
// scaled to a common power of two (64-bit integers with 128-bit products,
// 128-bit with 256-bit products, or wider integers for any exponent spread,
// of a fixed capacity on the stack in the predicates (docs/contract.md,
// "Memory and stack"), Boost's cpp_int in the constructions; the
// 128-bit type is __int128 where the compiler has it and a portable one
// otherwise). Constructions round with the same integers: a double-double
// approximation with a derived error bound certifies the rounding, or exact
// comparisons with the rounding midpoints decide it. Define
// TOUCHSTONE_ROBUST_COUNTERS before including to count which layer answered
// (robust::counters()).
//
// Hardware and compiler assumptions: IEEE-754 binary32/binary64, SSE2
// arithmetic (no x87 extended precision), no -ffast-math (both refused at
// compile time: touchstone/float_semantics.hpp), and no FMA contraction in
// this code: the touchstone::core target passes -ffp-contract=off to every
// consumer. At run time, the default floating-point environment: round to
// nearest, no flush-to-zero or denormals-are-zero (DefaultFloatingPoint,
// floating_point_environment_ok(), and TOUCHSTONE_ROBUST_CHECK_ENVIRONMENT
// for debug builds: touchstone/robust/fp_environment.hpp).
#pragma once

#include "touchstone/robust/convex.hpp"
#include "touchstone/robust/disks.hpp"
#include "touchstone/robust/fp_environment.hpp"
#include "touchstone/robust/orient2d.hpp"
#include "touchstone/robust/polygons.hpp"
#include "touchstone/robust/ray_casts.hpp"
#include "touchstone/robust/segment_circle.hpp"
#include "touchstone/robust/segments.hpp"
#include "touchstone/robust/shapes.hpp"
#include "touchstone/robust/validate.hpp"

namespace touchstone::robust {
/// call_by_name<P>(shapes...): the robust core's function for primitive P.
TOUCHSTONE_DEFINE_CALL_BY_NAME()
}  // namespace touchstone::robust
