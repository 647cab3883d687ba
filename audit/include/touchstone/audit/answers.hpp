// touchstone::audit — any primitive's result as an Answer.
#pragma once

#include "touchstone/audit/registry.hpp"

namespace touchstone::audit {

inline Answer predicate_answer(bool hit) {
    Answer a;
    a.hit = hit;
    return a;
}

namespace detail {
template <class T>
void put_points(Answer& a, int count, const std::array<Vec2<T>, 2>& pts) {
    a.count = count;
    for (int i = 0; i < count && i < 2; ++i) {
        a.pts[static_cast<std::size_t>(2 * i)] = static_cast<double>(pts[static_cast<std::size_t>(i)].x);
        a.pts[static_cast<std::size_t>(2 * i + 1)] = static_cast<double>(pts[static_cast<std::size_t>(i)].y);
    }
}
}  // namespace detail

template <class T>
Answer construction_answer(const CircleIntersection<T>& r) {
    Answer a;
    a.kind = static_cast<int>(r.kind);
    a.hit = r.kind != CircleKind::none;
    detail::put_points(a, r.count, r.points);
    return a;
}
template <class T>
Answer construction_answer(const SegmentCirclePoints<T>& r) {
    Answer a;
    a.kind = r.count;  // the kind of this construction is its point count
    a.hit = r.count > 0;
    detail::put_points(a, r.count, r.points);
    return a;
}
template <class T>
Answer construction_answer(const SegmentIntersection<T>& r) {
    Answer a;
    a.kind = static_cast<int>(r.kind);
    a.hit = r.kind != SegmentKind::none;
    detail::put_points(a, r.kind == SegmentKind::none ? 0 : r.kind == SegmentKind::point ? 1 : 2, r.points);
    return a;
}

/// The case-file arguments (exact T values held in doubles) as T.
template <class T>
struct TypedArgs {
    std::array<T, 8> v{};
    explicit TypedArgs(const double* a) {
        for (std::size_t i = 0; i < 8; ++i) v[i] = static_cast<T>(a[i]);
    }
    Vec2<T> point(int i) const { return point_arg(v.data() + i); }
    Circle<T> circle(int i) const { return circle_arg(v.data() + i); }
    Segment<T> segment(int i) const { return segment_arg(v.data() + i); }
};

}  // namespace touchstone::audit
