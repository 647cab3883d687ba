// Fuzz target: robust::ray_cast_box against the exact oracle, float and double,
// raw bit patterns or edge recipes (decode.hpp), judged under the robust
// core's claim (harness.hpp, robust_claim). Traps on any wrong hit or miss,
// any t not correctly rounded (0 ulps), and any answer to invalid input other
// than the documented miss.
#include "harness.hpp"
#include "touchstone/robust.hpp"

TOUCHSTONE_FUZZ_ROBUST_TARGET(ray_cast_box)
