// touchstone fuzz — the layout-aware custom mutator (see mutator.hpp).
// Built without coverage instrumentation.
#include "mutator.hpp"

#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <string_view>
#include <type_traits>

#include "touchstone/bits.hpp"

namespace touchstone::fuzz {

namespace {

/// touchstone::splitmix64 on the mutation seed (a copy of the state per
/// call).
class MutationRng {
public:
    explicit MutationRng(unsigned seed) : state_(seed) {}
    std::uint64_t next() { return splitmix64(state_); }
    /// Uniform in [0, n), n > 0.
    std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(next() % n); }
    bool coin() { return next() & 1u; }

private:
    std::uint64_t state_;
};

/// Where the points of a primitive's arguments are, read from the table: a
/// point is two coordinate fields named <stem>x, <stem>y ("px py", "c1x c1y",
/// "ax ay" and "bx by" of a segment), or a polygon's vertex. Points are what the mutator copies
/// onto each other (shared endpoints, a point on a centre).
struct Slots {
    std::array<int, max_fields / 2> points{};  ///< index of each point's x
    int n_points = 0;
};

constexpr bool is_point_start(Primitive p, int i) {
    if (i + 1 >= arity(p) || is_radius(p, i) || is_radius(p, i + 1)) return false;
    // A polygon's vertex k: its numbers 2k, 2k + 1 (one name, "poly").
    if (field_element(p, i) >= 0) return field_element(p, i) % 2 == 0;
    const std::string_view x = field_name(p, i);
    const std::string_view y = field_name(p, i + 1);
    return x.size() == y.size() && !x.empty() && x.back() == 'x' && y.back() == 'y' &&
           x.substr(0, x.size() - 1) == y.substr(0, y.size() - 1);
}

constexpr Slots slots_from_table(Primitive p) {
    Slots s;
    for (int i = 0; i < arity(p); ++i) {
        if (!is_point_start(p, i)) continue;
        s.points[static_cast<std::size_t>(s.n_points++)] = i;
        ++i;  // the point's y
    }
    return s;
}

inline constexpr std::array<Slots, all_primitives.size()> slot_table = [] {
    std::array<Slots, all_primitives.size()> t{};
    for (Primitive p : all_primitives) t[static_cast<std::size_t>(p)] = slots_from_table(p);
    return t;
}();

const Slots& slots_of(Primitive p) { return slot_table[static_cast<std::size_t>(p)]; }

/// 0 for an x coordinate, 1 for a y coordinate, 2 for a radius (the
/// table's Role::radius).
int axis_of(Primitive p, int i) {
    if (radius_field(p, i)) return 2;  // is_radius, from the compile-time table
    const Slots& s = slots_of(p);
    for (int k = 0; k < s.n_points; ++k) {
        if (s.points[static_cast<std::size_t>(k)] == i) return 0;
        if (s.points[static_cast<std::size_t>(k)] + 1 == i) return 1;
    }
    return 0;
}

template <class T>
struct FloatTraits {
    static constexpr int mantissa_bits = std::numeric_limits<T>::digits - 1;  // 23 / 52
    static constexpr int exponent_bits = sizeof(T) * 8 - 1 - mantissa_bits;   // 8 / 11
    static constexpr int bias = std::numeric_limits<T>::max_exponent - 1;     // 127 / 1023
    static constexpr int max_biased = (1 << exponent_bits) - 1;               // Inf/NaN
    static constexpr BitsOf<T> exponent_mask = static_cast<BitsOf<T>>(max_biased) << mantissa_bits;
};

template <class T>
int biased_exponent(T x) {
    return static_cast<int>((to_bits(x) & FloatTraits<T>::exponent_mask) >>
                            FloatTraits<T>::mantissa_bits);
}

template <class T>
T with_biased_exponent(T x, int e) {
    using F = FloatTraits<T>;
    const auto u = static_cast<BitsOf<T>>((to_bits(x) & ~F::exponent_mask) |
                                          (static_cast<BitsOf<T>>(e) << F::mantissa_bits));
    return from_bits<T>(u);
}

/// An exponent where something happens (biased): subnormals, the smallest
/// normal, 1, the edges where a square or a product of two coordinates
/// underflows or overflows (2^(+-emax/2)), the largest finite, Inf/NaN.
template <class T>
int interesting_exponent(MutationRng& rng) {
    using F = FloatTraits<T>;
    const int half = (F::bias + 1) / 2;  // 64 / 512
    const int table[] = {0,
                         1,
                         F::bias,
                         F::bias - 1,
                         F::bias + 1,
                         F::bias + half - 1,
                         F::bias + half,
                         F::bias - half,
                         F::bias - half - 1,
                         F::bias - F::mantissa_bits - 1,
                         F::max_biased - 1,
                         F::max_biased};
    constexpr auto n = static_cast<std::uint32_t>(sizeof table / sizeof table[0]);
    return table[rng.below(n)];
}

/// One structured edit of the configuration.
template <class T>
void mutate_value(Config<T>& c, MutationRng& rng) {
    const Primitive p = c.primitive;
    const auto n = static_cast<std::uint32_t>(arity_of(p));
    const auto at = [&c](std::uint32_t i) -> T& { return c.args[i]; };
    const std::uint32_t i = rng.below(n);
    const std::uint32_t op = rng.below(100);
    if (op < 30) {
        // Step by ulps: mostly 1..4, sometimes up to 64, rarely a power of two
        // up to 2^24 (a long way along the same binade).
        const std::uint32_t r = rng.below(8);
        int k = r < 4   ? 1 + static_cast<int>(rng.below(4))
                : r < 7 ? 1 + static_cast<int>(rng.below(64))
                        : 1 << rng.below(25);
        if (rng.coin()) k = -k;
        at(i) = step_ulps<T>(at(i), k);
    } else if (op < 40) {
        at(i) = from_bits<T>(to_bits(at(i)) ^ sign_mask<T>);
    } else if (op < 55) {
        const std::uint32_t how = rng.below(4);
        int e;
        if (how < 2)
            e = static_cast<int>(rng.below(FloatTraits<T>::max_biased + 1));
        else if (how == 2)
            e = interesting_exponent<T>(rng);
        else
            e = biased_exponent(at(rng.below(n)));
        at(i) = with_biased_exponent(at(i), e);
    } else if (op < 85) {
        const Slots& s = slots_of(p);
        const std::uint32_t how = rng.below(4);
        if (how < 2 && s.n_points > 0) {
            // A whole point onto another point: shared endpoints, a point on
            // the centre, zero-length segments.
            const auto from = static_cast<std::size_t>(
                s.points[rng.below(static_cast<std::uint32_t>(s.n_points))]);
            const auto to = static_cast<std::size_t>(
                s.points[rng.below(static_cast<std::uint32_t>(s.n_points))]);
            c.args[to] = c.args[from];
            c.args[to + 1] = c.args[from + 1];
        } else {
            // One value onto another, of the same axis (axis-parallel, hence
            // exactly collinear, segments; equal radii) or of any argument.
            std::uint32_t j = rng.below(n);
            if (how == 2) {
                for (int tries = 0; tries < 8 && axis_of(p, static_cast<int>(j)) !=
                                                     axis_of(p, static_cast<int>(i));
                     ++tries)
                    j = rng.below(n);
            }
            at(i) = at(j);
        }
    } else {
        // +-0: a zero changes sign, anything else becomes a zero.
        if (at(i) == T(0))
            at(i) = -at(i);
        else
            at(i) = rng.coin() ? T(0) : -T(0);
    }
}

/// The configuration in the other precision. Widening is exact; narrowing
/// rounds, and a finite double beyond float's range becomes +-Inf, as IEEE
/// conversion would (spelled out: a C++ cast of it is undefined).
template <class From, class To>
Config<To> convert(const Config<From>& c) {
    Config<To> out;
    out.primitive = c.primitive;
    for (std::size_t i = 0; i < c.args.size(); ++i) {
        const From v = c.args[i];
        if (sizeof(To) < sizeof(From) && std::isfinite(v) &&
            std::fabs(v) > static_cast<From>(std::numeric_limits<To>::max()))
            out.args[i] =
                std::copysign(std::numeric_limits<To>::infinity(), static_cast<To>(v > 0 ? 1 : -1));
        else
            out.args[i] = static_cast<To>(v);
    }
    return out;
}

template <class T>
std::size_t mutate_typed(TargetSpec spec, std::uint8_t* data, std::size_t size,
                         std::size_t max_size, MutationRng& rng) {
    Config<T> c = decode<T>(spec.primitive, data, size, /*features=*/false);
    const std::uint32_t r = rng.below(20);
    const int edits = r < 12 ? 1 : r < 17 ? 2 : 3;
    for (int k = 0; k < edits; ++k) mutate_value(c, rng);
    if (spec.precisions == Precisions::both && rng.below(32) == 0) {
        // The same configuration in the other precision (narrowing rounds).
        using Other = std::conditional_t<sizeof(T) == 4, double, float>;
        const std::size_t m = encode_raw(convert<T, Other>(c), data, max_size);
        if (m != 0) return m;
    }
    const std::size_t m = encode_raw(c, data, max_size);
    return m != 0 ? m : LLVMFuzzerMutate(data, size, max_size);
}

/// One edit of a recipe input in recipe space, so that the input stays a
/// recipe: an ulp nudge (argument byte, int8 ulps) stepped or set, the
/// family or the base changed, or one of the words draw_from reads
/// replaced. Flattening a recipe to raw values (mutate_typed) keeps its
/// exact edge configuration but loses the generator: without this branch
/// the recipe population dies out and, with it, the near-tangent
/// configurations the families aim at (issue 5's time-to-first-bug table
/// measured both: NaN points near tangency in tutorial 004 took 8 s with a
/// flattening-only mutator, against 0.3 s for libFuzzer's own).
std::size_t mutate_recipe(std::uint8_t* data, std::size_t size, std::size_t max_size,
                          MutationRng& rng) {
    std::size_t need = recipe_words_offset + 8;
    if (need > max_size) return 0;
    if (size < need) {
        std::memset(data + size, 0, need - size);
        size = need;
    }
    const std::uint32_t op = rng.below(100);
    if (op < 40) {
        const std::size_t at = recipe_nudges_offset + 2 * rng.below(recipe_nudge_count);
        if (data[at + 1] == 0 || rng.below(4) == 0)
            data[at] = static_cast<std::uint8_t>(rng.next());
        auto k = static_cast<int>(static_cast<std::int8_t>(data[at + 1]));
        const int step = 1 + static_cast<int>(rng.below(rng.coin() ? 4 : 32));
        k = rng.coin() ? k + step : k - step;
        if (k > 127) k = 127;
        if (k < -128) k = -128;
        data[at + 1] = static_cast<std::uint8_t>(static_cast<std::int8_t>(k));
    } else if (op < 50) {
        data[recipe_family_offset] = static_cast<std::uint8_t>(rng.next());
    } else if (op < 60) {
        data[recipe_base_offset] = static_cast<std::uint8_t>(rng.next());
    } else {
        const std::size_t words = (size - recipe_words_offset) / 8;
        std::size_t w = rng.below(static_cast<std::uint32_t>(words + 1));
        if (w == words) {  // append a word (draw_from reads zeros past the end)
            if (size + 8 > max_size)
                w = words - 1;
            else
                size += 8;
        }
        const std::uint64_t v = rng.next();
        std::memcpy(data + recipe_words_offset + 8 * w, &v, 8);
    }
    return size;
}

}  // namespace

