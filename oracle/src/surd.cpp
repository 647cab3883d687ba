// touchstone::oracle — exact rationals and quadratic surds p + q*sqrt(s).
// See the "using this code" banner in include/touchstone/oracle/exact.hpp.
#include "touchstone/oracle/exact.hpp"
#include "touchstone/oracle/detail/integer_surd.hpp"

namespace touchstone::oracle {

// mpq_set_d is exact for every finite double (GMP manual, "Rational
// Conversions"); a float widens to double exactly.
Rational to_rational(double x) { return Rational(x); }
Rational to_rational(float x) { return Rational(static_cast<double>(x)); }

namespace {

int sign_of(const Rational& x) { return x.sign(); }

}  // namespace

// sign(p + q*sqrt(s)). With s == 0 or q == 0 it is sign(p); when p and
// q*sqrt(s) agree in sign (or p == 0) it is that sign; otherwise the larger
// magnitude wins, and |p| vs |q|*sqrt(s) compares exactly as p^2 vs q^2 s.
int sign(const Surd& x) {
    const int sp = sign_of(x.p);
    const int sq = sign_of(x.s) == 0 ? 0 : sign_of(x.q);
    if (sq == 0) return sp;
    if (sp == 0 || sp == sq) return sq;
    const Rational p2 = x.p * x.p;
    const Rational q2s = x.q * x.q * x.s;
    if (p2 > q2s) return sp;
    if (p2 < q2s) return sq;
    return 0;
}

// sign(a - b) = sign(X - Y) with X = (pa - pb) + qa sqrt(sa), Y = qb sqrt(sb).
// If X and Y differ in sign the answer is sign(X) - sign(Y) clamped; if both
// are 0 it is 0; if both have sign g, sign(X - Y) = g * sign(X^2 - Y^2), and
// X^2 - Y^2 = (P^2 + qa^2 sa - qb^2 sb) + 2 P qa sqrt(sa) is a single surd.
int compare(const Surd& a, const Surd& b) {
    const Rational P = a.p - b.p;
    if (b.q == 0 || b.s == 0) return sign(Surd{P, a.q, a.s});
    if (a.s == b.s) return sign(Surd{P, a.q - b.q, a.s});
    const int sx = sign(Surd{P, a.q, a.s});
    const int sy = sign_of(b.q);  // b.s > 0 here
    if (sx != sy) return sx > sy ? 1 : -1;
    if (sx == 0) return 0;
    const Surd diff_of_squares{P * P + a.q * a.q * a.s - b.q * b.q * b.s, 2 * P * a.q, a.s};
    return sx * sign(diff_of_squares);
}

Surd negate(const Surd& x) { return Surd{-x.p, -x.q, x.s}; }

// The integer form of sign(): the same case split, p^2 against q^2 s when the
// two terms have opposite signs, in reused storage (no allocation per call).
int detail::sign_integer_surd(const Mpz& p, const Mpz& q, const Mpz& s) {
    const int sp = mpz_sgn(raw(p));
    const int sq = mpz_sgn(raw(s)) == 0 ? 0 : mpz_sgn(raw(q));
    if (sq == 0) return sp;
    if (sp == 0 || sp == sq) return sq;
    thread_local Mpz p2, q2s;
    ::mpz_mul(raw(p2), raw(p), raw(p));
    ::mpz_mul(raw(q2s), raw(q), raw(q));
    ::mpz_mul(raw(q2s), raw(q2s), raw(s));
    const int c = ::mpz_cmp(raw(p2), raw(q2s));
    return c > 0 ? sp : c < 0 ? sq : 0;
}

}  // namespace touchstone::oracle
