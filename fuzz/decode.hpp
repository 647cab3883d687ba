// touchstone fuzz — the input layout shared by every target, the decoder that
// turns the fuzzer's bytes into a configuration, and its inverse (encode_raw).
//
// Layout (all multi-byte values little-endian):
//
//   byte 0        mode: bit 0  0 = raw, 1 = recipe
//                       bit 1  precision, for targets that take both:
//                              0 = float, 1 = double (ignored otherwise)
//                       bit 2  raw only: keep the sign bits of the radii
//                              (the fields the table of primitive.hpp gives
//                              Role::radius; without the bit radii are |r|,
//                              so that half of all raw inputs are not spent
//                              on "negative radius")
//                       bits 3..7 ignored
//   raw:
//   bytes 1..     arity(p) IEEE bit patterns of T in case-file order (the
//                 table's field order, docs/case-format.md). Every
//                 pattern occurs: NaN, +-Inf, subnormals, -0. Missing bytes
//                 read as 0, extra bytes are ignored. A polygon's count
//                 field (Role::count) reads its pattern as an unsigned
//                 integer u and holds 3 + u % 14 (every valid count, never
//                 an invalid one: a case file cannot write one); its
//                 capacity beyond those vertices is 0 (canonicalize).
//   recipe:
//   byte 1        family: families_for(p)[byte % count]
//   byte 2        base family: bases(p, family)[byte % count]
//   bytes 3..10   four ulp nudges (argument byte, int8 ulps); k == 0 is none;
//                 argument = byte % arity(p). Applied after realize(); a
//                 nudge of a polygon's count or unused capacity is none.
//   bytes 11..    64-bit words, 8 bytes each, fed to families::draw_from in
//                 the order it asks for them (missing bytes read as 0).
//   Bytes past max_input_size are ignored.
//
// The decoder is total: every byte string decodes (the empty string is the
// raw all-zero float configuration), so the fuzzer never wastes an input on
// a parse error. The same bytes give the same configuration on every
// compiler and machine (families is deterministic; nudges are integer steps
// through the representable values).
//
// The decoder, the encoder, the mutator and the reporting live in their own
// translation units (decode.cpp, mutator.cpp, report.cpp), compiled without
// coverage instrumentation: libFuzzer's per-execution cost grows with every
// instrumented branch, and the decoder's loops are not what we want covered.
// What the decoder knows about an input reaches libFuzzer as explicit
// features instead (note_feature(), libFuzzer's extra counters).
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "touchstone/bits.hpp"
#include "touchstone/case_file.hpp"
#include "touchstone/families/families.hpp"
#include "touchstone/primitive.hpp"
#include "touchstone/validate.hpp"

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
/// Longest input that means anything: draw_from asks for at most 24 words
/// (11 + 24 * 8 = 203 bytes), a raw input holds max_fields values (two
/// polygons of capacity 16 in double: 1 + 66 * 8 = 529 bytes; a point and
/// a polygon: 1 + 35 * 8 = 281). The targets' -max_len (options/*.options)
/// is 256 where the raw input fits, else the raw input's size.
inline constexpr std::size_t max_input_size = 256 > 1 + max_fields * sizeof(double)
                                                  ? 256
                                                  : 1 + max_fields * sizeof(double);

/// The precisions a target decodes: both (chosen by mode bit 1) or one fixed
/// precision (the tutorial ports run in the precision their tutorial used).
enum class Precisions : std::uint8_t { both, f32_only, f64_only };

/// What a target fuzzes: its primitive and precisions. One per target.
struct TargetSpec {
    Primitive primitive;
    Precisions precisions;
};

/// Number of bytes of a raw input of primitive p in precision T.
template <class T>
constexpr std::size_t raw_size(Primitive p) {
    return raw_args_offset + static_cast<std::size_t>(arity(p)) * sizeof(T);
}

/// The longest raw input of any primitive of the table (max_fields doubles).
inline constexpr std::size_t max_raw_size =
    raw_args_offset + static_cast<std::size_t>(max_fields) * sizeof(double);

/// The precision the bytes select for this target.
inline Precision precision_of(TargetSpec spec, const std::uint8_t* data, std::size_t size) {
    switch (spec.precisions) {
        case Precisions::f32_only: return Precision::f32;
        case Precisions::f64_only: return Precision::f64;
        case Precisions::both: break;
    }
    return size > 0 && (data[0] & mode_double) ? Precision::f64 : Precision::f32;
}

