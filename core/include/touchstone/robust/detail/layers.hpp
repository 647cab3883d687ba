// touchstone::robust — which evaluation layer answered, and optional counters.
//
// Layers, cheapest first (CGAL's Filtered_predicate order):
//   filter   : double evaluation certified by a derived error bound (filter.hpp)
//   extended : a second floating-point filter, out of line, with about twice
//              double's precision: for orient2d, point_in_disk and
//              disks_overlap a double-double evaluation on exact differences
//              (core/src/robust/dd_predicates.hpp, every platform); for the
//              segment predicates the double filter re-run in x87 long double
//              (64-bit significand, no overflow or underflow for double
//              inputs), only where long double is that format (elsewhere
//              skipped); for the constructions, their floating-point stage
//   int128   : exact, inputs scaled to integers of a common power of two that
//              fit in 61 bits (int64), products in 128 bits (__int128, or a
//              portable pair of words without it; 256 bits for degree 4)
//   int256   : the same with integers of up to 125 bits (128-bit), products
//              in a 256-bit type (512 bits for degree 4)
//   wide     : exact, the same scaled integers in boost::multiprecision's
//              cpp_int, for any exponent spread (1e-310 beside 1e300)
//
// Counting is compiled out unless TOUCHSTONE_ROBUST_COUNTERS is defined before
// the first touchstone header (the benchmarks do). The public functions are
// inline and live in an inline namespace named after that choice, so a
// counting and a non-counting translation unit never share (ODR-violate) one
// definition. The out-of-line exact stages (namespace robust::exact, in
// core/src/robust/) do not depend on the macro: they report their layer
// through an argument and never count themselves.
#pragma once

#include <array>
#include <cstdint>

#include "touchstone/float_semantics.hpp"  // x87 evaluation and -ffast-math refused
#include "touchstone/geometry.hpp"
#include "touchstone/robust/fp_environment.hpp"  // check_floating_point_environment

// The tag may also be set by the build (the FMA-contraction test compiles the
// inline code a second time under its own tag).
// TOUCHSTONE_ROBUST_CHECK_ENVIRONMENT (fp_environment.hpp) changes the inline
// code too, so it has tags of its own.
#if !defined(TOUCHSTONE_ROBUST_ABI)
#if defined(TOUCHSTONE_ROBUST_COUNTERS) && defined(TOUCHSTONE_ROBUST_CHECK_ENVIRONMENT)
#define TOUCHSTONE_ROBUST_ABI counting_checked
#elif defined(TOUCHSTONE_ROBUST_COUNTERS)
#define TOUCHSTONE_ROBUST_ABI counting
#elif defined(TOUCHSTONE_ROBUST_CHECK_ENVIRONMENT)
#define TOUCHSTONE_ROBUST_ABI checked
#else
#define TOUCHSTONE_ROBUST_ABI plain
#endif
#endif

/// The filters and the predicates' fast paths are forced inline: compilers
/// otherwise keep the larger ones (SegmentHitsDiskFilter, segments_intersect)
/// out of line in a caller's loop, and the call with its spills costs as
/// much as the filter. The exact stages stay out of line (core/src/robust).
#if defined(__GNUC__) || defined(__clang__)
#define TOUCHSTONE_ROBUST_INLINE inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#define TOUCHSTONE_ROBUST_INLINE __forceinline
#else
#define TOUCHSTONE_ROBUST_INLINE inline
#endif

/// The general paths that the forced-inline fast paths fall back to stay
/// out of line (their code inlined around a fast path costs it spills).
#if defined(__GNUC__) || defined(__clang__)
#define TOUCHSTONE_ROBUST_NOINLINE __attribute__((noinline))
#elif defined(_MSC_VER)
#define TOUCHSTONE_ROBUST_NOINLINE __declspec(noinline)
#else
#define TOUCHSTONE_ROBUST_NOINLINE
#endif

