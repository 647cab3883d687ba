// touchstone::robust — inputs as integers scaled to a common power of two.
//
// Every finite double is +-m 2^g with m an odd 53-bit integer (or zero). For a
// tuple of inputs let e0 be the smallest g: then every input is X_i 2^e0 with
// X_i an integer, and every predicate of docs/primitives.md is a sign of a polynomial
// that is homogeneous in the inputs, so it has the sign of the same
// polynomial in the X_i. This is as obviously exact as rational arithmetic
// and needs no division. When all |X_i| < 2^61 the polynomials fit in
// 128 bits (degree 2) or in 256-bit products (degree 4); when |X_i| < 2^125,
// in the 256/512-bit types below; otherwise the predicates take WideInt
// (sums of terms, or integers of up to 4,352 bits on the stack: up to 2^2100
// for 1e-323 beside 1e308), and the constructions and ray casts cpp_int
// (Big), whose size follows the exponent spread.
// The 128-bit integers are the compiler's __int128 or a portable pair of
// 64-bit words (int128.hpp); the results do not depend on which.
#pragma once

#include <cstdint>
#include <cmath>
#include <cstring>
#include <limits>
#include <new>
#include <type_traits>
#include <utility>

#include "fixed_int.hpp"
#include "fp_registers.hpp"
#include "int128.hpp"
#include "touchstone/robust/detail/layers.hpp"

#include <boost/multiprecision/cpp_int.hpp>

