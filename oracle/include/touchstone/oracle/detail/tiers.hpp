// touchstone::oracle::detail — the integer tiers of the scaled predicates
// (predicates.cpp and shapes.cpp; tests/oracle/tiers_test.cpp).
//
// A predicate scales its inputs to integers on a common power of two
// (detail/scaled.hpp) and evaluates its formula once, in the narrowest
// integer type that detail::fits() proves wide enough for the formula's
// degree:
//   1. Word128: a native signed 128-bit word with overflow-checked + - *,
//      where the compiler has one (GCC and Clang on 64-bit targets);
//      Boost's checked_int128_t elsewhere;
//   2. FixedInteger (Boost's checked 512-bit integer, no heap);
//   3. WideInteger: GMP integers, unbounded, reused from a per-thread pool
//      (no allocation per evaluation), for the exponent spreads of raw bit
//      patterns (up to ~2100-bit integers, ~8400-bit products at degree 4).
// All give the same exact answer. Inputs that do not fit the first tier go
// through a certified floating-point filter before the second (filter.hpp:
// it answers only where its error bound makes the sign certain, and
// declines otherwise; 90-100 % of raw bit patterns are decided there, at
// 50-350 ns against 700-6,000 ns in tiers 2 and 3). The fuzz targets call the oracle on every
// execution, and about half of their inputs fit the first tier (issue 15):
// a call of segments_intersect on uniform float segments took 250-400 ns
// with Boost's checked_int128_t, 90-140 ns with the native word.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

#include <gmp.h>

#include "touchstone/oracle/detail/filter.hpp"
#include "touchstone/oracle/detail/scaled.hpp"
#include "touchstone/oracle/exact.hpp"

namespace touchstone::oracle::detail {

#if defined(__SIZEOF_INT128__)
/// A signed 128-bit integer whose + - * and negation throw
/// std::overflow_error instead of wrapping (as Boost's checked types do): a
/// mistake in a formula's bound (fits) can never give a wrong answer. Holds
/// what the formulas and to_integers ask of an integer type and no more.
class Word128 {
public:
    using Raw = __int128;

    Word128() = default;
    Word128(int v) : v_(v) {}           // NOLINT: literals in the formulas (x > 0)
    Word128(std::int64_t v) : v_(v) {}  // NOLINT: to_integers' magnitudes
    static Word128 of(Raw v) {
        Word128 w;
        w.v_ = v;
        return w;
    }

    friend Word128 operator+(Word128 a, Word128 b) {
        Raw r;
        if (__builtin_add_overflow(a.v_, b.v_, &r)) overflow();
        return of(r);
    }
    friend Word128 operator-(Word128 a, Word128 b) {
        Raw r;
        if (__builtin_sub_overflow(a.v_, b.v_, &r)) overflow();
        return of(r);
    }
    friend Word128 operator*(Word128 a, Word128 b) {
        // Factors of 64 bits (|x| <= 2^63) cannot overflow: |ab| <= 2^126.
        // That is every product of the formulas' degree-2 terms; the
        // overflow-checked multiplication of two 128-bit words is a
        // library call (__muloti4), so it is kept for the rest.
        if (fits_64(a.v_) && fits_64(b.v_)) return of(a.v_ * b.v_);
        Raw r;
        if (__builtin_mul_overflow(a.v_, b.v_, &r)) overflow();
        return of(r);
    }
    Word128 operator-() const { return Word128{} - *this; }
    Word128& operator+=(Word128 b) { return *this = *this + b; }
    Word128& operator-=(Word128 b) { return *this = *this - b; }
    /// Left shift of a non-negative value (to_integers shifts magnitudes);
    /// checked like the rest: a bit shifted into or past the sign throws.
    Word128& operator<<=(unsigned k) {
        if (v_ == 0) return *this;
        if (v_ < 0 || k >= 127 || (v_ >> (127 - k)) != 0) overflow();
        v_ <<= k;
        return *this;
    }

