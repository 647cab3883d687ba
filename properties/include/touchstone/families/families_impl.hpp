// Template bodies of touchstone/families/families.hpp (include that header).
#pragma once

#include <algorithm>

#include <cstdint>
#include <type_traits>

namespace touchstone::families {

namespace detail {

/// Uniform integer in [lo, hi] from one 64-bit word. Modulo reduction: the
/// bias (range / 2^64) is irrelevant here, and it is the same on every
/// machine, which is what matters.
inline std::int64_t pick(std::uint64_t word, IntRange r) {
    if (r.hi <= r.lo) return r.lo;
    const auto span = static_cast<std::uint64_t>(r.hi - r.lo) + 1u;
    return r.lo + static_cast<std::int64_t>(word % span);
}

template <class Int>
Int narrow(std::int64_t v) {
    return static_cast<Int>(v);
}

}  // namespace detail

template <class Next>
Recipe draw_from(const RecipeSpace& sp, Next&& next_u64) {
    using detail::narrow;
    using detail::pick;
    Recipe r;
    r.primitive = sp.primitive;
    r.family = sp.family;
    r.base = sp.base;
    r.sub = narrow<std::uint8_t>(pick(next_u64(), sp.sub));
    r.mode = narrow<std::uint8_t>(pick(next_u64(), sp.mode));
    r.triple = narrow<std::uint8_t>(pick(next_u64(), sp.triple));
    r.triple2 = narrow<std::uint8_t>(pick(next_u64(), sp.triple2));
    r.symmetry = narrow<std::uint8_t>(pick(next_u64(), sp.symmetry));
    r.order = narrow<std::uint8_t>(pick(next_u64(), sp.order));
    r.operand = narrow<std::uint8_t>(pick(next_u64(), sp.operand));
    {
        const std::uint64_t w = next_u64();
        const std::int64_t magnitude = pick(w >> 1, sp.nudge);
        r.nudge = narrow<std::int8_t>((w & 1u) ? -magnitude : magnitude);
    }
    r.operand2 = narrow<std::uint8_t>(pick(next_u64(), sp.operand2));
    {
        const std::uint64_t w = next_u64();
        const std::int64_t magnitude = pick(w >> 1, sp.nudge2);
        r.nudge2 = narrow<std::int8_t>((w & 1u) ? -magnitude : magnitude);
    }
    r.scale = narrow<std::int16_t>(pick(next_u64(), sp.scale));
    for (auto& s : r.size) s = narrow<std::int32_t>(pick(next_u64(), sp.size));
    // The translation is log-uniform in size, one size for both coordinates:
    // as many small translations (where a few ulps are large against the
    // geometry) as large ones (where they are small).
    {
        const auto bits = pick(next_u64(), IntRange{0, sp.offset_bits});
        for (auto& o : r.offset) {
            const std::uint64_t w = next_u64();
            const std::int64_t m =
                bits == 0 ? 0
                          : static_cast<std::int64_t>((w >> 1) & ((std::uint64_t{1} << bits) - 1));
            o = narrow<std::int32_t>((w & 1u) ? -m : m);
        }
    }
    if (sp.raw_bits > 0) {
        const std::int64_t lim = std::int64_t{1} << sp.raw_bits;
        // One word per argument (a polygon: its uniform geometry reads raw[0..8)).
        const int n = raw_count(sp.primitive);
        for (int i = 0; i < n; ++i)
            r.raw[static_cast<std::size_t>(i)] = pick(next_u64(), IntRange{-lim, lim});
    }
    return r;
}

}  // namespace touchstone::families