namespace touchstone::robust::exact {

/// Whether the x87 unit computes as the extended stage's bounds assume: the
/// control word's precision at 64 bits and its rounding to nearest (the
/// start-up state; fp_environment.hpp). Software that lowers the precision
/// (Direct3D 9 sets 24 or 53 bits unless told not to) made the stage certify
/// wrong signs: with 53 bits, 29 of 20,000 double segment_hits_disk family
/// cases answered wrongly. Such calls go to the exact integers instead. One
/// fnstcw per call of the stage, which runs only where the double filter
/// declined. The constructions' circle-kind stage (constructions.cpp) asks
/// the same: 24 of 20,000 double circle_intersections family cases changed
/// answer under 53 bits before it did.
/// (fp_registers.hpp reads the register, for this and for fp_environment.cpp.)
inline bool x87_as_assumed() {
#ifdef TOUCHSTONE_FP_X87
    return fp_registers::x87_default(fp_registers::read_x87());
#else
    return true;  // no x87 long double here: the stage is compiled out anyway
#endif
}

using Big = boost::multiprecision::number<boost::multiprecision::cpp_int_backend<
    2560, 0, boost::multiprecision::signed_magnitude, boost::multiprecision::unchecked,
    std::allocator<boost::multiprecision::limb_type>>>;

/// x = (neg ? -1 : 1) * m * 2^g with m odd, or m == 0 for +-0.
struct Dyadic {
    std::uint64_t m;
    int g;
    bool neg;
};

inline Dyadic decompose(double x) {
    std::uint64_t bits;
    std::memcpy(&bits, &x, sizeof bits);
    const bool neg = (bits >> 63) != 0;
    const int biased = static_cast<int>((bits >> 52) & 0x7ff);
    std::uint64_t m = bits & ((std::uint64_t{1} << 52) - 1);
    int g;
    if (biased == 0) {
        if (m == 0) return {0, 0, neg};
        g = -1074;  // subnormal: no hidden bit
    } else {
        m |= std::uint64_t{1} << 52;
        g = biased - 1075;
    }
    const int tz = ctz64(m);
    return {m >> tz, g + tz, neg};
}

/// floor(log2 |x|) of a nonzero dyadic.
inline int top_exponent(const Dyadic& d) { return d.g + 63 - clz64(d.m); }

/// The common exponent of n finite inputs and the bits their integers need.
struct Scale {
    int e0 = 0;    ///< every input is an integer multiple of 2^e0
    int bits = 0;  ///< every |X_i| < 2^bits
};

inline Scale common_scale(const Dyadic* d, int n) {
    int e0 = 1 << 20, top = -(1 << 20);
    for (int i = 0; i < n; ++i) {
        if (d[i].m == 0) continue;
        if (d[i].g < e0) e0 = d[i].g;
        const int t = top_exponent(d[i]);
        if (t > top) top = t;
    }
    if (top < e0) return {0, 0};  // all zero
    return {e0, top - e0 + 1};
}

/// The int128 layer: every input x_i = X_i 2^e0 with |X_i| < 2^61 in an
/// int64. Differences then fit in int64 (< 2^62), products of two
/// differences in I128 (< 2^124, one widening multiply), sums of three products
/// (< 2^126) too, and the one degree-4 comparison uses exact 256-bit products.
inline constexpr int int128_bits = 61;

/// The int256 layer: |X_i| < 2^125 in an I128. Differences < 2^126 still
/// fit, products < 2^252 and sums of three < 2^254 fit a signed 256-bit
/// integer (I256 below), degree-4 comparisons use 512-bit products.
inline constexpr int int256_bits = 125;

/// 2^k as a double, k in [-1022, 1023].
inline double pow2(int k) {
    const std::uint64_t bits = static_cast<std::uint64_t>(k + 1023) << 52;
    double v;
    std::memcpy(&v, &bits, sizeof v);
    return v;
}

/// X_i = x_i 2^-e0 with e0 = floor(log2 max |x_i|) - (Bits - 1), so that
/// |X_i| < 2^Bits. Multiplying by a power of two is exact unless it
/// underflows, so x_i 2^-e0 is computed exactly whenever it is an integer;
/// false when some x_i is not a multiple of 2^e0 (the exponent spread
/// exceeds Bits): then the product is not an integer, or is a nonzero value
/// that underflowed to 0. Int is int64 (Bits <= 62) or I128 (<= 126).
template <class Int, int Bits, int N>
bool scale_to(const double* x, Int* X, int* e0 = nullptr) {
    double m = 0;
    for (int i = 0; i < N; ++i) m = std::fmax(m, std::fabs(x[i]));
    if (m == 0) {
        for (int i = 0; i < N; ++i) X[i] = 0;
        if (e0 != nullptr) *e0 = 0;
        return true;
    }
    const int top = top_exponent(decompose(m));
    if (e0 != nullptr) *e0 = top - (Bits - 1);
    int k = Bits - 1 - top;  // scale by 2^k, k in [Bits - 1024, Bits + 1073]
    double pre = 1;
    if (k > 1000) {  // every input is tiny: scale in two exact steps
        pre = pow2(1000);
        k -= 1000;
    }
    const double scale = pow2(k);
    for (int i = 0; i < N; ++i) {
        const double s = x[i] * pre * scale;  // |s| < 2^Bits: the conversion is defined
        const auto t = static_cast<Int>(s);
        if (static_cast<double>(t) != s || (t == 0 && x[i] != 0)) return false;
        X[i] = t;
    }
    return true;
}

/// scale_to for a count n known at run time (a polygon's 4 + 2n inputs):
/// the same scaling and the same answers as scale_to<Int, Bits, n>.
template <class Int, int Bits>
bool scale_to_n(const double* x, int n, Int* X) {
    double m = 0;
    for (int i = 0; i < n; ++i) m = std::fmax(m, std::fabs(x[i]));
    if (m == 0) {
        for (int i = 0; i < n; ++i) X[i] = 0;
        return true;
    }
    int k = Bits - 1 - top_exponent(decompose(m));
    double pre = 1;
    if (k > 1000) {
        pre = pow2(1000);
        k -= 1000;
    }
    const double scale = pow2(k);
    for (int i = 0; i < n; ++i) {
        const double s = x[i] * pre * scale;
        const auto t = static_cast<Int>(s);
        if (static_cast<double>(t) != s || (t == 0 && x[i] != 0)) return false;
        X[i] = t;
    }
    return true;
}

/// X_i = x_i 2^-e0 as cpp_int, any spread.
inline void to_int(const Dyadic* d, int n, const Scale& s, Big* out) {
    for (int i = 0; i < n; ++i) {
        if (d[i].m == 0) {
            out[i] = 0;
            continue;
        }
        out[i] = d[i].m;
        out[i] <<= static_cast<unsigned>(d[i].g - s.e0);
        if (d[i].neg) out[i] = -out[i];
    }
}

/// The inputs as integers X_i 2^e0 in cpp_int, any spread; returns e0
/// (the constructions, the ray casts and their tests).
template <int N>
int scaled_big(const double* x, Big* X) {
    Dyadic d[N];
    for (int i = 0; i < N; ++i) d[i] = decompose(x[i]);
    const Scale s = common_scale(d, N);
    to_int(d, N, s, X);
    return s.e0;
}

/// The wide layer's bound on magnitudes. A finite double is below 2^1024
/// and a nonzero one a multiple of 2^-1074, so every scaled input is below
/// 2^2098 and every difference of two below 2^2099. A kernel of degree D
/// (products of at most D differences, summed a few at a time, with small
/// constant factors) holds values below 2^(2099 D + 8); WideInt's z is never
/// above its value in magnitude (z 2^e with e >= 0), nor is a shifted
/// operand inside a sum. wide_bits<D> leaves 100 bits or more beyond that.
template <int Degree>
inline constexpr unsigned wide_bits = 64 * ((2099 * Degree + 8 + 100 + 63) / 64);
static_assert(wide_bits<2> == 4352 && wide_bits<4> == 8512);

/// WideInt's integer: a fixed capacity on the stack, so that the predicates
/// never allocate, whatever their inputs (the constructions and ray casts,
/// whose degrees reach 8 and more, keep Big, which allocates beyond 2560
/// bits: docs/contract.md). Checked: an overflow would throw rather than
/// wrap (the bound above excludes it; tests/robust/no_allocation_test.cpp
/// runs every predicate at the widest spreads). Its own type, not Boost's
/// cpp_int (fixed_int.hpp says why).
template <int Degree>
using WideBig = FixedInt<wide_bits<Degree> / 64>;

/// A sum of terms +-m 2^e (m below 2^128, e >= 0): the wide layer's values
/// while they are short sums of products of at most two inputs.
struct WideTerm {
    std::uint64_t lo, hi;  ///< m = hi 2^64 + lo, nonzero
    unsigned e;
    bool neg;
};

/// The sign of sum(a) - sum(b), exactly: the positive and the negative terms
/// are added into two integers anchored at the smallest exponent (each term
/// touches the three limbs it spans, and a carry rarely goes further), which
/// are then compared from the top. No multiplication, no borrow chains.
/// Words: the capacity of the accumulators in 64-bit limbs (the terms'
/// exponents must lie within 64 (Words - 4) bits of each other).
template <unsigned Words>
int sign_of_terms(const WideTerm* a, int na, const WideTerm* b, int nb) {
    if (na + nb == 0) return 0;
    unsigned emin = ~0u, emax = 0;
    for (const auto& [t, n] : {std::pair{a, na}, std::pair{b, nb}})
        for (int i = 0; i < n; ++i) {
            emin = t[i].e < emin ? t[i].e : emin;
            emax = t[i].e > emax ? t[i].e : emax;
        }
    // 128 bits of a term, 63 of its shift, and a carry limb for up to 2^64
    // terms: the top limb never overflows.
    const unsigned limbs = (emax - emin) / 64 + 4;
    if (limbs > Words) fixed_int_detail::capacity_exceeded();
    std::uint64_t pos[Words], neg[Words];
    for (unsigned k = 0; k < limbs; ++k) pos[k] = neg[k] = 0;
    const auto put = [&](const WideTerm& t, bool negative) {
        std::uint64_t* acc = negative ? neg : pos;
        const unsigned shift = t.e - emin, k = shift / 64, bits = shift % 64;
        const std::uint64_t w[3] = {t.lo << bits,
                                    bits == 0 ? t.hi : (t.hi << bits) | (t.lo >> (64 - bits)),
                                    bits == 0 ? 0 : t.hi >> (64 - bits)};
        std::uint64_t carry = 0;
        unsigned i = k;
        for (int j = 0; j < 3; ++j, ++i) {
            const std::uint64_t s1 = acc[i] + w[j];
            const std::uint64_t s2 = s1 + carry;
            carry = static_cast<std::uint64_t>(s1 < w[j]) + static_cast<std::uint64_t>(s2 < s1);
            acc[i] = s2;
        }
        for (; carry != 0; ++i) {  // stays below `limbs`: see above
            acc[i] += 1;
            carry = acc[i] == 0 ? 1 : 0;
        }
    };
    for (int i = 0; i < na; ++i) put(a[i], a[i].neg);
    for (int i = 0; i < nb; ++i) put(b[i], !b[i].neg);
    for (unsigned k = limbs; k-- > 0;)
        if (pos[k] != neg[k]) return pos[k] > neg[k] ? 1 : -1;
    return 0;
}

/// The wide layer's integer (issue 15, fuzz5; stop 35). Its values are the
/// scaled inputs, odd 53-bit mantissas shifted by up to ~2100 bits, and sums
/// and products of them; two forms hold them exactly:
///   - a sum of up to kTerms terms +-m 2^e (WideTerm), while the value is a
///     sum of products of at most two inputs: a difference of inputs is two
///     terms, a product of two such four products of mantissas (below 2^106),
///     a degree-2 test a dozen terms. Its sign is an addition of the terms
///     (sign_of_terms): at the widest spreads a difference of two inputs is
///     2,100 bits long as one integer, and the products of such integers
///     were most of the layer's time (capsules_overlap on spread inputs:
///     5.2-5.7 us a call, 56 % of it multiplying).
///   - z 2^e with z a FixedInt (e >= 0), for anything longer: a product of
///     two such integers, or a sum of more terms. A product multiplies the
///     integers and adds the exponents; a sum shifts the operand of the
///     larger exponent to the other's.
/// Every operation is exact in either form: the same integers as Big, in
/// another representation (tests/robust: wide_int_test against Boost's
/// cpp_int, the wide layer against the oracle). Degree: the most a value
/// may hold (wide_bits).
template <int Degree>
class WideInt {
    using WideBig = exact::WideBig<Degree>;
    static constexpr int kTerms = 12;
    /// sign_of_terms' accumulators: a term's exponent is a sum of at most
    /// Degree inputs' shifts, each below 2099 (wide_bits), plus the four
    /// limbs it adds.
    static constexpr unsigned kSumWords = 2099 * Degree / 64 + 5;
    static_assert(std::is_trivially_destructible_v<WideBig> && std::is_trivial_v<WideTerm>,
                  "the two forms share their bytes (see the union below)");

public:
    WideInt() {}      // NOLINT: zero, a sum of no terms (t_ needs no initialisation)
    WideInt(int v) {  // NOLINT: literals
        if (v == 0) return;
        const std::uint64_t m = v < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(v)
                                      : static_cast<std::uint64_t>(v);
        t_[0] = {m, 0, 0, v < 0};
        nt_ = 1;
    }
    /// z 2^e (the dense form).
    WideInt(const WideBig& z, unsigned e) : e_(e) { make_dense() = z; }
    /// +-m 2^e, m < 2^64: an input.
    static WideInt input(std::uint64_t m, unsigned e, bool negative) {
        WideInt r;
        if (m != 0) {
            r.t_[0] = {m, 0, e, negative};
            r.nt_ = 1;
        }
        return r;
    }
    WideInt(const WideInt& o) { copy(o); }
    WideInt& operator=(const WideInt& o) {
        if (this != &o) copy(o);
        return *this;
    }
    /// The same value at a larger capacity (in the dense form).
    template <int D, class = std::enable_if_t<(D < Degree)>>
    explicit WideInt(const WideInt<D>& v) {
        WideBig& z = make_dense();
        if (v.dense_) {
            z = WideBig(v.z_);
            e_ = v.e_;
        } else {
            v.template materialize<WideBig>(z, e_);
        }
    }

