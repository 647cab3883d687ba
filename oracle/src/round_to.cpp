// touchstone::oracle — correct rounding of exact surds to float and double.
// See the "using this code" banner in include/touchstone/oracle/exact.hpp.
//
// Method (the "candidate, then proof" scheme of exact geometric libraries):
//  1. Approximate |x| in a 160-bit binary float and round that to a
//     candidate c of T. The approximation is free of cancellation: when p
//     and q*sqrt(s) have opposite signs it uses the conjugate form
//     (p^2 - q^2 s) / (p - q sqrt(s)), whose numerator is exact and whose
//     denominator adds two terms of one sign. The candidate is only a guess.
//  2. Prove it: c is the correctly rounded |x| iff lo <= |x| <= hi, where lo
//     and hi are the exact midpoints between c and its neighbours; at a
//     midpoint, ties go to the neighbour with an even significand. Those
//     comparisons are exact surd comparisons. If |x| lies outside, step c
//     one neighbour towards it and prove again (each step moves c towards
//     |x|, so this terminates; with the 160-bit guess it almost never steps).
//  Fast path: when the approximation, widened far beyond its error, lies
//  strictly between the two midpoints, it proves the candidate by itself
//  (approximation_proves); only near-ties go to the exact comparisons.
//  Edges: below the smallest subnormal the lower neighbour of +0 does not
//  exist (|x| > 0 always lies above it); above the largest finite value M
//  the upper "neighbour" is 2^emax+1 (even), so |x| >= M + ulp(M)/2 =
//  2^emax (2 - 2^-p) rounds to infinity, as IEEE 754-2008 4.3.1 requires.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include <boost/multiprecision/cpp_bin_float.hpp>

#include "touchstone/oracle/exact.hpp"
#include "touchstone/oracle/detail/integer_surd.hpp"

