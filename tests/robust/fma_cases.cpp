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

template <class T>
void evaluate_precision(const std::array<std::vector<std::array<T, 8>>, 8>& cases, std::vector<std::uint64_t>& out) {
    for (Primitive p : all_primitives) {
        for (const auto& x : cases[static_cast<int>(p)]) {
            switch (p) {
                case Primitive::point_in_disk:
                    out.push_back(robust::point_in_disk(Vec2<T>{x[0], x[1]}, circle_arg(&x[2])));
                    break;
                case Primitive::disks_overlap:
                    out.push_back(robust::disks_overlap(circle_arg(&x[0]), circle_arg(&x[3])));
                    break;
                case Primitive::segment_hits_disk:
                    out.push_back(robust::segment_hits_disk(segment_arg(&x[0]), circle_arg(&x[4])));
                    break;
                case Primitive::segment_meets_circle:
                    out.push_back(robust::segment_meets_circle(segment_arg(&x[0]), circle_arg(&x[4])));
                    break;
                case Primitive::segments_intersect:
                    out.push_back(robust::segments_intersect(segment_arg(&x[0]), segment_arg(&x[4])));
                    break;
                case Primitive::circle_intersections: {
                    const auto r = robust::circle_intersections(circle_arg(&x[0]), circle_arg(&x[3]));
                    out.push_back(static_cast<std::uint64_t>(r.kind));
                    out.push_back(static_cast<std::uint64_t>(r.count));
                    push_points(out, r.points, r.count);
                    break;
                }
                case Primitive::segment_circle_points: {
                    const auto r = robust::segment_circle_points(segment_arg(&x[0]), circle_arg(&x[4]));
                    out.push_back(static_cast<std::uint64_t>(r.count));
                    push_points(out, r.points, r.count);
                    break;
                }
                case Primitive::segment_intersection: {
                    const auto r = robust::segment_intersection(segment_arg(&x[0]), segment_arg(&x[4]));
                    out.push_back(static_cast<std::uint64_t>(r.kind));
                    push_points(out, r.points, r.kind == SegmentKind::none ? 0 : r.kind == SegmentKind::point ? 1 : 2);
                    break;
                }
            }
        }
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
