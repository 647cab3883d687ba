// touchstone::robust — a signed integer of at most Cap 64-bit limbs, on the
// stack, for the predicates' wide layer (scaled.hpp, WideInt).
//
// Why not Boost's fixed-capacity cpp_int (which the wide layer used before,
// issue 15): a cpp_int of 4352 bits is 544 bytes that every copy,
// construction and temporary moved or cleared whole, however few limbs the
// value used; at the exponent spreads that reach the wide layer the values
// use 1-34 of its 68 limbs. Fuzzing robust_segments_intersect spent 8 % of
// its time in the wide layer, most of it in memcpy and memset. Here a value
// is its used limbs and their count: a copy copies those, a default
// construction writes two words. Boost 1.74 also multiplied operands of 40
// limbs or more by a Karatsuba step that went wrong for fixed capacities
// (tests/robust/wide_int_test.cpp); this type multiplies by the schoolbook
// method only.
//
// Sign and magnitude; the magnitude is w_[0..n_) (least significant first)
// with w_[n_ - 1] != 0, and zero is n_ == 0 (never negative). Every
// operation is exact; a result wider than Cap limbs is an internal error
// (boost::throw_exception, as the checked cpp_int threw): the wide layer's
// bound (wide_bits in scaled.hpp) excludes it.
#pragma once

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <type_traits>

#include <boost/throw_exception.hpp>

#include "int128.hpp"

namespace touchstone::robust::exact {

namespace fixed_int_detail {

[[noreturn, gnu::cold, gnu::noinline]] inline void capacity_exceeded() {
    boost::throw_exception(std::overflow_error(
        "touchstone::robust: a wide-layer integer exceeded its capacity (internal error)"));
}

/// Compares the magnitudes a[0..na) and b[0..nb) (both normalised).
inline int compare(const std::uint64_t* a, unsigned na, const std::uint64_t* b, unsigned nb) {
    if (na != nb) return na > nb ? 1 : -1;
    for (unsigned i = na; i-- > 0;)
        if (a[i] != b[i]) return a[i] > b[i] ? 1 : -1;
    return 0;
}

/// r = a + b (na >= nb); returns the limbs of r (r may be a; at most cap).
inline unsigned add(std::uint64_t* r, const std::uint64_t* a, unsigned na, const std::uint64_t* b,
                    unsigned nb, unsigned cap) {
    std::uint64_t carry = 0;
    unsigned i = 0;
    for (; i < nb; ++i) {
        const std::uint64_t s = a[i] + b[i];
        const std::uint64_t t = s + carry;
        carry = static_cast<std::uint64_t>(s < a[i]) + static_cast<std::uint64_t>(t < s);
        r[i] = t;
    }
    for (; i < na; ++i) {
        const std::uint64_t t = a[i] + carry;
        carry = static_cast<std::uint64_t>(t < carry);
        r[i] = t;
    }
    if (carry != 0) {
        if (na == cap) capacity_exceeded();
        r[na++] = carry;
    }
    return na;
}

/// r = a - b for magnitudes a >= b; returns the limbs of r (r may be a).
inline unsigned subtract(std::uint64_t* r, const std::uint64_t* a, unsigned na,
                         const std::uint64_t* b, unsigned nb) {
    std::uint64_t borrow = 0;
    unsigned i = 0;
    for (; i < nb; ++i) {
        const std::uint64_t d = a[i] - b[i];
        const std::uint64_t t = d - borrow;
        borrow = static_cast<std::uint64_t>(a[i] < b[i]) + static_cast<std::uint64_t>(d < borrow);
        r[i] = t;
    }
    for (; i < na; ++i) {
        const std::uint64_t t = a[i] - borrow;
        borrow = static_cast<std::uint64_t>(a[i] < borrow);
        r[i] = t;
    }
    while (na > 0 && r[na - 1] == 0) --na;
    return na;
}

/// r = a b (schoolbook, column by column; r is neither a nor b, na, nb >=
/// 1); returns the limbs of r. Each column's products go into a 192-bit
/// accumulator whose additions depend only on the one before, so the
/// multiplications of a column run independently (row by row, each
/// product waited for the previous one's carry: about twice as slow).
inline unsigned multiply(std::uint64_t* r, const std::uint64_t* a, unsigned na,
                         const std::uint64_t* b, unsigned nb, unsigned cap) {
    const unsigned columns = na + nb - 1;
    if (columns > cap) capacity_exceeded();
    U128 acc = 0;           // the column's sum, low 128 bits
    std::uint64_t top = 0;  // and its bits above 128
    for (unsigned k = 0; k < columns; ++k) {
        const unsigned i0 = k < nb ? 0 : k - nb + 1, i1 = k < na ? k : na - 1;
        for (unsigned i = i0; i <= i1; ++i) {
            const U128 p = mul_u64(a[i], b[k - i]);
            acc += p;
            top += static_cast<std::uint64_t>(acc < p);
        }
        r[k] = low_word(acc);
        acc = (acc >> 64) | (U128(top) << 64);
        top = 0;
    }
    unsigned m = columns;
    if (acc != 0) {  // the last carry: a limb of its own (acc < 2^64 here)
        if (m == cap) capacity_exceeded();
        r[m++] = low_word(acc);
    }
    while (m > 0 && r[m - 1] == 0) --m;
    return m;
}

/// r = a 2^k (r is not a, na >= 1); returns the limbs of r.
inline unsigned shift_left(std::uint64_t* r, const std::uint64_t* a, unsigned na, unsigned k,
                           unsigned cap) {
    const unsigned limbs = k / 64, bits = k % 64;
    const std::uint64_t top = bits == 0 ? 0 : a[na - 1] >> (64 - bits);
    const unsigned n = na + limbs + (top != 0 ? 1 : 0);
    if (n > cap) capacity_exceeded();
    for (unsigned i = 0; i < limbs; ++i) r[i] = 0;
    if (bits == 0) {
        for (unsigned i = 0; i < na; ++i) r[limbs + i] = a[i];
    } else {
        r[limbs] = a[0] << bits;
        for (unsigned i = 1; i < na; ++i) r[limbs + i] = (a[i] << bits) | (a[i - 1] >> (64 - bits));
        if (top != 0) r[limbs + na] = top;
    }
    return n;
}

}  // namespace fixed_int_detail

template <unsigned Cap>
class FixedInt {
    static_assert(Cap >= 2, "at least two limbs");

public:
    static constexpr unsigned capacity = Cap;

