// The FMA-contraction check: the same evaluation compiled twice, once as the
// project builds it (-ffp-contract=off) and once with -ffp-contract=fast
// -mfma under its own inline-namespace tag (so the two copies of the inline
// robust code cannot be merged by the linker). fma_test.cpp compares them.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "touchstone/primitive.hpp"

namespace touchstone::robust_test {

/// Number of primitives (rows of the table).
inline constexpr std::size_t kPrimitives = all_primitives.size();

/// Inputs per primitive (index = Primitive), in case-file order, padded to 8.
struct FmaCases {
    std::array<std::vector<std::array<float, max_fields>>, kPrimitives> f;
    std::array<std::vector<std::array<double, max_fields>>, kPrimitives> d;
};

namespace plain_build {
/// Every answer's bits: predicates 0/1, constructions kind, count and point bits.
std::vector<std::uint64_t> evaluate(const FmaCases& cases);
/// x * y - z as this build compiles it (fused or not).
double multiply_subtract(double x, double y, double z);
}  // namespace plain_build

namespace contracted_build {
std::vector<std::uint64_t> evaluate(const FmaCases& cases);
double multiply_subtract(double x, double y, double z);
}  // namespace contracted_build

}  // namespace touchstone::robust_test