    friend WideInt operator+(const WideInt& a, const WideInt& b) { return add(a, b, false); }
    friend WideInt operator-(const WideInt& a, const WideInt& b) { return add(a, b, true); }
    friend WideInt operator*(const WideInt& a, const WideInt& b) {
        WideInt r;
        if (!a.dense_ && !b.dense_ && a.nt_ * b.nt_ <= kTerms && a.narrow() && b.narrow()) {
            for (int i = 0; i < a.nt_; ++i)
                for (int j = 0; j < b.nt_; ++j) {
                    const U128 p = mul_u64(a.t_[i].lo, b.t_[j].lo);
                    r.t_[r.nt_++] = {low_word(p), high_word(p), a.t_[i].e + b.t_[j].e,
                                     a.t_[i].neg != b.t_[j].neg};
                }
            return r;
        }
        const DenseView da(a), db(b);
        WideBig::multiply(r.make_dense(), da.z(), db.z());
        r.e_ = da.e() + db.e();
        return r;
    }
    WideInt operator-() const {
        WideInt r(*this);
        if (dense_)
            r.z_.negate();
        else
            for (int i = 0; i < nt_; ++i) r.t_[i].neg = !r.t_[i].neg;
        return r;
    }
    WideInt& operator+=(const WideInt& b) { return *this = *this + b; }
    WideInt& operator-=(const WideInt& b) { return *this = *this - b; }

