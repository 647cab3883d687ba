// Fuzz target: robust::capsule_hits_disk against the exact oracle, float and double,
// raw bit patterns or edge recipes (decode.hpp), judged under the robust
// core's claim (harness.hpp, robust_claim). Traps on any wrong answer,
// including a non-empty one to invalid input (the documented answer is false).
#include "harness.hpp"
#include "touchstone/robust.hpp"

TOUCHSTONE_FUZZ_ROBUST_TARGET(capsule_hits_disk)