/// arity(p) and the radius fields of p as a bit mask (bit i: field i has
/// Role::radius), from tables computed at compile time. arity() and
/// is_radius() walk the table of primitives on every call; the decoder and
/// the harness ask for them on every execution.
namespace detail {
inline constexpr std::array<int, touchstone::detail::primitive_count> arities = [] {
    std::array<int, touchstone::detail::primitive_count> a{};
    for (Primitive p : all_primitives) a[static_cast<std::size_t>(p)] = arity(p);
    return a;
}();
inline constexpr std::array<std::uint64_t, touchstone::detail::primitive_count> radius_masks = [] {
    std::array<std::uint64_t, touchstone::detail::primitive_count> m{};
    for (Primitive p : all_primitives)
        for (int i = 0; i < arity(p); ++i)
            if (is_radius(p, i)) m[static_cast<std::size_t>(p)] |= std::uint64_t{1} << i;
    return m;
}();
// One bit per field up to field 63: every radius of the table lies there
// (two convex polygons have 66 fields, none of them a radius).
static_assert(
    [] {
        for (Primitive p : all_primitives)
            for (int i = 64; i < arity(p); ++i)
                if (is_radius(p, i)) return false;
        return true;
    }(),
    "radius_masks holds one bit per field below 64");
/// Whether p has a variable-size operand (a polygon: a count and unused
/// capacity, which the one-pass checks do not know).
inline constexpr std::array<bool, touchstone::detail::primitive_count> variable_sizes = [] {
    std::array<bool, touchstone::detail::primitive_count> v{};
    for (Primitive p : all_primitives)
        for (int k = 0; k < info(p).operand_count; ++k)
            v[static_cast<std::size_t>(p)] =
                v[static_cast<std::size_t>(p)] ||
                shape_variable(info(p).operands[static_cast<std::size_t>(k)]);
    return v;
}();
}  // namespace detail
inline int arity_of(Primitive p) { return detail::arities[static_cast<std::size_t>(p)]; }
inline std::uint64_t radius_mask(Primitive p) {
    return detail::radius_masks[static_cast<std::size_t>(p)];
}
/// Whether field i of p is a radius (radius_mask's bit; no field from 64 on is).
inline bool radius_field(Primitive p, int i) {
    return i >= 0 && i < 64 && ((radius_mask(p) >> i) & 1u);
}
inline bool variable_size(Primitive p) {
    return detail::variable_sizes[static_cast<std::size_t>(p)];
}

// ---------------------------------------------------------------------------
// Bit patterns (touchstone::to_bits, from_bits, BitsOf: bits.hpp).

template <class T>
inline constexpr BitsOf<T> sign_mask = BitsOf<T>{1} << (sizeof(T) * 8 - 1);

// ---------------------------------------------------------------------------
// The configuration.

/// A decoded configuration: the arguments in case-file order, exactly as the
/// primitive receives them, and where they came from (for the report).
template <class T>
struct Config {
    Primitive primitive{all_primitives[0]};
    std::array<T, max_fields> args{};
    bool from_recipe{false};
    families::Family family{families::Family::uniform};
};

/// Whether the configuration is in the valid domain (touchstone::valid_input,
/// from the table's field roles: every field finite, radii not negative).
/// Checked before the oracle runs: the oracle's InvalidInput exception costs
/// microseconds, and a fuzzer would otherwise spend most of its time
/// throwing.
template <class T>
bool is_valid(const Config<T>& c) {
    return valid_input(c.primitive, c.args.data());
}

/// The configuration as a case line's case (docs/case-format.md).
template <class T>
Case to_case(const Config<T>& c) {
    Case out;
    out.primitive = c.primitive;
    out.precision = sizeof(T) == sizeof(float) ? Precision::f32 : Precision::f64;
    for (int i = 0; i < arity(c.primitive); ++i)
        out.args[static_cast<std::size_t>(i)] =
            static_cast<double>(c.args[static_cast<std::size_t>(i)]);
    if (c.from_recipe) out.family = std::string(families::to_string(c.family));
    return out;
}

// ---------------------------------------------------------------------------
// Decoding and encoding (decode.cpp).

/// Decodes bytes in precision float / double (the caller chose it with
/// precision_of()). With `features`, also records what the decoder saw as
/// libFuzzer features (note_feature); the mutator decodes without.
Config<float> decode_f32(Primitive p, const std::uint8_t* data, std::size_t size,
                         bool features = true);
Config<double> decode_f64(Primitive p, const std::uint8_t* data, std::size_t size,
                          bool features = true);

/// The decoder remembers the last recipe it drew per precision (decode.cpp,
/// draw_recipe); this forgets it, so that the next decoding draws afresh
/// (the replay driver's --mutate checks that both give the same bits).
void forget_recipe_draws();

template <class T>
Config<T> decode(Primitive p, const std::uint8_t* data, std::size_t size, bool features = true) {
    if constexpr (sizeof(T) == sizeof(float))
        return decode_f32(p, data, size, features);
    else
        return decode_f64(p, data, size, features);
}

