// touchstone::oracle — the five predicates and orient2d, exact for every finite input.
// See the "using this code" banner in include/touchstone/oracle/exact.hpp.
//
// Each predicate: validate (detail::checked_args, InvalidInput), scale the inputs to integers on a
// common power of two (detail/scaled.hpp), evaluate the formula of
// detail/formulas.hpp once. The integers are FixedInteger (512 bits, no heap)
// when detail::fits() proves that no intermediate of the formula's degree can
// exceed it, an unbounded integer otherwise (WideInteger: pooled GMP integers); all
// give the same exact answer.
// Measured (bench/oracle/oracle_backends.cpp, disks_overlap, uniform double
// inputs): cpp_rational ~4000 ns, mpq_rational ~900 ns, scaled cpp_int
// ~150 ns, scaled int512 ~100 ns; a 256-bit tier gained nothing measurable.
// A 128-bit tier in front of them takes the inputs of ordinary magnitudes
// (issue 15: the fuzz targets' throughput): a checked native word where
// __int128 exists (tiers.hpp), ~10x faster there than Boost's
// checked_int128_t.
#include <array>
#include <cstddef>
#include <limits>

#include "touchstone/oracle/detail/formulas.hpp"
#include "touchstone/oracle/detail/scaled.hpp"
#include "touchstone/oracle/detail/tiers.hpp"
#include "touchstone/oracle/exact.hpp"
#include "validate.hpp"

