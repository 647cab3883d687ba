// touchstone fuzz — decoding, encoding and the semantic features (see the
// layout in decode.hpp). Built without coverage instrumentation.
#include "decode.hpp"

#include <algorithm>
#include <limits>
#include <vector>

namespace touchstone::fuzz {

// ---------------------------------------------------------------------------
// Semantic features.

namespace {

/// 2^e, exactly, at compile time (e within T's normal range).
template <class T>
constexpr T pow2(int e) {
    T r = 1;
    for (; e > 0; --e) r *= 2;
    for (; e < 0; ++e) r /= 2;
    return r;
}

/// The thresholds of BugClass::range (see bug_class in decode.hpp).
template <class T>
inline constexpr T range_huge = pow2<T>(std::numeric_limits<T>::max_exponent / 2 - 2);
template <class T>
inline constexpr T range_tiny = pow2<T>((std::numeric_limits<T>::min_exponent - 1) / 2 +
                                        std::numeric_limits<T>::digits);

// libFuzzer collects this section's bytes as coverage after every run and
// zeroes them before the next one (FuzzerExtraCounters.cpp). Without
// libFuzzer it is an ordinary array.
#if defined(__linux__)
__attribute__((section("__libfuzzer_extra_counters"), used))
#endif
std::uint8_t extra_counters[feature::count];

/// 0 zero, 1 subnormal, 2 "range"-small, 3 ordinary, 4 "range"-large, 5 Inf/NaN,
/// from the biased exponent without a branch (the thresholds are powers of
/// two, normal numbers): a chain of comparisons on random bit patterns
/// mispredicted, and this runs for every field of every execution.
template <class T>
std::size_t magnitude_class(T v) {
    constexpr int mantissa_bits = std::numeric_limits<T>::digits - 1;
    constexpr int bias = std::numeric_limits<T>::max_exponent - 1;
    constexpr int e_max = 2 * bias + 1;  // Inf and NaN
    constexpr int e_tiny = bias + (std::numeric_limits<T>::min_exponent - 1) / 2 +
                           std::numeric_limits<T>::digits;                       // of range_tiny
    constexpr int e_huge = bias + std::numeric_limits<T>::max_exponent / 2 - 2;  // range_huge
    static_assert(e_tiny > 0 && e_tiny < e_huge && e_huge < e_max);
    const BitsOf<T> a = to_bits(v) & ~(BitsOf<T>{1} << (sizeof(T) * 8 - 1));
    const auto e = static_cast<int>(a >> mantissa_bits);
    return static_cast<std::size_t>(a != 0) *
           (std::size_t{1} + static_cast<std::size_t>(e != 0) +
            static_cast<std::size_t>(e >= e_tiny) + static_cast<std::size_t>(e >= e_huge) +
            static_cast<std::size_t>(e == e_max));
}

/// Fields with magnitude and equality features: every field of the widest
/// fixed-size primitive of the table (two capsules: 10), so every field of a
/// fixed-size primitive, and a point and the first vertices of a polygon.
constexpr int feature_fields = [] {
    int most = 0;
    for (const PrimitiveInfo& r : primitive_table) {
        bool fixed = true;
        for (int k = 0; k < r.operand_count; ++k)
            fixed = fixed && !shape_variable(r.operands[static_cast<std::size_t>(k)]);
        if (fixed) most = std::max(most, arity(r.id));
    }
    return most;
}();

// The feature slots hold feature_fields fields.
static_assert(feature::magnitudes + 6 <= feature::equal_pairs && feature_fields < 256,
              "feature::magnitudes slots");
static_assert(feature::equal_pairs + feature_fields * (feature_fields - 1) / 2 <= feature::outcome,
              "feature::equal_pairs slots");
static_assert(feature::decoder + 2 + 2 * 65 <= feature::magnitudes &&
                  feature::outcome + 3 * 8 <= feature::invalid &&
                  feature::invalid < feature::count && feature::count % 8 == 0,
              "feature slots");

/// How many fields fall in each magnitude class, and which pairs of fields
/// are equal. Written straight into the counters (the slots are in range by
/// the static_asserts above), the pairs without a branch: each pair's slot
/// is written once per execution, 1 or 0, and libFuzzer has zeroed it
/// before. The pair loop's unpredictable branches were most of the
/// decoder's time (perf, issue 15). A class's counter holds its number of
/// fields (libFuzzer buckets counts: 1, 2, 3, 4-7, 8+), one feature per
/// class present: 2-3 features an execution where one per field and class
/// gave 5-10, each of which costs libFuzzer its per-feature work (fuzz4:
/// 2-5 % more executions per CPU-second).
template <class T>
void note_shape(const Config<T>& c) {
    const int n = std::min(arity_of(c.primitive), feature_fields);
    std::uint8_t* const pairs = extra_counters + feature::equal_pairs;
    // The six class counts as bytes of one word, added in a register and
    // stored once (an increment of the counter byte per field made a chain
    // of dependent loads and stores); a count is at most feature_fields.
    std::uint64_t classes = 0;
    std::size_t pair = 0;
    for (int i = 0; i < n; ++i) {
        const T a = c.args[static_cast<std::size_t>(i)];
        classes += std::uint64_t{1} << (8 * magnitude_class(a));
        for (int j = i + 1; j < n; ++j, ++pair)
            pairs[pair] = static_cast<std::uint8_t>(a == c.args[static_cast<std::size_t>(j)]);
    }
    for (std::size_t k = 0; k < 6; ++k)
        extra_counters[feature::magnitudes + k] = static_cast<std::uint8_t>(classes >> (8 * k));
}

}  // namespace

void note_feature(std::size_t index) {
    if (index < feature::count) extra_counters[index] = 1;
}

// ---------------------------------------------------------------------------
// Recipe tables: families_for(), bases() and space() allocate; the decoder
// runs a million times a second, so each is computed once per process.

namespace {

constexpr std::size_t max_families = families::all_families.size();  // 13
constexpr std::size_t max_bases = 5;  // uniform + tangent, collinear, endpoint, degenerate

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

