// The case families the audit draws from (a thin view of touchstone::families).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "touchstone/case_file.hpp"
#include "touchstone/families/families.hpp"

namespace touchstone::audit {

/// One drawn case: its arguments (exact values of the case's precision) and
/// the recipe that built it, in words.
struct Drawn {
    std::array<double, max_fields> args{};
    std::string recipe;
    families::Recipe built_from;  ///< the recipe itself, for shrinking
};

/// A family of cases, as the audit sees it.
struct FamilySource {
    std::string name;
    bool (*applicable)(Primitive);
    Drawn (*draw)(Primitive, Precision, std::uint64_t& rng_state);
};

/// Every family, in report order.
const std::vector<FamilySource>& family_sources();

/// The case the recipe realizes at this precision.
Drawn realize(Primitive p, Precision prec, const families::Recipe& r);

/// Shrinks a failing case by shrinking its recipe, field by field, toward the
/// simplest value of each field's range (sizes toward 1, offsets, scale and
/// raw mantissas toward 0, the nudges toward their smallest magnitude, triples,
/// symmetries and orders toward the first), keeping the family, sub-kind,
/// mode and nudged operand, so that a tangent case stays tangent. A candidate
/// is kept when `still_fails` holds for it. Deterministic; at most `budget`
/// candidates are tried.
Drawn shrink(Primitive p, Precision prec, const Drawn& failing,
             const std::function<bool(const std::array<double, max_fields>&)>& still_fails,
             int budget = 400);

}  // namespace touchstone::audit