namespace touchstone::oracle {

namespace {

/// The integer tiers (tiers.hpp): a checked native 128-bit word, then
/// FixedInteger, then WideInteger (pooled GMP integers).
template <int Degree, std::size_t N, class Formula>
auto decide(const std::array<double, N>& v, Formula formula) {
    return detail::decide_scaled<Degree>(v, formula);
}

template <class T>
bool point_in_disk_impl(Vec2<T> p, Circle<T> c) {
    const auto v = detail::checked_args<Primitive::point_in_disk>(p, c);
    return decide<2>(v, [](const auto& x) { return detail::point_in_disk(x); });
}

template <class T>
bool disks_overlap_impl(Circle<T> c1, Circle<T> c2) {
    const auto v = detail::checked_args<Primitive::disks_overlap>(c1, c2);
    return decide<2>(v, [](const auto& x) { return detail::disks_overlap(x); });
}

template <class T>
bool segment_hits_disk_impl(Segment<T> s, Circle<T> c) {
    const auto v = detail::checked_args<Primitive::segment_hits_disk>(s, c);
    return decide<4>(v, [](const auto& x) { return detail::segment_hits_disk(x); });
}

template <class T>
bool segment_meets_circle_impl(Segment<T> s, Circle<T> c) {
    const auto v = detail::checked_args<Primitive::segment_meets_circle>(s, c);
    return decide<4>(v, [](const auto& x) { return detail::segment_meets_circle(x); });
}

template <class T>
bool segments_intersect_impl(Segment<T> s1, Segment<T> s2) {
    const auto v = detail::checked_args<Primitive::segments_intersect>(s1, s2);
    return decide<2>(v, [](const auto& x) { return detail::segments_intersect(x); });
}

template <class T>
int orient2d_impl(Vec2<T> a, Vec2<T> b, Vec2<T> c) {
    const auto v = detail::checked_args<Primitive::orient2d>(a, b, c);
    return decide<2>(
        v, [](const auto& x) { return detail::orient2d(x[0], x[1], x[2], x[3], x[4], x[5]); });
}

template <class T>
bool point_in_polygon_impl(Vec2<T> p, const Polygon<T>& poly) {
    const auto v = detail::checked_args<Primitive::point_in_polygon>(p, poly);
    // The coordinates alone (the count is no coordinate), on one scale; the
    // unused capacity repeats p, so that it changes no scale.
    constexpr std::size_t m = 2 + 2 * max_polygon_vertices;
    std::array<double, m> x{};
    for (std::size_t i = 0; i < m; i += 2) {
        x[i] = v[0];
        x[i + 1] = v[1];
    }
    const int n = poly.n;
    for (int k = 0; k < 2 * n; ++k)
        x[static_cast<std::size_t>(2 + k)] = v[static_cast<std::size_t>(3 + k)];
    return decide<2>(x, [n](const auto& q) { return detail::point_in_polygon(q, n); });
}

template <class T>
bool polygons_overlap_impl(const Polygon<T>& P, const Polygon<T>& Q) {
    const auto v = detail::checked_args<Primitive::polygons_overlap>(P, Q);
    // Each polygon's coordinates at a fixed half of x; the unused capacity
    // repeats the polygon's first vertex, so that it changes no scale.
    constexpr std::size_t half = 2 * max_polygon_vertices;
    constexpr std::size_t stride = 1 + half;  // a polygon's fields: n, then 2 * 16
    std::array<double, 2 * half> x{};
    const int n = P.n, m = Q.n;
    for (std::size_t i = 0; i < half; ++i) {
        x[i] = i < 2 * static_cast<std::size_t>(n) ? v[1 + i] : v[1 + i % 2];
        x[half + i] =
            i < 2 * static_cast<std::size_t>(m) ? v[stride + 1 + i] : v[stride + 1 + i % 2];
    }
    return decide<2>(x, [n, m](const auto& q) { return detail::polygons_overlap(q, n, m); });
}

template <class T>
bool polygon_hits_disk_impl(const Polygon<T>& P, Circle<T> c) {
    const auto v = detail::checked_args<Primitive::polygon_hits_disk>(P, c);
    // cx cy r, then the vertices; the unused capacity repeats the centre.
    constexpr std::size_t m = 3 + 2 * max_polygon_vertices;
    constexpr std::size_t at_c = 1 + 2 * max_polygon_vertices;  // cx in v
    std::array<double, m> x{};
    x[0] = v[at_c];
    x[1] = v[at_c + 1];
    x[2] = v[at_c + 2];
    const int n = P.n;
    for (std::size_t i = 3; i < m; ++i)
        x[i] = i - 3 < 2 * static_cast<std::size_t>(n) ? v[1 + (i - 3)] : x[(i - 3) % 2];
    return decide<4>(x, [n](const auto& q) { return detail::polygon_hits_disk(q, n); });
}

}  // namespace

bool polygons_overlap(Polygon<float> P, Polygon<float> Q) { return polygons_overlap_impl(P, Q); }
bool polygons_overlap(Polygon<double> P, Polygon<double> Q) { return polygons_overlap_impl(P, Q); }
bool polygon_hits_disk(Polygon<float> P, Circle<float> c) { return polygon_hits_disk_impl(P, c); }
bool polygon_hits_disk(Polygon<double> P, Circle<double> c) { return polygon_hits_disk_impl(P, c); }
bool point_in_polygon(Vec2<float> p, Polygon<float> poly) { return point_in_polygon_impl(p, poly); }
bool point_in_polygon(Vec2<double> p, Polygon<double> poly) {
    return point_in_polygon_impl(p, poly);
}
int orient2d(Vec2<float> a, Vec2<float> b, Vec2<float> c) { return orient2d_impl(a, b, c); }
int orient2d(Vec2<double> a, Vec2<double> b, Vec2<double> c) { return orient2d_impl(a, b, c); }
bool point_in_disk(Vec2<float> p, Circle<float> c) { return point_in_disk_impl(p, c); }
bool point_in_disk(Vec2<double> p, Circle<double> c) { return point_in_disk_impl(p, c); }
bool disks_overlap(Circle<float> c1, Circle<float> c2) { return disks_overlap_impl(c1, c2); }
bool disks_overlap(Circle<double> c1, Circle<double> c2) { return disks_overlap_impl(c1, c2); }
bool segment_hits_disk(Segment<float> s, Circle<float> c) { return segment_hits_disk_impl(s, c); }
bool segment_hits_disk(Segment<double> s, Circle<double> c) { return segment_hits_disk_impl(s, c); }
bool segment_meets_circle(Segment<float> s, Circle<float> c) {
    return segment_meets_circle_impl(s, c);
}
bool segment_meets_circle(Segment<double> s, Circle<double> c) {
    return segment_meets_circle_impl(s, c);
}
bool segments_intersect(Segment<float> s1, Segment<float> s2) {
    return segments_intersect_impl(s1, s2);
}
bool segments_intersect(Segment<double> s1, Segment<double> s2) {
    return segments_intersect_impl(s1, s2);
}

}  // namespace touchstone::oracle
