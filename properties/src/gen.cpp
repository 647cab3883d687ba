// touchstone::properties — RapidCheck generators of recipes (see gen.hpp).
#include "touchstone/properties/gen.hpp"

#include <algorithm>
#include <cstdint>
#include <tuple>
#include <utility>

namespace touchstone::families {
void showValue(const Recipe& r, std::ostream& os) { os << describe(r); }
}  // namespace touchstone::families

namespace touchstone::properties {

namespace {

using families::IntRange;
using families::RecipeSpace;
using Int = std::int64_t;

// RapidCheck scales inRange by the size parameter (early cases small). The
// families are small by construction and the properties want the same
// distribution as families::draw(), so every generator here runs at the
// nominal size 100, where inRange covers its whole range.
constexpr int kNominalSize = 100;

/// [lo, hi], shrinking toward lo.
rc::Gen<Int> field(IntRange r) {
    if (r.hi <= r.lo) return rc::gen::just(r.lo);
    return rc::gen::inRange<Int>(r.lo, r.hi + 1);
}

/// [-max, max], shrinking toward 0 (then toward +).
rc::Gen<Int> signed_field(Int lo_magnitude, Int max_magnitude) {
    if (max_magnitude <= 0) return rc::gen::just(Int{0});
    return rc::gen::map(rc::gen::pair(rc::gen::inRange<Int>(lo_magnitude, max_magnitude + 1),
                                      rc::gen::element(Int{1}, Int{-1})),
                        [](const std::pair<Int, Int>& v) { return v.first * v.second; });
}

/// The translation as draw_from makes it: one bit count in [0, max_bits] for
/// both coordinates, then a value below 2^bits for each; shrinks the bit
/// count (and so the translation) toward 0.
rc::Gen<std::pair<Int, Int>> offset_field(int max_bits) {
    if (max_bits <= 0) return rc::gen::just(std::pair<Int, Int>{0, 0});
    const auto coordinate =
        rc::gen::pair(rc::gen::inRange<Int>(0, Int{1} << 62), rc::gen::element(Int{1}, Int{-1}));
    return rc::gen::map(
        rc::gen::tuple(rc::gen::inRange<int>(0, max_bits + 1), coordinate, coordinate),
        [](const std::tuple<int, std::pair<Int, Int>, std::pair<Int, Int>>& v) {
            const int bits = std::get<0>(v);
            const Int mask = bits == 0 ? 0 : (Int{1} << bits) - 1;
            return std::pair<Int, Int>{(std::get<1>(v).first & mask) * std::get<1>(v).second,
                                       (std::get<2>(v).first & mask) * std::get<2>(v).second};
        });
}

rc::Gen<Recipe> from_space(const RecipeSpace& sp, const std::vector<int>& subs) {
    rc::Gen<Int> sub = field(sp.sub);
    if (!subs.empty()) {
        std::vector<Int> allowed;
        for (int s : subs)
            if (s >= sp.sub.lo && s <= sp.sub.hi) allowed.push_back(s);
        if (!allowed.empty()) sub = rc::gen::elementOf(allowed);
    }
    const rc::Gen<Int> scale = sp.scale.lo < 0 ? signed_field(0, sp.scale.hi) : field(sp.scale);
    // One raw word per argument, at most Recipe::raw's 8 (a polygon's
    // uniform geometry reads raw[0..8)).
    const int n = std::min(arity(sp.primitive), 8);
    const rc::Gen<std::vector<Int>> raw =
        sp.raw_bits > 0 ? rc::gen::container<std::vector<Int>>(
                              static_cast<std::size_t>(n), signed_field(0, Int{1} << sp.raw_bits))
                        : rc::gen::just(std::vector<Int>{});
    const auto shape = rc::gen::tuple(sub, field(sp.mode), field(sp.triple), field(sp.triple2),
                                      field(sp.symmetry), field(sp.order));
    const auto size = rc::gen::tuple(field(sp.size), field(sp.size), field(sp.size));
    const auto offset = offset_field(sp.offset_bits);
    return rc::gen::apply(
        [sp](const std::tuple<Int, Int, Int, Int, Int, Int>& sh, Int operand, Int nudge, Int sc,
             const std::tuple<Int, Int, Int>& sz, const std::pair<Int, Int>& off,
             const std::vector<Int>& rw, const std::pair<Int, Int>& second) {
            Recipe r;
            r.primitive = sp.primitive;
            r.family = sp.family;
            r.base = sp.base;
            r.sub = static_cast<std::uint8_t>(std::get<0>(sh));
            r.mode = static_cast<std::uint8_t>(std::get<1>(sh));
            r.triple = static_cast<std::uint8_t>(std::get<2>(sh));
            r.triple2 = static_cast<std::uint8_t>(std::get<3>(sh));
            r.symmetry = static_cast<std::uint8_t>(std::get<4>(sh));
            r.order = static_cast<std::uint8_t>(std::get<5>(sh));
            r.operand = static_cast<std::uint8_t>(operand);
            r.nudge = static_cast<std::int8_t>(nudge);
            r.operand2 = static_cast<std::uint8_t>(second.first);
            r.nudge2 = static_cast<std::int8_t>(second.second);
            r.scale = static_cast<std::int16_t>(sc);
            r.size = {static_cast<std::int32_t>(std::get<0>(sz)),
                      static_cast<std::int32_t>(std::get<1>(sz)),
                      static_cast<std::int32_t>(std::get<2>(sz))};
            r.offset = {static_cast<std::int32_t>(off.first),
                        static_cast<std::int32_t>(off.second)};
            for (std::size_t i = 0; i < rw.size() && i < r.raw.size(); ++i) r.raw[i] = rw[i];
            return r;
        },
        shape, field(sp.operand), signed_field(sp.nudge.lo, sp.nudge.hi), scale, size, offset, raw,
        rc::gen::pair(field(sp.operand2), signed_field(sp.nudge2.lo, sp.nudge2.hi)));
}

}  // namespace

template <class T>
rc::Gen<Recipe> recipe(Primitive p, Family f, std::vector<int> subs) {
    if (!families::applicable(p, f)) f = Family::uniform;
    const std::vector<Family> bases = families::bases(p, f);
    rc::Gen<Recipe> g = bases.size() == 1
                            ? from_space(families::space<T>(p, f, bases[0]), subs)
                            : rc::gen::mapcat(rc::gen::elementOf(bases), [p, f, subs](Family base) {
                                  return from_space(families::space<T>(p, f, base), subs);
                              });
    return rc::gen::resize(kNominalSize, std::move(g));
}

template <class T>
rc::Gen<Recipe> recipe_of(Primitive p, std::vector<Family> fs) {
    std::vector<rc::Gen<Recipe>> gens;
    for (Family f : fs)
        if (families::applicable(p, f)) gens.push_back(recipe<T>(p, f));
    if (gens.empty()) return recipe<T>(p, Family::uniform);
    if (gens.size() == 1) return gens[0];
    return rc::gen::resize(kNominalSize,
                           rc::gen::mapcat(rc::gen::inRange<std::size_t>(0, gens.size()),
                                           [gens](std::size_t i) { return gens[i]; }));
}

std::vector<Family> edge_families(Primitive p) {
    std::vector<Family> out;
    for (Family f : families::families_for(p))
        if (f != Family::uniform && f != Family::invalid) out.push_back(f);
    return out;
}

std::vector<Family> valid_families(Primitive p) {
    std::vector<Family> out;
    for (Family f : families::families_for(p))
        if (f != Family::invalid) out.push_back(f);
    return out;
}

template rc::Gen<Recipe> recipe<float>(Primitive, Family, std::vector<int>);
template rc::Gen<Recipe> recipe<double>(Primitive, Family, std::vector<int>);
template rc::Gen<Recipe> recipe_of<float>(Primitive, std::vector<Family>);
template rc::Gen<Recipe> recipe_of<double>(Primitive, std::vector<Family>);

}  // namespace touchstone::properties
