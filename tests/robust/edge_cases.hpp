// Deterministic edge-case generator for the robust core's tests (local to
// tests/robust until the shared case families of properties/ replace it).
//
// Every configuration is first built in small integers, where tangency,
// collinearity and shared endpoints are exact (Pythagorean triples, integer
// steps along integer directions), then scaled by a power of two (exact
// unless the scale pushes bits below the subnormal range, which still gives a
// valid edge case), and for the near_* families nudged by a few ulps.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>

namespace touchstone::robust_test {

/// splitmix64: small, seedable, identical on every platform.
class Rng {
public:
    explicit Rng(std::uint64_t seed) : s_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (s_ += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    /// Uniform integer in [lo, hi].
    int range(int lo, int hi) {
        return lo + static_cast<int>(next() % static_cast<std::uint64_t>(hi - lo + 1));
    }
    bool coin() { return (next() & 1) != 0; }
    double unit() { return static_cast<double>(next() >> 11) * 0x1p-53; }

private:
    std::uint64_t s_;
};

enum class Family { uniform, tangent, near_tangent, collinear, near_collinear, endpoint, degenerate, extreme, raw, mixed };
inline constexpr int family_count = 10;

inline const char* to_string(Family f) {
    switch (f) {
        case Family::uniform: return "uniform";
        case Family::tangent: return "tangent";
        case Family::near_tangent: return "near_tangent";
        case Family::collinear: return "collinear";
        case Family::near_collinear: return "near_collinear";
        case Family::endpoint: return "endpoint";
        case Family::degenerate: return "degenerate";
        case Family::extreme: return "extreme";
        case Family::raw: return "raw";
        case Family::mixed: return "mixed";
    }
    return "?";
}

/// Pythagorean triples (a, b, h), a^2 + b^2 = h^2, plus the axis case.
inline constexpr int triples[][3] = {{1, 0, 1},   {3, 4, 5},   {5, 12, 13}, {8, 15, 17},
                                     {7, 24, 25}, {20, 21, 29}, {12, 35, 37}, {9, 40, 41},
                                     {28, 45, 53}, {11, 60, 61}, {33, 56, 65}, {16, 63, 65}};
inline constexpr int triple_count = sizeof(triples) / sizeof(triples[0]);

/// A random triple with random signs and a random swap of its legs.
struct Triple {
    int a, b, h;
};
inline Triple random_triple(Rng& g) {
    const int* t = triples[g.range(0, triple_count - 1)];
    int a = t[0], b = t[1];
    if (g.coin()) std::swap(a, b);
    if (g.coin()) a = -a;
    if (g.coin()) b = -b;
    return {a, b, t[2]};
}

/// x stepped k ulps (k < 0: down).
template <class T>
T nudge(T x, int k) {
    const T to = k > 0 ? std::numeric_limits<T>::infinity() : -std::numeric_limits<T>::infinity();
    for (int i = 0; i < (k > 0 ? k : -k); ++i) x = std::nextafter(x, to);
    return x;
}

/// A random power-of-two exponent for the extreme family: near overflow of
/// squares and of fourth powers, near and inside the subnormals.
template <class T>
int extreme_exponent(Rng& g) {
    if constexpr (sizeof(T) == 8) {
        static constexpr int e[] = {-1074, -1070, -1060, -1040, -1000, -800, -540, -520, -511, -300,
                                    -260,  -250,  250,   255,   260,   300,  500,  508,  511,  512,
                                    600,   900,   990,   1000,  1005};
        return e[g.range(0, sizeof(e) / sizeof(e[0]) - 1)];
    } else {
        static constexpr int e[] = {-149, -145, -140, -130, -126, -100, -70, -64, -63, -40,
                                    30,   32,   40,   60,   63,   64,   100, 110, 114};
        return e[g.range(0, sizeof(e) / sizeof(e[0]) - 1)];
    }
}

/// A finite value from raw bits (any exponent, any significand).
template <class T>
T raw_value(Rng& g) {
    for (;;) {
        T v;
        if constexpr (sizeof(T) == 8) {
            const std::uint64_t b = g.next();
            std::memcpy(&v, &b, sizeof v);
        } else {
            const auto b = static_cast<std::uint32_t>(g.next());
            std::memcpy(&v, &b, sizeof v);
        }
        if (std::isfinite(v)) return v;
    }
}

/// Integers scaled by 2^k and converted to T (exact while in range).
template <class T, std::size_t N>
std::array<T, N> scaled(const std::array<long, N>& v, int k) {
    std::array<T, N> out{};
    for (std::size_t i = 0; i < N; ++i) out[i] = std::ldexp(static_cast<T>(v[i]), k);
    return out;
}

template <class T>
int moderate_exponent(Rng& g) {
    return g.range(-12, 12);
}

template <class T, std::size_t N>
void nudge_some(Rng& g, std::array<T, N>& x, std::size_t radius_index = N) {
    const int n = g.range(1, 2);
    for (int i = 0; i < n; ++i) {
        const auto j = static_cast<std::size_t>(g.range(0, static_cast<int>(N) - 1));
        int k = g.range(1, 4);
        if (g.coin()) k = -k;
        x[j] = nudge(x[j], k);
        if (j == radius_index && x[j] < 0) x[j] = 0;
    }
}

/// Mixed scales: one coordinate replaced by a tiny or huge value.
template <class T, std::size_t N>
void mix_scale(Rng& g, std::array<T, N>& x, std::size_t radius_index = N) {
    const auto j = static_cast<std::size_t>(g.range(0, static_cast<int>(N) - 1));
    const int m = g.range(1, 1000);  // sequenced: argument order is unspecified
    const int e = extreme_exponent<T>(g);
    T v = std::ldexp(static_cast<T>(m), e);
    if (j != radius_index && g.coin()) v = -v;
    x[j] = g.coin() ? v : x[j] + v;
    if (!std::isfinite(x[j])) x[j] = v;
}

/// Mixed spreads: the configuration is axis-aligned around the origin (the
/// family's caller arranges that), and some of its zero coordinates become
/// tiny, 2^62..2^125 below the largest magnitude. The exact answer then
/// hinges on a term far below the filter's resolution, and the scaled
/// integers span 62-125 bits: the int256 layer's territory.
template <class T, std::size_t N>
void zero_to_tiny(Rng& g, std::array<T, N>& x, std::size_t radius1 = N, std::size_t radius2 = N) {
    T m = 0;
    for (std::size_t i = 0; i < N; ++i) m = std::fmax(m, std::fabs(x[i]));
    if (m == 0) return;
    int top = 0;
    std::frexp(m, &top);
    for (std::size_t i = 0; i < N; ++i) {
        if (x[i] != 0 || !g.coin()) continue;
        const int mant = g.range(1, 255);
        const int e = top - g.range(62, 125);
        const T v = std::ldexp(static_cast<T>(mant), e);
        x[i] = (g.coin() || i == radius1 || i == radius2) ? v : -v;  // radii stay >= 0
    }
}

/// The axis "triple" (1, 0, 1) with a random sign and swap.
inline Triple axis_triple(Rng& g) {
    Triple t{1, 0, 1};
    if (g.coin()) std::swap(t.a, t.b);
    if (g.coin()) t.a = -t.a;
    if (g.coin()) t.b = -t.b;
    return t;
}

template <class T, std::size_t N>
std::array<T, N> raw_case(Rng& g, std::size_t radius_index) {
    std::array<T, N> x{};
    for (auto& v : x) v = raw_value<T>(g);
    if (radius_index < N) x[radius_index] = std::fabs(x[radius_index]);
    return x;
}

// ----- configurations per argument shape ----------------------------------

/// point_in_disk: px py cx cy r.
template <class T>
std::array<T, 5> point_disk_case(Rng& g, Family f) {
    if (f == Family::raw) return raw_case<T, 5>(g, 4);
    const bool axis = f == Family::mixed;
    const long cx = axis ? 0 : g.range(-64, 64), cy = axis ? 0 : g.range(-64, 64);
    const long m = g.range(1, 8);
    std::array<long, 5> v{};
    const Triple t = axis ? axis_triple(g) : random_triple(g);
    switch (f) {
        case Family::uniform:
            v = {g.range(-200, 200), g.range(-200, 200), cx, cy, g.range(0, 150)};
            break;
        case Family::degenerate:
            v = {cx, cy, cx, cy, g.coin() ? 0 : g.range(1, 9)};
            if (g.coin()) v[0] += g.range(-2, 2);
            break;
        default:  // tangent, near, endpoint, collinear, extreme: p on the circle
            v = {cx + t.a * m, cy + t.b * m, cx, cy, t.h * m};
            break;
    }
    const int k = f == Family::extreme ? extreme_exponent<T>(g) : moderate_exponent<T>(g);
    auto x = scaled<T>(v, k);
    if (f == Family::near_tangent || f == Family::near_collinear) nudge_some(g, x, 4);
    if (f == Family::extreme && g.range(0, 3) == 0) mix_scale(g, x, 4);
    if (f == Family::extreme && g.coin()) nudge_some(g, x, 4);
    if (f == Family::mixed) zero_to_tiny(g, x, 4);
    return x;
}

/// Two circles: c1x c1y r1 c2x c2y r2.
template <class T>
std::array<T, 6> two_circles_case(Rng& g, Family f) {
    if (f == Family::raw) {
        auto x = raw_case<T, 6>(g, 2);
        x[5] = std::fabs(x[5]);
        return x;
    }
    const bool axis = f == Family::mixed;
    const long cx = axis ? 0 : g.range(-64, 64), cy = axis ? 0 : g.range(-64, 64);
    const long m = g.range(1, 8);
    const Triple t = axis ? axis_triple(g) : random_triple(g);
    const long h = t.h * m;
    std::array<long, 6> v{};
    switch (f) {
        case Family::uniform:
            v = {cx, cy, g.range(0, 100), g.range(-100, 100), g.range(-100, 100), g.range(0, 100)};
            break;
        case Family::degenerate: {
            const long r1 = g.coin() ? 0 : g.range(1, 20);
            const long r2 = g.coin() ? r1 : (g.coin() ? 0 : g.range(0, 20));
            v = {cx, cy, r1, cx, cy, r2};
            if (g.range(0, 3) == 0) {  // one zero radius on the other circle
                v = {cx, cy, h, cx + t.a * m, cy + t.b * m, 0};
            }
            break;
        }
        case Family::endpoint:
        case Family::collinear: {  // internal tangency
            const long r2 = g.range(0, 40);
            v = {cx, cy, r2 + h, cx + t.a * m, cy + t.b * m, r2};
            if (g.coin()) std::swap(v[2], v[5]);
            break;
        }
        default: {  // external tangency
            const long r1 = g.range(0, h);
            v = {cx, cy, r1, cx + t.a * m, cy + t.b * m, h - r1};
            if (g.range(0, 3) == 0) {  // internal
                const long r2 = g.range(0, 40);
                v = {cx, cy, r2 + h, cx + t.a * m, cy + t.b * m, r2};
            }
            break;
        }
    }
    const int k = f == Family::extreme ? extreme_exponent<T>(g) : moderate_exponent<T>(g);
    auto x = scaled<T>(v, k);
    if (f == Family::near_tangent || f == Family::near_collinear) {
        nudge_some(g, x, 2);
        if (x[5] < 0) x[5] = 0;
    }
    if (f == Family::extreme && g.range(0, 3) == 0) mix_scale(g, x, 2);
    if (f == Family::extreme && g.coin()) nudge_some(g, x, 2);
    if (x[5] < 0) x[5] = 0;
    if (f == Family::mixed) zero_to_tiny(g, x, 2, 5);
    return x;
}

/// Segment and circle: ax ay bx by cx cy r.
template <class T>
std::array<T, 7> segment_circle_case(Rng& g, Family f) {
    if (f == Family::raw) return raw_case<T, 7>(g, 6);
    const bool axis = f == Family::mixed;
    const long cx = axis ? 0 : g.range(-64, 64), cy = axis ? 0 : g.range(-64, 64);
    const long m = g.range(1, 8);
    const Triple t = axis ? axis_triple(g) : random_triple(g);
    const long px = cx + t.a * m, py = cy + t.b * m;  // on the circle
    std::array<long, 7> v{};
    switch (f) {
        case Family::uniform:
            v = {g.range(-200, 200), g.range(-200, 200), g.range(-200, 200), g.range(-200, 200), cx, cy,
                 g.range(0, 100)};
            break;
        case Family::endpoint: {  // an endpoint on the circle, or a chord
            const Triple u = random_triple(g);
            const long ax = cx + t.a * u.h * m, ay = cy + t.b * u.h * m;  // |.| = t.h u.h m
            const bool chord = g.coin();
            const long qx = chord ? cx + u.a * t.h * m : g.range(-200, 200);
            const long qy = chord ? cy + u.b * t.h * m : g.range(-200, 200);
            v = {ax, ay, qx, qy, cx, cy, t.h * u.h * m};
            if (g.coin()) {
                std::swap(v[0], v[2]);
                std::swap(v[1], v[3]);
            }
            break;
        }
        case Family::degenerate:
            if (g.coin()) {  // zero-length segment on or near the circle
                v = {px, py, px, py, cx, cy, t.h * m + g.range(-1, 1)};
                if (v[6] < 0) v[6] = 0;
            } else {  // zero radius, centre on or off the segment's line
                const long dx = g.range(-5, 5), dy = g.range(-5, 5), n = g.range(0, 6);
                const long j = g.range(-2, static_cast<int>(n) + 2);
                v = {cx, cy, cx + dx * n, cy + dy * n, cx + dx * j, cy + dy * j + (g.range(0, 4) == 0 ? 1 : 0), 0};
            }
            break;
        case Family::collinear:
        case Family::near_collinear: {  // segment through the centre, or along a diameter line
            const long dx = t.a, dy = t.b;
            const long i = g.range(-12, 12), j = g.range(-12, 12);
            v = {cx + dx * i, cy + dy * i, cx + dx * j, cy + dy * j, cx, cy, t.h * g.range(0, 12)};
            break;
        }
        default: {  // tangent line at p, direction (-b, a); endpoints at integer steps
            const long s1 = g.range(-5, 5), s2 = g.range(-5, 5);
            v = {px - t.b * s1, py + t.a * s1, px - t.b * s2, py + t.a * s2, cx, cy, t.h * m};
            break;
        }
    }
    const int k = f == Family::extreme ? extreme_exponent<T>(g) : moderate_exponent<T>(g);
    auto x = scaled<T>(v, k);
    if (f == Family::near_tangent || f == Family::near_collinear) nudge_some(g, x, 6);
    if (f == Family::extreme && g.range(0, 3) == 0) mix_scale(g, x, 6);
    if (f == Family::extreme && g.coin()) nudge_some(g, x, 6);
    if (f == Family::mixed) zero_to_tiny(g, x, 6);
    return x;
}

/// Two segments: a1x a1y b1x b1y a2x a2y b2x b2y.
template <class T>
std::array<T, 8> two_segments_case(Rng& g, Family f) {
    if (f == Family::raw) return raw_case<T, 8>(g, 8);
    const bool axis = f == Family::mixed;
    const long px = axis ? 0 : g.range(-64, 64), py = axis ? 0 : g.range(-64, 64);
    long dx = g.range(-6, 6), dy = axis ? 0 : g.range(-6, 6);
    if (dx == 0 && dy == 0) dx = 1;
    if (axis && g.coin()) std::swap(dx, dy);
    auto on_line = [&](long s, long& x, long& y) {
        x = px + dx * s;
        y = py + dy * s;
    };
    std::array<long, 8> v{};
    switch (f) {
        case Family::uniform:
            for (auto& c : v) c = g.range(-100, 100);
            break;
        case Family::collinear:
        case Family::near_collinear:
        case Family::tangent:
        case Family::near_tangent:
            on_line(g.range(-8, 8), v[0], v[1]);
            on_line(g.range(-8, 8), v[2], v[3]);
            on_line(g.range(-8, 8), v[4], v[5]);
            on_line(g.range(-8, 8), v[6], v[7]);
            if (f == Family::tangent || f == Family::near_tangent) {  // only one endpoint on seg 1's line
                v[6] = g.range(-100, 100);
                v[7] = g.range(-100, 100);
            }
            break;
        case Family::endpoint: {
            on_line(g.range(-8, 8), v[0], v[1]);
            on_line(g.range(-8, 8), v[2], v[3]);
            const int mode = g.range(0, 2);
            if (mode == 0) {  // shared endpoint
                const bool first = g.coin();
                v[4] = first ? v[0] : v[2];
                v[5] = first ? v[1] : v[3];
            } else {  // T-junction: a2 on seg 1 (or just beyond), b2 off the line
                on_line(g.range(-9, 9), v[4], v[5]);
            }
            v[6] = v[4] + g.range(-20, 20);
            v[7] = v[5] + g.range(-20, 20);
            if (g.coin()) {
                std::swap(v[4], v[6]);
                std::swap(v[5], v[7]);
            }
            break;
        }
        case Family::degenerate: {
            on_line(g.range(-8, 8), v[0], v[1]);
            on_line(g.range(-8, 8), v[2], v[3]);
            on_line(g.range(-10, 10), v[4], v[5]);
            v[6] = v[4];
            v[7] = v[5];
            if (g.range(0, 3) == 0) v[7] += 1;  // a short segment instead
            if (g.range(0, 3) == 0) {           // both points
                v[2] = v[0];
                v[3] = v[1];
            }
            break;
        }
        default:  // extreme: collinear or crossing, scaled
            on_line(g.range(-8, 8), v[0], v[1]);
            on_line(g.range(-8, 8), v[2], v[3]);
            if (g.coin()) {
                on_line(g.range(-8, 8), v[4], v[5]);
                on_line(g.range(-8, 8), v[6], v[7]);
            } else {
                for (int i = 4; i < 8; ++i) v[i] = g.range(-100, 100);
            }
            break;
    }
    const int k = f == Family::extreme ? extreme_exponent<T>(g) : moderate_exponent<T>(g);
    auto x = scaled<T>(v, k);
    if (f == Family::near_tangent || f == Family::near_collinear) nudge_some(g, x);
    if (f == Family::extreme && g.range(0, 3) == 0) mix_scale(g, x);
    if (f == Family::extreme && g.coin()) nudge_some(g, x);
    if (f == Family::mixed) zero_to_tiny(g, x);
    return x;
}

/// "[0x1p+0, ...]" for failure messages: bit-exact and pasteable into a case file.
template <class T, std::size_t N>
std::string hex_args(const std::array<T, N>& x) {
    std::string s = "[";
    for (std::size_t i = 0; i < N; ++i) {
        char buf[48];
        std::snprintf(buf, sizeof buf, "%s\"%a\"", i ? "," : "", static_cast<double>(x[i]));
        s += buf;
    }
    return s + "]";
}

}  // namespace touchstone::robust_test
