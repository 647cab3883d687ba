// Fuzz target: robust::ray_cast_polygon against the exact oracle, float and
// double, raw bit patterns (the vertex count decoded into [3, 16]) or edge
// recipes (decode.hpp), judged under the robust core's claim (harness.hpp,
// robust_claim). Traps on any wrong hit or miss, any t not correctly
// rounded (0 ulps), and any answer to invalid input (NaN, inf, a polygon
// that is not strictly convex and counter-clockwise) other than the
// documented miss.
#include "harness.hpp"
#include "touchstone/robust.hpp"

TOUCHSTONE_FUZZ_ROBUST_TARGET(ray_cast_polygon)
