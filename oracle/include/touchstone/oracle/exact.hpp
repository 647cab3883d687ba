// touchstone::oracle — the exact layer: numbers, surds, exact constructions,
// correct rounding. This header pulls in Boost.Multiprecision and GMP; link
// touchstone::oracle_exact to use it. Plain users want oracle.hpp.
//
// ===========================================================================
//  Using this code
// ===========================================================================
//  What "exact" means here. Every finite float or double is a dyadic rational
//  m * 2^e. The oracle takes those values as they are and never rounds while
//  it decides anything:
//   * predicates scale the inputs to integers on a common power of two
//     (detail/scaled.hpp) and evaluate one polynomial sign test with integers
//     that cannot overflow (detail/formulas.hpp);
//   * constructions compute with exact rationals and represent an irrational
//     coordinate as a quadratic surd p + q*sqrt(s); surds are compared
//     exactly (sign(), compare());
//   * a constructed coordinate is rounded to float or double by round_to<T>,
//     which proves its answer: the exact value is compared with the midpoints
//     between the answer and its two neighbours (round to nearest, ties to
//     even; subnormals and the overflow threshold included).
//  Nothing here squares or divides in floating point, so results hold for
//  every finite input, from subnormals to FLT_MAX / DBL_MAX.
//
//  Preconditions. Finite inputs and radii >= 0 (-0.0 is a valid radius).
//  The public entry points check this and throw InvalidInput naming the
//  field; round_to() and the Surd helpers require s >= 0.
//
//  Hazards. No truth is computed in floating point: the floating-point
//  filter in front of the integer tiers (detail/filter.hpp) answers only
//  with a certified sign, under the arithmetic touchstone/float_semantics.hpp
//  requires (each double operation rounded to double; the header refuses x87
//  evaluation and -ffast-math at compile time). Those settings still matter
//  at the edges: (1) inputs are decomposed
//  bit by bit as IEEE 754 binary32/binary64, and -ffast-math lets the
//  compiler assume there is no NaN or Inf, which silently removes the
//  invalid-input checks, so never build this code with it; (2) round_to()
//  takes a floating candidate only as a first guess and then proves or
//  corrects it exactly (nextafter steps), so a candidate skewed by extended
//  precision or contraction costs a step, never a wrong digit. The library
//  is compiled with -ffp-contract=off (from touchstone::core) like all of
//  touchstone, so that the float code it judges computes what it spells out.
//
//  Cost. Predicates: 60-250 ns on ordinary inputs (integers scaled to a
//  common power of two; 128-bit, then 512-bit fixed width when the exponent
//  spread allows, GMP integers otherwise, up to a few microseconds for
//  extreme spreads).
//  Constructions, rounded: 0.2-0.9 microseconds (scaled GMP integers in
//  reused storage; each coordinate (p + q sqrt(s)) / d 2^e rounded by one
//  integer square root and one floor division, detail/integer_surd.hpp).
//  The *_exact functions (rational surds) cost 4-15 microseconds
//  (docs/figures/robust-speed.md).
//  Thread safety: no shared state; every function is reentrant.
// ===========================================================================
#pragma once

#include <array>

#include <boost/multiprecision/cpp_int.hpp>
#include <boost/multiprecision/gmp.hpp>

#include "touchstone/float_semantics.hpp"  // -ffast-math refused (see 'Hazards' above)
#include "touchstone/oracle/oracle.hpp"