namespace {

std::size_t mutate_any(TargetSpec spec, std::uint8_t* data, std::size_t size, std::size_t max_size,
                       MutationRng& rng) {
    if (size > 0 && (data[0] & mode_recipe)) {
        // A recipe: half libFuzzer's byte edits (a changed word is a fresh
        // draw of the family), a quarter recipe-space edits, a quarter
        // flattened to raw values and edited as values.
        const std::uint32_t r = rng.below(4);
        if (r < 2) return LLVMFuzzerMutate(data, size, max_size);
        if (r == 2) {
            const std::size_t m = mutate_recipe(data, size, max_size, rng);
            if (m != 0) return m;
        }
    } else if (rng.below(4) == 0) {
        return LLVMFuzzerMutate(data, size, max_size);
    }
    if (precision_of(spec, data, size) == Precision::f32)
        return mutate_typed<float>(spec, data, size, max_size, rng);
    return mutate_typed<double>(spec, data, size, max_size, rng);
}

}  // namespace

std::size_t mutate(TargetSpec spec, std::uint8_t* data, std::size_t size, std::size_t max_size,
                   unsigned seed) {
    MutationRng rng(seed);
    const std::size_t m = mutate_any(spec, data, size, max_size, rng);
    // The meaningful size (decode.hpp): zeros appended where the decoder
    // would read them, bytes it never reads cut. Same configuration, one
    // size per configuration: no input-reduction churn of the corpus.
    const std::size_t want = meaningful_size(spec, data, m);
    if (want > max_size) return m;
    if (want > m) std::memset(data + m, 0, want - m);
    return want;
}

}  // namespace touchstone::fuzz
