// touchstone::families — the one case-family generator library.
//
// Used by the RapidCheck properties, the fuzz targets and the audit: every
// case is built from a small integer *recipe* (a Pythagorean triple, integer
// sizes, a power-of-two scale, an ulp nudge, ...), so that
//  * an edge configuration is exact by construction (a case labelled tangent
//    is exactly tangent: integer geometry, scaled by powers of two, converted
//    to T without rounding), and
//  * a shrinker that shrinks the recipe keeps the configuration tangent or
//    collinear while it shrinks; a shrunk counterexample reads "this exact
//    configuration, nudged by n ulps" (see describe()).
//
// Determinism: draw() uses SplitMix64 and integer arithmetic only; realize()
// uses integer arithmetic, exact int -> T conversions, exact power-of-two
// scaling, bit-pattern ulp steps and (constructed families) IEEE's correctly
// rounded + - * / sqrt, unfused. No <random>, no libm results that could
// differ between machines or compilers: the same seed, the same bits.
//
// No RapidCheck here (that layer is touchstone/properties/gen.hpp) and no
// oracle: the library only builds inputs; the oracle judges them.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "touchstone/bits.hpp"
#include "touchstone/case_file.hpp"
#include "touchstone/geometry.hpp"
#include "touchstone/primitive.hpp"