    FixedInt() = default;
    FixedInt(std::int64_t v) {  // NOLINT: literals and mantissas
        if (v == 0) return;
        neg_ = v < 0;
        w_[0] =
            neg_ ? std::uint64_t{0} - static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(v);
        n_ = 1;
    }
    FixedInt(const FixedInt& o) noexcept : n_(o.n_), neg_(o.neg_) { copy_limbs(o.w_, o.n_); }
    FixedInt& operator=(const FixedInt& o) noexcept {
        if (this != &o) {
            n_ = o.n_;
            neg_ = o.neg_;
            copy_limbs(o.w_, o.n_);
        }
        return *this;
    }
    /// The same value at a larger capacity.
    template <unsigned C, class = std::enable_if_t<(C < Cap)>>
    explicit FixedInt(const FixedInt<C>& o) noexcept : n_(o.n_), neg_(o.neg_) {
        copy_limbs(o.w_, o.n_);
    }
    /// The integer (neg ? -1 : 1) * sum w[i] 2^(64 i), i < n (tests).
    static FixedInt from_limbs(const std::uint64_t* w, unsigned n, bool neg) {
        while (n > 0 && w[n - 1] == 0) --n;
        if (n > Cap) fixed_int_detail::capacity_exceeded();
        FixedInt r;
        r.n_ = n;
        r.neg_ = neg && n > 0;
        r.copy_limbs(w, n);
        return r;
    }

