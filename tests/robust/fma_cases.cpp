// Compiled twice (see fma_cases.hpp); TOUCHSTONE_FMA_BUILD names the copy.
#include "fma_cases.hpp"

#include <cstring>

#include "touchstone/robust.hpp"

#ifndef TOUCHSTONE_FMA_BUILD
#error "define TOUCHSTONE_FMA_BUILD to plain_build or contracted_build"
#endif

namespace touchstone::robust_test::TOUCHSTONE_FMA_BUILD {
namespace {

template <class T>
std::uint64_t bits(T v) {
    if constexpr (sizeof(T) == 8) {
        std::uint64_t b;
        std::memcpy(&b, &v, sizeof b);
        return b;
    } else {
        std::uint32_t b;
        std::memcpy(&b, &v, sizeof b);
        return b;
    }
}

template <class T>
void push_points(std::vector<std::uint64_t>& out, const std::array<Vec2<T>, 2>& p, int n) {
    for (int i = 0; i < n; ++i) {
        out.push_back(bits(p[i].x));
        out.push_back(bits(p[i].y));
    }
}

// One push per answer form (Result<P, T> of primitive.hpp): predicates 0/1,
// constructions their kind, count and point bits.
inline void push(std::vector<std::uint64_t>& out, bool hit) { out.push_back(hit); }
inline void push(std::vector<std::uint64_t>& out, int sign) {  // orient2d: -1, 0, +1
    out.push_back(static_cast<std::uint64_t>(sign + 1));
}
template <class T>
void push(std::vector<std::uint64_t>& out, const CircleIntersection<T>& r) {
    out.push_back(static_cast<std::uint64_t>(r.kind));
    out.push_back(static_cast<std::uint64_t>(r.count));
    push_points(out, r.points, r.count);
}
template <class T>
void push(std::vector<std::uint64_t>& out, const SegmentCirclePoints<T>& r) {
    out.push_back(static_cast<std::uint64_t>(r.count));
    push_points(out, r.points, r.count);
}
template <class T>
void push(std::vector<std::uint64_t>& out, const SegmentIntersection<T>& r) {
    out.push_back(static_cast<std::uint64_t>(r.kind));
    push_points(out, r.points,
                r.kind == SegmentKind::none    ? 0
                : r.kind == SegmentKind::point ? 1
                                               : 2);
}

template <class T>
void push(std::vector<std::uint64_t>& out, const RayHit<T>& r) {  // ray casts: hit and t
    out.push_back(r.hit);
    if (r.hit) out.push_back(bits(r.t));
}

template <class T>
void evaluate_precision(
    const std::array<std::vector<std::array<T, max_fields>>, kPrimitives>& cases,
    std::vector<std::uint64_t>& out) {
    for (Primitive p : all_primitives) {
        visit(p, [&](auto tag) {
            constexpr Primitive P = decltype(tag)::value;
            for (const auto& x : cases[static_cast<std::size_t>(P)])
                push(out, invoke<P>(x.data(), [](const auto&... s) {
                         return robust::call_by_name<P>(s...);
                     }));
        });
    }
}

}  // namespace

std::vector<std::uint64_t> evaluate(const FmaCases& cases) {
    std::vector<std::uint64_t> out;
    evaluate_precision(cases.f, out);
    evaluate_precision(cases.d, out);
    return out;
}

double multiply_subtract(double x, double y, double z) { return x * y - z; }

}  // namespace touchstone::robust_test::TOUCHSTONE_FMA_BUILD
