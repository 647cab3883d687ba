// The case families the audit draws from (a thin view of touchstone::families).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "touchstone/case_file.hpp"

namespace touchstone::audit {

/// One drawn case: its arguments (exact values of the case's precision) and
/// the recipe that built it, in words.
struct Drawn {
    std::array<double, 8> args{};
    std::string recipe;
};

/// A family of cases, as the audit sees it.
struct FamilySource {
    std::string name;
    bool (*applicable)(Primitive);
    Drawn (*draw)(Primitive, Precision, std::uint64_t& rng_state);
};

/// Every family, in report order.
const std::vector<FamilySource>& family_sources();

}  // namespace touchstone::audit