namespace touchstone::oracle {

/// An unbounded integer for formulas on scaled inputs (detail/scaled.hpp).
/// Chosen by measurement (bench/oracle/oracle_backends.cpp): ~150 ns per
/// disks_overlap against ~900 ns for GMP rationals and ~4000 ns for
/// cpp_rational. The predicates themselves (predicates.cpp) now use a
/// checked 128-bit tier, then FixedInteger, then GMP integers (detail::WideInteger), which
/// multiplies the thousands of bits of wide exponent spreads several times
/// faster than cpp_int (issue 15).
using Integer = boost::multiprecision::cpp_int;

/// Fixed-width stand-in for an unbounded integer (~100 ns, no heap), used only when
/// detail::fits() proves that no intermediate can reach 2^512. Checked: a
/// mistake in that proof would throw std::overflow_error, never wrap.
using FixedInteger = boost::multiprecision::checked_int512_t;

/// Exact rational of the constructions (GMP mpq_t through Boost; about 4x
/// faster than cpp_rational, and constructions divide, so integers alone
/// would not do).
using Rational = boost::multiprecision::mpq_rational;

/// The exact value of a finite float or double (precondition: finite).
Rational to_rational(double x);
Rational to_rational(float x);

/// The quadratic surd p + q*sqrt(s), with p, q, s rational and s >= 0.
/// A rational value v is {v, 0, 0}.
struct Surd {
    Rational p{0};
    Rational q{0};
    Rational s{0};
};

/// Exact sign of a surd: -1, 0 or +1 (precondition: s >= 0).
int sign(const Surd& x);
/// Exact sign of a - b: -1, 0 or +1. The radicands may differ.
int compare(const Surd& a, const Surd& b);
/// -x (exact).
Surd negate(const Surd& x);

/// A point with exact surd coordinates.
struct ExactPoint {
    Surd x;
    Surd y;
};

/// circle_intersections, exact: same kind/count/order as CircleIntersection.
/// For `two`, both points share the radicand K = r1^2 d2 - ((d2+r1^2-r2^2)/2)^2.
struct ExactCircleIntersection {
    CircleKind kind{CircleKind::none};
    int count{0};
    std::array<ExactPoint, 2> points{};
};

/// segment_circle_points, exact: points and their parameters t in [0, 1]
/// (P = a + t (b - a)), in increasing t.
struct ExactSegmentCirclePoints {
    int count{0};
    std::array<ExactPoint, 2> points{};
    std::array<Surd, 2> t{};
};

/// segment_intersection, exact (every coordinate rational: q == 0).
struct ExactSegmentIntersection {
    SegmentKind kind{SegmentKind::none};
    std::array<ExactPoint, 2> points{};
};

/// Exact constructions; same contracts and InvalidInput as oracle.hpp. The
/// float overloads are the double ones on the (exactly) widened inputs, with
/// the field names and values of the float inputs.
ExactCircleIntersection circle_intersections_exact(Circle<double> c1, Circle<double> c2);
ExactCircleIntersection circle_intersections_exact(Circle<float> c1, Circle<float> c2);
ExactSegmentCirclePoints segment_circle_points_exact(Segment<double> s, Circle<double> c);
ExactSegmentCirclePoints segment_circle_points_exact(Segment<float> s, Circle<float> c);
ExactSegmentIntersection segment_intersection_exact(Segment<double> s1, Segment<double> s2);
ExactSegmentIntersection segment_intersection_exact(Segment<float> s1, Segment<float> s2);

/// The exact value x correctly rounded to T (float or double): round to
/// nearest, ties to even, gradual underflow; +-inf exactly when
/// |x| >= 2^emax * (2 - 2^-p) (IEEE 754-2008 4.3.1); an exact zero gives +0, a
/// negative value that rounds to zero gives -0. Proven by exact comparison
/// with the rounding midpoints around the returned value.
template <class T>
T round_to(const Surd& x);
template <class T>
T round_to(const Rational& x);

namespace detail {
/// round_to<T> proven from a caller-chosen first candidate |start| instead
/// of the computed one (NaN counts as 0, inf as the largest finite value).
/// The result does not depend on `start`; tests use it to drive the
/// stepping and both tie branches of the proof.
template <class T>
T round_to_from(const Surd& x, T start);
}  // namespace detail

extern template float round_to<float>(const Surd&);
extern template double round_to<double>(const Surd&);
extern template float round_to<float>(const Rational&);
extern template double round_to<double>(const Rational&);
extern template float detail::round_to_from<float>(const Surd&, float);
extern template double detail::round_to_from<double>(const Surd&, double);

/// Rounds an exact point coordinatewise with round_to<T>.
template <class T>
Vec2<T> round_point(const ExactPoint& p) {
    return {round_to<T>(p.x), round_to<T>(p.y)};
}

}  // namespace touchstone::oracle
