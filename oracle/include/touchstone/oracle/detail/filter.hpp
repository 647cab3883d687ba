// touchstone::oracle::detail — a certified floating-point filter in front of
// the wide integer tiers of the scaled predicates (tiers.hpp, issue 15,
// fuzz6).
//
// Raw bit patterns with a wide exponent spread (about a third of the fuzz
// targets' executions) do not fit the 128-bit word, and the 512-bit and GMP
// tiers took 1,000-7,000 cycles a call. Almost all of those calls are far
// from a tie, which a floating-point evaluation with an error bound decides
// in a few dozen operations. Filtered<F> holds what the formulas
// (formulas.hpp, shape_formulas.hpp) ask of a number type: + - * and unary
// minus, which never fail, and comparisons, which answer only when the sign
// of the difference is certain and otherwise mark the evaluation uncertain
// (filter_uncertain()); the caller (filtered()) then discards the answer and
// asks the integer tiers. So the filter can only decline, never change an
// answer: every answer it gives is the exact one.
//
// The bound. Each value carries v (computed in F), m (the same expression
// evaluated on the inputs' absolute values with every - as +, also in F)
// and k (the most roundings on a path from an input to the value: an input
// 0, a sum max(k_a, k_b) + 1, a product k_a + k_b + 1). Expanding the
// expression into monomials of the inputs, the computed v is the sum of the
// exact monomials each times at most k factors (1 + d), |d| <= u, and m the
// sum of their absolute values times at most k such factors, as long as no
// operation overflows or underflows (a sum never loses accuracy to
// underflow: a subnormal sum is exact). With M the exact sum of absolute
// values,
//   |v - exact| <= ((1 + u)^k - 1) M <= ((1 + u)^k - 1) / (1 - u)^k * m,
// which is below 2 k u m while k u < 1/4. A sign is certain when
// |v| > 4 k u m (computed as m * (k * 2^-51): u = 2^-53 and one rounding of
// at most u), or when m == 0 (every monomial is 0: the value is exactly 0).
// u = 2^-53 is the unit of double; long double (64 bits) has a smaller one,
// so the same bound holds there, also with the x87 precision control set to
// double (full_precision() checks that it is not set lower) and in every
// rounding mode (at most 2^-63 per operation).
//
// Range. Overflow needs no check: m >= |v| up to rounding, so an overflow
// makes m infinite (or v NaN), and the test |v| > 4 k u m then fails: the
// value is uncertain. Underflow in a product is checked: a product whose m
// falls below 2^-959 (double; long double: 2^-16313) marks the evaluation
// uncertain, so every product is far above the subnormal range or its
// absolute error (below 2^-1074) is negligible against the slack of the
// bound (2 k u m, with m above 2^-959 times the later factors).
//
// Exact zeros stay exact, so that shared coordinates (a point copied onto
// another, a zero-length segment, a zero radius) do not make every later
// test uncertain: a sum of two inputs that rounds to 0 is exactly 0 (round
// to nearest gives 0 only for an exact 0 when nothing underflows), a sum
// with an exact 0 is the other operand, a product with an exact 0 is 0. Two
// inputs (k == 0) are compared directly.
//
// orient2d, which every orientation test of the formulas calls, is
// overloaded for Filtered: the translated form (b - a) x (c - a) and, when
// that is not certain, the expanded a x b + b x c + c x a, whose monomials
// do not hold the a.x a.y terms that cancel exactly in the translated form
// (a coordinate of a far above the others: the translated form's m is
// |ax ay| while its value may be of the others' size).
//
// tests/oracle/tiers_test.cpp checks the filter against the integer tiers
// on raw bit patterns, near-ties and exact ties.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>

#include "touchstone/oracle/detail/formulas.hpp"
#include "touchstone/oracle/detail/scaled.hpp"

