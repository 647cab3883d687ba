// The audit's view of touchstone::families: one FamilySource per family.
#include "touchstone/audit/sources.hpp"

#include "touchstone/families/families.hpp"

namespace touchstone::audit {
namespace {

template <families::Family F>
bool applicable(Primitive p) {
    return families::applicable(p, F);
}

template <families::Family F>
Drawn draw(Primitive p, Precision prec, std::uint64_t& rng) {
    Drawn d;
    if (prec == Precision::f32) {
        const families::Recipe r = families::draw<float>(p, F, rng);
        const auto a = families::realize<float>(p, r);
        for (std::size_t i = 0; i < 8; ++i) d.args[i] = static_cast<double>(a[i]);
        d.recipe = families::describe(r);
    } else {
        const families::Recipe r = families::draw<double>(p, F, rng);
        d.args = families::realize<double>(p, r);
        d.recipe = families::describe(r);
    }
    return d;
}

template <families::Family F>
FamilySource source() {
    return FamilySource{std::string(families::to_string(F)), &applicable<F>, &draw<F>};
}

}  // namespace

const std::vector<FamilySource>& family_sources() {
    using families::Family;
    static const std::vector<FamilySource> all{
        source<Family::uniform>(),   source<Family::tangent>(),        source<Family::near_tangent>(),
        source<Family::collinear>(), source<Family::near_collinear>(), source<Family::endpoint>(),
        source<Family::degenerate>(), source<Family::extreme>(),       source<Family::invalid>(),
    };
    return all;
}

}  // namespace touchstone::audit