    friend bool operator==(const WideInt& a, const WideInt& b) { return cmp(a, b) == 0; }
    friend bool operator!=(const WideInt& a, const WideInt& b) { return cmp(a, b) != 0; }
    friend bool operator<(const WideInt& a, const WideInt& b) { return cmp(a, b) < 0; }
    friend bool operator>(const WideInt& a, const WideInt& b) { return cmp(a, b) > 0; }
    friend bool operator<=(const WideInt& a, const WideInt& b) { return cmp(a, b) <= 0; }
    friend bool operator>=(const WideInt& a, const WideInt& b) { return cmp(a, b) >= 0; }

    int sign() const { return dense_ ? z_.sign() : sign_of_terms<kSumWords>(t_, nt_, nullptr, 0); }
    /// Whether the value is held as a sum of terms (tests).
    bool is_sum() const { return !dense_; }

private:
    template <int D>
    friend class WideInt;

    /// The dense form of a value: the value's own, or one built from its
    /// terms (then held here).
    class DenseView {
    public:
        explicit DenseView(const WideInt& v) : v_(v) {
            if (!v.dense_) v.materialize<WideBig>(own_, e_);
        }
        const WideBig& z() const { return v_.dense_ ? v_.z_ : own_; }
        unsigned e() const { return v_.dense_ ? v_.e_ : e_; }

