// Results must not depend on FMA contraction (docs/contract.md): the robust
// core's inline code compiled with -ffp-contract=fast -mfma gives
// bit-identical answers to the normal build on cases from every case family
// applicable to each primitive (touchstone/families), where the filters sit
// right at their error bounds.
#include <gtest/gtest.h>

#include <cstdio>
#include <vector>

#include "fma_cases.hpp"
#include "touchstone/families/families.hpp"
#include "touchstone/geometry.hpp"

namespace {

using namespace touchstone;
using namespace touchstone::robust_test;

/// Cases per primitive and precision, spread in turn over the primitive's
/// applicable families: every primitive x 2 precisions x 3,600.
constexpr int kCasesPerPrimitive = 3'600;

template <class T>
int fill(std::array<std::vector<std::array<T, max_fields>>, kPrimitives>& out) {
    int n = 0;
    for (Primitive p : all_primitives) {
        auto& v = out[static_cast<std::size_t>(p)];
        const std::vector<families::Family> fams = families::families_for(p);
        std::uint64_t state = 0xf3a0u + 16u * static_cast<unsigned>(p) + sizeof(T);  // fixed seeds
        for (int i = 0; i < kCasesPerPrimitive; ++i) {
            const families::Family f = fams[static_cast<std::size_t>(i) % fams.size()];
            v.push_back(families::realize<T>(p, families::draw<T>(p, f, state)));
            ++n;
        }
    }
    return n;
}

bool cpu_has_fma() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("fma");
#else
    return false;
#endif
}

TEST(FmaContraction, VariantReallyContracts) {
    if (!cpu_has_fma()) GTEST_SKIP() << "CPU without FMA: the contracted build cannot run here";
    // (1 + 2^-30)(1 - 2^-30) - 1 = -2^-60 exactly; rounded separately it is 0.
    volatile double x = 1 + 0x1p-30, y = 1 - 0x1p-30, z = 1;
    EXPECT_EQ(plain_build::multiply_subtract(x, y, z), 0.0);
    EXPECT_EQ(contracted_build::multiply_subtract(x, y, z), -0x1p-60);
}

TEST(FmaContraction, AnswersAreBitIdentical) {
    if (!cpu_has_fma()) GTEST_SKIP() << "CPU without FMA: the contracted build cannot run here";
    FmaCases cases;
    const int n = fill(cases.f) + fill(cases.d);
    EXPECT_EQ(n, 2 * static_cast<int>(kPrimitives) * kCasesPerPrimitive);
    const auto want = plain_build::evaluate(cases);
    const auto got = contracted_build::evaluate(cases);
    ASSERT_EQ(want.size(), got.size());
    std::size_t diff = 0;
    for (std::size_t i = 0; i < want.size(); ++i) diff += want[i] != got[i];
    EXPECT_EQ(diff, 0u) << "answers that changed under -ffp-contract=fast -mfma";
    std::printf("compared %zu answer words over %d cases\n", want.size(), n);
}

}  // namespace
