// Fuzz target: tutorial port segment_hits_disk_003 (seed 003, segment vs disk) against the
// oracle, in the tutorial's precision (double). Traps on the port's first
// disagreement: the time and the executions it takes measure how fast
// fuzzing finds the port's known bugs (scripts/fuzz-bench.sh).
#include "harness.hpp"
#include "touchstone/tutorial.hpp"

namespace {

using namespace touchstone;

struct Target {
    static constexpr fuzz::TargetSpec spec{Primitive::segment_hits_disk,
                                           fuzz::Precisions::f64_only};
    static constexpr const char* name = "tutorial_segment_hits_disk_003";

    template <class T>
    static void check(const fuzz::Config<T>& c) {
        fuzz::check_tutorial<spec.primitive>(name, c,
                                             TOUCHSTONE_FUZZ_FN(tutorial::segment_hits_disk_003));
    }
};

}  // namespace

TOUCHSTONE_FUZZ_TARGET(Target)
