// Fuzz target: tutorial port disks_overlap_002_sqrt (seed 002, sqrt form) against the
// oracle, in the tutorial's precision (float). Traps on the port's first
// disagreement: the time and the executions it takes measure how fast
// fuzzing finds the port's known bugs (scripts/fuzz-bench.sh).
#include "harness.hpp"
#include "touchstone/tutorial.hpp"

namespace {

using namespace touchstone;

struct Target {
    static constexpr fuzz::TargetSpec spec{Primitive::disks_overlap, fuzz::Precisions::f32_only};
    static constexpr const char* name = "tutorial_disks_overlap_002_sqrt";

    template <class T>
    static void check(const fuzz::Config<T>& c) {
        fuzz::check_tutorial<spec.primitive>(name, c,
                                             TOUCHSTONE_FUZZ_FN(tutorial::disks_overlap_002_sqrt));
    }
};

}  // namespace

TOUCHSTONE_FUZZ_TARGET(Target)