    friend bool operator<(Word128 a, Word128 b) { return a.v_ < b.v_; }
    friend bool operator>(Word128 a, Word128 b) { return a.v_ > b.v_; }
    friend bool operator<=(Word128 a, Word128 b) { return a.v_ <= b.v_; }
    friend bool operator>=(Word128 a, Word128 b) { return a.v_ >= b.v_; }
    friend bool operator==(Word128 a, Word128 b) { return a.v_ == b.v_; }
    friend bool operator!=(Word128 a, Word128 b) { return a.v_ != b.v_; }

private:
    static bool fits_64(Raw v) { return v >= -(Raw{1} << 63) && v <= (Raw{1} << 63); }
    [[noreturn]] static void overflow() {
        throw std::overflow_error("touchstone::oracle: 128-bit tier overflow (a fits() bound)");
    }
    Raw v_ = 0;
};
/// Magnitude bits of Word128: |x| <= 2^127 - 1.
inline constexpr int word128_magnitude_bits = 127;
#else
using Word128 = boost::multiprecision::checked_int128_t;
inline constexpr int word128_magnitude_bits = std::numeric_limits<Word128>::digits;  // 128
#endif

/// Magnitude bits of FixedInteger (signed magnitude: the sign is held apart,
/// so every |x| < 2^512 is representable).
inline constexpr int fixed_magnitude_bits = std::numeric_limits<FixedInteger>::digits;
static_assert(fixed_magnitude_bits == 512);

/// The unbounded tier: GMP's integers, several times faster than cpp_int
/// (Integer) at thousands of bits, held in mpz_t's that are reused: every
/// integer of a formula (the scaled inputs and each temporary) takes an
/// mpz_t from a per-thread free list and gives it back, limbs and all, when
/// it dies, so that after the first calls no evaluation allocates (with
/// Boost's mpz_int each of them was a malloc and a free, and raw bit
/// patterns, which fuzzing feeds the oracle on a third of its executions,
/// take this tier: issue 15, fuzz4). Holds what the formulas and
/// to_integers ask of an integer type and no more.
///
/// The value is z * 2^e (e >= 0), an integer whose low e bits are known to
/// be zero (issue 15, fuzz5). The scaled inputs are odd 53-bit mantissas
/// shifted by up to ~2100 bits (a subnormal beside 1e308): held as
/// mpz_t's of all their limbs, a product of two such integers multiplied
/// dozens of zero limbs, and to_integers' shift wrote them. Here a shift
/// adds to e, a product multiplies the mantissas and adds the exponents,
/// and only a sum or a difference of two values with different e shifts
/// one mantissa, by the difference. The same exact integers: every
/// operation is exact, only the representation differs
/// (tests/oracle/tiers_test.cpp checks it against Boost's mpz_int and
/// rationals).
class WideInteger {
public:
    WideInteger() { take(); }
    WideInteger(int v) {  // NOLINT: literals in the formulas (x > 0)
        take();
        set_int64(v);
    }
    WideInteger(std::int64_t v) {  // NOLINT: to_integers' magnitudes
        take();
        set_int64(v);
    }
    WideInteger(const WideInteger& o) : e_(o.e_) {
        take();
        mpz_set(z_, o.z_);
    }
    WideInteger(WideInteger&& o) noexcept : e_(o.e_) {
        take();
        mpz_swap(z_, o.z_);
    }
    WideInteger& operator=(const WideInteger& o) {
        if (this != &o) {
            mpz_set(z_, o.z_);
            e_ = o.e_;
        }
        return *this;
    }
    WideInteger& operator=(WideInteger&& o) noexcept {
        mpz_swap(z_, o.z_);
        e_ = o.e_;
        return *this;
    }
    ~WideInteger() { Pool::get().give(z_); }

    friend WideInteger operator+(const WideInteger& a, const WideInteger& b) {
        WideInteger r;
        add(r, a, b, false);
        return r;
    }
    friend WideInteger operator-(const WideInteger& a, const WideInteger& b) {
        WideInteger r;
        add(r, a, b, true);
        return r;
    }
    friend WideInteger operator*(const WideInteger& a, const WideInteger& b) {
        WideInteger r;
        mpz_mul(r.z_, a.z_, b.z_);
        r.e_ = a.e_ + b.e_;
        return r;
    }
    WideInteger operator-() const {
        WideInteger r;
        mpz_neg(r.z_, z_);
        r.e_ = e_;
        return r;
    }
    WideInteger& operator+=(const WideInteger& b) { return *this = *this + b; }
    WideInteger& operator-=(const WideInteger& b) { return *this = *this - b; }
    /// Left shift (to_integers shifts magnitudes): multiplication by 2^k.
    WideInteger& operator<<=(unsigned k) {
        if (mpz_sgn(z_) != 0) e_ += k;
        return *this;
    }

