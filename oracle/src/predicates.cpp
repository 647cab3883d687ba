// touchstone::oracle — the five predicates and orient2d, exact for every finite input.
// See the "using this code" banner in include/touchstone/oracle/exact.hpp.
//
// Each predicate: validate (detail::checked_args, InvalidInput), scale the inputs to integers on a
// common power of two (detail/scaled.hpp), evaluate the formula of
// detail/formulas.hpp once. The integers are FixedInteger (512 bits, no heap)
// when detail::fits() proves that no intermediate of the formula's degree can
// exceed it, an unbounded integer otherwise (GMP mpz_int, WideInteger); all
// give the same exact answer.
// Measured (bench/oracle/oracle_backends.cpp, disks_overlap, uniform double
// inputs): cpp_rational ~4000 ns, mpq_rational ~900 ns, scaled cpp_int
// ~150 ns, scaled int512 ~100 ns; a 256-bit tier gained nothing measurable.
// A 128-bit tier (checked_int128_t, a native word where __int128 exists) in
// front of them takes the inputs of ordinary magnitudes (issue 15: the fuzz
// targets' throughput).
#include <array>
#include <cstddef>
#include <limits>

#include "touchstone/oracle/detail/formulas.hpp"
#include "touchstone/oracle/detail/scaled.hpp"
#include "touchstone/oracle/exact.hpp"
#include "validate.hpp"

namespace touchstone::oracle {

namespace {

// Magnitude bits of FixedInteger (signed magnitude: the sign is held apart,
// so every |x| < 2^512 is representable).
constexpr int fixed_magnitude_bits = std::numeric_limits<FixedInteger>::digits;
static_assert(fixed_magnitude_bits == 512);

/// The narrow tier: Boost's fixed 128-bit integer, which is a native
/// 128-bit word with overflow checks where the compiler has one (GCC and
/// Clang on 64-bit targets) and Boost's limbs elsewhere. Inputs of ordinary
/// magnitudes scale to integers of a few dozen bits, so the degree-2
/// formulas of nearly every uniform or recipe input, and many degree-4 ones,
/// fit; the fuzz targets call the oracle on every execution.
using NarrowInteger = boost::multiprecision::checked_int128_t;
constexpr int narrow_magnitude_bits = std::numeric_limits<NarrowInteger>::digits;
static_assert(narrow_magnitude_bits == 128);

/// The unbounded tier, for exponent spreads beyond int512 (up to ~2100-bit
/// integers, ~8400-bit products at degree 4): GMP's integers. At those sizes
/// they multiply several times faster than cpp_int (Integer); the raw bit
/// patterns of the fuzz targets land here on most executions.
using WideInteger = boost::multiprecision::mpz_int;

template <int Degree, std::size_t N, class Formula>
auto decide(const std::array<double, N>& v, Formula formula) {
    const detail::ScaledInputs<N> s = detail::scale(v);
    if (detail::fits(Degree, s.bits, narrow_magnitude_bits))
        return formula(detail::to_integers<NarrowInteger>(s));
    if (detail::fits(Degree, s.bits, fixed_magnitude_bits))
        return formula(detail::to_integers<FixedInteger>(s));
    return formula(detail::to_integers<WideInteger>(s));
}

template <class T>
bool point_in_disk_impl(Vec2<T> p, Circle<T> c) {
    const auto v = detail::checked_args<Primitive::point_in_disk>(p, c);
    return decide<2>(v, [](const auto& x) { return detail::point_in_disk(x); });
}

template <class T>
bool disks_overlap_impl(Circle<T> c1, Circle<T> c2) {
    const auto v = detail::checked_args<Primitive::disks_overlap>(c1, c2);
    return decide<2>(v, [](const auto& x) { return detail::disks_overlap(x); });
}

template <class T>
bool segment_hits_disk_impl(Segment<T> s, Circle<T> c) {
    const auto v = detail::checked_args<Primitive::segment_hits_disk>(s, c);
    return decide<4>(v, [](const auto& x) { return detail::segment_hits_disk(x); });
}

template <class T>
bool segment_meets_circle_impl(Segment<T> s, Circle<T> c) {
    const auto v = detail::checked_args<Primitive::segment_meets_circle>(s, c);
    return decide<4>(v, [](const auto& x) { return detail::segment_meets_circle(x); });
}

template <class T>
bool segments_intersect_impl(Segment<T> s1, Segment<T> s2) {
    const auto v = detail::checked_args<Primitive::segments_intersect>(s1, s2);
    return decide<2>(v, [](const auto& x) { return detail::segments_intersect(x); });
}

template <class T>
int orient2d_impl(Vec2<T> a, Vec2<T> b, Vec2<T> c) {
    const auto v = detail::checked_args<Primitive::orient2d>(a, b, c);
    return decide<2>(
        v, [](const auto& x) { return detail::orient2d(x[0], x[1], x[2], x[3], x[4], x[5]); });
}

}  // namespace

int orient2d(Vec2<float> a, Vec2<float> b, Vec2<float> c) { return orient2d_impl(a, b, c); }
int orient2d(Vec2<double> a, Vec2<double> b, Vec2<double> c) { return orient2d_impl(a, b, c); }
bool point_in_disk(Vec2<float> p, Circle<float> c) { return point_in_disk_impl(p, c); }
bool point_in_disk(Vec2<double> p, Circle<double> c) { return point_in_disk_impl(p, c); }
bool disks_overlap(Circle<float> c1, Circle<float> c2) { return disks_overlap_impl(c1, c2); }
bool disks_overlap(Circle<double> c1, Circle<double> c2) { return disks_overlap_impl(c1, c2); }
bool segment_hits_disk(Segment<float> s, Circle<float> c) { return segment_hits_disk_impl(s, c); }
bool segment_hits_disk(Segment<double> s, Circle<double> c) { return segment_hits_disk_impl(s, c); }
bool segment_meets_circle(Segment<float> s, Circle<float> c) {
    return segment_meets_circle_impl(s, c);
}
bool segment_meets_circle(Segment<double> s, Circle<double> c) {
    return segment_meets_circle_impl(s, c);
}
bool segments_intersect(Segment<float> s1, Segment<float> s2) {
    return segments_intersect_impl(s1, s2);
}
bool segments_intersect(Segment<double> s1, Segment<double> s2) {
    return segments_intersect_impl(s1, s2);
}

}  // namespace touchstone::oracle
