// Fuzz target: robust::polygons_overlap against the exact oracle, float and
// double, raw bit patterns (each vertex count decoded into [3, 16]) or edge
// recipes (decode.hpp), judged under the robust core's claim (harness.hpp,
// robust_claim). Traps on any wrong answer, including one to invalid input
// (a polygon that is not strictly convex and counter-clockwise, NaN, inf:
// the documented answer is false).
#include "harness.hpp"
#include "touchstone/robust.hpp"

TOUCHSTONE_FUZZ_ROBUST_TARGET(polygons_overlap)