    friend bool operator<(const WideInteger& a, const WideInteger& b) { return cmp(a, b) < 0; }
    friend bool operator>(const WideInteger& a, const WideInteger& b) { return cmp(a, b) > 0; }
    friend bool operator<=(const WideInteger& a, const WideInteger& b) { return cmp(a, b) <= 0; }
    friend bool operator>=(const WideInteger& a, const WideInteger& b) { return cmp(a, b) >= 0; }
    friend bool operator==(const WideInteger& a, const WideInteger& b) { return cmp(a, b) == 0; }
    friend bool operator!=(const WideInteger& a, const WideInteger& b) { return cmp(a, b) != 0; }

private:
    /// The per-thread free list; its mpz_t's are cleared when the thread ends.
    class Pool {
    public:
        static Pool& get() {
            thread_local Pool pool;
            return pool;
        }
        void take(mpz_ptr z) {
            if (free_.empty()) {
                mpz_init(z);
                return;
            }
            *z = free_.back();
            free_.pop_back();
        }
        void give(mpz_ptr z) { free_.push_back(*z); }
        Pool() = default;
        Pool(const Pool&) = delete;
        Pool& operator=(const Pool&) = delete;
        ~Pool() {
            for (__mpz_struct& z : free_) mpz_clear(&z);
        }

    private:
        std::vector<__mpz_struct> free_;
    };

    void take() { Pool::get().take(z_); }
    /// r = a + b, or a - b when `subtract`; r is neither a nor b. The
    /// operand with the larger exponent is shifted to the smaller one.
    static void add(WideInteger& r, const WideInteger& a, const WideInteger& b, bool subtract) {
        const auto op = subtract ? mpz_sub : mpz_add;
        if (a.e_ == b.e_ || mpz_sgn(a.z_) == 0 || mpz_sgn(b.z_) == 0) {
            // A zero's exponent is free: the other operand's, unshifted.
            r.e_ = mpz_sgn(a.z_) != 0 ? a.e_ : b.e_;
            op(r.z_, a.z_, b.z_);
            return;
        }
        if (a.e_ > b.e_) {
            mpz_mul_2exp(r.z_, a.z_, a.e_ - b.e_);
            op(r.z_, r.z_, b.z_);
            r.e_ = b.e_;
        } else {
            mpz_mul_2exp(r.z_, b.z_, b.e_ - a.e_);
            op(r.z_, a.z_, r.z_);
            r.e_ = a.e_;
        }
    }
    /// The sign of a - b.
    static int cmp(const WideInteger& a, const WideInteger& b) {
        const int sa = mpz_sgn(a.z_), sb = mpz_sgn(b.z_);
        if (sb == 0) return sa;
        if (sa == 0) return -sb;
        if (a.e_ == b.e_) return mpz_cmp(a.z_, b.z_);
        if (sa != sb) return sa;
        WideInteger d;
        add(d, a, b, true);
        return mpz_sgn(d.z_);
    }
    /// v exactly, also where long has 32 bits (LLP64), its trailing zero
    /// bits in the exponent.
    void set_int64(std::int64_t v) {
        e_ = 0;
        if (v == 0) {
            mpz_set_ui(z_, 0);
            return;
        }
        std::uint64_t m = v < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(v)
                                : static_cast<std::uint64_t>(v);
        while ((m & 1u) == 0) {
            m >>= 1;
            ++e_;
        }
        if constexpr (sizeof(unsigned long) >= sizeof(std::uint64_t)) {
            mpz_set_ui(z_, static_cast<unsigned long>(m));
        } else {
            mpz_set_ui(z_, static_cast<unsigned long>(m >> 32));
            mpz_mul_2exp(z_, z_, 32);
            mpz_add_ui(z_, z_, static_cast<unsigned long>(m & 0xffffffffu));
        }
        if (v < 0) mpz_neg(z_, z_);
    }

    mpz_t z_;
    mp_bitcnt_t e_ = 0;  ///< the value is z_ * 2^e_
};

/// Scales v (finite) to integers and evaluates formula(integers) in the
/// narrowest tier whose width fits a formula of degree Degree; inputs that
/// do not fit the 128-bit word go through the certified filter first
/// (Filtered), where it exists.
template <int Degree, std::size_t N, class Formula>
auto decide_scaled(const std::array<double, N>& v, Formula formula) {
    const ScaledInputs<N> s = scale(v);
    if (fits(Degree, s.bits, word128_magnitude_bits)) return formula(to_integers<Word128>(s));
    decltype(formula(to_integers<Word128>(s))) answer{};
    if (filtered<Degree>(s, v, formula, answer)) return answer;
    if (fits(Degree, s.bits, fixed_magnitude_bits)) return formula(to_integers<FixedInteger>(s));
    return formula(to_integers<WideInteger>(s));
}

}  // namespace touchstone::oracle::detail
