#define TOUCHSTONE_ROBUST_COUNTERS 1
#include "layer_shares.hpp"

#include "touchstone/robust.hpp"

namespace touchstone::bench {

template <class T, std::size_t N>
LayerShares layer_shares(Primitive p, const std::vector<std::array<T, N>>& inputs) {
    robust::reset_counters();
    for (const auto& x : inputs) {
        if constexpr (N == 5) {
            robust::point_in_disk(Vec2<T>{x[0], x[1]}, circle_arg(&x[2]));
        } else if constexpr (N == 6) {
            if (p == Primitive::disks_overlap)
                robust::disks_overlap(circle_arg(&x[0]), circle_arg(&x[3]));
            else
                robust::circle_intersections(circle_arg(&x[0]), circle_arg(&x[3]));
        } else if constexpr (N == 7) {
            if (p == Primitive::segment_hits_disk)
                robust::segment_hits_disk(segment_arg(&x[0]), circle_arg(&x[4]));
            else if (p == Primitive::segment_meets_circle)
                robust::segment_meets_circle(segment_arg(&x[0]), circle_arg(&x[4]));
            else
                robust::segment_circle_points(segment_arg(&x[0]), circle_arg(&x[4]));
        } else {
            if (p == Primitive::segments_intersect)
                robust::segments_intersect(segment_arg(&x[0]), segment_arg(&x[4]));
            else
                robust::segment_intersection(segment_arg(&x[0]), segment_arg(&x[4]));
        }
    }
    const auto& c = robust::counters();
    constexpr int prec = sizeof(T) == 4 ? 0 : 1;
    const double calls = static_cast<double>(c.calls(p, prec));
    if (calls == 0) return {};
    auto share = [&](robust::Layer l) { return static_cast<double>(c.at(p, prec, l)) / calls; };
    using robust::Layer;
    return {share(Layer::extended),
            share(Layer::int128) + share(Layer::int256) + share(Layer::wide), share(Layer::int256),
            share(Layer::wide)};
}

template LayerShares layer_shares<float, 5>(Primitive, const std::vector<std::array<float, 5>>&);
template LayerShares layer_shares<float, 6>(Primitive, const std::vector<std::array<float, 6>>&);
template LayerShares layer_shares<float, 7>(Primitive, const std::vector<std::array<float, 7>>&);
template LayerShares layer_shares<float, 8>(Primitive, const std::vector<std::array<float, 8>>&);
template LayerShares layer_shares<double, 5>(Primitive, const std::vector<std::array<double, 5>>&);
template LayerShares layer_shares<double, 6>(Primitive, const std::vector<std::array<double, 6>>&);
template LayerShares layer_shares<double, 7>(Primitive, const std::vector<std::array<double, 7>>&);
template LayerShares layer_shares<double, 8>(Primitive, const std::vector<std::array<double, 8>>&);

}  // namespace touchstone::bench
