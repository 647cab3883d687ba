// touchstone::oracle — capsules and boxes (issue 12), exact for every finite
// input: validate (checked_args: NaN, inf, negative radius, a box with
// min > max), scale to integers on a common power of two, evaluate the
// formula of detail/shape_formulas.hpp once in the narrowest integer tier
// that fits (tiers.hpp), as predicates.cpp does for the first five.
#include <array>
#include <cstddef>
#include <limits>

#include "touchstone/oracle/detail/scaled.hpp"
#include "touchstone/oracle/detail/shape_formulas.hpp"
#include "touchstone/oracle/detail/tiers.hpp"
#include "touchstone/oracle/exact.hpp"
#include "validate.hpp"

namespace touchstone::oracle {

namespace {

/// The integer tiers of predicates.cpp (tiers.hpp).
template <int Degree, std::size_t N, class Formula>
bool decide(const std::array<double, N>& v, Formula formula) {
    return detail::decide_scaled<Degree>(v, formula);
}

template <class T>
bool capsules_overlap_impl(Capsule<T> c1, Capsule<T> c2) {
    const auto v = detail::checked_args<Primitive::capsules_overlap>(c1, c2);
    return decide<4>(v, [](const auto& x) { return detail::capsules_overlap(x); });
}

template <class T>
bool capsule_hits_disk_impl(Capsule<T> k, Circle<T> c) {
    const auto v = detail::checked_args<Primitive::capsule_hits_disk>(k, c);
    return decide<4>(v, [](const auto& x) { return detail::capsule_hits_disk(x); });
}

template <class T>
bool boxes_overlap_impl(Box<T> b1, Box<T> b2) {
    const auto v = detail::checked_args<Primitive::boxes_overlap>(b1, b2);
    return decide<1>(v, [](const auto& x) { return detail::boxes_overlap(x); });
}

template <class T>
bool segment_hits_box_impl(Segment<T> s, Box<T> b) {
    const auto v = detail::checked_args<Primitive::segment_hits_box>(s, b);
    return decide<2>(v, [](const auto& x) { return detail::segment_hits_box(x); });
}

}  // namespace

bool capsules_overlap(Capsule<float> c1, Capsule<float> c2) {
    return capsules_overlap_impl(c1, c2);
}
bool capsules_overlap(Capsule<double> c1, Capsule<double> c2) {
    return capsules_overlap_impl(c1, c2);
}
bool capsule_hits_disk(Capsule<float> k, Circle<float> c) { return capsule_hits_disk_impl(k, c); }
bool capsule_hits_disk(Capsule<double> k, Circle<double> c) { return capsule_hits_disk_impl(k, c); }
bool boxes_overlap(Box<float> b1, Box<float> b2) { return boxes_overlap_impl(b1, b2); }
bool boxes_overlap(Box<double> b1, Box<double> b2) { return boxes_overlap_impl(b1, b2); }
bool segment_hits_box(Segment<float> s, Box<float> b) { return segment_hits_box_impl(s, b); }
bool segment_hits_box(Segment<double> s, Box<double> b) { return segment_hits_box_impl(s, b); }

}  // namespace touchstone::oracle