    private:
        const WideInt& v_;
        WideBig own_;
        unsigned e_ = 0;
    };

    /// Makes the dense form the active one (a zero); returns its integer.
    WideBig& make_dense() {
        dense_ = true;
        return *new (&z_) WideBig();
    }
    void copy(const WideInt& o) {
        if (o.dense_) {
            make_dense() = o.z_;
            e_ = o.e_;
        } else {
            dense_ = false;
            nt_ = o.nt_;
            for (int i = 0; i < nt_; ++i) t_[i] = o.t_[i];
        }
    }
    /// Every term's m below 2^64 (a product of two fits 128 bits).
    bool narrow() const {
        for (int i = 0; i < nt_; ++i)
            if (t_[i].hi != 0) return false;
        return true;
    }
    /// The terms as z 2^e in a FixedInt Z (e the smallest exponent).
    template <class Z>
    void materialize(Z& z, unsigned& e) const {
        z = Z();
        e = 0;
        if (nt_ == 0) return;
        e = t_[0].e;
        for (int i = 1; i < nt_; ++i) e = t_[i].e < e ? t_[i].e : e;
        Z shifted;
        for (int i = 0; i < nt_; ++i) {
            const std::uint64_t w[2] = {t_[i].lo, t_[i].hi};
            Z::shift(shifted, Z::from_limbs(w, 2, t_[i].neg), t_[i].e - e);
            Z::add(z, z, shifted, false);  // in place: add allows r == a
        }
    }
    /// a + b, or a - b when `subtract`: the terms side by side while they fit,
    /// else in the dense form, the operand of the larger exponent shifted to
    /// the other's.
    static WideInt add(const WideInt& a, const WideInt& b, bool subtract) {
        WideInt r;
        if (!a.dense_ && !b.dense_ && a.nt_ + b.nt_ <= kTerms) {
            for (int i = 0; i < a.nt_; ++i) r.t_[r.nt_++] = a.t_[i];
            for (int i = 0; i < b.nt_; ++i) {
                r.t_[r.nt_] = b.t_[i];
                r.t_[r.nt_++].neg = b.t_[i].neg != subtract;
            }
            return r;
        }
        const DenseView da(a), db(b);
        const WideBig &za = da.z(), &zb = db.z();
        const unsigned ea = da.e(), eb = db.e();
        const int sa = za.sign(), sb = zb.sign();
        WideBig& z = r.make_dense();
        if (sb == 0 || sa == 0 || ea == eb) {
            WideBig::add(z, za, zb, subtract);
            r.e_ = sb == 0 ? ea : sa == 0 ? eb : ea;
        } else if (ea > eb) {
            WideBig t;
            WideBig::shift(t, za, ea - eb);
            WideBig::add(z, t, zb, subtract);
            r.e_ = eb;
        } else {
            WideBig t;
            WideBig::shift(t, zb, eb - ea);
            WideBig::add(z, za, t, subtract);
            r.e_ = ea;
        }
        return r;
    }
    /// The sign of a - b.
    static int cmp(const WideInt& a, const WideInt& b) {
        if (!a.dense_ && !b.dense_) return sign_of_terms<kSumWords>(a.t_, a.nt_, b.t_, b.nt_);
        return add(a, b, true).sign();
    }