namespace touchstone::oracle::detail {

/// Whether a comparison of Filtered numbers (or a product near underflow)
/// since the last reset could not be certified; reset by filtered().
inline bool& filter_uncertain() {
    thread_local bool flag = false;
    return flag;
}

template <class F>
class Filtered {
public:
    Filtered() = default;
    Filtered(int v) : v_(static_cast<F>(v)), m_(static_cast<F>(v < 0 ? -v : v)) {}  // NOLINT
    /// An input: exact.
    static Filtered input(double x) {
        Filtered f;
        f.v_ = static_cast<F>(x);
        f.m_ = x < 0 ? -f.v_ : f.v_;
        return f;
    }

    friend Filtered operator+(const Filtered& a, const Filtered& b) { return add(a, b.v_, b); }
    friend Filtered operator-(const Filtered& a, const Filtered& b) { return add(a, -b.v_, b); }
    friend Filtered operator*(const Filtered& a, const Filtered& b) {
        if (a.m_ == 0 || b.m_ == 0) return Filtered{};
        Filtered r;
        r.v_ = a.v_ * b.v_;
        r.m_ = a.m_ * b.m_;
        r.k_ = a.k_ + b.k_ + 1;
        if (r.m_ < tiny) filter_uncertain() = true;  // near underflow
        return r;
    }
    Filtered operator-() const {
        Filtered r = *this;
        r.v_ = -v_;
        return r;
    }
    Filtered& operator+=(const Filtered& b) { return *this = *this + b; }
    Filtered& operator-=(const Filtered& b) { return *this = *this - b; }

    friend bool operator<(const Filtered& a, const Filtered& b) { return compare(a, b) < 0; }
    friend bool operator>(const Filtered& a, const Filtered& b) { return compare(a, b) > 0; }
    friend bool operator<=(const Filtered& a, const Filtered& b) { return compare(a, b) <= 0; }
    friend bool operator>=(const Filtered& a, const Filtered& b) { return compare(a, b) >= 0; }
    friend bool operator==(const Filtered& a, const Filtered& b) { return compare(a, b) == 0; }
    friend bool operator!=(const Filtered& a, const Filtered& b) { return compare(a, b) != 0; }

    /// The sign of the value when it is certain (true), else false.
    bool certain_sign(int& s) const {
        if (m_ == 0) {
            s = 0;
            return true;
        }
        const F bound = m_ * (static_cast<F>(k_) * static_cast<F>(0x1p-51));
        s = (v_ > bound) - (v_ < -bound);
        return s != 0;
    }

    /// m: the bound of the value's error is proportional to it.
    F magnitude() const { return m_; }

private:
    /// Products whose m is below this mark the evaluation uncertain: the
    /// smallest normal number times 2^(digits + 10) (2^-959 for double).
    static constexpr F tiny = [] {
        F t = std::numeric_limits<F>::min();
        for (int i = 0; i < std::numeric_limits<F>::digits + 10; ++i) t *= 2;
        return t;
    }();

    /// a + (b with value bv): bv is b's value or its negation.
    static Filtered add(const Filtered& a, F bv, const Filtered& b) {
        if (b.m_ == 0) return a;
        Filtered r;
        if (a.m_ == 0) {
            r = b;
            r.v_ = bv;
            return r;
        }
        r.v_ = a.v_ + bv;
        if (a.k_ == 0 && b.k_ == 0 && r.v_ == 0) return Filtered{};  // exactly 0
        r.m_ = a.m_ + b.m_;
        r.k_ = (a.k_ > b.k_ ? a.k_ : b.k_) + 1;
        return r;
    }
    /// The certain sign of the value, or 0 with filter_uncertain() set.
    int sign() const {
        int s = 0;
        if (!certain_sign(s)) filter_uncertain() = true;
        return s;
    }
    /// The sign of a - b (0 with filter_uncertain() set when not certain).
    static int compare(const Filtered& a, const Filtered& b) {
        if (a.k_ == 0 && b.k_ == 0) return (a.v_ > b.v_) - (a.v_ < b.v_);
        if (b.m_ == 0) return a.sign();
        if (a.m_ == 0) return -b.sign();
        return add(a, -b.v_, b).sign();
    }