    RecipeTables() = default;

    std::vector<families::Family> families;            ///< applicable, in all_families order
    std::vector<std::vector<families::Family>> bases;  ///< per family
    std::vector<std::vector<families::RecipeSpace>> spaces;

private:
    explicit RecipeTables(Primitive p) : families(families::families_for(p)) {
        for (families::Family f : families) {
            bases.push_back(families::bases(p, f));
            spaces.emplace_back();
            for (families::Family b : bases.back())
                spaces.back().push_back(families::space<T>(p, f, b));
        }
    }
};

/// The input, zero-padded to max_input_size: reads need no bounds checks.
/// Only the bytes a raw input of `raw_reach` bytes (the primitive's
/// raw_size) can reach are zeroed for raw inputs, not the 529 of the
/// longest one (this runs once per execution).
struct Padded {
    std::array<std::uint8_t, max_input_size> bytes;
    Padded(const std::uint8_t* data, std::size_t size, std::size_t raw_reach) {
        const std::size_t n = size < max_input_size ? size : max_input_size;
        if (n > 0) std::memcpy(bytes.data(), data, n);
        const bool recipe = n > 0 && (data[0] & mode_recipe);
        const std::size_t reach = recipe ? max_input_size : std::max<std::size_t>(raw_reach, 1);
        if (n < reach) std::memset(bytes.data() + n, 0, reach - n);
    }
    std::uint64_t le(std::size_t at, int n) const {
        std::uint64_t v = 0;
        if (at + static_cast<std::size_t>(n) <= max_input_size) {  // no bounds check per byte
            for (int k = n - 1; k >= 0; --k) v = (v << 8) | bytes[at + static_cast<std::size_t>(k)];
            return v;
        }
        for (int k = n - 1; k >= 0; --k) {
            const std::size_t i = at + static_cast<std::size_t>(k);
            v = (v << 8) | (i < max_input_size ? bytes[i] : 0u);
        }
        return v;
    }
};

/// The layout of P's raw input, from the table at compile time: arity,
/// radius fields, count fields. The decoder below is instantiated per row
/// (visit), so that it loops over a constant number of fields and tests
/// constant masks; reading them from the table at run time was ~15 % of an
/// execution (issue 15).
template <Primitive P>
struct RawLayout {
    static constexpr int n = arity(P);
    static constexpr bool variable = [] {
        for (int k = 0; k < info(P).operand_count; ++k)
            if (shape_variable(info(P).operands[static_cast<std::size_t>(k)])) return true;
        return false;
    }();
    static constexpr std::array<bool, static_cast<std::size_t>(n)> radius = [] {
        std::array<bool, static_cast<std::size_t>(n)> r{};
        for (int i = 0; i < n; ++i) r[static_cast<std::size_t>(i)] = is_radius(P, i);
        return r;
    }();
    /// For a coordinate of a polygon's vertex, its place in the operand
    /// (field_place's index: 2k + 1 and 2k + 2 for vertex k), else 0: what
    /// canonicalize() finds by walking the table for every field.
    static constexpr std::array<int, static_cast<std::size_t>(n)> vertex_place = [] {
        std::array<int, static_cast<std::size_t>(n)> r{};
        for (int i = 0; i < n; ++i) {
            const FieldPlace f = field_place(P, i);
            if (f.operand >= 0 && shape_variable(f.shape)) r[static_cast<std::size_t>(i)] = f.index;
        }
        return r;
    }();
    static constexpr std::array<bool, static_cast<std::size_t>(n)> count = [] {
        std::array<bool, static_cast<std::size_t>(n)> r{};
        for (int i = 0; i < n; ++i)
            r[static_cast<std::size_t>(i)] = field_role(P, i) == Role::count;
        return r;
    }();
};

template <Primitive P, class T>
Config<T> decode_raw(const Padded& in) {
    using L = RawLayout<P>;
    static_assert(raw_args_offset + L::n * sizeof(T) <= max_input_size, "a raw input fits Padded");
    Config<T> c;
    c.primitive = P;
    const bool signed_radii = in.bytes[0] & mode_signed_radii;
    for (int i = 0; i < L::n; ++i) {
        const auto f = static_cast<std::size_t>(i);
        auto u = static_cast<BitsOf<T>>(in.le(raw_args_offset + f * sizeof(T), sizeof(T)));
        if (L::radius[f] && !signed_radii) u &= ~sign_mask<T>;
        // A polygon's count in range, read as an unsigned integer.
        c.args[f] = L::count[f] ? static_cast<T>(min_polygon_vertices +
                                                 static_cast<int>(u % (max_polygon_vertices -
                                                                       min_polygon_vertices + 1)))
                                : from_bits<T>(u);
    }
    if constexpr (L::variable) {
        // canonicalize(P, args): a polygon's unused capacity is 0, from the
        // layout computed at compile time (the table walk was ~15 % of a
        // polygon target's execution, fuzz4). The counts decoded above are
        // valid, so vertex k is live when k < n.
        for (int i = 0; i < L::n; ++i) {
            const int at = L::vertex_place[static_cast<std::size_t>(i)];
            if (at <= 0) continue;
            const int count = vertex_count_of(c.args[static_cast<std::size_t>(i - at)]);
            if (count >= 0 && at > 2 * count) c.args[static_cast<std::size_t>(i)] = T(0);
        }
    }
    return c;
}

/// The last recipe draw_recipe drew, per thread and precision.
template <class T>
struct LastDraw {
    bool valid = false;
    Primitive p{};
    std::size_t fi = 0, bi = 0, at = 0;
    std::array<std::uint8_t, max_input_size> words{};
    families::Recipe recipe;

