// touchstone::robust — the exact stage of the four ray casts: the exact hit,
// and t correctly rounded (rounding.hpp).
//
// The inputs are scaled to integers X of a common power of two (scaled.hpp);
// every t below is a ratio of two polynomials of one degree in X, so the
// scale cancels and t is rounded with e0 = 0. The ray is P + t D, D = Q - P,
// t in [0, 1]; the formulas are those of docs/primitives.md (and of the
// oracle, oracle/src/ray_casts.cpp, written apart from this file):
//   disk:    W = P - C, A = D.D, B = D.W, K = W.W - R^2: K <= 0 gives t = 0,
//            else the smaller root (-B - sqrt(B^2 - A K)) / A when it is in
//            (0, 1] (B < 0, B^2 >= A K);
//   segment: P on the segment: 0; crossing lines: cross(F, E) / cross(D, E)
//            with F = A - P, both parameters checked in [0, 1]; parallel and
//            collinear: the nearer end of the segment's projection, F.D / D.D;
//   box:     the slab test on exact fractions;
//   capsule: the least of the entries into its end disks and its side
//            rectangle, whose strip bounds are surds of radicand R^2 E.E.
//            Rounding is monotone, so the least rounded entry is the rounded
//            least entry: each candidate is rounded on its own;
//   polygon: Cyrus-Beck on exact fractions: the largest entering fraction
//            -c / e over the edges whose half-plane the ray enters, at most
//            the smallest leaving one (polygon_clip below).
// Every ray cast first tries the fast path below (int64 inputs, 128-, 256-
// and, for the capsule's surd bounds of radicand R^2 E.E, 512-bit integers;
// round_surd_fast).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <type_traits>

#include "rounding.hpp"
#include "scaled.hpp"
#include "touchstone/robust/detail/exact.hpp"
#include "touchstone/robust/detail/filter.hpp"
#include "touchstone/robust/detail/mutation.hpp"
#include "validate_inputs.hpp"