    int sign() const { return n_ == 0 ? 0 : (neg_ ? -1 : 1); }
    unsigned limbs() const { return n_; }
    std::uint64_t limb(unsigned i) const { return i < n_ ? w_[i] : 0; }

    FixedInt operator-() const {
        FixedInt r(*this);
        r.negate();
        return r;
    }

    /// r = a + b, or a - b when `subtract` (r may be a or b). In place, as
    /// the other operations: a value of the wide layer is up to 1 KB, and
    /// returning it by value copied every result once more.
    static void add(FixedInt& r, const FixedInt& a, const FixedInt& b, bool subtract) {
        namespace d = fixed_int_detail;
        const bool bneg = subtract ? !b.neg_ : b.neg_;
        if (b.n_ == 0) {
            if (&r != &a) r = a;
            return;
        }
        if (a.n_ == 0) {
            if (&r != &b) r = b;
            r.neg_ = bneg;
            return;
        }
        if (a.neg_ == bneg) {
            const bool neg = a.neg_;
            r.n_ = a.n_ >= b.n_ ? d::add(r.w_, a.w_, a.n_, b.w_, b.n_, Cap)
                                : d::add(r.w_, b.w_, b.n_, a.w_, a.n_, Cap);
            r.neg_ = neg;
            return;
        }
        const int c = d::compare(a.w_, a.n_, b.w_, b.n_);
        const bool neg = c > 0 ? a.neg_ : bneg;
        r.n_ = c == 0  ? 0
               : c > 0 ? d::subtract(r.w_, a.w_, a.n_, b.w_, b.n_)
                       : d::subtract(r.w_, b.w_, b.n_, a.w_, a.n_);
        r.neg_ = r.n_ != 0 && neg;
    }
    /// r = a b (r is neither a nor b).
    static void multiply(FixedInt& r, const FixedInt& a, const FixedInt& b) {
        if (a.n_ == 0 || b.n_ == 0) {
            r.n_ = 0;
            r.neg_ = false;
            return;
        }
        r.n_ = fixed_int_detail::multiply(r.w_, a.w_, a.n_, b.w_, b.n_, Cap);
        r.neg_ = a.neg_ != b.neg_;
    }
    /// r = a 2^k (r is not a).
    static void shift(FixedInt& r, const FixedInt& a, unsigned k) {
        if (a.n_ == 0 || k == 0) {
            r = a;
            return;
        }
        r.n_ = fixed_int_detail::shift_left(r.w_, a.w_, a.n_, k, Cap);
        r.neg_ = a.neg_;
    }
    friend FixedInt operator+(const FixedInt& a, const FixedInt& b) {
        FixedInt r;
        add(r, a, b, false);
        return r;
    }
    friend FixedInt operator-(const FixedInt& a, const FixedInt& b) {
        FixedInt r;
        add(r, a, b, true);
        return r;
    }
    friend FixedInt operator*(const FixedInt& a, const FixedInt& b) {
        FixedInt r;
        multiply(r, a, b);
        return r;
    }
    /// a 2^k.
    static FixedInt shifted(const FixedInt& a, unsigned k) {
        FixedInt r;
        shift(r, a, k);
        return r;
    }
    /// -a in place.
    void negate() { neg_ = n_ != 0 && !neg_; }
    /// The sign of a - b.
    static int compare(const FixedInt& a, const FixedInt& b) {
        if (a.neg_ != b.neg_) return a.neg_ ? -1 : 1;  // zero is never negative
        const int c = fixed_int_detail::compare(a.w_, a.n_, b.w_, b.n_);
        return a.neg_ ? -c : c;
    }

private:
    template <unsigned C>
    friend class FixedInt;

    void copy_limbs(const std::uint64_t* w, unsigned n) {
        if (n != 0) std::memcpy(w_, w, n * sizeof(std::uint64_t));
    }

    unsigned n_ = 0;
    bool neg_ = false;
    std::uint64_t w_[Cap];  ///< w_[0..n_) hold the magnitude; the rest is never read
};

}  // namespace touchstone::robust::exact
