// Fuzz target: robust::orient2d against the exact oracle, float and double,
// raw bit patterns or edge recipes (decode.hpp), judged under the robust
// core's claim (harness.hpp, robust_claim). Traps on any wrong sign,
// including one to invalid input (the documented answer is 0).
#include "harness.hpp"
#include "touchstone/robust.hpp"

TOUCHSTONE_FUZZ_ROBUST_TARGET(orient2d)
