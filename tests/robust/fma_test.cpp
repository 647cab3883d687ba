// Results must not depend on FMA contraction (DESIGN.md): the robust core's
// inline code compiled with -ffp-contract=fast -mfma gives bit-identical
// answers to the normal build on edge cases from every family, where the
// filters sit right at their error bounds.
#include <gtest/gtest.h>

#include "edge_cases.hpp"
#include "fma_cases.hpp"
#include "touchstone/geometry.hpp"

namespace {

using namespace touchstone;
using namespace touchstone::robust_test;

template <class T>
void fill(Rng& g, std::array<std::vector<std::array<T, 8>>, 8>& out, int per_family) {
    for (Primitive p : all_primitives) {
        auto& v = out[static_cast<int>(p)];
        for (int f = 0; f < family_count; ++f) {
            for (int i = 0; i < per_family; ++i) {
                std::array<T, 8> x{};
                const auto fam = static_cast<Family>(f);
                switch (arity(p)) {
                    case 5: { auto a = point_disk_case<T>(g, fam); std::copy(a.begin(), a.end(), x.begin()); break; }
                    case 6: { auto a = two_circles_case<T>(g, fam); std::copy(a.begin(), a.end(), x.begin()); break; }
                    case 7: { auto a = segment_circle_case<T>(g, fam); std::copy(a.begin(), a.end(), x.begin()); break; }
                    default: { auto a = two_segments_case<T>(g, fam); std::copy(a.begin(), a.end(), x.begin()); break; }
                }
                v.push_back(x);
            }
        }
    }
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
    Rng g(0xf3a);
    FmaCases cases;
    fill(g, cases.f, 400);
    fill(g, cases.d, 400);
    const auto want = plain_build::evaluate(cases);
    const auto got = contracted_build::evaluate(cases);
    ASSERT_EQ(want.size(), got.size());
    std::size_t diff = 0;
    for (std::size_t i = 0; i < want.size(); ++i) diff += want[i] != got[i];
    EXPECT_EQ(diff, 0u) << "answers that changed under -ffp-contract=fast -mfma";
    std::printf("compared %zu answer words over %d cases\n", want.size(), 2 * 8 * family_count * 400);
}

}  // namespace
