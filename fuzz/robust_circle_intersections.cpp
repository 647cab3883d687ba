// Fuzz target: robust::circle_intersections against the oracle, float and double, raw bit
// patterns or edge recipes (decode.hpp). Traps on any disagreement,
// including a wrong answer to invalid input (robust.hpp documents it).
#include "harness.hpp"
#include "touchstone/robust.hpp"

namespace {

using namespace touchstone;

struct Target {
    static constexpr fuzz::TargetSpec spec{Primitive::circle_intersections, fuzz::Precisions::both};
    static constexpr const char* name = "robust_circle_intersections";

    template <class T>
    static void check(const fuzz::Config<T>& c) {
        fuzz::check_robust_construction<spec.primitive>(name, c,
                                                        TOUCHSTONE_FUZZ_FN(robust::circle_intersections),
                                                        TOUCHSTONE_FUZZ_FN(oracle::circle_intersections));
    }
};

}  // namespace

TOUCHSTONE_FUZZ_TARGET(Target)