    bool dense_ = false;
    int nt_ = 0;  ///< the sum's terms (when !dense_)
    /// One form at a time, in the same bytes (the predicates' stack: a
    /// kernel holds a dozen values and more, and sums of terms beside the
    /// dense integers made capsules_overlap's deepest call 11 KB deeper).
    /// FixedInt is trivially destructible: nothing to end when the form
    /// changes.
    union {
        WideTerm t_[kTerms];  ///< t_[0..nt_) (when !dense_)
        WideBig z_;           ///< the dense form's integer (when dense_)
    };
    unsigned e_ = 0;  ///< and its exponent
};

/// X_i = x_i 2^-e0 as WideInt: the odd mantissa, shifted by g_i - e0.
template <int Degree>
void to_int(const Dyadic* d, int n, const Scale& s, WideInt<Degree>* out) {
    for (int i = 0; i < n; ++i)
        out[i] = WideInt<Degree>::input(d[i].m, static_cast<unsigned>(d[i].g - s.e0), d[i].neg);
}

// ---------------------------------------------------------------------------
// Exact fixed-width arithmetic beyond 128 bits.

/// Exact 128 x 128 -> 256-bit unsigned product, as (high, low).
struct U256 {
    U128 hi;
    U128 lo;
};
inline U256 mul_wide(U128 a, U128 b) {
    const std::uint64_t a0 = static_cast<std::uint64_t>(a),
                        a1 = static_cast<std::uint64_t>(a >> 64);
    const std::uint64_t b0 = static_cast<std::uint64_t>(b),
                        b1 = static_cast<std::uint64_t>(b >> 64);
    const U128 p00 = mul_u64(a0, b0), p01 = mul_u64(a0, b1);
    const U128 p10 = mul_u64(a1, b0), p11 = mul_u64(a1, b1);
    // mid < 3 * 2^64: no overflow.
    const U128 mid =
        (p00 >> 64) + static_cast<std::uint64_t>(p01) + static_cast<std::uint64_t>(p10);
    return {p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64),
            (mid << 64) | static_cast<std::uint64_t>(p00)};
}

