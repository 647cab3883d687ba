// Fuzz target: robust::segment_intersection against the oracle, float and double, raw bit
// patterns or edge recipes (decode.hpp). Traps on any disagreement,
// including a wrong answer to invalid input (robust.hpp documents it).
#include "harness.hpp"
#include "touchstone/robust.hpp"

namespace {

using namespace touchstone;

struct Target {
    static constexpr fuzz::TargetSpec spec{Primitive::segment_intersection, fuzz::Precisions::both};
    static constexpr const char* name = "robust_segment_intersection";

    template <class T>
    static void check(const fuzz::Config<T>& c) {
        fuzz::check_robust_construction<spec.primitive>(name, c,
                                                        TOUCHSTONE_FUZZ_FN(robust::segment_intersection),
                                                        TOUCHSTONE_FUZZ_FN(oracle::segment_intersection));
    }
};

}  // namespace

TOUCHSTONE_FUZZ_TARGET(Target)
