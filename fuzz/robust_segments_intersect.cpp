// Fuzz target: robust::segments_intersect against the oracle, float and double, raw bit
// patterns or edge recipes (decode.hpp). Traps on any disagreement,
// including a wrong answer to invalid input (robust.hpp documents it).
#include "harness.hpp"
#include "touchstone/robust.hpp"

namespace {

using namespace touchstone;

struct Target {
    static constexpr fuzz::TargetSpec spec{Primitive::segments_intersect, fuzz::Precisions::both};
    static constexpr const char* name = "robust_segments_intersect";

    template <class T>
    static void check(const fuzz::Config<T>& c) {
        fuzz::check_robust_predicate<spec.primitive>(name, c, TOUCHSTONE_FUZZ_FN(robust::segments_intersect),
                                                     TOUCHSTONE_FUZZ_FN(oracle::segments_intersect));
    }
};

}  // namespace

TOUCHSTONE_FUZZ_TARGET(Target)
