// touchstone fuzz — the input layout shared by every target, the decoder that
// turns the fuzzer's bytes into a configuration, and its inverse (encode_raw).
//
// Layout (all multi-byte values little-endian):
//
//   byte 0        mode: bit 0  0 = raw, 1 = recipe
//                       bit 1  precision, for targets that take both:
//                              0 = float, 1 = double (ignored otherwise)
//                       bit 2  raw only: keep the sign bits of the radii
//                              (without it radii are |r|, so that half of all
//                              raw inputs are not spent on "negative radius")
//                       bits 3..7 ignored
//   raw:
//   bytes 1..     arity(p) IEEE bit patterns of T in case-file order. Every
//                 pattern occurs: NaN, +-Inf, subnormals, -0. Missing bytes
//                 read as 0, extra bytes are ignored.
//   recipe:
//   byte 1        family: families_for(p)[byte % count]
//   byte 2        base family: bases(p, family)[byte % count]
//   bytes 3..10   four ulp nudges (argument byte, int8 ulps); k == 0 is none;
//                 argument = byte % arity(p). Applied after realize().
//   bytes 11..    64-bit words, 8 bytes each, fed to families::draw_from in
//                 the order it asks for them (missing bytes read as 0).
//
// The decoder is total: every byte string decodes (the empty string is the
// raw all-zero float configuration), so the fuzzer never wastes an input on
// a parse error. Decoding the same bytes gives the same configuration on
// every compiler and machine (families is deterministic; nudges are integer
// steps through the representable values).
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "touchstone/case_file.hpp"
#include "touchstone/families/families.hpp"
#include "touchstone/geometry.hpp"

namespace touchstone::fuzz {

// ---------------------------------------------------------------------------
// Layout constants.

inline constexpr std::uint8_t mode_recipe = 0x01;
inline constexpr std::uint8_t mode_double = 0x02;
inline constexpr std::uint8_t mode_signed_radii = 0x04;

inline constexpr std::size_t raw_args_offset = 1;
inline constexpr std::size_t recipe_family_offset = 1;
inline constexpr std::size_t recipe_base_offset = 2;
inline constexpr std::size_t recipe_nudges_offset = 3;
inline constexpr int recipe_nudge_count = 4;
inline constexpr std::size_t recipe_words_offset = recipe_nudges_offset + 2 * recipe_nudge_count;

/// The precisions a target decodes: both (chosen by mode bit 1) or one fixed
/// precision (the tutorial ports run in the precision their tutorial used).
enum class Precisions : std::uint8_t { both, f32_only, f64_only };

/// What a target fuzzes: its primitive and precisions. One per target.
struct TargetSpec {
    Primitive primitive;
    Precisions precisions;
};

/// Number of bytes of a raw input of `spec` in precision T.
template <class T>
constexpr std::size_t raw_size(Primitive p) {
    return raw_args_offset + static_cast<std::size_t>(arity(p)) * sizeof(T);
}

/// Whether argument i of p is a radius (case-file order).
constexpr bool is_radius(Primitive p, int i) {
    switch (arity(p)) {
        case 5: return i == 4;
        case 6: return i == 2 || i == 5;
        case 7: return i == 6;
        default: return false;
    }
}

/// The precision the bytes select for this target.
inline Precision precision_of(TargetSpec spec, const std::uint8_t* data, std::size_t size) {
    switch (spec.precisions) {
        case Precisions::f32_only: return Precision::f32;
        case Precisions::f64_only: return Precision::f64;
        case Precisions::both: break;
    }
    return size > 0 && (data[0] & mode_double) ? Precision::f64 : Precision::f32;
}

// ---------------------------------------------------------------------------
// Bit patterns.

template <class T>
using BitsOf = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;

template <class T>
BitsOf<T> to_bits(T x) {
    BitsOf<T> u;
    std::memcpy(&u, &x, sizeof u);
    return u;
}

template <class T>
T from_bits(BitsOf<T> u) {
    T x;
    std::memcpy(&x, &u, sizeof x);
    return x;
}

template <class T>
inline constexpr BitsOf<T> sign_mask = BitsOf<T>{1} << (sizeof(T) * 8 - 1);

/// Reads n <= 8 bytes little-endian from [data + at, data + size); bytes
/// past the end read as 0.
inline std::uint64_t load_le(const std::uint8_t* data, std::size_t size, std::size_t at, int n) {
    std::uint64_t v = 0;
    for (int k = 0; k < n; ++k) {
        const std::size_t i = at + static_cast<std::size_t>(k);
        if (i < size) v |= std::uint64_t{data[i]} << (8 * k);
    }
    return v;
}

inline void store_le(std::uint8_t* out, std::uint64_t v, int n) {
    for (int k = 0; k < n; ++k) out[k] = static_cast<std::uint8_t>(v >> (8 * k));
}

// ---------------------------------------------------------------------------
// The configuration.

/// A decoded configuration: the arguments in case-file order, exactly as the
/// primitive receives them, and where they came from (for the report).
template <class T>
struct Config {
    Primitive primitive{Primitive::point_in_disk};
    std::array<T, 8> args{};
    bool from_recipe{false};
    families::Family family{families::Family::uniform};
};

/// Valid domain of DESIGN.md: every argument finite, radii not negative
/// (-0 is a valid radius). Exactly the oracle's require_valid(), evaluated
/// here first because an exception costs microseconds and a fuzzer would
/// otherwise spend most of its time throwing.
template <class T>
bool is_valid(const Config<T>& c) {
    const int n = arity(c.primitive);
    for (int i = 0; i < n; ++i) {
        const T v = c.args[static_cast<std::size_t>(i)];
        if (!std::isfinite(v)) return false;
        if (is_radius(c.primitive, i) && v < T(0)) return false;
    }
    return true;
}

/// The configuration as a case of DESIGN.md's case format.
template <class T>
Case to_case(const Config<T>& c) {
    Case out;
    out.primitive = c.primitive;
    out.precision = sizeof(T) == sizeof(float) ? Precision::f32 : Precision::f64;
    for (int i = 0; i < arity(c.primitive); ++i)
        out.args[static_cast<std::size_t>(i)] = static_cast<double>(c.args[static_cast<std::size_t>(i)]);
    if (c.from_recipe) out.family = std::string(families::to_string(c.family));
    return out;
}

// ---------------------------------------------------------------------------
// Recipe tables: families_for(), bases() and space() allocate; the decoder
// runs a million times a second, so each target computes them once.

template <class T>
class RecipeTables {
public:
    static const RecipeTables& get(Primitive p) {
        static const std::array<RecipeTables, all_primitives.size()> tables = [] {
            std::array<RecipeTables, all_primitives.size()> t{};
            for (Primitive q : all_primitives) t[static_cast<std::size_t>(q)] = RecipeTables(q);
            return t;
        }();
        return tables[static_cast<std::size_t>(p)];
    }