inline U128 magnitude(I128 v) {
    return v < 0 ? U128(0) - static_cast<U128>(v) : static_cast<U128>(v);
}

/// a + b + carry_in over 128-bit words; returns the sum, sets carry_out.
inline U128 add_carry(U128 a, U128 b, unsigned carry_in, unsigned& carry_out) {
    const U128 s = a + b;
    const U128 t = s + carry_in;
    carry_out = static_cast<unsigned>(s < a) + static_cast<unsigned>(t < s);
    return t;
}

/// Signed 256-bit integer, two's complement in (hi, lo). Enough for the
/// int256 layer: sums and differences of products of 126-bit differences.
struct I256 {
    U128 hi = 0, lo = 0;

    friend I256 operator+(const I256& a, const I256& b) {
        unsigned c = 0;
        const U128 lo = add_carry(a.lo, b.lo, 0, c);
        return {a.hi + b.hi + c, lo};
    }
    friend I256 operator-(const I256& a) {
        const U128 lo = ~a.lo + 1;
        return {~a.hi + (lo == 0 ? 1 : 0), lo};
    }
    friend I256 operator-(const I256& a, const I256& b) { return a + (-b); }
    bool negative() const { return (hi >> 127) != 0; }
};

inline I256 mul(I128 a, I128 b) {
    const U256 m = mul_wide(magnitude(a), magnitude(b));
    const I256 p{m.hi, m.lo};
    return (a < 0) != (b < 0) ? -p : p;
}

inline int sign(const I256& v) { return v.negative() ? -1 : ((v.hi | v.lo) != 0 ? 1 : 0); }

/// Exact 256 x 256 -> 512-bit unsigned product, as four 128-bit words, low first.
struct U512 {
    U128 w[4];
};
inline U512 mul_wide(const U256& a, const U256& b) {
    const U256 p00 = mul_wide(a.lo, b.lo), p01 = mul_wide(a.lo, b.hi);
    const U256 p10 = mul_wide(a.hi, b.lo), p11 = mul_wide(a.hi, b.hi);
    U512 r;
    unsigned c1 = 0, c2 = 0, c3 = 0, c4 = 0;
    r.w[0] = p00.lo;
    r.w[1] = add_carry(add_carry(p00.hi, p01.lo, 0, c1), p10.lo, 0, c2);
    const unsigned k1 = c1 + c2;
    r.w[2] = add_carry(add_carry(p01.hi, p10.hi, 0, c3), p11.lo, k1, c4);
    r.w[3] = p11.hi + c3 + c4;  // the product is < 2^512: no carry out
    return r;
}

/// k a for a small k >= 0 (exact while the result fits).
inline I256 times(unsigned k, I256 a) {
    I256 r;
    for (; k != 0; k >>= 1, a = a + a)
        if (k & 1) r = r + a;
    return r;
}
inline I256 widen(I128 v) { return {v < 0 ? ~U128(0) : U128(0), static_cast<U128>(v)}; }

