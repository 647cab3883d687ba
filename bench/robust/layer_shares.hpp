// Which layer of the robust core answered a batch of calls. Defined in
// layer_shares.cpp, the only translation unit of the benchmark compiled with
// TOUCHSTONE_ROBUST_COUNTERS, so that the timed calls in robust_bench.cpp
// run the production (non-counting) code.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "touchstone/geometry.hpp"

namespace touchstone::bench {

struct LayerShares {
    double extended = 0;  ///< fraction answered by the second floating-point stage
    double exact = 0;     ///< fraction answered by an exact stage (int128, int256 or wide)
    double int256 = 0;    ///< fraction answered by the 256/512-bit stage
    double wide = 0;      ///< fraction answered by the cpp_int stage
};

/// Runs robust::<p> once over every input (case-file order) with counting on.
template <class T, std::size_t N>
LayerShares layer_shares(Primitive p, const std::vector<std::array<T, N>>& inputs);

}  // namespace touchstone::bench
