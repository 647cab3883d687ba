// touchstone::oracle::detail — surds with integer parts, rounded by integer
// arithmetic (issue 15: the constructions' fast path).
//
// A constructed coordinate on scaled inputs (scaled.hpp) is
//     x = (p + q sqrt(s)) / d * 2^e,   p, q, s, d integers, s >= 0, d != 0.
// The constructions (circle_intersections.cpp, segment_circle_points.cpp,
// segment_intersection.cpp) form p, q, s and d from the scaled integers with
// GMP integer operations into reused (thread_local) storage, decide their
// kinds with exact integer signs, and round each coordinate here: no
// rational, no gcd, no allocation once the storage has grown.
//
// The rounding (round_integer_surd, oracle/src/round_to.cpp) is exact by
// construction: it computes F = floor(|x| 2^m) with an integer square root
// (floor or ceiling, whichever keeps F a floor) and one floor division,
// with a flag telling whether F is |x| 2^m exactly; m is chosen so that F
// holds the target's significand and a round bit; the round bit, the bits
// below it and the flag give round to nearest, ties to even, directly.
// The public *_exact functions keep the rational surds of exact.hpp; the
// tests check that both paths give the same bits (tests/oracle).
#pragma once

#include <array>
#include <cstddef>
#include <limits>

#include <boost/multiprecision/gmp.hpp>

#include "touchstone/oracle/detail/scaled.hpp"

namespace touchstone::oracle::detail {

using Mpz = boost::multiprecision::mpz_int;

/// The GMP integer inside an Mpz, for the in-place mpz_* calls.
inline ::mpz_ptr raw(Mpz& z) { return z.backend().data(); }
inline ::mpz_srcptr raw(const Mpz& z) { return z.backend().data(); }

/// Exact sign of p + q sqrt(s) (integers, s >= 0): -1, 0 or +1.
int sign_integer_surd(const Mpz& p, const Mpz& q, const Mpz& s);

/// (p + q sqrt(s)) / d * 2^e correctly rounded to T (float or double):
/// the same answer as round_to<T> of exact.hpp on that value (round to
/// nearest, ties to even, gradual underflow, +-inf past the overflow
/// threshold, +0 for an exact zero, -0 for a negative value that rounds to
/// zero). Preconditions: s >= 0, d != 0. Pass q == 0 for a rational.
template <class T>
T round_integer_surd(const Mpz& p, const Mpz& q, const Mpz& s, const Mpz& d, int e);

extern template float round_integer_surd<float>(const Mpz&, const Mpz&, const Mpz&, const Mpz&,
                                                int);
extern template double round_integer_surd<double>(const Mpz&, const Mpz&, const Mpz&, const Mpz&,
                                                  int);

/// X_i = m_i 2^(e_i - E) of scaled.hpp written into existing integers (no
/// allocation once they have grown). |m_i| < 2^53: a 64-bit `long` holds it
/// (mpz_set_si); where `long` is narrower (Windows), the double holding it
/// converts exactly (mpz_set_d, slower).
template <std::size_t N>
void load_integers(const ScaledInputs<N>& s, std::array<Mpz, N>& out) {
    for (std::size_t i = 0; i < N; ++i) {
        const Dyadic& d = s.value[i];
        if constexpr (std::numeric_limits<long>::digits >= 53)
            ::mpz_set_si(raw(out[i]), static_cast<long>(d.mantissa));
        else
            ::mpz_set_d(raw(out[i]), static_cast<double>(d.mantissa));
        if (d.mantissa != 0)
            ::mpz_mul_2exp(raw(out[i]), raw(out[i]),
                           static_cast<::mp_bitcnt_t>(d.exponent - s.min_exponent));
    }
}

/// An input coordinate x (a value of T, widened to double) as the rounded
/// construction returns it: x itself, with -0 as +0 (an exact zero rounds to +0).
template <class T>
T input_coordinate(double x) {
    return x == 0 ? T(0) : static_cast<T>(x);
}

}  // namespace touchstone::oracle::detail