/// The size of the input the bytes mean: raw_size<T> of the primitive for
/// a raw input (missing bytes read as 0, later ones are ignored), and for a
/// recipe its header and the 64-bit words draw_from reads. The mutator
/// gives every input it returns this size (mutate), so that two inputs of
/// one configuration have one size: libFuzzer replaces a corpus input by a
/// shorter one with the same unique features (-reduce_inputs), and since
/// a truncated input decodes with zeros, that was hundreds of corpus file
/// rewrites a second (issue 15, fuzz4: ~20 % of the CPU time in the
/// kernel's file system code).
std::size_t meaningful_size(TargetSpec spec, const std::uint8_t* data, std::size_t size);

/// Writes `c` as a raw input into out[0 .. raw_size<T>(p)); returns that
/// size, or 0 when max_size is too small. The precision bit is set for
/// double; mode_signed_radii is set when a radius has its sign bit set (a
/// negative radius or -0), so that decode(encode(c)) == c bit for bit.
std::size_t encode_raw(const Config<float>& c, std::uint8_t* out, std::size_t max_size);
std::size_t encode_raw(const Config<double>& c, std::uint8_t* out, std::size_t max_size);

/// The coarse class of a configuration, from its inputs alone and cheap
/// enough for every execution (the outcome feature, note_outcome; the first
/// step of family_class, which reports name):
///  * "range": a nonzero argument so large that squares or products of
///    coordinates can overflow T (|v| >= 2^(emax/2 - 2)) or so small that
///    they can underflow (|v| < 2^(emin/2 + P), so that differences of such
///    values are below sqrt(smallest normal));
///  * "degenerate": otherwise, a zero-length segment, a zero radius, or two
///    circles with the same centre;
///  * "boundary": everything else — ordinary magnitudes, so the answer was
///    lost to a strict comparison at exact tangency/touching or to rounding
///    near it.
enum class BugClass : std::uint8_t { range, degenerate, boundary };
BugClass bug_class(const Config<float>& c);
BugClass bug_class(const Config<double>& c);
const char* to_string(BugClass c);

/// The case family a configuration falls in, decided from its inputs alone
/// and exactly, in the audit's family names, so that a fuzzer's find and an
/// audit row speak of the same bug class (tests/cli/bug_classes.txt):
///  * "extreme_overflow": bug_class() says range, with an argument at
///    or above the range's large threshold; "extreme_underflow": range
///    with small arguments only (the audit's extreme rows; its
///    "extreme_mixed" cases have large coordinates, and its
///    "extreme_radius" cases radii near 2^(emax/2), so both read as
///    overflow here);
///  * "degenerate": bug_class() says degenerate;
///  * on the exact decision boundary (oracle::within_band with band 0):
///    "collinear" (two segments on one line), "endpoint" (an endpoint
///    exactly on the circle or on the other segment) or "tangent";
///  * otherwise near it: "near_collinear" for two segments, "near_tangent"
///    for everything else (a wrong answer off the boundary is one that
///    rounding moved across it).
/// "invalid" for input outside the valid domain. Costs microseconds (exact
/// arithmetic): call it on disagreements only.
const char* family_class(const Config<float>& c);
const char* family_class(const Config<double>& c);

// ---------------------------------------------------------------------------
// Semantic features (libFuzzer extra counters).

/// Feature slots; each index is one libFuzzer feature. The slots are
/// packed: libFuzzer clears the whole section before every execution and
/// scans it after (ClearExtraCounters, ForEachNonZeroByte: 8 bytes a step),
/// ~18 % of robust_segments_intersect's time with 400 slots of which 208
/// could ever be set (issue 15, fuzz7). A raw input has family and base 0,
/// so its decoder slots are the precision alone. Which events set a slot is
/// unchanged; a feature's number is all libFuzzer keeps of it (the corpus
/// keeps sets of feature numbers), so packing does not change the search.
namespace feature {
inline constexpr std::size_t decoder = 0;  // raw: + precision (2);
                                           // recipe: + 2 + precision*65 + family*5 + base (130)
inline constexpr std::size_t magnitudes = 132;   // + magnitude class (6), counting fields
inline constexpr std::size_t equal_pairs = 138;  // + pair index (45)
inline constexpr std::size_t outcome = 183;      // + class*8 + answer (24)
inline constexpr std::size_t invalid = 207;      // + 0 (1)
inline constexpr std::size_t count = 208;        // a multiple of 8 (libFuzzer's step)
}  // namespace feature

/// Marks feature `index` as hit in this execution. Under libFuzzer the
/// counters live in the __libfuzzer_extra_counters section, which libFuzzer
/// reads as coverage and clears before every run; elsewhere they are inert.
void note_feature(std::size_t index);

/// The outcome feature: the bug class of the input times the answer
/// (0/1 for a predicate, the kind for a construction).
template <class T>
void note_outcome(const Config<T>& c, int answer) {
    note_feature(feature::outcome + static_cast<std::size_t>(bug_class(c)) * 8 +
                 static_cast<std::size_t>(answer & 7));
}

}  // namespace touchstone::fuzz