    static LastDraw& get() {
        thread_local LastDraw last;
        return last;
    }
};

/// The recipe the words of a recipe input draw (families::draw_from on
/// tables.spaces[fi][bi]); `at` becomes the offset past the last word read.
/// The last draw is remembered per thread and precision: the mutator's
/// meaningful_size draws the recipe of every input it returns, and the
/// execution that follows decodes the same bytes. draw_from reduces each of
/// its ~20 words modulo a range (a 64-bit division each, ~8 ns on the fuzz
/// machine); drawing twice was about 200 ns of a recipe execution (issue 15,
/// fuzz7). draw_from is a function of the space (p, T, fi, bi) and of the
/// words it reads, and reads the same number of words for one space, so
/// equal keys give the same recipe (the --mutate replay tests compare every
/// decoding with the one after forget_recipe_draws()).
template <class T>
families::Recipe draw_recipe(Primitive p, const RecipeTables<T>& tables, const Padded& in,
                             std::size_t fi, std::size_t bi, std::size_t& at) {
    LastDraw<T>& last = LastDraw<T>::get();
    if (last.valid && last.p == p && last.fi == fi && last.bi == bi &&
        std::memcmp(last.words.data() + recipe_words_offset, in.bytes.data() + recipe_words_offset,
                    last.at - recipe_words_offset) == 0) {
        at = last.at;
        return last.recipe;
    }
    at = recipe_words_offset;
    const families::Recipe recipe = families::draw_from(tables.spaces[fi][bi], [&] {
        const std::uint64_t w = in.le(at, 8);
        at += 8;
        return w;
    });
    // Words read past max_input_size read as 0 (Padded::le): remember only
    // draws within the padded bytes.
    last.valid = at <= max_input_size;
    if (last.valid) {
        last.p = p;
        last.fi = fi;
        last.bi = bi;
        last.at = at;
        std::memcpy(last.words.data() + recipe_words_offset, in.bytes.data() + recipe_words_offset,
                    at - recipe_words_offset);
        last.recipe = recipe;
    }
    return recipe;
}

template <class T>
Config<T> decode_recipe(Primitive p, const Padded& in, std::size_t& family_index,
                        std::size_t& base_index) {
    const RecipeTables<T>& tables = RecipeTables<T>::get(p);
    const std::size_t fi = in.bytes[recipe_family_offset] % tables.families.size();
    const std::size_t bi = in.bytes[recipe_base_offset] % tables.bases[fi].size();
    family_index = fi;
    base_index = bi;
    std::size_t at = 0;
    const families::Recipe recipe = draw_recipe<T>(p, tables, in, fi, bi, at);

    Config<T> c;
    c.primitive = p;
    c.from_recipe = true;
    c.family = tables.families[fi];
    c.args = families::realize<T>(p, recipe);
    const auto n = static_cast<unsigned>(arity_of(p));
    for (int k = 0; k < recipe_nudge_count; ++k) {
        const std::size_t slot = recipe_nudges_offset + 2 * static_cast<std::size_t>(k);
        const auto ulps = static_cast<std::int8_t>(in.bytes[slot + 1]);
        if (ulps == 0) continue;
        const std::size_t i = in.bytes[slot] % n;
        if (variable_size(p) && (field_role(p, static_cast<int>(i)) == Role::count ||
                                 !live_coordinate(p, c.args.data(), static_cast<int>(i))))
            continue;
        c.args[i] = step_ulps<T>(c.args[i], ulps);
    }
    return c;
}

template <class T>
Config<T> decode_any(Primitive p, const std::uint8_t* data, std::size_t size, bool features) {
    const Padded in(data, size,
                    raw_args_offset + static_cast<std::size_t>(arity_of(p)) * sizeof(T));
    const bool recipe = in.bytes[0] & mode_recipe;
    std::size_t fi = 0, bi = 0;
    const Config<T> c =
        recipe ? decode_recipe<T>(p, in, fi, bi)
               : visit(p, [&](auto tag) { return decode_raw<decltype(tag)::value, T>(in); });
    static_assert(max_families * max_bases == 65);
    if (!features) return c;
    note_feature(recipe ? feature::decoder + 2 + (sizeof(T) == 8 ? 65 : 0) + fi * max_bases +
                              (bi < max_bases ? bi : max_bases - 1)
                        : feature::decoder + (sizeof(T) == 8 ? 1 : 0));
    note_shape(c);
    return c;
}

template <class T>
std::size_t meaningful_size_any(Primitive p, const std::uint8_t* data, std::size_t size) {
    if (size == 0 || !(data[0] & mode_recipe)) return raw_size<T>(p);
    const Padded in(data, size, max_input_size);
    const RecipeTables<T>& tables = RecipeTables<T>::get(p);
    const std::size_t fi = in.bytes[recipe_family_offset] % tables.families.size();
    const std::size_t bi = in.bytes[recipe_base_offset] % tables.bases[fi].size();
    std::size_t at = 0;
    (void)draw_recipe<T>(p, tables, in, fi, bi, at);
    return at;
}

/// The count fields of each primitive (a polygon operand's first field),
/// -1 where there is none: encode_raw asked field_role for every field, a
/// table walk each (~2 % of robust_polygons_overlap's samples, fuzz6).
inline constexpr std::array<std::array<int, 2>, all_primitives.size()> count_fields = [] {
    std::array<std::array<int, 2>, all_primitives.size()> t{};
    for (Primitive p : all_primitives) {
        std::array<int, 2>& f = t[static_cast<std::size_t>(p)];
        f = {-1, -1};
        int n = 0;
        for (int k = 0; k < info(p).operand_count; ++k)
            if (shape_variable(info(p).operands[static_cast<std::size_t>(k)]) && n < 2)
                f[static_cast<std::size_t>(n++)] = operand_offset(p, k);
    }
    return t;
}();
static_assert(
    [] {
        for (Primitive p : all_primitives) {
            int n = 0;
            for (int i = 0; i < arity(p); ++i) n += field_role(p, i) == Role::count;
            if (n > 2) return false;
        }
        return true;
    }(),
    "count_fields holds two count fields per primitive");

template <class T>
std::size_t encode_any(const Config<T>& c, std::uint8_t* out, std::size_t max_size) {
    const std::size_t need = raw_size<T>(c.primitive);
    if (max_size < need) return 0;
    std::uint8_t mode = sizeof(T) == 8 ? mode_double : 0;
    const std::array<int, 2>& counts = count_fields[static_cast<std::size_t>(c.primitive)];
    for (int i = 0; i < arity_of(c.primitive); ++i) {
        BitsOf<T> u = to_bits(c.args[static_cast<std::size_t>(i)]);
        if (i == counts[0] || i == counts[1])  // decodes to the same count
            u = static_cast<BitsOf<T>>(vertex_count_of(c.args[static_cast<std::size_t>(i)]) -
                                       min_polygon_vertices);
        if (radius_field(c.primitive, i) && (u & sign_mask<T>)) mode |= mode_signed_radii;
        std::uint8_t* at = out + raw_args_offset + static_cast<std::size_t>(i) * sizeof(T);
        for (std::size_t k = 0; k < sizeof(T); ++k) at[k] = static_cast<std::uint8_t>(u >> (8 * k));
    }
    out[0] = mode;
    return need;
}

template <class T>
BugClass bug_class_any(const Config<T>& c) {
    const int n = arity_of(c.primitive);
    for (int i = 0; i < n; ++i) {
        const T m = std::fabs(c.args[static_cast<std::size_t>(i)]);
        if (m != T(0) && (m >= range_huge<T> || m < range_tiny<T>)) return BugClass::range;
    }
    // Degenerate shapes, from the table's operand shapes: a zero-length
    // segment, a zero radius, two circles with one centre, and for three or
    // more points (orient2d) the first two equal (no line through them).
    const PrimitiveInfo& row = info(c.primitive);
    bool degenerate = false;
    if (row.operand_count >= 3 && row.operands[0] == Shape::point &&
        row.operands[1] == Shape::point) {
        const T* a = c.args.data();
        degenerate = a[0] == a[2] && a[1] == a[3];
    }
    for (int k = 0; k < row.operand_count; ++k) {
        const Shape s = row.operands[static_cast<std::size_t>(k)];
        const T* a = c.args.data() + operand_offset(c.primitive, k);
        if (s == Shape::segment) degenerate = degenerate || (a[0] == a[2] && a[1] == a[3]);
        // A capsule: zero length or zero radius; a box: flat on an axis.
        if (s == Shape::capsule)
            degenerate = degenerate || (a[0] == a[2] && a[1] == a[3]) || a[4] == T(0);
        if (s == Shape::box) degenerate = degenerate || a[0] == a[2] || a[1] == a[3];
        if (s != Shape::circle) continue;
        degenerate = degenerate || a[2] == T(0);
        for (int j = k + 1; j < row.operand_count; ++j) {
            if (row.operands[static_cast<std::size_t>(j)] != Shape::circle) continue;
            const T* b = c.args.data() + operand_offset(c.primitive, j);
            degenerate = degenerate || (a[0] == b[0] && a[1] == b[1]);
        }
    }
    return degenerate ? BugClass::degenerate : BugClass::boundary;
}

}  // namespace