namespace touchstone::robust::exact {
namespace {

struct V {
    Big x, y;
};
V sub(const Big* a, const Big* b) { return {a[0] - b[0], a[1] - b[1]}; }
Big dot(const V& a, const V& b) { return a.x * b.x + a.y * b.y; }
Big cross(const V& a, const V& b) { return a.x * b.y - a.y * b.x; }

/// (a + b sqrt K) / e with e > 0; K is shared by the caller.
struct SurdT {
    Big a, b, e;
};

/// sign(u - v) of two SurdT of the same radicand K.
int compare(const SurdT& u, const SurdT& v, const Big& K) {
    return sign_surd(Big(u.a * v.e - v.a * u.e), Big(u.b * v.e - v.b * u.e), K);
}

/// The smaller of two optional rounded entries.
template <class T>
std::optional<T> earlier(std::optional<T> a, std::optional<T> b) {
    if (!a) return b;
    if (!b) return a;
    return std::min(*a, *b);
}

/// Entry of P + t D, t in [0, 1], into the closed disk (C, R), rounded to T.
template <class T>
std::optional<T> disk_entry(const V& W, const V& D, const Big& R) {
    const Big K = dot(W, W) - R * R;
    if (K.sign() <= 0) return T(0);
    const Big A = dot(D, D), B = dot(D, W);
    if (A.is_zero() || B.sign() >= 0) return std::nullopt;
    const Big disc = B * B - A * K;
    if (disc.sign() < 0) return std::nullopt;
    // t <= 1 <=> -B - A - sqrt(disc) <= 0.
    if (sign_surd(Big(-B - A), Big(-1), disc) > 0) return std::nullopt;
    return round_surd<T>(Big(-B), Big(-1), disc, A, 0);
}

/// Clips [lo, hi] (start [0, 1]) by m <= s0 + s1 t <= M, bounds sharing K.
struct Clip {
    const Big& K;
    SurdT lo{Big(0), Big(0), Big(1)}, hi{Big(1), Big(0), Big(1)};
    bool empty = false;
    explicit Clip(const Big& k) : K(k) {}
    void slab(const Big& s0, const Big& s1, const SurdT& m, const SurdT& M) {
        if (empty) return;
        if (s1.is_zero()) {
            const SurdT v{s0, Big(0), Big(1)};
            if (compare(v, m, K) < 0 || compare(v, M, K) > 0) empty = true;
            return;
        }
        // (m - s0) / s1 and (M - s0) / s1, denominators made positive.
        const int sg = s1.sign();
        const Big den = sg > 0 ? s1 : Big(-s1);
        SurdT a{Big(sg * (m.a - s0 * m.e)), Big(sg * m.b), Big(den * m.e)};
        SurdT b{Big(sg * (M.a - s0 * M.e)), Big(sg * M.b), Big(den * M.e)};
        if (sg < 0) std::swap(a, b);
        if (compare(a, lo, K) > 0) lo = a;
        if (compare(b, hi, K) < 0) hi = b;
        if (compare(lo, hi, K) > 0) empty = true;
    }
    template <class T>
    std::optional<T> entry() const {
        if (empty) return std::nullopt;
        return round_surd<T>(lo.a, lo.b, K, lo.e, 0);
    }
};

template <class T>
RayHit<T> done(const std::optional<T>& t) {
    RayHit<T> out;
    if (t) {
        out.hit = true;
        out.t = *t;
    }
    return out;
}

// ----- the fast path (issue 15) ------------------------------------------------------
// When the inputs scale to int64 integers below 2^61 (scale_to, the int128
// layer of the predicates), every quantity of the formulas above fits in 128
// bits, the discriminant in 256 (bounds at each line): the decisions are
// exact signs there, and t is rounded by round_surd_fast, which answers only
// when it certifies the rounding (all but t within ~2^-97 of a midpoint, a
// subnormal t, or heavy cancellation). Otherwise, or when the inputs spread
// wider, the cpp_int path below decides everything again from scratch. The
// answers are the same (0 ulps either way): the fast path only skips cpp_int.

/// A positive 128-bit integer as a double, within 2.01 u: its two words
/// converted (one rounding each; the high word's scaling by 2^64 is exact)
/// and added (one more). No library call, unlike the builtin conversion.
inline double approx_double(U128 v) {
    return static_cast<double>(high_word(v)) * 0x1p64 + static_cast<double>(low_word(v));
}

/// t = N / E correctly rounded to T when 0 < N <= E < 2^125 and t >= 2^-58,
/// by the exact remainder (issue 15, fourth round): q = N~ / E~ from
/// approx_double (within 5.1 u of t: two conversions and a division) gives
/// the candidate y = M 2^-s, M an integer of T's p bits (float: q rounded to
/// float first). R = N 2^s - M E = E (t - y) 2^s, so t lies above the
/// midpoint y + 2^-s / 2 exactly when 2R > E, below y - 2^-s / 2 when
/// 2R < -E, and on it when 2R = +-E (a tie: the even M). |t - y| is at most
/// 2.6 units of 2^-s (float: 0.6), so |R| < 3 E < 2^127 and R is exact in
/// 128-bit arithmetic modulo 2^128 (N 2^s and M E themselves wrap); each
/// step M +- 1 moves R by E. A t below y = 2^(p-1) 2^-s (the spacing halves
/// there), M above 2^p, or more than 4 steps: false, for round_surd_fast.
template <class T>
bool round_fraction_quick(I128 N, I128 E, T& t) {
    constexpr int p = std::numeric_limits<T>::digits;
    if (!(N > 0 && N <= E && E < (I128(1) << 125))) return false;
    const double q = approx_double(U128(N)) / approx_double(U128(E));
    const double y = static_cast<double>(static_cast<T>(q));  // in [2^-59, 1] or else false
    std::uint64_t bits;
    std::memcpy(&bits, &y, sizeof bits);
    const int ex = static_cast<int>((bits >> 52) & 0x7ff) - 1022;  // y = m 2^ex, m in [1/2, 1)
    if (ex < -58 || ex > 1) return false;
    const int s = p - ex;  // in [p - 1, p + 58]
    std::uint64_t M =
        ((bits & ((std::uint64_t{1} << 52) - 1)) | (std::uint64_t{1} << 52)) >> (53 - p);
    // The subtraction in U128 too: wrapping is defined there (in I128 it would
    // be a signed overflow, UB; UBSan caught it), and R itself is small.
    I128 R = I128((U128(N) << s) - U128(E) * U128(M));
    const auto steps_ok = [&] {
        for (int k = 0; k < 4; ++k) {
            if (R > E - R) {  // 2R > E
                ++M;
                R -= E;
            } else if (-R > E + R) {  // 2R < -E
                --M;
                R += E;
            } else {
                return true;
            }
        }
        return false;
    };
    // At M = 2^(p-1) a t below y lies where the spacing halves: not decided here.
    if (!steps_ok() || (M == (std::uint64_t{1} << (p - 1)) && R < 0)) return false;
    if (TOUCHSTONE_MUTANT(rf_quick_tie_to_odd, (M & 1) != 0, (M & 1) == 0)) {
        if (R == E - R)
            ++M;  // a tie above: to the even neighbour
        else if (-R == E + R)
            --M;  // a tie below
    }
    if (M < (std::uint64_t{1} << (p - 1)) || M > (std::uint64_t{1} << p)) return false;
    t = static_cast<T>(std::ldexp(static_cast<double>(M), -s));  // exact
    return true;
}

/// t = N / E, E > 0, both below 2^126 in magnitude, through the fast rounding.
template <class T>
bool round_fraction_fast(I128 N, I128 E, T& t) {
    if (N == 0) {
        t = T(0);
        return true;
    }
    if (round_fraction_quick<T>(N, E, t)) return true;
    return round_surd_fast<T>(approx(widen(N), I128(0), I256{}, E), 0, t);
}

/// A decided RayHit: a miss, or a hit at t.
template <class T>
bool miss(RayHit<T>& out) {
    out = {};
    return true;
}
template <class T>
bool hit_at(RayHit<T>& out, T t) {
    out.hit = true;
    out.t = t;
    return true;
}

/// The entry of P + t D, t in [0, 1], into the closed disk of radius R
/// around C, from W = P - C, D (below 2^62) and R (below 2^61): decided
/// exactly (hit false: a miss); false when round_surd_fast cannot certify t.
template <class T>
bool disk_entry_fast(std::int64_t Wx, std::int64_t Wy, std::int64_t Dx, std::int64_t Dy,
                     std::int64_t R, RayHit<T>& out) {
    const I128 K = mul(Wx, Wx) + mul(Wy, Wy) - mul(R, R);  // |K| < 2^125
    if (TOUCHSTONE_MUTANT(rc_fast_start_on_circle_missed, K <= 0, K < 0)) return hit_at(out, T(0));
    const I128 A = mul(Dx, Dx) + mul(Dy, Dy), B = mul(Dx, Wx) + mul(Dy, Wy);  // < 2^125
    if (A == 0 || B >= 0) return miss(out);
    const I256 disc = mul(B, B) - mul(A, K);  // B^2 and A K below 2^250
    if (sign(disc) < 0) return miss(out);
    // t <= 1 <=> -B - A - sqrt(disc) <= 0; |-B - A| < 2^126.
    if (sign_surd_fixed(-B - A, -1, disc) > 0) return miss(out);
    T t;
    if (!round_surd_fast<T>(approx(widen(-B), I128(-1), disc, A), 0, t)) return false;
    return hit_at(out, t);
}

template <class T>
bool ray_cast_disk_fast(const double* x, RayHit<T>& out) {
    std::int64_t X[7];
    if (!scale_to<std::int64_t, int128_bits, 7>(x, X)) return false;
    // |X| < 2^61: W = P - C and D = Q - P below 2^62, products below 2^124.
    return disk_entry_fast<T>(X[0] - X[4], X[1] - X[5], X[2] - X[0], X[3] - X[1], X[6], out);
}

template <class T>
bool ray_cast_segment_fast(const double* x, RayHit<T>& out) {
    std::int64_t X[8];
    if (!scale_to<std::int64_t, int128_bits, 8>(x, X)) return false;
    // D = Q - P, E = B - A, F = A - P, G = B - P: below 2^62; every cross and
    // dot product below 2^125.
    const std::int64_t Dx = X[2] - X[0], Dy = X[3] - X[1], Ex = X[6] - X[4], Ey = X[7] - X[5];
    const std::int64_t Fx = X[4] - X[0], Fy = X[5] - X[1], Gx = X[6] - X[0], Gy = X[7] - X[1];
    const auto cross = [](std::int64_t ax, std::int64_t ay, std::int64_t bx, std::int64_t by) {
        return I128(mul(ax, by) - mul(ay, bx));
    };
    const auto dot = [](std::int64_t ax, std::int64_t ay, std::int64_t bx, std::int64_t by) {
        return I128(mul(ax, bx) + mul(ay, by));
    };
    if (cross(Ex, Ey, Fx, Fy) == 0 && dot(Fx, Fy, Gx, Gy) <= 0) return hit_at(out, T(0));
    I128 den = cross(Dx, Dy, Ex, Ey), nt = cross(Fx, Fy, Ex, Ey), ns = cross(Fx, Fy, Dx, Dy);
    T t;
    if (den != 0) {
        if (den < 0) {
            den = -den;
            nt = -nt;
            ns = -ns;
        }
        if (nt < 0 || nt > den || ns < 0 || ns > den) return miss(out);
        if (!round_fraction_fast<T>(nt, den, t)) return false;
        return hit_at(out, t);
    }
    const I128 DD = dot(Dx, Dy, Dx, Dy);
    if (DD == 0 || cross(Dx, Dy, Fx, Fy) != 0) return miss(out);
    const I128 ta = dot(Fx, Fy, Dx, Dy), tb = dot(Gx, Gy, Dx, Dy);
    const I128 lo = ta < tb ? ta : tb;
    if (lo < 0 || lo > DD) return miss(out);
    if (!round_fraction_fast<T>(lo, DD, t)) return false;
    return hit_at(out, t);
}

template <class T>
bool ray_cast_box_fast(const double* x, RayHit<T>& out) {
    std::int64_t X[8];
    if (!scale_to<std::int64_t, int128_bits, 8>(x, X)) return false;
    // The slab test on fractions n / d, d > 0: numerators and denominators
    // below 2^62, so comparisons by cross products stay below 2^124.
    struct Frac {
        std::int64_t n, d;
    };
    const auto less = [](Frac a, Frac b) { return mul(a.n, b.d) < mul(b.n, a.d); };
    Frac lo{0, 1}, hi{1, 1};
    for (int i = 0; i < 2; ++i) {
        const std::int64_t s0 = X[i], s1 = X[2 + i] - X[i], m = X[4 + i], M = X[6 + i];
        if (s1 == 0) {
            if (s0 < m || s0 > M) return miss(out);
            continue;
        }
        Frac a{m - s0, s1}, b{M - s0, s1};
        if (s1 < 0) {
            a = {s0 - M, -s1};
            b = {s0 - m, -s1};
        }
        if (less(lo, a)) lo = a;
        if (less(b, hi)) hi = b;
        if (TOUCHSTONE_MUTANT(rc_fast_box_exit_unchecked, less(hi, lo), false)) return miss(out);
    }
    T t;
    if (!round_fraction_fast<T>(I128(lo.n), I128(lo.d), t)) return false;
    return hit_at(out, t);
}

/// sign(A + B sqrt K), K >= 0, |A| < 2^254, |B| < 2^127, K < 2^250: exact
/// in 512 bits (A^2 and B^2 K below 2^508).
int sign_surd_wide(const I256& A, I128 B, const I256& K) {
    const int sa = sign(A), sb = sign(K) == 0 ? 0 : sign(B);
    if (sb == 0) return sa;
    if (sa == 0 || sa == sb) return sb;
    const U512 a2 = mul_wide(magnitude(A), magnitude(A));
    const U512 b2k = mul_wide(mul_wide(magnitude(B), magnitude(B)), magnitude(K));
    int c = 0;  // sign(A^2 - B^2 K)
    for (int i = 3; i >= 0 && c == 0; --i)
        if (a2.w[i] != b2k.w[i]) c = b2k.w[i] < a2.w[i] ? 1 : -1;
    return sa > 0 ? c : -c;
}

/// (a + b sqrt K) / e with e > 0, b in {-1, 0, 1}, |a| < 2^126, e < 2^125:
/// the bounds of the capsule's side rectangle in t; v approximates the value
/// within w (see bound below).
struct Bound {
    I128 a;
    int b;
    I128 e;
    double v, w;
};

/// A Bound with its double approximation (issue 15, fourth round): sk is
/// sqrt K within 4.1 u (below), a~ and e~ within 2.01 u (approx_double), the
/// sum adds u of |a~| + sk, the division u more: |v - value| <= 10 u
/// (|a| + sqrt K) / e, and w = 2^-48 (|a~| + sk) / e~ = 32 u of that, with
/// room for its own rounding. Values are below 2^254 / 1: no overflow.
Bound bound(I128 a, int b, I128 e, double sk) {
    const double ad = a < 0 ? -approx_double(U128(-a)) : approx_double(U128(a));
    const double ed = approx_double(U128(e));
    const double num = ad + (b == 0 ? 0.0 : b * sk);
    const double mag = std::fabs(ad) + (b == 0 ? 0.0 : sk);
    return {a, b, e, num / ed,
            TOUCHSTONE_MUTANT(rk_bound_approx_tiny, 0x1p-48, 0x1p-70) * mag / ed};
}

/// sign(u - v) for bounds of one radicand K < 2^248: decided by the
/// approximations when their intervals are apart, else exactly: the
/// numerator (u.a v.e - v.a u.e) + (u.b v.e - v.b u.e) sqrt K has
/// |A| < 2^252, |B| < 2^126.
int compare(const Bound& u, const Bound& v, const I256& K) {
    if (u.v + u.w < v.v - v.w) return -1;
    if (u.v - u.w > v.v + v.w) return 1;
    return sign_surd_wide(mul(u.a, v.e) - mul(v.a, u.e), I128(u.b) * v.e - I128(v.b) * u.e, K);
}

/// The capsule: the earliest of the entries into its end disks and into its
/// side rectangle 0 <= F.E + t D.E <= E.E, |E x F + t E x D| <= R |E|
/// (F = P - A, E = B - A), each rounded on its own (rounding is monotone).
template <class T>
bool ray_cast_capsule_fast(const double* x, RayHit<T>& out) {
    std::int64_t X[9];
    if (!scale_to<std::int64_t, int128_bits, 9>(x, X)) return false;
    // Differences below 2^62, products below 2^124, dots and crosses below 2^125.
    const std::int64_t Dx = X[2] - X[0], Dy = X[3] - X[1], Fx = X[0] - X[4], Fy = X[1] - X[5];
    const std::int64_t Ex = X[6] - X[4], Ey = X[7] - X[5], R = X[8];
    RayHit<T> a, b;
    if (!disk_entry_fast<T>(Fx, Fy, Dx, Dy, R, a) ||
        !disk_entry_fast<T>(X[0] - X[6], X[1] - X[7], Dx, Dy, R, b))
        return false;
    RayHit<T> best = a;
    if (b.hit && (!best.hit || b.t < best.t)) best = b;
    if (best.hit && best.t == T(0)) return hit_at(out, T(0));
    const I128 EE = mul(Ex, Ex) + mul(Ey, Ey);
    if (EE != 0) {
        const I256 K = mul(I128(mul(R, R)), EE);  // R^2 E.E < 2^247
        const I128 s0 = mul(Fx, Ex) + mul(Fy, Ey), s1 = mul(Dx, Ex) + mul(Dy, Ey);
        const I128 c0 = mul(Ex, Fy) - mul(Ey, Fx), c1 = mul(Ex, Dy) - mul(Ey, Dx);
        // sqrt K = R sqrt(E.E) within 4.1 u: R converted (u), E.E by
        // approx_double (2.01 u, halved by the root, which adds u), the product u.
        const double sk = static_cast<double>(R) * std::sqrt(approx_double(U128(EE)));
        Bound lo = bound(I128(0), 0, I128(1), sk), hi = bound(I128(1), 0, I128(1), sk);
        bool empty = false;
        // One slab m <= s + u t <= M (m, M of the form (ma + mb sqrt K) / 1).
        const auto slab = [&](I128 s, I128 u, I128 ma, int mb, I128 Ma, int Mb) {
            if (empty) return;
            if (u == 0) {
                // s against m and M: sign(s - m) = sign((s - ma) - mb sqrt K).
                const Bound v = bound(s, 0, I128(1), sk);
                if (compare(v, bound(ma, mb, I128(1), sk), K) < 0 ||
                    compare(v, bound(Ma, Mb, I128(1), sk), K) > 0)
                    empty = true;
                return;
            }
            const int sg = u < 0 ? -1 : 1;
            const I128 den = sg > 0 ? u : I128(-u);
            Bound l = bound(I128(sg) * (ma - s), sg * mb, den, sk);
            Bound h = bound(I128(sg) * (Ma - s), sg * Mb, den, sk);
            if (sg < 0) std::swap(l, h);
            if (compare(l, lo, K) > 0) lo = l;
            if (compare(h, hi, K) < 0) hi = h;
            if (compare(lo, hi, K) > 0) empty = true;
        };
        slab(s0, s1, I128(0), 0, EE, 0);  // |EE - s0| < 2^126
        slab(c0, c1, I128(0), -1, I128(0), 1);
        if (!TOUCHSTONE_MUTANT(rc_fast_capsule_side_ignored, empty, true)) {
            T t;
            if (!round_surd_fast<T>(approx(widen(lo.a), I128(lo.b), lo.b == 0 ? I256{} : K, lo.e),
                                    0, t))
                return false;
            if (!best.hit || t < best.t) best = {true, t};
        }
    }
    if (!best.hit) return miss(out);
    return hit_at(out, best.t);
}

/// The convex polygon (Cyrus-Beck, done exactly). Along the ray P + t D the
/// signed area of edge A -> B with the point, cross(E, P - A) + t cross(E, D)
/// = c + t e (E = B - A), must be >= 0 for every edge of the counter-
/// clockwise polygon. e > 0: the ray enters that half-plane at t = -c / e;
/// e < 0: it leaves it at t = c / -e; e == 0: c < 0 is a miss. The entry is
/// the largest entering fraction and 0, the exit the smallest leaving one
/// and 1; a hit when entry <= exit (a vertex grazed: equal), at the entry,
/// rounded once. Fractions n / d with d > 0 are compared by cross
/// multiplication, exactly: C is int64 (differences below 2^62, c and e
/// below 2^125, their cross products below 2^251 in I256) or cpp_int.
/// Returns false only when the int64 path cannot certify the rounding.
template <class T, class C>
bool polygon_clip(const C* X, int n, RayHit<T>& out) {
    using P1 = Product<C>;
    constexpr bool fast = std::is_same_v<C, std::int64_t>;
    // n / d, d > 0, and (int64 path) its double approximation: n and d
    // converted with one rounding each and divided, so within 3.01 u of
    // n / d (u = 2^-53): when two approximations differ by more than
    // 2^-48 (|x| + |y|) the order of the fractions is theirs, and the
    // 256-bit cross multiplication is needed only when they are that close.
    struct Frac {
        P1 n, d;
        double a;
    };
    const auto frac = [](const P1& n, const P1& d) {
        if constexpr (fast)
            return Frac{n, d, static_cast<double>(n) / static_cast<double>(d)};
        else
            return Frac{n, d, 0.0};
    };
    const auto less = [](const Frac& a, const Frac& b) {
        if constexpr (fast) {
            const double gap = a.a - b.a;
            if (std::fabs(gap) > 0x1p-48 * (std::fabs(a.a) + std::fabs(b.a))) return gap < 0;
        }
        const auto l = mul(a.n, b.d);
        const auto r = mul(b.n, a.d);
        return sign(decltype(l)(l - r)) < 0;
    };
    const C px = X[0], py = X[1];
    const C dx = C(X[2] - px), dy = C(X[3] - py);
    Frac lo = frac(P1(0), P1(1)), hi = frac(P1(1), P1(1));
    const C* a = X + 4 + 2 * (n - 1);
    for (int i = 0; i < n; ++i) {
        const C* b = X + 4 + 2 * i;
        const C ex = C(b[0] - a[0]), ey = C(b[1] - a[1]);
        const C fx = C(px - a[0]), fy = C(py - a[1]);
        const P1 c = P1(mul(ex, fy) - mul(ey, fx));
        const P1 e = P1(mul(ex, dy) - mul(ey, dx));
        a = b;
        const int se = sign(e);
        if (se == 0) {
            if (TOUCHSTONE_MUTANT(rp_parallel_outside_kept, sign(c) < 0, false)) return miss(out);
            continue;
        }
        if (se > 0) {
            const Frac enter = frac(P1(-c), e);
            if (less(lo, enter)) lo = enter;
        } else {
            const Frac leave = frac(c, P1(-e));
            if (less(leave, hi)) hi = leave;
        }
        if (TOUCHSTONE_MUTANT(rp_grazing_missed, less(hi, lo), !less(lo, hi))) return miss(out);
    }
    if constexpr (std::is_same_v<C, std::int64_t>) {
        T t;
        if (!round_fraction_fast<T>(lo.n, lo.d, t)) return false;
        return hit_at(out, t);
    } else {
        return hit_at(out, round_rational<T>(lo.n, lo.d, 0));
    }
}

// ----- the double filter of ray_cast_polygon (issue 15, fourth round) -----------------
// Cyrus-Beck in double with a bound per quantity, so that most calls decide
// hit or miss, and for float the rounded entry, without any integer; a
// double entry takes the exact fraction of the one edge that certainly gives
// it (8 inputs scaled to int64, two 128-bit cross products). What the bounds
// cannot settle goes to polygon_clip above, from scratch.
//
// Bounds (u = 2^-53; every input finite and |x| <= 2^500, so no product
// overflows). For c = ex fy - ey fx (e likewise) with ex = bx - ax, fy =
// py - ay: each difference errs by u relative (exact when subnormal), each
// product by u relative plus 2^-1075 absolute when it underflows, the
// subtraction by u of the result: |c' - c| <= ((1 + u)^4 - 1) S + 2^-1073
// with S = |ex fy| + |ey fx|, and S <= (1 + u)^3 S' for the computed S'.
// poly_rel = 2^-50 = 8u > 4.001u (1 + u)^5 leaves a factor ~2 of slack, the
// rounding of 2^-50 S' (exact unless it underflows, covered by poly_eta) too;
// poly_eta = 2^-1000 > 2^-1073 + 2^-1075 (large on purpose: see below).
// A fraction f = -c / e lies in detail::fraction_interval<true>'s
// interval (filter.hpp: Bc, Be as bn, bd; |e'| > 2 Be >= 2^-999 keeps 1 / e'
// finite and normal; |c'| < 2^1003), whose eta2 = poly_eta covers what
// underflows. A q that overflows makes err +inf: the sum of the errors,
// checked once, hands such a call off.
// An edge with c' - Bc > |e'| + Be has c > |e| (inside the open half-plane
// for every t in [0, 1]): it does not bind; one with c' + Bc + |e'| + Be < 0
// has c + t e < 0 on [0, 1]: a miss. Otherwise |e'| > 2 Be is required (the
// sign of e certain), else the exact clip decides. NaN, never produced here,
// would fail every comparison and hand off.
constexpr double poly_rel = 0x1p-50;
constexpr double poly_eta = detail::Bounds<double>::eta2;  // 2^-1000
constexpr double poly_range = 0x1p500;

/// 1: decided in double (out set); 2: a hit whose entry is the fraction of
/// edge `win` (v[win - 1] -> v[win]) alone, to be rounded exactly; 0: hand off.
template <class T>
int polygon_clip_double(const double* x, int n, RayHit<T>& out, int& win) {
    for (int i = 0; i < 4 + 2 * n; ++i)
        if (!(std::fabs(x[i]) <= poly_range)) return 0;
    const double px = x[0], py = x[1];
    const double dx = x[2] - px, dy = x[3] - py;
    // The entry: the candidate with the largest lo (its interval [wlo, whi],
    // edge win; -1 is the constraint t >= 0) and the largest hi of the others.
    double wlo = 0, whi = 0, ohi = -1;
    win = -1;
    double xlo = 1, xhi = 1;  // the exit: min lo and min hi of the leaving fractions
    double sum = 0;           // of the errors: finite when every q, lo and hi is
    const double* a = x + 4 + 2 * (n - 1);
    for (int i = 0; i < n; ++i) {
        const double* b = x + 4 + 2 * i;
        const double ex = b[0] - a[0], ey = b[1] - a[1];
        const double fx = px - a[0], fy = py - a[1];
        a = b;
        const double c1 = ex * fy, c2 = ey * fx, e1 = ex * dy, e2 = ey * dx;
        const double c = c1 - c2, e = e1 - e2;
        const double bc = TOUCHSTONE_MUTANT(rp_fast_bound_tiny, poly_rel, 0x1p-70) *
                              (std::fabs(c1) + std::fabs(c2)) +
                          poly_eta;
        const double be = poly_rel * (std::fabs(e1) + std::fabs(e2)) + poly_eta;
        const double ae = std::fabs(e);
        if (c - bc > TOUCHSTONE_MUTANT(rp_fast_inside_ignores_e, ae + be, be)) continue;
        if (c + bc + ae + be < 0) {
            miss(out);
            return 1;
        }
        if (!(ae > 2 * be)) return 0;
        double lo, hi;
        sum += detail::fraction_interval<true>(-c, e, bc, be, lo, hi);
        if (e > 0) {
            if (lo > wlo) {
                if (whi > ohi) ohi = whi;
                wlo = lo;
                whi = hi;
                win = i;
            } else if (hi > ohi) {
                ohi = hi;
            }
        } else {
            if (lo < xlo) xlo = lo;
            if (hi < xhi) xhi = hi;
        }
    }
    if (!(sum <= 0x1p1000)) return 0;
    const double ehi = whi > ohi ? whi : ohi;
    if (wlo > xhi) {
        miss(out);
        return 1;
    }
    if (!(ehi < xlo)) return 0;
    if (ehi <= 0) {
        hit_at(out, T(0));
        return 1;
    }
    if constexpr (sizeof(T) == 4) {
        // Rounding is monotone: when both ends round alike, so does the entry.
        const T l = static_cast<T>(wlo), h = static_cast<T>(ehi);
        if (l == h) {
            hit_at(out, h);
            return 1;
        }
    }
    return win >= 0 && wlo > ohi ? 2 : 0;
}

/// The entry fraction of edge w alone (it enters: e > 0), exactly, rounded.
template <class T>
bool polygon_edge_entry(const double* x, int n, int w, RayHit<T>& out) {
    const int pa = 4 + 2 * ((w + n - 1) % n), pb = 4 + 2 * w;
    const double v[8] = {x[0], x[1], x[2], x[3], x[pa], x[pa + 1], x[pb], x[pb + 1]};
    std::int64_t X[8];
    if (!scale_to<std::int64_t, int128_bits, 8>(v, X)) return false;
    // Differences below 2^62, cross products below 2^125.
    const std::int64_t ex = X[6] - X[4], ey = X[7] - X[5];
    const I128 c = mul(ex, X[1] - X[5]) - mul(ey, X[0] - X[4]);
    const I128 e = mul(ex, X[3] - X[1]) - mul(ey, X[2] - X[0]);
    if (!(e > 0)) return false;  // never: the filter certified e > 0
    T t;
    if (!round_fraction_fast<T>(-c, e, t)) return false;
    return hit_at(out, t);
}

}  // namespace

template <class T>
RayHit<T> ray_cast_disk(const double* x, Layer& layer) {
    layer = Layer::filter;
    if (!valid_inputs(x, 7, {6})) return {};
    RayHit<T> fast;
    layer = Layer::int128;
    if (ray_cast_disk_fast<T>(x, fast)) return fast;
    layer = Layer::wide;
    Big X[7];
    scaled_big<7>(x, X);
    return done(disk_entry<T>(sub(X, X + 4), sub(X + 2, X), X[6]));
}

template <class T>
RayHit<T> ray_cast_segment(const double* x, Layer& layer) {
    layer = Layer::filter;
    if (!valid_inputs(x, 8, {})) return {};
    RayHit<T> fast;
    layer = Layer::int128;
    if (ray_cast_segment_fast<T>(x, fast)) return fast;
    layer = Layer::wide;
    Big X[8];
    scaled_big<8>(x, X);
    const Big *P = X, *Q = X + 2, *A = X + 4, *B = X + 6;
    const V D = sub(Q, P), E = sub(B, A), F = sub(A, P), G = sub(B, P);
    // P on the closed segment: collinear with it and between its ends.
    if (cross(E, F).is_zero() && dot(F, G).sign() <= 0) return done(std::optional<T>(T(0)));
    Big den = cross(D, E), nt = cross(F, E), ns = cross(F, D);
    if (!den.is_zero()) {
        if (den.sign() < 0) {
            den = -den;
            nt = -nt;
            ns = -ns;
        }
        if (nt.sign() < 0 || nt > den || ns.sign() < 0 || ns > den) return {};
        return done(std::optional<T>(round_rational<T>(nt, den, 0)));
    }
    const Big DD = dot(D, D);
    if (DD.is_zero() || !cross(D, F).is_zero()) return {};
    const Big ta = dot(F, D), tb = dot(G, D);
    const Big& lo = ta < tb ? ta : tb;
    if (lo.sign() < 0 || lo > DD) return {};
    return done(std::optional<T>(round_rational<T>(lo, DD, 0)));
}

template <class T>
RayHit<T> ray_cast_box(const double* x, Layer& layer) {
    layer = Layer::filter;
    if (!valid_inputs(x, 8, {}) || x[6] < x[4] || x[7] < x[5]) return {};
    RayHit<T> fast;
    layer = Layer::int128;
    if (ray_cast_box_fast<T>(x, fast)) return fast;
    layer = Layer::wide;
    Big X[8];
    scaled_big<8>(x, X);
    const Big zero(0);
    Clip clip(zero);
    for (int i = 0; i < 2; ++i)
        clip.slab(X[i], Big(X[2 + i] - X[i]), SurdT{X[4 + i], Big(0), Big(1)},
                  SurdT{X[6 + i], Big(0), Big(1)});
    return done(clip.entry<T>());
}

template <class T>
RayHit<T> ray_cast_capsule(const double* x, Layer& layer) {
    layer = Layer::filter;
    if (!valid_inputs(x, 9, {8})) return {};
    RayHit<T> fast;
    layer = Layer::int128;
    if (ray_cast_capsule_fast<T>(x, fast)) return fast;
    layer = Layer::wide;
    Big X[9];
    scaled_big<9>(x, X);
    const Big *P = X, *Q = X + 2, *A = X + 4, *B = X + 6;
    const Big& R = X[8];
    const V D = sub(Q, P), F = sub(P, A);
    std::optional<T> best = earlier(disk_entry<T>(F, D, R), disk_entry<T>(sub(P, B), D, R));
    if (best && *best == T(0)) return done(best);
    const V E = sub(B, A);
    const Big EE = dot(E, E);
    if (!EE.is_zero()) {
        // The side rectangle: 0 <= F.E + t D.E <= E.E, |E x F + t E x D| <= R |E|.
        const Big K = R * R * EE;
        Clip clip(K);
        clip.slab(dot(F, E), dot(D, E), SurdT{Big(0), Big(0), Big(1)}, SurdT{EE, Big(0), Big(1)});
        clip.slab(cross(E, F), cross(E, D), SurdT{Big(0), Big(-1), Big(1)},
                  SurdT{Big(0), Big(1), Big(1)});
        best = earlier(best, clip.entry<T>());
    }
    return done(best);
}

template <class T>
RayHit<T> ray_cast_polygon(const double* x, int n, Layer& layer) {
    layer = Layer::filter;
    if (n < min_polygon_vertices || n > max_polygon_vertices || !valid_inputs(x, 4 + 2 * n, {}))
        return {};
    constexpr int N = 4 + 2 * max_polygon_vertices;
    RayHit<T> out;
    int win = -1;
    const int d = polygon_clip_double<T>(x, n, out, win);
    if (d == 1) return out;
    layer = Layer::int128;
    if (d == 2 && polygon_edge_entry<T>(x, n, win, out)) return out;
    std::int64_t X[N];
    if (scale_to_n<std::int64_t, int128_bits>(x, 4 + 2 * n, X) && polygon_clip<T>(X, n, out))
        return out;
    layer = Layer::wide;
    // The unused capacity is 0: it changes no scale.
    double v[N] = {};
    for (int i = 0; i < 4 + 2 * n; ++i) v[i] = x[i];
    Big B[N];
    scaled_big<N>(v, B);
    polygon_clip<T>(static_cast<const Big*>(B), n, out);
    return out;
}

template RayHit<float> ray_cast_disk<float>(const double*, Layer&);
template RayHit<double> ray_cast_disk<double>(const double*, Layer&);
template RayHit<float> ray_cast_segment<float>(const double*, Layer&);
template RayHit<double> ray_cast_segment<double>(const double*, Layer&);
template RayHit<float> ray_cast_box<float>(const double*, Layer&);
template RayHit<double> ray_cast_box<double>(const double*, Layer&);
template RayHit<float> ray_cast_capsule<float>(const double*, Layer&);
template RayHit<double> ray_cast_capsule<double>(const double*, Layer&);
template RayHit<float> ray_cast_polygon<float>(const double*, int, Layer&);
template RayHit<double> ray_cast_polygon<double>(const double*, int, Layer&);

}  // namespace touchstone::robust::exact
