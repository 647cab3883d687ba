// touchstone fuzz — libFuzzer's floor: a target that does nothing.
//
// Its executions per second are what the engine alone allows on a machine
// (choosing an input, mutating it, clearing and collecting the coverage
// maps, timing the run): no target can run faster, and a target's rate is
// best read as a share of this one. scripts/fuzz-bench.sh (its "rate"
// part) runs it first and gives every target's rate beside it. Not a
// target of ClusterFuzzLite: it tests nothing.
#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t*, std::size_t) { return 0; }
