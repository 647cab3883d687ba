// The audit's view of touchstone::families: one FamilySource per family.
#include "touchstone/audit/sources.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <utility>
#include <vector>

#include "touchstone/audit/soundness.hpp"
#include "touchstone/families/families.hpp"

namespace touchstone::audit {
namespace {

template <families::Family F>
bool applicable(Primitive p) {
    return families::applicable(p, F);
}

template <families::Family F>
Drawn draw(Primitive p, Precision prec, std::uint64_t& rng) {
    return realize(p, prec,
                   prec == Precision::f32 ? families::draw<float>(p, F, rng)
                                          : families::draw<double>(p, F, rng));
}

template <families::Family F>
FamilySource source() {
    return FamilySource{std::string(families::to_string(F)), &applicable<F>, &draw<F>};
}

// The extreme family, one row per mode: overflow, underflow, mixed scales,
// radii at their square's overflow threshold (radius primitives only).
template <families::ExtremeMode M>
bool extreme_applicable(Primitive p) {
    return families::applicable(p, families::Family::extreme) && families::applicable(p, M);
}

template <families::ExtremeMode M>
Drawn draw_extreme(Primitive p, Precision prec, std::uint64_t& rng) {
    return realize(p, prec,
                   prec == Precision::f32 ? families::draw_extreme<float>(p, M, rng)
                                          : families::draw_extreme<double>(p, M, rng));
}

template <families::ExtremeMode M>
FamilySource extreme_source() {
    return FamilySource{"extreme_" + std::string(families::to_string(M)), &extreme_applicable<M>,
                        &draw_extreme<M>};
}

/// Every extreme mode's row, in ExtremeMode order (a new mode is a new row).
template <std::size_t... I>
std::vector<FamilySource> extreme_sources(std::index_sequence<I...>) {
    return {extreme_source<static_cast<families::ExtremeMode>(I)>()...};
}

template <class T>
Drawn draw_sweep_t(Primitive p, std::uint64_t& rng) {
    return realize(p, std::is_same_v<T, float> ? Precision::f32 : Precision::f64,
                   sweep_recipe<T>(p, rng));
}

Drawn draw_sweep(Primitive p, Precision prec, std::uint64_t& rng) {
    return prec == Precision::f32 ? draw_sweep_t<float>(p, rng) : draw_sweep_t<double>(p, rng);
}

bool sweep_applicable(Primitive) { return true; }

}  // namespace

template <class T>
families::Recipe sweep_recipe(Primitive p, std::uint64_t& rng) {
    // The extreme family's huge mode places a configuration (uniform, or an
    // exact tangent, collinear, endpoint or degenerate one) 2^scale below the
    // top of T by an exact power of two; the sweep takes that recipe,
    // unnudged, with the scale that puts its largest |argument| at 2^e.
    families::Recipe r = families::draw_extreme<T>(p, families::ExtremeMode::huge, rng);
    r.nudge = 0;
    r.nudge2 = 0;
    r.scale = 0;
    constexpr int lo = std::numeric_limits<T>::min_exponent - std::numeric_limits<T>::digits;
    constexpr int hi = std::numeric_limits<T>::max_exponent - 1;
    const int e = lo + static_cast<int>(splitmix64(rng) % static_cast<std::uint64_t>(hi - lo + 1));
    const auto a = families::realize<T>(p, r);
    T big = 0;
    for (int i = 0; i < arity(p); ++i)
        big = std::max(big, std::fabs(a[static_cast<std::size_t>(i)]));
    if (big != 0) r.scale = static_cast<std::int16_t>(std::ilogb(big) - e);
    return r;
}
template families::Recipe sweep_recipe<float>(Primitive, std::uint64_t&);
template families::Recipe sweep_recipe<double>(Primitive, std::uint64_t&);

namespace {
/// A recipe's arguments and recipe, without its description (a string the
/// shrinker's candidates do not need: they are judged by their arguments).
Drawn realize_undescribed(Primitive p, Precision prec, const families::Recipe& r) {
    Drawn d;
    if (prec == Precision::f32) {
        const auto a = families::realize<float>(p, r);
        for (std::size_t i = 0; i < a.size(); ++i) d.args[i] = static_cast<double>(a[i]);
    } else {
        d.args = families::realize<double>(p, r);
    }
    d.built_from = r;
    return d;
}
}  // namespace

Drawn realize(Primitive p, Precision prec, const families::Recipe& r) {
    Drawn d = realize_undescribed(p, prec, r);
    d.recipe = families::describe(r);
    return d;
}

Drawn shrink(Primitive p, Precision prec, const Drawn& failing,
             const std::function<bool(const std::array<double, max_fields>&)>& still_fails,
             int budget) {
    return shrink_drawn(
        p, prec, failing, [&still_fails](const Drawn& d) { return still_fails(d.args); }, budget);
}

Drawn shrink_drawn(Primitive p, Precision prec, const Drawn& failing,
                   const std::function<bool(const Drawn&)>& still_fails, int budget) {
    using families::Recipe;
    const Recipe& r0 = failing.built_from;
    const families::RecipeSpace sp = prec == Precision::f32
                                         ? families::space<float>(p, r0.family, r0.base)
                                         : families::space<double>(p, r0.family, r0.base);
    Drawn best = failing;
    // Each field: how to read it, write it, and the value it shrinks toward.
    struct Field {
        std::function<std::int64_t(const Recipe&)> get;
        std::function<void(Recipe&, std::int64_t)> set;
        std::int64_t target;
    };
    auto clamp0 = [](const families::IntRange& g) {
        return g.lo > 0 ? g.lo : (g.hi < 0 ? g.hi : 0);
    };
    std::vector<Field> fields;
    for (int i = 0; i < 3; ++i)
        fields.push_back(
            {[i](const Recipe& r) { return std::int64_t{r.size[static_cast<std::size_t>(i)]}; },
             [i](Recipe& r, std::int64_t v) {
                 r.size[static_cast<std::size_t>(i)] = static_cast<std::int32_t>(v);
             },
             sp.size.lo});
    for (int i = 0; i < 2; ++i)
        fields.push_back(
            {[i](const Recipe& r) { return std::int64_t{r.offset[static_cast<std::size_t>(i)]}; },
             [i](Recipe& r, std::int64_t v) {
                 r.offset[static_cast<std::size_t>(i)] = static_cast<std::int32_t>(v);
             },
             0});
    fields.push_back({[](const Recipe& r) { return std::int64_t{r.scale}; },
                      [](Recipe& r, std::int64_t v) { r.scale = static_cast<std::int16_t>(v); },
                      clamp0(sp.scale)});
    fields.push_back({[](const Recipe& r) { return std::int64_t{r.nudge}; },
                      [](Recipe& r, std::int64_t v) { r.nudge = static_cast<std::int8_t>(v); },
                      r0.nudge < 0 ? -sp.nudge.lo : sp.nudge.lo});
    fields.push_back({[](const Recipe& r) { return std::int64_t{r.nudge2}; },
                      [](Recipe& r, std::int64_t v) { r.nudge2 = static_cast<std::int8_t>(v); },
                      r0.nudge2 < 0 ? -sp.nudge2.lo : sp.nudge2.lo});
    fields.push_back({[](const Recipe& r) { return std::int64_t{r.triple}; },
                      [](Recipe& r, std::int64_t v) { r.triple = static_cast<std::uint8_t>(v); },
                      sp.triple.lo});
    fields.push_back({[](const Recipe& r) { return std::int64_t{r.triple2}; },
                      [](Recipe& r, std::int64_t v) { r.triple2 = static_cast<std::uint8_t>(v); },
                      sp.triple2.lo});
    fields.push_back({[](const Recipe& r) { return std::int64_t{r.symmetry}; },
                      [](Recipe& r, std::int64_t v) { r.symmetry = static_cast<std::uint8_t>(v); },
                      sp.symmetry.lo});
    fields.push_back({[](const Recipe& r) { return std::int64_t{r.order}; },
                      [](Recipe& r, std::int64_t v) { r.order = static_cast<std::uint8_t>(v); },
                      sp.order.lo});
    for (int i = 0; i < static_cast<int>(Recipe{}.raw.size()); ++i)
        fields.push_back(
            {[i](const Recipe& r) { return r.raw[static_cast<std::size_t>(i)]; },
             [i](Recipe& r, std::int64_t v) { r.raw[static_cast<std::size_t>(i)] = v; }, 0});

    int tries = 0;
    bool progress = true, shrunk = false;
    while (progress && tries < budget) {
        progress = false;
        for (const Field& f : fields) {
            // Candidates: the target itself, then halfway, then one step.
            for (;;) {
                const std::int64_t v = f.get(best.built_from);
                if (v == f.target || tries >= budget) break;
                bool moved = false;
                for (std::int64_t c :
                     {f.target, f.target + (v - f.target) / 2, v + (v > f.target ? -1 : 1)}) {
                    if (c == v) continue;
                    Recipe cand = best.built_from;
                    f.set(cand, c);
                    ++tries;
                    Drawn d = realize_undescribed(p, prec, cand);
                    if (still_fails(d)) {
                        best = std::move(d);
                        moved = progress = shrunk = true;
                        break;
                    }
                    if (tries >= budget) break;
                }
                if (!moved) break;
            }
        }
    }
    if (shrunk) best.recipe = families::describe(best.built_from);
    return best;
}

const std::vector<FamilySource>& family_sources() {
    using families::Family;
    // A cell's random source is keyed by its row's index in this list
    // (audit.cpp, cell_seed), so a row is only ever appended: one inserted
    // would redraw every row after it. The first three extreme modes keep
    // their places; every later mode (radius, ...) follows the sweep.
    constexpr std::size_t first_extremes = 3;
    static const std::vector<FamilySource> all = [] {
        std::vector<FamilySource> out{
            source<Family::uniform>(),        source<Family::tangent>(),
            source<Family::near_tangent>(),   source<Family::collinear>(),
            source<Family::near_collinear>(), source<Family::endpoint>(),
            source<Family::degenerate>(),
        };
        const std::vector<FamilySource> extremes =
            extreme_sources(std::make_index_sequence<families::extreme_mode_count>{});
        out.insert(out.end(), extremes.begin(), extremes.begin() + first_extremes);
        for (FamilySource s :
             {source<Family::invalid>(), source<Family::computed>(), source<Family::decimal>(),
              source<Family::world>(), source<Family::rotated>(),
              FamilySource{sweep_family, &sweep_applicable, &draw_sweep, true}})
            out.push_back(std::move(s));
        out.insert(out.end(), extremes.begin() + first_extremes, extremes.end());
        return out;
    }();
    return all;
}

}  // namespace touchstone::audit