namespace touchstone::oracle {

namespace {

namespace bmp = boost::multiprecision;
using BinFloat = bmp::number<bmp::cpp_bin_float<160, bmp::digit_base_2>, bmp::et_off>;

/// sqrt(v) for v > 0 to about 2^-157 relative: a double square root of the
/// scaled significand (2^-52) and two Newton steps r = (r + v / r) / 2
/// (2^-105, then below 2^-200, plus each step's few BinFloat roundings).
/// Boost's sqrt of a cpp_bin_float takes an integer square root bit by bit
/// (eval_integer_sqrt on 320 bits) and was a fifth of a construction's time;
/// two 160-bit divisions cost much less.
BinFloat approximate_sqrt(const BinFloat& v) {
    int e = 0;
    BinFloat m = frexp(v, &e);  // v = m 2^e, 1/2 <= m < 1
    if (e % 2 != 0) {
        m = ldexp(m, 1);
        --e;
    }
    BinFloat r = ldexp(BinFloat(std::sqrt(static_cast<double>(m))), e / 2);
    for (int step = 0; step < 2; ++step) r = ldexp(r + v / r, -1);
    return r;
}

BinFloat approximate_positive(const Surd& x) {
    if (x.q == 0 || x.s == 0) return BinFloat(x.p);
    const BinFloat root = approximate_sqrt(BinFloat(x.s));
    if (x.p.sign() * x.q.sign() >= 0) return BinFloat(x.p) + BinFloat(x.q) * root;
    const Rational numerator = x.p * x.p - x.q * x.q * x.s;
    return BinFloat(numerator) / (BinFloat(x.p) - BinFloat(x.q) * root);
}

// The nearest T to y > 0 up to the error of this conversion, finite.
template <class T>
T candidate(const BinFloat& y) {
    using limits = std::numeric_limits<T>;
    constexpr int min_quantum =
        limits::min_exponent - limits::digits;  // ulp exponent of denorm_min
    if (y <= 0) return T(0);
    int e = 0;
    (void)frexp(y, &e);  // y = f 2^e, 1/2 <= f < 1
    if (e > limits::max_exponent) return limits::max();
    // Quantum (ulp exponent) of T at y: p significant bits, never below the
    // subnormal quantum. n = y / 2^q rounded is then at most 2^p.
    const int q = e - limits::digits > min_quantum ? e - limits::digits : min_quantum;
    const BinFloat n = round(ldexp(y, -q));
    const T c =
        std::ldexp(static_cast<T>(static_cast<long long>(n)), q);  // exact unless it overflows
    return std::isinf(c) ? limits::max() : c;
}

template <class T>
bool has_even_significand(T x) {
    if constexpr (sizeof(T) == 4) {
        std::uint32_t bits = 0;
        std::memcpy(&bits, &x, sizeof bits);
        return (bits & 1u) == 0;
    } else {
        std::uint64_t bits = 0;
        std::memcpy(&bits, &x, sizeof bits);
        return (bits & 1u) == 0;
    }
}

Rational midpoint(float a, float b) { return (to_rational(a) + to_rational(b)) / 2; }
Rational midpoint(double a, double b) { return (to_rational(a) + to_rational(b)) / 2; }

// Correctly rounded x > 0, proven starting from the candidate c >= 0.
template <class T>
T round_positive(const Surd& x, T c) {
    using limits = std::numeric_limits<T>;
    constexpr T max = limits::max();
    constexpr T inf = limits::infinity();
    // M + ulp(M)/2 with ulp(M) = 2^(emax - p): the overflow threshold.
    // (A function-local static: initialised once, thread-safely, per T.)
    static const Rational overflow_threshold =
        to_rational(max) + to_rational(std::ldexp(T(1), limits::max_exponent - limits::digits - 1));

    for (;;) {
        const T next = c == max ? inf : std::nextafter(c, inf);
        const Rational hi = c == max ? overflow_threshold : midpoint(c, next);
        const int vs_hi = compare(x, Surd{hi});
        if (vs_hi > 0) {
            if (c == max) return inf;
            c = next;
            continue;
        }
        if (vs_hi == 0) return has_even_significand(c) ? c : next;  // M is odd: tie -> inf
        if (c > 0) {
            const T prev = std::nextafter(c, T(0));
            const int vs_lo = compare(x, Surd{midpoint(prev, c)});
            if (vs_lo < 0) {
                c = prev;
                continue;
            }
            if (vs_lo == 0) return has_even_significand(c) ? c : prev;
        }
        return c;
    }
}

/// Whether the approximation y of |x| proves c (0 < c < max, finite) to be
/// the correctly rounded |x| without exact arithmetic: y, widened by a
/// margin far above its error, lies strictly between the midpoints of c
/// with its two neighbours. Those midpoints are exact in BinFloat (sums of
/// two floats or doubles, halved). The error of y: approximate_positive
/// takes at most seven BinFloat operations and conversions (p, q, s or the
/// exact numerator converted, a square root, a product, a sum of two terms
/// of one sign, a quotient), each within an ulp, 2^-159 relative, the
/// square root within 2^-157, so |y - |x|| < 12 * 2^-159 y < 2^-150 y. The margin is y 2^-100
/// (BinFloat's own rounding of y +- y 2^-100 adds 2^-160 y): a factor 2^50 to spare
/// (approximate_sqrt's 2^-157 included: still below 2^-150).
/// When y is that close to a midpoint (ties and near-ties), the exact proof
/// of round_positive decides, as before; it also handles 0, max and
/// overflow. The answer is the same either way: this only skips the exact
/// comparisons (surd against rational, in GMP rationals) that the common
/// case does not need (issue 15: the oracle's constructions).
template <class T>
bool approximation_proves(const BinFloat& y, T c) {
    using limits = std::numeric_limits<T>;
    if (!(c > T(0) && c < limits::max())) return false;
    const T prev = std::nextafter(c, T(0));
    const T next = std::nextafter(c, limits::infinity());
    const BinFloat lo = ldexp(BinFloat(prev) + BinFloat(c), -1);
    const BinFloat hi = ldexp(BinFloat(c) + BinFloat(next), -1);
    const BinFloat margin = ldexp(y, -100);
    return lo < y - margin && y + margin < hi;
}

}  // namespace

template <class T>
T round_to(const Surd& x) {
    const int s = sign(x);
    if (s == 0) return T(0);
    const Surd m = s > 0 ? x : negate(x);
    const BinFloat y = approximate_positive(m);
    const T c = candidate<T>(y);
    const T magnitude = approximation_proves(y, c) ? c : round_positive<T>(m, c);
    return s > 0 ? magnitude : -magnitude;
}

template <class T>
T detail::round_to_from(const Surd& x, T start) {
    const int s = sign(x);
    if (s == 0) return T(0);
    T c = std::fabs(start);
    if (std::isnan(c)) c = T(0);
    if (std::isinf(c)) c = std::numeric_limits<T>::max();
    const T magnitude = round_positive<T>(s > 0 ? x : negate(x), c);
    return s > 0 ? magnitude : -magnitude;
}

template <class T>
T round_to(const Rational& x) {
    return round_to<T>(Surd{x});
}

namespace {

long bits_of(::mpz_srcptr z) {
    return mpz_sgn(z) == 0 ? 0 : static_cast<long>(::mpz_sizeinbase(z, 2));
}

/// round_integer_surd's storage, reused call after call.
struct RoundSpace {
    detail::Mpz P, Q, D, q2s, n2, t, root, rem, num, den, F;
};

}  // namespace

// x = (p + q sqrt(s)) / d 2^e. With sg = sign(p + q sqrt(s)) (exact), |x| =
// (P + Q sqrt(s)) / D 2^e where P = sg p, Q = sg q, D = |d|, and
// P + Q sqrt(s) > 0. For an integer m, with shift = m + e = a - b (a, b >= 0):
//   F = floor(|x| 2^m) = floor(y / (D 2^b)),  y = P 2^a + Q 2^a sqrt(s),
//     = floor(floor(y) / (D 2^b))   (floor(y / n) = floor(floor(y) / n), n >= 1),
// and Q 2^a sqrt(s) = +-sqrt(Q^2 s 2^(2a)), whose floor is isqrt(Q^2 s 2^(2a))
// when Q > 0 and -isqrt(...) - 1 when Q < 0 and the root is inexact
// (-ceil). `exact` tells whether F = |x| 2^m (root and division both exact).
// If F > 0 has L bits, 2^(L-1) <= |x| 2^m < 2^L, so |x| = f 2^E with
// E = L - m, 1/2 <= f < 1 (exactly, not an estimate). T's quantum at |x| is
// Q = max(E - p, q_min) and |x| / 2^Q = F / 2^k with k = Q + m: when k >= 1,
// F >> k is the truncated significand n, bit k-1 of F the round bit, and the
// bits below it with `exact` the sticky bit; n + 1 on (round and (sticky or
// n odd)) is round to nearest, ties to even, and n 2^Q (n <= 2^p) is exact
// in T or beyond its range, where ldexp gives inf exactly when the rounded
// value exceeds the largest finite one (IEEE 754-2008 4.3.1: the overflow
// threshold M + ulp(M)/2 rounds up to 2^(emax+1) here). m starts from an
// estimate of log2 |x| (within a few bits) that aims at L = p + 3; if k < 1
// (too few bits) m grows and F is computed again. If F == 0 with
// m >= 1 - q_min, |x| < 2^-m <= 2^(q_min - 1), half the smallest
// subnormal: the answer is a zero; m is never taken above that.
template <class T>
T detail::round_integer_surd(const Mpz& p, const Mpz& q, const Mpz& s, const Mpz& d, int e) {
    using limits = std::numeric_limits<T>;
    constexpr long digits = limits::digits;
    constexpr long min_quantum = limits::min_exponent - limits::digits;
    constexpr long max_m = 1 - min_quantum;
    thread_local RoundSpace w;

    const bool has_root = mpz_sgn(raw(q)) != 0 && mpz_sgn(raw(s)) != 0;
    const int sg = has_root ? sign_integer_surd(p, q, s) : mpz_sgn(raw(p));
    if (sg == 0) return T(0);
    const bool negative = sg * mpz_sgn(raw(d)) < 0;
    ::mpz_set(raw(w.P), raw(p));
    ::mpz_set(raw(w.Q), raw(q));
    if (sg < 0) {
        ::mpz_neg(raw(w.P), raw(w.P));
        ::mpz_neg(raw(w.Q), raw(w.Q));
    }
    ::mpz_abs(raw(w.D), raw(d));

    // est ~ log2 |x| within a few bits: the larger term's bit length, or,
    // when the terms have opposite signs, that of the conjugate form
    // (P^2 - Q^2 s) / (P - Q sqrt(s)) (no cancellation in either).
    const long bp = bits_of(raw(w.P));
    long est = bp;
    if (has_root) {
        ::mpz_mul(raw(w.q2s), raw(w.Q), raw(w.Q));
        ::mpz_mul(raw(w.q2s), raw(w.q2s), raw(s));
        const long bq = bits_of(raw(w.Q)) + (bits_of(raw(s)) + 1) / 2;
        est = std::max(bp, bq);
        if (mpz_sgn(raw(w.P)) * mpz_sgn(raw(w.Q)) < 0) {
            ::mpz_mul(raw(w.n2), raw(w.P), raw(w.P));
            ::mpz_sub(raw(w.n2), raw(w.n2), raw(w.q2s));
            est = bits_of(raw(w.n2)) - est;
        }
    }
    est += e - bits_of(raw(w.D));

    long m = std::min(digits + 3 - est, max_m);
    for (;;) {
        const long shift = m + e;
        const auto a = static_cast<::mp_bitcnt_t>(shift > 0 ? shift : 0);
        const auto b = static_cast<::mp_bitcnt_t>(shift < 0 ? -shift : 0);
        bool exact = true;
        ::mpz_mul_2exp(raw(w.num), raw(w.P), a);
        if (has_root) {
            ::mpz_mul_2exp(raw(w.t), raw(w.q2s), 2 * a);
            ::mpz_sqrtrem(raw(w.root), raw(w.rem), raw(w.t));
            exact = mpz_sgn(raw(w.rem)) == 0;
            if (mpz_sgn(raw(w.Q)) > 0) {
                ::mpz_add(raw(w.num), raw(w.num), raw(w.root));
            } else {
                ::mpz_sub(raw(w.num), raw(w.num), raw(w.root));
                if (!exact) ::mpz_sub_ui(raw(w.num), raw(w.num), 1);
            }
        }
        ::mpz_mul_2exp(raw(w.den), raw(w.D), b);
        ::mpz_fdiv_qr(raw(w.F), raw(w.rem), raw(w.num), raw(w.den));
        exact = exact && mpz_sgn(raw(w.rem)) == 0;

        if (mpz_sgn(raw(w.F)) == 0) {
            if (m >= max_m) return negative ? -T(0) : T(0);
            m = std::min(m + 2 * (digits + 3), max_m);
            continue;
        }
        const long E = bits_of(raw(w.F)) - m;
        const long quantum = std::max(E - digits, min_quantum);
        const long k = quantum + m;
        if (k < 1) {
            m += 3 - k;
            continue;
        }
        const auto kb = static_cast<::mp_bitcnt_t>(k);
        const bool round_bit = ::mpz_tstbit(raw(w.F), kb - 1) != 0;
        const bool sticky = !exact || (kb >= 2 && ::mpz_scan1(raw(w.F), 0) < kb - 1);
        ::mpz_tdiv_q_2exp(raw(w.F), raw(w.F), kb);
        const bool odd = ::mpz_tstbit(raw(w.F), 0) != 0;
        // F < 2^p <= 2^53 now: the double holds it (and n + 1) exactly.
        const double n = ::mpz_get_d(raw(w.F)) + ((round_bit && (sticky || odd)) ? 1.0 : 0.0);
        const T magnitude = std::ldexp(static_cast<T>(n), static_cast<int>(quantum));
        return negative ? -magnitude : magnitude;
    }
}

template float detail::round_integer_surd<float>(const detail::Mpz&, const detail::Mpz&,
                                                 const detail::Mpz&, const detail::Mpz&, int);
template double detail::round_integer_surd<double>(const detail::Mpz&, const detail::Mpz&,
                                                   const detail::Mpz&, const detail::Mpz&, int);

template float round_to<float>(const Surd&);
template double round_to<double>(const Surd&);
template float round_to<float>(const Rational&);
template double round_to<double>(const Rational&);
template float detail::round_to_from<float>(const Surd&, float);
template double detail::round_to_from<double>(const Surd&, double);

}  // namespace touchstone::oracle