/// The branch of a predicate on its filter's `certain` when that is an OR
/// of terms that are random on random inputs but nearly always true
/// together (segments_intersect: "all four signs certain" | "one segment on
/// one side of the other's line" | the converse). Clang otherwise splits such
/// a branch into one branch per term (SelectionDAG's FindMergedConditions),
/// which then mispredict; it does not split a branch marked unpredictable,
/// and the one combined branch is still predicted by the hardware as usual.
/// Measured (bench/robust, uniform): segments_intersect 1.11 -> 0.88 (float)
/// and 0.96 -> 0.78 (double) with the |l - r| magnitude of filter_det2;
/// neutral for segment_hits_disk and a loss for disks_overlap, whose terms
/// are predictable one by one. Used where such an OR decides a filter
/// (segments_intersect, the segment-vs-disk general path, capsules_overlap,
/// segment_hits_box). Other compilers: the plain condition.
#if defined(__clang__) && defined(__has_builtin)
#if __has_builtin(__builtin_unpredictable)
#define TOUCHSTONE_ROBUST_ONE_BRANCH(c) __builtin_unpredictable(c)
#endif
#endif
#if !defined(TOUCHSTONE_ROBUST_ONE_BRANCH)
#define TOUCHSTONE_ROBUST_ONE_BRANCH(c) (c)
#endif

/// The branch of the smallest predicates (point_in_disk, disks_overlap,
/// orient2d) on their filter's `certain`, which uniform inputs nearly always
/// take: marked likely, the compilers lay the certified answer out as the
/// fall-through and move the call to the exact stage out of the loop body,
/// one taken jump fewer per call (issue 15, tenth round: point_in_disk
/// 1.8 -> 1.7 ns on the AMD machine, about 3 %; neutral for the larger
/// filters, whose loops have more than one exit, so they are left plain).
/// Other compilers: the plain condition.
#if defined(__GNUC__) || defined(__clang__)
#define TOUCHSTONE_ROBUST_LIKELY(c) __builtin_expect(static_cast<bool>(c), 1)
#else
#define TOUCHSTONE_ROBUST_LIKELY(c) (c)
#endif

namespace touchstone::robust {

/// The layer that produced an answer (the highest one a call needed).
enum class Layer : std::uint8_t { filter = 0, extended = 1, int128 = 2, int256 = 3, wide = 4 };

inline constexpr int layer_count = 5;

/// Answers per (primitive, precision: 0 float / 1 double, layer).
struct LayerCounters {
    std::array<std::array<std::array<std::uint64_t, layer_count>, 2>,
               ::touchstone::detail::primitive_count>
        n{};

    std::uint64_t calls(Primitive p, int precision) const {
        std::uint64_t s = 0;
        for (std::uint64_t c : n[static_cast<int>(p)][precision]) s += c;
        return s;
    }
    std::uint64_t at(Primitive p, int precision, Layer l) const {
        return n[static_cast<int>(p)][precision][static_cast<int>(l)];
    }
};

#if defined(TOUCHSTONE_ROBUST_COUNTERS)
inline namespace counting {
/// The process-wide counters (not thread-safe: a benchmark aid).
inline LayerCounters& counters() {
    static LayerCounters c;
    return c;
}
inline void reset_counters() { counters() = LayerCounters{}; }
}  // namespace counting
#endif

inline namespace TOUCHSTONE_ROBUST_ABI {
/// Macro-dependent inline helpers (named apart from the macro-free `detail`
/// so that qualified lookup is never ambiguous).
namespace impl {

template <class T>
constexpr int precision_index() {
    static_assert(sizeof(T) == 4 || sizeof(T) == 8, "float or double");
    return sizeof(T) == 4 ? 0 : 1;
}

/// Records one answer; nothing at all unless counting is compiled in. Every
/// robust answer passes here, so the opt-in environment check sits here too.
template <class T>
inline void count([[maybe_unused]] Primitive p, [[maybe_unused]] Layer l) {
#if defined(TOUCHSTONE_ROBUST_COUNTERS)
    ++counters().n[static_cast<int>(p)][precision_index<T>()][static_cast<int>(l)];
#endif
#if defined(TOUCHSTONE_ROBUST_CHECK_ENVIRONMENT)
    check_floating_point_environment(p);
#endif
}

/// The same check at a call's start, for the few primitives that answer
/// through another's counted path first (ray_cast_disk through
/// segment_hits_disk, ray_cast_capsule through capsules_overlap: the
/// message names the primitive called) or count nothing (point_in_polygon).
/// tests/robust/fp_environment_check_test.cpp asks every primitive.
inline void check_environment([[maybe_unused]] Primitive p) {
#if defined(TOUCHSTONE_ROBUST_CHECK_ENVIRONMENT)
    check_floating_point_environment(p);
#endif
}

}  // namespace impl
}  // namespace TOUCHSTONE_ROBUST_ABI
}  // namespace touchstone::robust
