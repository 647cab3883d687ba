// Exact checks that a constructed surd point lies on a circle / a line,
// written from the definitions with surd arithmetic, independently of the
// construction formulas.
#pragma once

#include "touchstone/oracle/exact.hpp"

namespace touchstone::oracle::test {

/// x + y for surds sharing the radicand (or rational ones).
inline Surd add(const Surd& x, const Surd& y) {
    const Rational& s = x.q == 0 ? y.s : x.s;
    return {x.p + y.p, x.q + y.q, s};
}
/// x * y for surds sharing the radicand s: (p + q r)(p' + q' r) with r^2 = s.
inline Surd mul(const Surd& x, const Surd& y) {
    const Rational& s = x.q == 0 ? y.s : x.s;
    return {x.p * y.p + x.q * y.q * s, x.p * y.q + x.q * y.p, s};
}
inline Surd rational(const Rational& r) { return Surd{r}; }

/// sign(|P - c|^2 - r^2), exactly.
inline int on_circle_sign(const ExactPoint& P, double cx, double cy, double r) {
    const Surd dx = add(P.x, rational(-to_rational(cx)));
    const Surd dy = add(P.y, rational(-to_rational(cy)));
    const Rational rr = to_rational(r) * to_rational(r);
    return sign(add(add(mul(dx, dx), mul(dy, dy)), rational(Rational(-rr))));
}

}  // namespace touchstone::oracle::test