void forget_recipe_draws() {
    LastDraw<float>::get().valid = false;
    LastDraw<double>::get().valid = false;
}

Config<float> decode_f32(Primitive p, const std::uint8_t* data, std::size_t size, bool features) {
    return decode_any<float>(p, data, size, features);
}
Config<double> decode_f64(Primitive p, const std::uint8_t* data, std::size_t size, bool features) {
    return decode_any<double>(p, data, size, features);
}

std::size_t meaningful_size(TargetSpec spec, const std::uint8_t* data, std::size_t size) {
    return precision_of(spec, data, size) == Precision::f32
               ? meaningful_size_any<float>(spec.primitive, data, size)
               : meaningful_size_any<double>(spec.primitive, data, size);
}

std::size_t encode_raw(const Config<float>& c, std::uint8_t* out, std::size_t max_size) {
    return encode_any(c, out, max_size);
}
std::size_t encode_raw(const Config<double>& c, std::uint8_t* out, std::size_t max_size) {
    return encode_any(c, out, max_size);
}

BugClass bug_class(const Config<float>& c) { return bug_class_any(c); }
BugClass bug_class(const Config<double>& c) { return bug_class_any(c); }

const char* to_string(BugClass c) {
    switch (c) {
        case BugClass::range: return "range";
        case BugClass::degenerate: return "degenerate";
        case BugClass::boundary: return "boundary";
    }
    return "?";
}

}  // namespace touchstone::fuzz