inline U256 magnitude(const I256& v) {
    const I256 m = v.negative() ? -v : v;
    return {m.hi, m.lo};
}

// ---------------------------------------------------------------------------
// Arithmetic of the layers: coordinates and differences C, products P.

inline I128 mul(std::int64_t a, std::int64_t b) { return mul_i64(a, b); }
inline Big mul(const Big& a, const Big& b) { return a * b; }
template <int D>
WideInt<D> mul(const WideInt<D>& a, const WideInt<D>& b) {
    return a * b;
}

template <class C>
using Product = std::conditional_t<std::is_same_v<C, std::int64_t>, I128,
                                   std::conditional_t<std::is_same_v<C, I128>, I256, C>>;

inline int sign(std::int64_t v) { return (v > 0) - (v < 0); }
inline int sign(I128 v) { return (v > 0) - (v < 0); }
inline int sign(const Big& v) { return v.sign(); }
template <int D>
int sign(const WideInt<D>& v) {
    return v.sign();
}

/// sign(a^2 - b c) for b, c >= 0 (the degree-4 term of the segment tests).
inline int square_minus_product(I128 a, I128 b, I128 c) {
    const U128 m = magnitude(a);
    const U256 l = mul_wide(m, m), r = mul_wide(static_cast<U128>(b), static_cast<U128>(c));
    if (l.hi != r.hi) return l.hi > r.hi ? 1 : -1;
    if (l.lo != r.lo) return l.lo > r.lo ? 1 : -1;
    return 0;
}
inline int square_minus_product(const I256& a, const I256& b, const I256& c) {
    const U256 m = magnitude(a);
    const U512 l = mul_wide(m, m), r = mul_wide(magnitude(b), magnitude(c));
    for (int i = 3; i >= 0; --i)
        if (l.w[i] != r.w[i]) return l.w[i] > r.w[i] ? 1 : -1;
    return 0;
}
inline int square_minus_product(const Big& a, const Big& b, const Big& c) {
    return sign(Big(a * a - b * c));
}
/// (a, b, c of degree 2: the degree-4 difference in WideInt<4>, the only
/// values of the wide layer above degree 2.)
inline int square_minus_product(const WideInt<2>& a, const WideInt<2>& b, const WideInt<2>& c) {
    const WideInt<4> A(a), B(b), C(c);
    return sign(WideInt<4>(A * A - B * C));
}

// ---------------------------------------------------------------------------
// Dispatch.

/// kernel(X) on WideInt<2> inputs: every kernel's values are of degree 2
/// or less but for square_minus_product's, which widens to WideInt<4>.
template <int N, class Kernel>
[[gnu::noinline, gnu::cold]] auto run_wide(const double* x, Kernel kernel) {
    Dyadic d[N];
    for (int i = 0; i < N; ++i) d[i] = decompose(x[i]);
    const Scale s = common_scale(d, N);
    WideInt<2> X[N];
    to_int(d, N, s, X);
    return kernel(static_cast<const WideInt<2>*>(X));
}

/// Runs kernel(X) on the scaled integers: int64 coordinates when the spread
/// allows (layer int128), else I128 ones (layer int256), else WideInt<2>
/// ones (layer wide).
template <int N, class Kernel>
auto run_scaled(const double* x, Layer& layer, Kernel kernel) {
    std::int64_t X[N];
    if (scale_to<std::int64_t, int128_bits, N>(x, X)) {
        layer = Layer::int128;
        return kernel(static_cast<const std::int64_t*>(X));
    }
    I128 Y[N];
    if (scale_to<I128, int256_bits, N>(x, Y)) {
        layer = Layer::int256;
        return kernel(static_cast<const I128*>(Y));
    }
    layer = Layer::wide;
    return run_wide<N>(x, kernel);
}

}  // namespace touchstone::robust::exact
