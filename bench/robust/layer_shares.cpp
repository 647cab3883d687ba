#define TOUCHSTONE_ROBUST_COUNTERS 1
#include "layer_shares.hpp"

#include "touchstone/robust.hpp"

namespace touchstone::bench {

template <class T, std::size_t N>
LayerShares layer_shares(Primitive p, const std::vector<std::array<T, N>>& inputs) {
    robust::reset_counters();
    // Through the table: the primitive's shapes from the inputs, its robust
    // function by name (inputs of another arity are not this primitive's).
    visit(p, [&inputs](auto tag) {
        constexpr Primitive P = decltype(tag)::value;
        if constexpr (static_cast<std::size_t>(arity(P)) == N) {
            for (const auto& x : inputs)
                (void)invoke<P>(x.data(), [](const auto&... shapes) {
                    return robust::call_by_name<P>(shapes...);
                });
        }
    });
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
template LayerShares layer_shares<float, 9>(Primitive, const std::vector<std::array<float, 9>>&);
template LayerShares layer_shares<double, 5>(Primitive, const std::vector<std::array<double, 5>>&);
template LayerShares layer_shares<double, 6>(Primitive, const std::vector<std::array<double, 6>>&);
template LayerShares layer_shares<double, 7>(Primitive, const std::vector<std::array<double, 7>>&);
template LayerShares layer_shares<double, 8>(Primitive, const std::vector<std::array<double, 8>>&);
// capsules_overlap: two capsules.
constexpr std::size_t kCapsulesArgs = static_cast<std::size_t>(arity(Primitive::capsules_overlap));
template LayerShares layer_shares<float, kCapsulesArgs>(
    Primitive, const std::vector<std::array<float, kCapsulesArgs>>&);
template LayerShares layer_shares<double, kCapsulesArgs>(
    Primitive, const std::vector<std::array<double, kCapsulesArgs>>&);
// point_in_polygon: a point and a polygon at its capacity.
constexpr std::size_t kPolygonArgs = static_cast<std::size_t>(arity(Primitive::point_in_polygon));
template LayerShares layer_shares<float, kPolygonArgs>(
    Primitive, const std::vector<std::array<float, kPolygonArgs>>&);
template LayerShares layer_shares<double, kPolygonArgs>(
    Primitive, const std::vector<std::array<double, kPolygonArgs>>&);
template LayerShares layer_shares<double, 9>(Primitive, const std::vector<std::array<double, 9>>&);
// polygons_overlap (two polygons at capacity) and polygon_hits_disk.
constexpr std::size_t kConvexPairArgs =
    static_cast<std::size_t>(arity(Primitive::polygons_overlap));
template LayerShares layer_shares<float, kConvexPairArgs>(
    Primitive, const std::vector<std::array<float, kConvexPairArgs>>&);
template LayerShares layer_shares<double, kConvexPairArgs>(
    Primitive, const std::vector<std::array<double, kConvexPairArgs>>&);
constexpr std::size_t kConvexDiskArgs =
    static_cast<std::size_t>(arity(Primitive::polygon_hits_disk));
template LayerShares layer_shares<float, kConvexDiskArgs>(
    Primitive, const std::vector<std::array<float, kConvexDiskArgs>>&);
template LayerShares layer_shares<double, kConvexDiskArgs>(
    Primitive, const std::vector<std::array<double, kConvexDiskArgs>>&);
// ray_cast_polygon: a ray and a polygon at capacity.
constexpr std::size_t kRayConvexArgs = static_cast<std::size_t>(arity(Primitive::ray_cast_polygon));
template LayerShares layer_shares<float, kRayConvexArgs>(
    Primitive, const std::vector<std::array<float, kRayConvexArgs>>&);
template LayerShares layer_shares<double, kRayConvexArgs>(
    Primitive, const std::vector<std::array<double, kRayConvexArgs>>&);

}  // namespace touchstone::bench
