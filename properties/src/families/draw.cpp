// touchstone::families — draw(): a deterministic sampler over recipe spaces.
#include "touchstone/families/families.hpp"

namespace touchstone::families {

template <class T>
Recipe draw(Primitive p, Family f, std::uint64_t& rng_state) {
    if (!applicable(p, f)) f = Family::uniform;
    const std::vector<Family> b = bases(p, f);
    const Family base =
        b[static_cast<std::size_t>(splitmix64(rng_state) % static_cast<std::uint64_t>(b.size()))];
    const RecipeSpace sp = space<T>(p, f, base);
    return draw_from(sp, [&rng_state] { return splitmix64(rng_state); });
}

template <class T>
Recipe draw_extreme(Primitive p, ExtremeMode m, std::uint64_t& rng_state) {
    Recipe r = draw<T>(p, Family::extreme, rng_state);
    r.mode = static_cast<std::uint8_t>(m);
    return r;
}

template Recipe draw<float>(Primitive, Family, std::uint64_t&);
template Recipe draw<double>(Primitive, Family, std::uint64_t&);
template Recipe draw_extreme<float>(Primitive, ExtremeMode, std::uint64_t&);
template Recipe draw_extreme<double>(Primitive, ExtremeMode, std::uint64_t&);

}  // namespace touchstone::families
