// Fuzz target: robust::disks_overlap against the oracle, float and double, raw bit
// patterns or edge recipes (decode.hpp). Traps on any disagreement,
// including a wrong answer to invalid input (robust.hpp documents it).
#include "harness.hpp"
#include "touchstone/robust.hpp"

namespace {

using namespace touchstone;

struct Target {
    static constexpr fuzz::TargetSpec spec{Primitive::disks_overlap, fuzz::Precisions::both};
    static constexpr const char* name = "robust_disks_overlap";

    template <class T>
    static void check(const fuzz::Config<T>& c) {
        fuzz::check_robust_predicate<spec.primitive>(name, c, TOUCHSTONE_FUZZ_FN(robust::disks_overlap),
                                                     TOUCHSTONE_FUZZ_FN(oracle::disks_overlap));
    }
};

}  // namespace

TOUCHSTONE_FUZZ_TARGET(Target)