namespace touchstone::families {

// ---------------------------------------------------------------------------
// Families.

/// The case families (docs/case-format.md names them). `uniform` is the control; every other
/// family aims at an edge. `extreme`, `invalid`, `decimal`, `world` and
/// `rotated` are built on top of another family's geometry (Recipe::base).
///
/// The last four are *constructed* families: cases built the way
/// floating-point code builds them, with rounding in T on the way. Their
/// labels say how a case was built, not where it lies: a computed contact is
/// near its boundary, not on it, and the oracle alone decides which side.
/// They come after the others so that the first nine keep their values (and
/// their draws their bits).
enum class Family : std::uint8_t {
    uniform,         ///< coordinates uniform in [-64, 64], radii in [0, 64]
    tangent,         ///< exactly tangent / exactly on the boundary
    near_tangent,    ///< a tangent case with one argument moved by +-k ulps
    collinear,       ///< exactly collinear: overlap, touch, disjoint, ...
    near_collinear,  ///< a collinear case with one argument moved by +-k ulps
    endpoint,        ///< shared endpoints, T-junctions, endpoints on circles
    degenerate,      ///< zero-length segments, zero radii, concentric, identical
    extreme,         ///< squares that overflow, subnormals, mixed scales, radii at
                     ///< their square's overflow threshold
    invalid,         ///< NaN, +-Inf, negative radius (outside the valid domain)
    computed,        ///< a contact point computed in T (a point along a segment, the
                     ///< rounded intersection of two segments, a rounded tangent point,
                     ///< a projection) fed to the next query
    decimal,         ///< an edge configuration written in decimals: k / 10^n rounded to T
    world,           ///< an edge configuration translated by 1e3 .. 1e7 (float) or
                     ///< 1e3 .. 1e15 (double), the translation rounded in T
    rotated,         ///< an edge configuration rotated in T: cos and sin rounded
                     ///< (a/c and b/c of a Pythagorean triple), then the rotation rounded
};

inline constexpr std::array<Family, 13> all_families{
    Family::uniform,        Family::tangent,  Family::near_tangent, Family::collinear,
    Family::near_collinear, Family::endpoint, Family::degenerate,   Family::extreme,
    Family::invalid,        Family::computed, Family::decimal,      Family::world,
    Family::rotated,
};

/// The families before the constructed ones (issue 13): their draws are
/// bit-for-bit what they were (the determinism digest checks it).
inline constexpr std::size_t classic_family_count = 9;

/// Whether f is one of the constructed families (computed, decimal, world,
/// rotated), whose values are rounded in T on the way.
constexpr bool constructed(Family f) {
    return f == Family::computed || f == Family::decimal || f == Family::world ||
           f == Family::rotated;
}

/// Lower-case name as used in case files ("near_tangent").
std::string_view to_string(Family f);

/// Parses a family name; returns false (and leaves `out`) when unknown.
bool parse_family(std::string_view name, Family& out);

/// Whether the family means something for the primitive. Not applicable:
/// tangent/near_tangent for the segment-segment primitives; collinear and
/// near_collinear for point_in_disk and the circle-circle primitives; endpoint
/// for point_in_disk and the circle-circle primitives. The constructed
/// families apply to every primitive. draw() and realize()
/// of a non-applicable pair fall back to `uniform`.
bool applicable(Primitive p, Family f);

/// The families applicable to `p`, in all_families order.
std::vector<Family> families_for(Primitive p);

// Argument names: touchstone::arg_name(p, i) of touchstone/case_file.hpp.

/// The pair of operand shapes a primitive takes, which is what the
/// families' geometry is built for: every primitive over a segment and a
/// circle shares the segment-circle sub-kinds, and so on. Read from the
/// table (primitive.hpp), so a new primitive over known shapes gets its
/// families without a line here.
enum class ShapePair : std::uint8_t {
    point_circle,
    circle_circle,
    segment_circle,
    segment_segment,
    three_points,     ///< orient2d: a b c
    capsule_capsule,  ///< capsules_overlap
    capsule_circle,   ///< capsule_hits_disk
    box_box,          ///< boxes_overlap
    segment_box,      ///< segment_hits_box
    point_polygon,    ///< point_in_polygon: px py, then the polygon (count, vertices)
    ray_box,          ///< ray_cast_box: the ray p q, the box minx miny maxx maxy
    segment_capsule,  ///< ray_cast_capsule: the ray p q, the capsule ax ay bx by r
    convex_convex,    ///< polygons_overlap: two convex polygons (count, vertices each)
    convex_circle,    ///< polygon_hits_disk: a convex polygon, then cx cy r
    ray_convex,       ///< ray_cast_polygon: the ray p q, then a convex polygon
};

constexpr ShapePair shape_pair(Primitive p) {
    const PrimitiveInfo& row = info(p);
    if (row.operand_count == 3) return ShapePair::three_points;
    // A ray cast over a segment and a box or a capsule has its own geometry
    // (rays leaving, grazing, starting on the shape); ray_cast_disk and
    // ray_cast_segment share segment_circle and segment_segment.
    if (row.operand_count == 2 && row.operands[0] == Shape::segment &&
        row.answer == AnswerForm::fraction) {
        if (row.operands[1] == Shape::box) return ShapePair::ray_box;
        if (row.operands[1] == Shape::capsule) return ShapePair::segment_capsule;
        if (row.operands[1] == Shape::convex) return ShapePair::ray_convex;
    }
    if (row.operand_count == 2 && row.operands[1] == Shape::polygon)
        return ShapePair::point_polygon;
    if (row.operands[0] == Shape::convex)
        return row.operands[1] == Shape::convex ? ShapePair::convex_convex
                                                : ShapePair::convex_circle;
    if (row.operands[0] == Shape::capsule)
        return row.operands[1] == Shape::capsule ? ShapePair::capsule_capsule
                                                 : ShapePair::capsule_circle;
    if (row.operands[0] == Shape::box) return ShapePair::box_box;
    if (row.operand_count > 1 && row.operands[1] == Shape::box) return ShapePair::segment_box;
    if (row.operands[0] == Shape::point) return ShapePair::point_circle;
    if (row.operands[0] == Shape::circle) return ShapePair::circle_circle;
    return row.operand_count > 1 && row.operands[1] == Shape::circle ? ShapePair::segment_circle
                                                                     : ShapePair::segment_segment;
}

/// Whether argument `i` of `p` is a radius: the table's touchstone::is_radius
/// (primitive.hpp), under the name the fuzz mutator and the audit use.
inline bool is_radius_arg(Primitive p, int i) { return touchstone::is_radius(p, i); }

// ---------------------------------------------------------------------------
// Recipes.

/// Extreme modes (Recipe::mode when family == extreme).
enum class ExtremeMode : std::uint8_t {
    huge,    ///< scaled so the largest value is within 2^scale of the top of T: squares overflow
    tiny,    ///< largest value 2^scale below 2^(emin/2) (floored at denorm_min): every square
             ///< is subnormal or zero
    mixed,   ///< an exact translation at the top of the mantissa: coordinates
             ///< >= 2^(emax/2) with sizes 2^(P-3) times smaller (differences and
             ///< radii stay far below the coordinates)
    radius,  ///< every radius at its square's overflow threshold, the rest ordinary: r
             ///< within 8 ulps of sqrt(max / 2^j), j in 0..7 (2^512 .. 2^508.5 in double,
             ///< 2^64 .. 2^60.5 in float), coordinates below 2^7; the shape with the
             ///< last radius moved by 0, 1 or 2 times the sum of the radii (contains
             ///< the rest, its boundary through the rest, misses it). Radius
             ///< primitives only (applicable); it must stay the last mode
};
inline constexpr int extreme_mode_count = 4;

/// The name of an extreme mode as the audit's rows say it: "overflow"
/// (huge), "underflow" (tiny), "mixed", "radius" (the audit's row
/// extreme_radius).
std::string_view to_string(ExtremeMode m);

/// Whether mode `m` means something for `p`: every mode but `radius`, which
/// needs a radius field (touchstone::is_radius). A draw of the extreme family
/// picks among the applicable modes only; realize() of `radius` for a
/// primitive without a radius is `huge`.
bool applicable(Primitive p, ExtremeMode m);

/// sqrt(max / 2^j) of T, correctly rounded: the largest radius whose square
/// times 2^j stays finite, give or take an ulp (the radius mode's thresholds,
/// and the negative radius of the invalid family's threshold poison).
template <class T>
T square_threshold(int j);

/// Poisons (Recipe::mode when family == invalid), built from bit patterns.
enum class Poison : std::uint8_t {
    quiet_nan,      ///< 0x7ff8... / 0x7fc0...
    negative_nan,   ///< sign bit set
    signaling_nan,  ///< 0x7ff0...01 / 0x7f800001 (payload 1)
    plus_inf,
    minus_inf,
    negative_radius,  ///< -r (or -denorm_min when r == 0); radius primitives only.
                      ///< Recipe::mode == negative_radius + poison_count (drawn for
                      ///< radius primitives, mode in 0 .. 2 poison_count - 1): instead
                      ///< -(a radius at its square's overflow threshold), -2^512 or
                      ///< -2^64 give or take (threshold_radius)
};
inline constexpr int poison_count = 6;

/// The radius at the square's overflow threshold a recipe's `scale` picks:
/// square_threshold<T>(j) stepped by k ulps, j = |scale| mod 8 and
/// k = |scale| mod 17 - 8 (every pair (j, k) in 136 consecutive scales).
template <class T>
T threshold_radius(int scale);

/// Words of Recipe::raw: one per field of the widest fixed-size primitive of
/// the table (two capsules: 10), at least 8 (the size it always had).
inline constexpr int raw_words = [] {
    int most = 8;
    for (const PrimitiveInfo& row : primitive_table) {
        bool fixed = true;
        for (int k = 0; k < row.operand_count; ++k)
            fixed = fixed && !shape_variable(row.operands[static_cast<std::size_t>(k)]);
        if (fixed && arity(row.id) > most) most = arity(row.id);
    }
    return most;
}();

/// The words of Recipe::raw a uniform draw of `p` fills: one per argument of
/// a fixed-size primitive; 8 for one with a polygon (its uniform geometry
/// reads raw[0..8): the point and the star's hashes).
constexpr int raw_count(Primitive p) {
    for (int k = 0; k < info(p).operand_count; ++k)
        if (shape_variable(info(p).operands[static_cast<std::size_t>(k)])) return 8;
    return arity(p) < raw_words ? arity(p) : raw_words;
}

/// A case, as small integers. realize() turns it into arguments.
///
/// Geometry is integer first (units of 2^scale): a direction u = (a, b) from
/// pythagorean_triples()[triple] (|u| = c exactly), its normal w = (-b, a),
/// and the sizes s0, s1, s2. The meaning of the sizes per sub-kind is in
/// sub_name() / describe(). Then, in this order: `order` (reverse segments,
/// swap shapes), `offset` (integer translation), `symmetry` (bit 0 swap x/y,
/// bit 1 negate x, bit 2 negate y), conversion to T and scaling by 2^scale
/// (exact), the ulp `nudge` of argument `operand` and `nudge2` of
/// `operand2`, and the poison of
/// `invalid`.
struct Recipe {
    Primitive primitive = Primitive::point_in_disk;  ///< informational (describe)
    Family family = Family::uniform;
    Family base = Family::uniform;  ///< geometry family; == family except for extreme/invalid
    std::uint8_t sub = 0;           ///< sub-kind of `base`, 0 .. sub_count(primitive, base)-1
    std::uint8_t mode = 0;          ///< ExtremeMode or Poison; decimal: digits n - 1;
                                    ///< world: decimal exponent of the translation;
                                    ///< rotated: the angle's triple index - 1
    std::uint8_t triple = 0;        ///< direction u: index into pythagorean_triples()
    std::uint8_t triple2 = 0;       ///< second direction: triple index * 8 + dihedral element
    std::uint8_t symmetry = 0;      ///< dihedral element applied to every point, 0..7
    std::uint8_t order =
        0;  ///< bit 0 reverse the (first) segment, bit 1 swap / reverse the second shape
    std::uint8_t operand = 0;   ///< argument the nudge / poison hits (case-file index)
    std::int8_t nudge = 0;      ///< ulps to step `operand` by (0: exact configuration)
    std::uint8_t operand2 = 0;  ///< a second argument to step (near_* and extreme);
                                ///< >= arity: none (half of the draws)
    std::int8_t nudge2 = 0;     ///< ulps to step `operand2` by (one nudge keeps three
                                ///< of four segment endpoints collinear; two do not)
    std::int16_t scale = 0;     ///< power of two; for extreme: distance from the edge of T's range
    std::array<std::int32_t, 3> size{1, 1, 1};  ///< s0, s1, s2 (>= 1)
    std::array<std::int32_t, 2> offset{};       ///< integer translation (units of 2^scale)
    std::array<std::int64_t, raw_words> raw{};  ///< uniform base: signed mantissas per argument
                                                ///< (raw_count of them); computed: raw[0],
                                                ///< raw[1] give t = i / j; world: raw[0],
                                                ///< raw[1] the translation's digits
};

bool operator==(const Recipe& a, const Recipe& b);
inline bool operator!=(const Recipe& a, const Recipe& b) { return !(a == b); }

/// One line a human reads, e.g.
/// "tangent external 3-4-5 s=(2,3,1) x2^-40, nudged +2 ulps on r2".
std::string describe(const Recipe& r);

/// The recipe as a compact JSON object (for case files' optional fields and
/// for replaying a recipe exactly).
std::string to_json(const Recipe& r);

/// Number of sub-kinds of family `f` for primitive `p` (1 for families
/// without sub-kinds; 0 when not applicable).
int sub_count(Primitive p, Family f);

/// Name of sub-kind `sub` ("external", "touch", "T-junction", ...).
std::string_view sub_name(Primitive p, Family f, int sub);

/// Pythagorean triples (a, b, c), a^2 + b^2 = c^2, c < 100; entry 0 is the
/// axis-aligned (1, 0, 1).
struct Triple {
    std::int32_t a, b, c;
};
const std::vector<Triple>& pythagorean_triples();

// ---------------------------------------------------------------------------
// Realizing.

/// The arguments of the case, in case-file order (docs/case-format.md); the tail
/// beyond arity(p) is 0. Deterministic; exact for every classic family but
/// `uniform`, `extreme` (mixed on a uniform base; radius: the move of the shape
/// with the last radius, rounded) and `invalid`; the constructed
/// families round in T by design (label: near the boundary). A recipe
/// drawn for double realized as float may round (draw for the precision you
/// realize in). Results are always finite and radii >= 0 unless the family is
/// `invalid`. `p` decides the arguments; r.primitive is not consulted.
template <class T>
std::array<T, max_fields> realize(Primitive p, const Recipe& r);

/// realize(r.primitive, r).
template <class T>
std::array<T, max_fields> realize(const Recipe& r) {
    return realize<T>(r.primitive, r);
}

/// The argument a recipe's `operand` (or `operand2`) names: operand % arity
/// for fixed-size operands; for a point and a polygon one of px py and the
/// first three vertices' coordinates (never the vertex count, never the
/// unused capacity).
int operand_arg(Primitive p, int operand);

/// The argument an `invalid` recipe poisons: `operand`, except that a
/// negative-radius poison moves to the radius of the shape `operand` points
/// into (the first radius at or after it, else the last); -1 when the family
/// is not invalid.
int poisoned_arg(Primitive p, const Recipe& r);

/// x stepped by k ulps (k < 0: down): touchstone::step_ulps of bits.hpp,
/// the one ulp stepper. -0 and +0 are one value; saturates at +-max finite;
/// NaN stays NaN.
using touchstone::step_ulps;

// ---------------------------------------------------------------------------
// Drawing.

/// SplitMix64: touchstone::splitmix64 of bits.hpp, the one deterministic
/// random source (advances the state, returns the next 64-bit output).
using touchstone::splitmix64;

/// Inclusive integer range.
struct IntRange {
    std::int64_t lo = 0;
    std::int64_t hi = 0;
};

/// The ranges every field of a recipe is drawn from, given primitive, family,
/// base family and precision. draw() samples it; the RapidCheck layer builds
/// one generator per field from it (and shrinks each toward its simplest
/// value: lo for unsigned fields, 0 for signed ones), so both produce the
/// same kind of cases. Every combination inside the ranges is a valid recipe.
struct RecipeSpace {
    Primitive primitive = Primitive::point_in_disk;
    Family family = Family::uniform;
    Family base = Family::uniform;
    IntRange sub, mode, triple, triple2, symmetry, order, operand, size;
    IntRange scale;  ///< signed when lo < 0
    IntRange nudge;  ///< magnitude range; sign free when hi > 0
    IntRange operand2;
    IntRange nudge2;      ///< magnitude range of the second nudge (0 allowed)
    int offset_bits = 0;  ///< |offset| < 2^bits, bits uniform in [0, offset_bits], shared
    int raw_bits = 0;     ///< uniform: |raw| <= 2^raw_bits (0: raw unused)
};

/// The base families `family` draws its geometry from: {family} itself except
/// for extreme, invalid (uniform + exact edges), decimal, world, rotated (edges).
std::vector<Family> bases(Primitive p, Family family);

template <class T>
RecipeSpace space(Primitive p, Family family, Family base);

/// Draws one recipe of family `f` for primitive `p` and precision T,
/// advancing `rng_state` (SplitMix64). Same state -> same recipe on every
/// machine and compiler. Non-applicable pairs draw `uniform`.
template <class T>
Recipe draw(Primitive p, Family f, std::uint64_t& rng_state);

/// draw(p, Family::extreme, rng_state) with the mode fixed to `m`: the same
/// words drawn, so the rest of the recipe is what draw() would give. The
/// audit shows each mode as a row of its own.
template <class T>
Recipe draw_extreme(Primitive p, ExtremeMode m, std::uint64_t& rng_state);

/// Recipe built from a space by picking every field with the given source
/// of 64-bit words (used by draw and by the fuzzers, which feed bytes).
template <class Next>
Recipe draw_from(const RecipeSpace& sp, Next&& next_u64);

// Declared for the explicit instantiations in src/families/*.cpp.
extern template std::array<float, max_fields> realize<float>(Primitive, const Recipe&);
extern template std::array<double, max_fields> realize<double>(Primitive, const Recipe&);
extern template RecipeSpace space<float>(Primitive, Family, Family);
extern template RecipeSpace space<double>(Primitive, Family, Family);
extern template Recipe draw<float>(Primitive, Family, std::uint64_t&);
extern template Recipe draw<double>(Primitive, Family, std::uint64_t&);
extern template Recipe draw_extreme<float>(Primitive, ExtremeMode, std::uint64_t&);
extern template Recipe draw_extreme<double>(Primitive, ExtremeMode, std::uint64_t&);
extern template float square_threshold<float>(int);
extern template double square_threshold<double>(int);
extern template float threshold_radius<float>(int);
extern template double threshold_radius<double>(int);

}  // namespace touchstone::families

#include "touchstone/families/families_impl.hpp"