    F v_ = 0;    ///< the computed value
    F m_ = 0;    ///< the computed absolute-value expression (>= 0)
    int k_ = 0;  ///< the most roundings on a path from an input
};

/// The orientation of (a, b, c) on Filtered numbers: the translated form of
/// formulas.hpp's orient2d, else the expanded one (see the banner).
template <class F>
int orient2d(const Filtered<F>& ax, const Filtered<F>& ay, const Filtered<F>& bx,
             const Filtered<F>& by, const Filtered<F>& cx, const Filtered<F>& cy) {
    using N = Filtered<F>;
    int s = 0;
    const N bax = bx - ax, bay = by - ay, cax = cx - ax, cay = cy - ay;
    if ((bax * cay - bay * cax).certain_sign(s)) return s;
    const N e = (bx * cy - by * cx) + (cx * ay - cy * ax) + (ax * by - ay * bx);
    if (e.certain_sign(s)) return s;
    filter_uncertain() = true;
    return 0;
}

/// formulas.hpp's segment_distance_vs_radius on Filtered numbers: the same
/// tests, two of them on algebraically equal expressions whose monomials do
/// not cancel where a is far above b and c (the translated forms' m is
/// |a|^2 there while their value may be of the others' size):
/// w.v >= v.v as (c - b).v >= 0 ((w - v).v = w.v - v.v), and v x w, the
/// cross product squared against r^2 v.v, from the translated or the
/// expanded form (a x b + b x c + c x a), whichever has the smaller m.
template <class F>
int segment_distance_vs_radius(const std::array<Filtered<F>, 7>& s) {
    using N = Filtered<F>;
    const N vx = s[2] - s[0];
    const N vy = s[3] - s[1];
    const N wx = s[4] - s[0];
    const N wy = s[5] - s[1];
    const N r2 = s[6] * s[6];
    const N vv = dot(vx, vy, vx, vy);
    const N wv = dot(wx, wy, vx, vy);
    if (vv == 0 || wv <= 0) return sign_of(N(dot(wx, wy, wx, wy) - r2));
    const N ux = s[4] - s[2];
    const N uy = s[5] - s[3];
    if (dot(ux, uy, vx, vy) >= 0) return sign_of(N(dot(ux, uy, ux, uy) - r2));
    const N translated = cross(vx, vy, wx, wy);
    const N expanded =
        (s[0] * s[3] - s[1] * s[2]) + (s[2] * s[5] - s[3] * s[4]) + (s[4] * s[1] - s[5] * s[0]);
    const N& c = translated.magnitude() <= expanded.magnitude() ? translated : expanded;
    const N lhs = c * c;
    const N rhs = r2 * vv;
    return (lhs > rhs) - (lhs < rhs);
}

/// Whether long double arithmetic runs at 61 bits or more now: the x87
/// precision control can be set to 53 or 24 bits (Filtered's bound needs
/// 53). 1 + 2^-60 is exact only with 61 or more bits, in every rounding
/// mode.
inline bool full_precision() {
    volatile long double tiny = 0x1p-60L;
    const long double t = tiny;
    return (1.0L + t) - 1.0L == t;
}

/// Whether long double can hold the filter of inputs whose magnitudes
/// double cannot: x87's 15-bit exponent and 64 bits. Elsewhere (MSVC and
/// Apple Silicon, where long double is double; aarch64 Linux, where it is a
/// 128-bit software type slower than the integer tiers) such inputs go to
/// the integer tiers directly.
inline constexpr bool long_double_filter =
    std::numeric_limits<long double>::max_exponent >= 16384 &&
    std::numeric_limits<long double>::digits == 64;

/// The double stage's window for a formula of degree Degree: every nonzero
/// input in [2^-w, 2^w] with w = 960 / Degree, so that every monomial stays
/// inside [2^-960, 2^960]: [2^-240, 2^240] for degree 4 (every float input
/// is there), [2^-480, 2^480] for degree 2. It decides how often the stage
/// can be certain, not whether it is right: the checks of Filtered make any
/// other input safe too, but uncertain.
template <int Degree>
inline constexpr int double_window = 960 / Degree;

/// 2^e as a double, for e in [-1022, 1023] (a normal number: exact).
inline double pow2(int e) {
    const std::uint64_t bits = static_cast<std::uint64_t>(e + 1023) << 52;
    double p = 0;
    std::memcpy(&p, &bits, sizeof p);
    return p;
}

/// The inputs v (their scale s: every nonzero |v_i| is in [2^E, 2^(E+B)))
/// of a formula of degree Degree as Filtered<double> inputs inside its
/// double window; false when their exponent spread B is wider than the
/// window.
///
/// Inputs already inside it are taken as they are. Others are multiplied by
/// a common power of two 2^k that centres them: every predicate of the
/// oracle compares two homogeneous polynomials of the same degree D in the
/// inputs (scaled.hpp), so the factor 2^(D k) > 0 changes no comparison:
/// the same argument that lets the integer tiers drop 2^E. Each scaled input
/// is its odd mantissa times 2^(e_i + k), both exact in double (|m| < 2^53,
/// and e_i + k in [-w - 53, w]), so x_i 2^k is exact, however large or small
/// x_i was: an input at 2^700 or a subnormal one no longer needs x87's long
/// double, and where long double is not x87 (MSVC, aarch64, -mlong-double-64)
/// no longer falls through to the integer tiers (issue 15).
template <int Degree, std::size_t N>
bool double_inputs(const ScaledInputs<N>& s, const std::array<double, N>& v,
                   std::array<Filtered<double>, N>& x) {
    constexpr int w = double_window<Degree>;
    if (s.bits > 2 * w) return false;
    if (s.min_exponent >= -w && s.min_exponent + s.bits <= w) {
        for (std::size_t i = 0; i < N; ++i) x[i] = Filtered<double>::input(v[i]);
        return true;
    }
    // Nonzero |x_i 2^k| in [2^-floor(B/2), 2^ceil(B/2)), inside the window.
    const int k = -(s.min_exponent + s.bits / 2);
    for (std::size_t i = 0; i < N; ++i) {
        const Dyadic& d = s.value[i];
        x[i] = Filtered<double>::input(
            d.mantissa == 0 ? 0.0 : static_cast<double>(d.mantissa) * pow2(d.exponent + k));
    }
    return true;
}

/// The double stage alone: formula (of degree Degree) on the inputs as
/// double_inputs gives them; true and the answer in `out` when every
/// comparison was certain.
template <int Degree = 4, std::size_t N, class Formula, class Answer>
bool filtered_in_double(const ScaledInputs<N>& s, const std::array<double, N>& v, Formula& formula,
                        Answer& out) {
    bool& uncertain = filter_uncertain();
    uncertain = false;
    std::array<Filtered<double>, N> x;
    if (!double_inputs<Degree>(s, v, x)) return false;
    out = formula(x);
    return !uncertain;
}

/// Runs formula on the inputs v (their scale s) as Filtered numbers: in
/// double, on inputs brought into its window by a power of two, when their
/// exponent spread fits it (double_inputs), else, or when double cannot
/// decide, in long double where it has x87's range; true and the answer in
/// `out` when every comparison was certain. Degree: the formula's (its
/// window; 4, the widest any formula has, when not given).
template <int Degree = 4, std::size_t N, class Formula, class Answer>
bool filtered(const ScaledInputs<N>& s, const std::array<double, N>& v, Formula& formula,
              Answer& out) {
    if (filtered_in_double<Degree>(s, v, formula, out)) return true;
    if constexpr (long_double_filter) {
        if (!full_precision()) return false;
        bool& uncertain = filter_uncertain();
        uncertain = false;
        std::array<Filtered<long double>, N> x;
        for (std::size_t i = 0; i < N; ++i) x[i] = Filtered<long double>::input(v[i]);
        out = formula(x);
        return !uncertain;
    }
    return false;
}

}  // namespace touchstone::oracle::detail