    /// The applicable families of the primitive, in all_families order.
    const std::vector<families::Family>& family_list() const { return families_; }
    const std::vector<families::Family>& base_list(std::size_t family_index) const {
        return bases_[family_index];
    }
    const families::RecipeSpace& space(std::size_t family_index, std::size_t base_index) const {
        return spaces_[family_index][base_index];
    }

    RecipeTables() = default;

private:
    explicit RecipeTables(Primitive p) : families_(families::families_for(p)) {
        for (families::Family f : families_) {
            bases_.push_back(families::bases(p, f));
            spaces_.emplace_back();
            for (families::Family b : bases_.back()) spaces_.back().push_back(families::space<T>(p, f, b));
        }
    }

    std::vector<families::Family> families_;
    std::vector<std::vector<families::Family>> bases_;
    std::vector<std::vector<families::RecipeSpace>> spaces_;
};

// ---------------------------------------------------------------------------
// Decoding.

template <class T>
Config<T> decode_raw(Primitive p, const std::uint8_t* data, std::size_t size) {
    Config<T> c;
    c.primitive = p;
    const bool signed_radii = size > 0 && (data[0] & mode_signed_radii);
    for (int i = 0; i < arity(p); ++i) {
        auto u = static_cast<BitsOf<T>>(
            load_le(data, size, raw_args_offset + static_cast<std::size_t>(i) * sizeof(T), sizeof(T)));
        if (is_radius(p, i) && !signed_radii) u &= ~sign_mask<T>;
        c.args[static_cast<std::size_t>(i)] = from_bits<T>(u);
    }
    return c;
}

template <class T>
Config<T> decode_recipe(Primitive p, const std::uint8_t* data, std::size_t size) {
    const RecipeTables<T>& tables = RecipeTables<T>::get(p);
    const std::size_t nf = tables.family_list().size();
    const std::size_t fi = load_le(data, size, recipe_family_offset, 1) % nf;
    const std::size_t nb = tables.base_list(fi).size();
    const std::size_t bi = load_le(data, size, recipe_base_offset, 1) % nb;

    std::size_t at = recipe_words_offset;
    const families::Recipe recipe = families::draw_from(tables.space(fi, bi), [&] {
        const std::uint64_t w = load_le(data, size, at, 8);
        at += 8;
        return w;
    });

    Config<T> c;
    c.primitive = p;
    c.from_recipe = true;
    c.family = tables.family_list()[fi];
    c.args = families::realize<T>(p, recipe);
    const int n = arity(p);
    for (int k = 0; k < recipe_nudge_count; ++k) {
        const std::size_t slot = recipe_nudges_offset + 2 * static_cast<std::size_t>(k);
        const auto ulps = static_cast<std::int8_t>(load_le(data, size, slot + 1, 1));
        if (ulps == 0) continue;
        const auto i = static_cast<std::size_t>(load_le(data, size, slot, 1) % static_cast<unsigned>(n));
        c.args[i] = families::step_ulps<T>(c.args[i], ulps);
    }
    return c;
}

/// Decodes bytes in precision T (the caller chose T with precision_of()).
template <class T>
Config<T> decode(Primitive p, const std::uint8_t* data, std::size_t size) {
    if (size > 0 && (data[0] & mode_recipe)) return decode_recipe<T>(p, data, size);
    return decode_raw<T>(p, data, size);
}

// ---------------------------------------------------------------------------
// Encoding (raw mode), used by the custom mutator and by the seed encoder.

/// Writes `c` as a raw input into out[0 .. raw_size<T>(p)); returns that
/// size, or 0 when max_size is too small. The precision bit is set for
/// double; mode_signed_radii is set when a radius has its sign bit set (a
/// negative radius or -0), so that decode(encode(c)) == c bit for bit.
template <class T>
std::size_t encode_raw(const Config<T>& c, std::uint8_t* out, std::size_t max_size) {
    const std::size_t need = raw_size<T>(c.primitive);
    if (max_size < need) return 0;
    std::uint8_t mode = sizeof(T) == 8 ? mode_double : 0;
    for (int i = 0; i < arity(c.primitive); ++i) {
        const BitsOf<T> u = to_bits(c.args[static_cast<std::size_t>(i)]);
        if (is_radius(c.primitive, i) && (u & sign_mask<T>)) mode |= mode_signed_radii;
        store_le(out + raw_args_offset + static_cast<std::size_t>(i) * sizeof(T), u, sizeof(T));
    }
    out[0] = mode;
    return need;
}

}  // namespace touchstone::fuzz
