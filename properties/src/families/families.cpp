// touchstone::families — names, tables, recipe spaces, describe().
#include "touchstone/families/families.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <type_traits>

namespace touchstone::families {

namespace {

using Group = ShapePair;

bool has_radius(Primitive p) {
    for (int i = 0; i < arity(p); ++i)
        if (is_radius(p, i)) return true;
    return false;
}

Group group_of(Primitive p) { return shape_pair(p); }

bool has_convex(Primitive p) {
    for (int k = 0; k < info(p).operand_count; ++k)
        if (info(p).operands[static_cast<std::size_t>(k)] == Shape::convex) return true;
    return false;
}

/// The convex poison of an operand (realize.cpp, convex_poison).
std::string_view convex_poison_name(int operand) {
    switch (operand % 3) {
        case 0: return "clockwise";
        case 1: return "repeated vertex";
        default: return "two vertices exchanged";
    }
}

bool has_box(Primitive p) {
    for (int k = 0; k < info(p).operand_count; ++k)
        if (info(p).operands[static_cast<std::size_t>(k)] == Shape::box) return true;
    return false;
}

// Sub-kind names per (group, family). The geometry of each is in realize.cpp;
// keep the two in the same order.
const std::vector<std::string_view>& subs(Group g, Family f) {
    static const std::vector<std::string_view> none{};
    static const std::vector<std::string_view> one{""};
    static const std::vector<std::string_view> pc_tangent{"point on circle"};
    static const std::vector<std::string_view> pc_degenerate{
        "zero radius, point at centre", "zero radius, point apart", "point at centre",
        "negative-zero radius, point at centre", "point at centre, generic radius"};
    static const std::vector<std::string_view> cc_tangent{
        "external", "internal", "external, small second circle", "internal, small second circle"};
    static const std::vector<std::string_view> cc_degenerate{"point disk on the other circle",
                                                             "point disk at the other centre",
                                                             "concentric",
                                                             "identical",
                                                             "two equal points",
                                                             "two points apart",
                                                             "concentric, generic radii"};
    static const std::vector<std::string_view> sc_tangent{"external", "internal",
                                                          "external, long segment"};
    static const std::vector<std::string_view> sc_collinear{"touch", "overlap", "disjoint",
                                                            "through centre"};
    static const std::vector<std::string_view> sc_endpoint{"endpoint on circle",
                                                           "tangent at endpoint", "chord"};
    static const std::vector<std::string_view> sc_degenerate{
        "zero length on circle",
        "zero length inside",
        "zero length outside",
        "zero radius inside segment",
        "zero radius at endpoint",
        "zero radius off segment",
        "point at point",
        "point apart",
        "zero length at centre, generic radius"};
    static const std::vector<std::string_view> ss_collinear{"overlap", "touch", "disjoint",
                                                            "contained", "identical"};
    static const std::vector<std::string_view> ss_endpoint{"shared endpoint", "T-junction",
                                                           "lattice crossing"};
    static const std::vector<std::string_view> ss_degenerate{"zero length inside",
                                                             "zero length at endpoint",
                                                             "zero length beyond end",
                                                             "zero length off line",
                                                             "two equal points",
                                                             "two points apart",
                                                             "identical"};

    // Computed contacts (realize.cpp, computed()): the construction in T
    // and what is fed to the next query.
    static const std::vector<std::string_view> pc_computed{"rounded point on the circle",
                                                           "point normalized onto the circle"};
    static const std::vector<std::string_view> cc_computed{
        "external, computed centre", "internal, computed centre", "point disk at a computed point"};
    static const std::vector<std::string_view> sc_computed{
        "tangent at a computed point", "ends at a computed point on the circle",
        "centred at a point along a segment", "radius to the foot of a perpendicular"};
    static const std::vector<std::string_view> ss_computed{"junction at a point along a segment",
                                                           "junction at a computed intersection",
                                                           "perpendicular to its computed foot"};
    // Three points a b c (orient2d): c on the line ab; c an endpoint; a == b.
    static const std::vector<std::string_view> pt3_collinear{"c between a and b", "c beyond b",
                                                             "c before a"};
    static const std::vector<std::string_view> pt3_endpoint{"c at a", "c at b"};
    static const std::vector<std::string_view> pt3_degenerate{"a equals b", "all equal"};
    // A point and a polygon (realize.cpp, point_polygon): the polygon is a
    // star around the origin; the query ray is the one a crossing-number
    // test casts, from p towards +x.
    static const std::vector<std::string_view> pp_tangent{"point on an edge"};
    static const std::vector<std::string_view> pp_collinear{
        "vertex on the ray", "edge along the ray", "repeated vertex on the ray",
        "collinear vertices along the ray", "top vertex on the ray"};
    static const std::vector<std::string_view> pp_endpoint{"point at a vertex",
                                                           "point at a repeated vertex"};
    static const std::vector<std::string_view> pp_degenerate{
        "repeated vertices", "collinear vertex inserted", "all vertices collinear",
        "all vertices at the point"};
    static const std::vector<std::string_view> pp_computed{"point along an edge, computed"};
    // Convex polygons (realize.cpp, convex_convex and convex_circle): the
    // first polygon's vertices are lattice points of the circle of radius 65
    // around the origin, its closing edge vertical on the right (x = X).
    static const std::vector<std::string_view> vv_tangent{
        "edge to edge", "edge to edge, offset along it", "corner on an edge"};
    static const std::vector<std::string_view> vv_collinear{"edges on one line, apart",
                                                            "edges on one line, end to end",
                                                            "edges on one line, overlapping"};
    static const std::vector<std::string_view> vv_endpoint{"corner to corner",
                                                           "corner to corner, lower corner"};
    static const std::vector<std::string_view> vv_degenerate{
        "identical polygons", "one inside the other", "sliver apart", "sliver touching",
        "two triangles edge to edge"};
    static const std::vector<std::string_view> vv_computed{"corner on an edge, computed"};
    static const std::vector<std::string_view> vc_tangent{"disk tangent to an edge",
                                                          "disk tangent at a vertex"};
    static const std::vector<std::string_view> vc_collinear{
        "point on an edge's line, beyond its end", "centre on an edge"};
    static const std::vector<std::string_view> vc_endpoint{"centre at a vertex",
                                                           "centre at a vertex, zero radius"};
    static const std::vector<std::string_view> vc_degenerate{
        "zero radius on an edge", "zero radius outside", "zero radius inside",
        "disk containing the polygon", "disk inside the polygon"};
    static const std::vector<std::string_view> vc_computed{"disk tangent to an edge, computed"};
    // Capsules and boxes (issue 12); the geometry is in realize.cpp.
    static const std::vector<std::string_view> kk_computed{
        "end to end, r1 + r2 along the rounded direction", "beside a point along the axis"};
    static const std::vector<std::string_view> kc_computed{"centre r1 + r2 beyond the end, rounded",
                                                           "centre beside a point along the axis"};
    static const std::vector<std::string_view> bb_computed{"edge to edge, x computed twice",
                                                           "corner to corner, x computed twice"};
    static const std::vector<std::string_view> sb_computed{
        "leaving an edge computed twice, horizontally", "leaving a corner computed twice"};
    static const std::vector<std::string_view> kk_tangent{"side to side", "end to end",
                                                          "end to side", "end to end, angled"};
    static const std::vector<std::string_view> kk_collinear{
        "axes overlap", "axes end to end", "axes apart, caps touching", "axes apart, caps apart"};
    static const std::vector<std::string_view> kk_endpoint{"shared endpoint", "T-junction"};
    static const std::vector<std::string_view> kk_degenerate{
        "zero-length capsules touching",
        "zero-length capsule touching a side",
        "zero radii, crossing",
        "zero radii, end to end",
        "zero radius and length, on the other's boundary",
        "identical"};
    static const std::vector<std::string_view> kc_tangent{
        "disk touching the side", "disk touching the end cap", "disk touching the cap, angled"};
    static const std::vector<std::string_view> kc_collinear{
        "centre on the axis, touching", "centre on the axis, inside", "centre on the axis, apart"};
    static const std::vector<std::string_view> kc_endpoint{
        "centre at an endpoint", "zero-radius capsule, circle through an endpoint"};
    static const std::vector<std::string_view> kc_degenerate{
        "zero-length capsule touching the disk", "zero radii, centre on the segment",
        "zero radii, centre off the segment", "zero radius and length, on the circle",
        "all at one point"};
    static const std::vector<std::string_view> bb_tangent{
        "touching along an edge", "touching at a corner", "touching along a whole edge"};
    static const std::vector<std::string_view> bb_collinear{"flat boxes on one line, overlapping",
                                                            "flat boxes on one line, end to end",
                                                            "flat boxes on one line, apart"};
    static const std::vector<std::string_view> bb_endpoint{"shared corner, nested",
                                                           "a corner on the other's edge"};
    static const std::vector<std::string_view> bb_degenerate{
        "point box on an edge", "point box at a corner", "point box inside", "point box outside",
        "two equal points",     "identical boxes",       "flat box across"};
    static const std::vector<std::string_view> sb_tangent{
        "through a corner only", "along an edge", "ending on an edge", "ending at a corner"};
    static const std::vector<std::string_view> sb_collinear{
        "along an edge, inside its span", "along an edge line, beyond the corner",
        "along an edge line, past both corners", "along an edge line, ending at the corner"};
    static const std::vector<std::string_view> sb_endpoint{"endpoint at a corner, going inside",
                                                           "endpoint on an edge, going inside"};
    static const std::vector<std::string_view> sb_degenerate{
        "zero length on an edge", "zero length at a corner",  "zero length inside",
        "zero length outside",    "point box on the segment", "point box off the segment",
        "flat box across"};
    // A ray p q against a box [0, s0] x [0, s1] (before symmetry).
    static const std::vector<std::string_view> rb_tangent{"grazes a corner",
                                                          "ends at a corner from outside"};
    static const std::vector<std::string_view> rb_collinear{
        "along an edge", "parallel inside a slab", "parallel outside", "on an edge's line, apart"};
    static const std::vector<std::string_view> rb_endpoint{
        "starts on an edge", "starts at a corner", "ends on an edge", "through a corner"};
    static const std::vector<std::string_view> rb_degenerate{
        "zero length inside", "zero length on an edge", "zero length outside",
        "point box on the ray", "flat box across the ray"};
    static const std::vector<std::string_view> rb_computed{"ends at a computed point on an edge"};
    // A ray p q against a capsule with axis a b, radius r.
    static const std::vector<std::string_view> rc_tangent{"grazes an end cap", "along a side"};
    static const std::vector<std::string_view> rc_collinear{
        "along the axis, through", "along the axis, short", "along the axis, ends at the tip"};
    static const std::vector<std::string_view> rc_endpoint{"starts at the tip", "starts on a side",
                                                           "ends on a side", "through an axis end"};
    static const std::vector<std::string_view> rc_degenerate{
        "zero length on a side", "zero length inside", "zero length outside", "point axis (a disk)",
        "zero radius (a segment)"};
    static const std::vector<std::string_view> rc_computed{"ends at a computed point on a side"};
    // A ray p q against a convex polygon whose closing edge is vertical on
    // the right, from (X, -Y) to the vertex (X, Y) (realize.cpp, ray_convex).
    static const std::vector<std::string_view> rv_tangent{"grazes a vertex",
                                                          "ends at a vertex from outside"};
    static const std::vector<std::string_view> rv_collinear{
        "along an edge", "on an edge's line, beyond a vertex", "parallel to an edge, outside",
        "parallel to an edge, through"};
    static const std::vector<std::string_view> rv_endpoint{
        "starts on an edge", "starts at a vertex", "ends on an edge", "through a vertex"};
    static const std::vector<std::string_view> rv_degenerate{
        "zero length inside", "zero length on an edge", "zero length outside",
        "zero length at a vertex", "from inside out through a vertex"};
    static const std::vector<std::string_view> rv_computed{"ends at a computed point on an edge"};

    switch (f) {
        case Family::uniform:
        case Family::extreme:
        case Family::invalid:
        case Family::decimal:
        case Family::world:
        case Family::rotated: return one;
        case Family::computed:
            switch (g) {
                case Group::point_circle: return pc_computed;
                case Group::circle_circle: return cc_computed;
                case Group::segment_circle: return sc_computed;
                case Group::segment_segment: return ss_computed;
                case Group::three_points: return none;  // no contact to compute
                case Group::capsule_capsule: return kk_computed;
                case Group::capsule_circle: return kc_computed;
                case Group::box_box: return bb_computed;
                case Group::segment_box: return sb_computed;
                case Group::point_polygon: return pp_computed;
                case Group::ray_box: return rb_computed;
                case Group::segment_capsule: return rc_computed;
                case Group::convex_convex: return vv_computed;
                case Group::convex_circle: return vc_computed;
                case Group::ray_convex: return rv_computed;
            }
            break;
        case Family::tangent:
        case Family::near_tangent:
            switch (g) {
                case Group::point_circle: return pc_tangent;
                case Group::circle_circle: return cc_tangent;
                case Group::segment_circle: return sc_tangent;
                case Group::point_polygon: return pp_tangent;
                case Group::ray_box: return rb_tangent;
                case Group::segment_capsule: return rc_tangent;
                case Group::convex_convex: return vv_tangent;
                case Group::convex_circle: return vc_tangent;
                case Group::ray_convex: return rv_tangent;
                case Group::segment_segment:
                case Group::three_points: return none;
                case Group::capsule_capsule: return kk_tangent;
                case Group::capsule_circle: return kc_tangent;
                case Group::box_box: return bb_tangent;
                case Group::segment_box: return sb_tangent;
            }
            break;
        case Family::collinear:
        case Family::near_collinear:
            switch (g) {
                case Group::segment_circle: return sc_collinear;
                case Group::segment_segment: return ss_collinear;
                case Group::three_points: return pt3_collinear;
                case Group::capsule_capsule: return kk_collinear;
                case Group::capsule_circle: return kc_collinear;
                case Group::box_box: return bb_collinear;
                case Group::segment_box: return sb_collinear;
                case Group::point_polygon: return pp_collinear;
                case Group::ray_box: return rb_collinear;
                case Group::segment_capsule: return rc_collinear;
                case Group::convex_convex: return vv_collinear;
                case Group::convex_circle: return vc_collinear;
                case Group::ray_convex: return rv_collinear;
                default: return none;
            }
        case Family::endpoint:
            switch (g) {
                case Group::segment_circle: return sc_endpoint;
                case Group::segment_segment: return ss_endpoint;
                case Group::three_points: return pt3_endpoint;
                case Group::capsule_capsule: return kk_endpoint;
                case Group::capsule_circle: return kc_endpoint;
                case Group::box_box: return bb_endpoint;
                case Group::segment_box: return sb_endpoint;
                case Group::point_polygon: return pp_endpoint;
                case Group::ray_box: return rb_endpoint;
                case Group::segment_capsule: return rc_endpoint;
                case Group::convex_convex: return vv_endpoint;
                case Group::convex_circle: return vc_endpoint;
                case Group::ray_convex: return rv_endpoint;
                default: return none;
            }
        case Family::degenerate:
            switch (g) {
                case Group::point_circle: return pc_degenerate;
                case Group::circle_circle: return cc_degenerate;
                case Group::segment_circle: return sc_degenerate;
                case Group::segment_segment: return ss_degenerate;
                case Group::three_points: return pt3_degenerate;
                case Group::capsule_capsule: return kk_degenerate;
                case Group::capsule_circle: return kc_degenerate;
                case Group::box_box: return bb_degenerate;
                case Group::segment_box: return sb_degenerate;
                case Group::point_polygon: return pp_degenerate;
                case Group::ray_box: return rb_degenerate;
                case Group::segment_capsule: return rc_degenerate;
                case Group::convex_convex: return vv_degenerate;
                case Group::convex_circle: return vc_degenerate;
                case Group::ray_convex: return rv_degenerate;
            }
            break;
    }
    return none;
}

std::string_view poison_name(int mode) {
    if (mode == static_cast<int>(Poison::negative_radius) + poison_count)
        return "negative radius at the square's overflow threshold";
    switch (static_cast<Poison>(mode % poison_count)) {
        case Poison::quiet_nan: return "NaN";
        case Poison::negative_nan: return "-NaN";
        case Poison::signaling_nan: return "sNaN";
        case Poison::plus_inf: return "+Inf";
        case Poison::minus_inf: return "-Inf";
        case Poison::negative_radius: return "negative radius";
    }
    return "?";
}

std::string_view extreme_name(int mode) {
    switch (static_cast<ExtremeMode>(mode)) {
        case ExtremeMode::huge: return "huge";
        case ExtremeMode::tiny: return "tiny";
        case ExtremeMode::mixed: return "mixed";
        case ExtremeMode::radius: return "radius";
    }
    return "?";
}

std::string triple_text(int index) {
    const auto& t = pythagorean_triples();
    if (index < 0 || index >= static_cast<int>(t.size())) return "?";
    if (index == 0) return "axis-aligned";
    const Triple& q = t[static_cast<std::size_t>(index)];
    return std::to_string(q.a) + "-" + std::to_string(q.b) + "-" + std::to_string(q.c);
}

// Which recipe fields a base family's geometry reads (describe prints only those).
struct Uses {
    bool triple2 = false;
    int sizes = 1;
    bool order = false;
    bool generic_radius = false;  ///< the radii come from raw
};

Uses uses(Group g, Family base, int sub) {
    Uses u;
    u.order =
        g == Group::circle_circle || g == Group::segment_circle || g == Group::segment_segment;
    if (g == Group::convex_convex || g == Group::convex_circle) {
        // s0 (scale), s1 (radius, length), s2 (vertex count), d2's index (k0, offsets)
        u.sizes = 3;
        u.triple2 = true;
        u.order = g == Group::convex_convex;
        return u;
    }
    if (g == Group::ray_convex) {
        // s0 (scale), s1 (the ray's lengths), s2 (vertex count), d2's
        // index (k0, offsets, the ray's direction); the order reverses the ray
        u.sizes = 3;
        u.triple2 = true;
        u.order = true;
        return u;
    }
    if (g == Group::point_polygon) {  // sizes s0 s1 (radii of the star) s2 (vertex count)
        u.sizes = 3;
        u.triple2 = true;
        return u;
    }
    if (g == Group::ray_box || g == Group::segment_capsule) {  // realize.cpp: rays
        u.order = true;
        u.sizes = 3;
        u.triple2 = g == Group::segment_capsule && base == Family::endpoint;
        return u;
    }
    if (g == Group::three_points) {  // sizes s0 s1 (all equal: s0 only)
        u.sizes = base == Family::degenerate && sub == 1 ? 1 : 2;
        return u;
    }
    if (g == Group::capsule_capsule || g == Group::capsule_circle || g == Group::box_box ||
        g == Group::segment_box) {  // realize.cpp: up to three sizes and d2
        u.order = true;
        u.sizes = 3;
        u.triple2 = g != Group::box_box;
        return u;
    }
    switch (base) {
        case Family::tangent:
        case Family::near_tangent:
            u.sizes = g == Group::point_circle ? 1 : g == Group::circle_circle ? 2 : 3;
            if (g == Group::segment_circle && sub == 1) u.sizes = 2;
            break;
        case Family::collinear:
        case Family::near_collinear: u.sizes = 3; break;
        case Family::endpoint:
            u.sizes = g == Group::segment_segment ? 3 : 2;
            u.triple2 = !(g == Group::segment_circle && sub == 1);
            break;
        case Family::computed:
            u.sizes = 3;
            u.triple2 = true;
            break;
        case Family::degenerate:
            u.sizes = 3;
            u.triple2 = g == Group::segment_segment && sub == 5;
            u.generic_radius = (g == Group::point_circle && sub == 4) ||
                               (g == Group::circle_circle && sub == 6) ||
                               (g == Group::segment_circle && sub == 8);
            break;
        default: break;
    }
    return u;
}

std::string describe_geometry(const Recipe& r, Family shown) {
    std::ostringstream os;
    const Group g = group_of(r.primitive);
    os << to_string(shown);
    if (r.base == Family::uniform) {
        os << " raw=(";
        for (int i = 0; i < raw_count(r.primitive); ++i)
            os << (i ? "," : "") << r.raw[static_cast<std::size_t>(i)];
        os << ")";
        return os.str();
    }
    const std::string_view sn = sub_name(r.primitive, r.base, r.sub);
    if (!sn.empty()) os << ' ' << sn;
    os << ' ' << triple_text(r.triple);
    const Uses u = uses(g, r.base, r.sub);
    if (u.triple2) {
        os << " d2=" << triple_text(r.triple2 / 8);
        if (r.triple2 % 8) os << "/g" << (r.triple2 % 8);
    }
    os << " s=(" << r.size[0];
    for (int i = 1; i < u.sizes; ++i) os << ',' << r.size[static_cast<std::size_t>(i)];
    os << ')';
    if (u.generic_radius) {
        os << " radius raw=(";
        bool first = true;
        for (int i = 0; i < raw_count(r.primitive); ++i)
            if (is_radius(r.primitive, i)) {
                os << (first ? "" : ",") << r.raw[static_cast<std::size_t>(i)];
                first = false;
            }
        os << ')';
    }
    if (r.base == Family::computed) {
        const std::int64_t j = 3 + (r.raw[1] < 0 ? -r.raw[1] : r.raw[1]) % 125;
        const std::int64_t i = 1 + (r.raw[0] < 0 ? -r.raw[0] : r.raw[0]) % (j - 1);
        os << " t=" << i << '/' << j;
    }
    if (r.offset[0] != 0 || r.offset[1] != 0)
        os << " offset=(" << r.offset[0] << ',' << r.offset[1] << ')';
    if (u.order && r.order) os << " order=" << int(r.order);
    if (r.symmetry) os << " sym=" << int(r.symmetry);
    return os.str();
}

}  // namespace

std::string_view to_string(Family f) {
    switch (f) {
        case Family::uniform: return "uniform";
        case Family::tangent: return "tangent";
        case Family::near_tangent: return "near_tangent";
        case Family::collinear: return "collinear";
        case Family::near_collinear: return "near_collinear";
        case Family::endpoint: return "endpoint";
        case Family::degenerate: return "degenerate";
        case Family::extreme: return "extreme";
        case Family::invalid: return "invalid";
        case Family::computed: return "computed";
        case Family::decimal: return "decimal";
        case Family::world: return "world";
        case Family::rotated: return "rotated";
    }
    return "?";
}

std::string_view to_string(ExtremeMode m) {
    switch (m) {
        case ExtremeMode::huge: return "overflow";
        case ExtremeMode::tiny: return "underflow";
        case ExtremeMode::mixed: return "mixed";
        case ExtremeMode::radius: return "radius";
    }
    return "?";
}

bool applicable(Primitive p, ExtremeMode m) { return m != ExtremeMode::radius || has_radius(p); }

template <class T>
T square_threshold(int j) {
    // max 2^-j is exact (a power-of-two scaling inside the normal range) and
    // sqrt is correctly rounded: the same bits on every IEEE machine. j = 0:
    // sqrt(max) = 2^(emax/2) sqrt(1 - 2^-P) rounds down to 2^(emax/2) (1 - 2^-P),
    // whose square is finite, while 2^(emax/2), an ulp above, squares to inf.
    return std::sqrt(std::ldexp(std::numeric_limits<T>::max(), -j));
}

template <class T>
T threshold_radius(int scale) {
    const int m = scale < 0 ? -scale : scale;
    return step_ulps(square_threshold<T>(m % 8), m % 17 - 8);
}

template float square_threshold<float>(int);
template double square_threshold<double>(int);
template float threshold_radius<float>(int);
template double threshold_radius<double>(int);

bool parse_family(std::string_view name, Family& out) {
    for (Family f : all_families) {
        if (to_string(f) == name) {
            out = f;
            return true;
        }
    }
    return false;
}

bool applicable(Primitive p, Family f) {
    switch (f) {
        case Family::uniform:
        case Family::degenerate:
        case Family::extreme:
        case Family::invalid:
        case Family::computed:
        case Family::decimal:
        case Family::world:
        case Family::rotated: return true;
        default: return !subs(group_of(p), f).empty();
    }
}

std::vector<Family> families_for(Primitive p) {
    std::vector<Family> out;
    for (Family f : all_families)
        if (applicable(p, f)) out.push_back(f);
    return out;
}

int operand_arg(Primitive p, int operand) {
    const int n = arity(p);
    if (n == 0) return 0;
    if (shape_pair(p) == ShapePair::convex_convex) {
        // The first three vertices of each polygon (always there).
        const int k = operand % 12;
        return k < 6 ? 1 + k : 34 + (k - 6);
    }
    if (shape_pair(p) == ShapePair::ray_convex) {
        // px py qx qy, then the first three vertices.
        const int k = operand % 10;
        return k < 4 ? k : 5 + (k - 4);
    }
    if (shape_pair(p) == ShapePair::convex_circle) {
        // The first three vertices, then cx cy r.
        const int k = operand % 9;
        return k < 6 ? 1 + k : 33 + (k - 6);
    }
    if (shape_pair(p) != ShapePair::point_polygon) return operand % n;
    // px py, then the first three vertices (always there): never the count,
    // never the unused capacity.
    const int k = operand % 8;
    return k < 2 ? k : k + 1;
}

int poisoned_arg(Primitive p, const Recipe& r) {
    const int n = arity(p);
    if (r.family != Family::invalid || n == 0) return -1;
    const int k = operand_arg(p, r.operand);
    if (static_cast<Poison>(r.mode % poison_count) != Poison::negative_radius || is_radius(p, k))
        return k;
    int radius = k;
    for (int i = n - 1; i >= 0; --i)
        if (is_radius(p, i) && (i > k || radius == k)) radius = i;
    return radius;  // == k (not a radius) for the segment pair: realize writes -inf there
}

int sub_count(Primitive p, Family f) { return static_cast<int>(subs(group_of(p), f).size()); }

std::string_view sub_name(Primitive p, Family f, int sub) {
    const auto& s = subs(group_of(p), f);
    if (sub < 0 || sub >= static_cast<int>(s.size())) return "?";
    return s[static_cast<std::size_t>(sub)];
}

const std::vector<Triple>& pythagorean_triples() {
    // Primitive triples with a < b and c < 100, by c; the mirrored (b, a)
    // directions come from the dihedral symmetries.
    static const std::vector<Triple> t{
        {1, 0, 1},    {3, 4, 5},    {5, 12, 13},  {8, 15, 17},  {7, 24, 25},  {20, 21, 29},
        {12, 35, 37}, {9, 40, 41},  {28, 45, 53}, {11, 60, 61}, {33, 56, 65}, {16, 63, 65},
        {48, 55, 73}, {13, 84, 85}, {36, 77, 85}, {39, 80, 89}, {65, 72, 97},
    };
    return t;
}

bool operator==(const Recipe& a, const Recipe& b) {
    return a.primitive == b.primitive && a.family == b.family && a.base == b.base &&
           a.sub == b.sub && a.mode == b.mode && a.triple == b.triple && a.triple2 == b.triple2 &&
           a.symmetry == b.symmetry && a.order == b.order && a.operand == b.operand &&
           a.nudge == b.nudge && a.operand2 == b.operand2 && a.nudge2 == b.nudge2 &&
           a.scale == b.scale && a.size == b.size && a.offset == b.offset && a.raw == b.raw;
}

std::string describe(const Recipe& r) {
    std::ostringstream os;
    switch (r.family) {
        case Family::extreme:
            if (static_cast<ExtremeMode>(r.mode) == ExtremeMode::radius &&
                applicable(r.primitive, ExtremeMode::radius)) {
                const int s = r.scale < 0 ? -r.scale : r.scale;  // as threshold_radius
                const int j = s % 8, k = s % 17 - 8;
                os << "extreme radius sqrt(max/2^" << j << ")" << (k >= 0 ? "+" : "") << k
                   << " ulps, moved by " << s % 3 << "x the radii, on "
                   << describe_geometry(r, r.base);
                break;
            }
            os << "extreme " << extreme_name(r.mode) << " (edge-" << r.scale << ") on "
               << describe_geometry(r, r.base);
            break;
        case Family::invalid:
            os << "invalid "
               << (static_cast<Poison>(r.mode % poison_count) == Poison::negative_radius &&
                           !has_radius(r.primitive)
                       ? (has_convex(r.primitive) ? convex_poison_name(r.operand)
                                                  : std::string_view("min > max"))
                       : poison_name(r.mode))
               << " on " << arg_name(r.primitive, poisoned_arg(r.primitive, r)) << ", over "
               << describe_geometry(r, r.base);
            return os.str();
        case Family::decimal:
            os << "decimal /10^" << (int(r.mode) + 1) << " of " << describe_geometry(r, r.base);
            break;
        case Family::world: {
            const auto digits = [](std::int64_t v) { return 1000 + (v < 0 ? -v : v) % 9000; };
            os << "world +(" << (r.raw[0] < 0 ? "-" : "") << digits(r.raw[0]) << ','
               << (r.raw[1] < 0 ? "-" : "") << digits(r.raw[1]) << ")e" << int(r.mode) << " on "
               << describe_geometry(r, r.base) << " x2^" << r.scale;
            break;
        }
        case Family::rotated:
            os << "rotated by " << triple_text(1 + r.mode % 16) << " on "
               << describe_geometry(r, r.base) << " x2^" << r.scale;
            break;
        default:
            os << describe_geometry(r, r.family);
            if (r.base != Family::uniform) os << " x2^" << r.scale;
            break;
    }
    auto nudge_text = [&os, &r](int k, int operand) {
        os << (k > 0 ? "+" : "") << k << (k == 1 || k == -1 ? " ulp" : " ulps") << " on "
           << arg_name(r.primitive, operand);
    };
    const bool second = r.nudge2 != 0 && r.operand2 < arity(r.primitive);
    if (r.nudge != 0 || second) os << ", nudged ";
    if (r.nudge != 0) nudge_text(r.nudge, operand_arg(r.primitive, r.operand));
    if (r.nudge != 0 && second) os << " and ";
    if (second) nudge_text(r.nudge2, operand_arg(r.primitive, r.operand2));
    return os.str();
}

std::string to_json(const Recipe& r) {
    std::ostringstream os;
    os << "{\"primitive\":\"" << to_string(r.primitive) << "\",\"family\":\"" << to_string(r.family)
       << "\",\"base\":\"" << to_string(r.base) << "\",\"sub\":" << int(r.sub)
       << ",\"mode\":" << int(r.mode) << ",\"triple\":" << int(r.triple)
       << ",\"triple2\":" << int(r.triple2) << ",\"symmetry\":" << int(r.symmetry)
       << ",\"order\":" << int(r.order) << ",\"operand\":" << int(r.operand)
       << ",\"nudge\":" << int(r.nudge) << ",\"operand2\":" << int(r.operand2)
       << ",\"nudge2\":" << int(r.nudge2) << ",\"scale\":" << r.scale << ",\"size\":[" << r.size[0]
       << ',' << r.size[1] << ',' << r.size[2] << "],\"offset\":[" << r.offset[0] << ','
       << r.offset[1] << "],\"raw\":[";
    for (std::size_t i = 0; i < r.raw.size(); ++i) os << (i ? "," : "") << r.raw[i];
    os << "]}";
    return os.str();
}

std::vector<Family> bases(Primitive p, Family family) {
    if (!applicable(p, family)) return {Family::uniform};
    if (family == Family::decimal || family == Family::world || family == Family::rotated) {
        // The exact edge configurations (no uniform base: rounding a uniform
        // case gives another uniform case).
        std::vector<Family> out;
        for (Family f : {Family::tangent, Family::collinear, Family::endpoint, Family::degenerate})
            if (applicable(p, f)) out.push_back(f);
        return out;
    }
    if (family != Family::extreme && family != Family::invalid) return {family};
    std::vector<Family> out{Family::uniform};
    for (Family f : {Family::tangent, Family::collinear, Family::endpoint, Family::degenerate})
        if (applicable(p, f)) out.push_back(f);
    return out;
}

template <class T>
RecipeSpace space(Primitive p, Family family, Family base) {
    constexpr int P = std::numeric_limits<T>::digits;  // 24 or 53
    // Extreme 'scale' is a distance from the edge of T's range; the bound keeps
    // every mode inside its regime (realize.cpp derives the exponents):
    //   huge : max value 2^(emax - scale) >= 2^(emax/2) -> squares overflow;
    //   tiny : values < 2^(emin/2 - 1 - scale) -> every square below the
    //          smallest normal (subnormal or zero); floored at denorm_min;
    //   mixed: coordinates >= 2^(emax - scale - 2) >= 2^(emax/2);
    //   radius: scale is no distance but picks the threshold radius (j = scale
    //          mod 8, k = scale mod 17 - 8: threshold_radius) and the move
    //          (scale mod 3); 49 scales for float still give 49 distinct pairs.
    constexpr int extreme_scale_max = std::is_same_v<T, float> ? 48 : 480;
    constexpr int edge_scale_max = std::is_same_v<T, float> ? 20 : 60;

    if (!applicable(p, family)) family = Family::uniform;
    if (family != Family::extreme && family != Family::invalid && family != Family::decimal &&
        family != Family::world && family != Family::rotated)
        base = family;
    RecipeSpace sp;
    sp.primitive = p;
    sp.family = family;
    sp.base = base;
    const int n = arity(p);
    const Group g = group_of(p);

    if (base == Family::uniform) {
        sp.raw_bits = P - 1;  // |raw| <= 2^(P-1): exact in T, spans [-64, 64] after scaling
        sp.size = {1, 1};
    } else {
        sp.sub = {0, std::max(0, sub_count(p, base) - 1)};
        sp.triple = {0, static_cast<std::int64_t>(pythagorean_triples().size()) - 1};
        sp.triple2 = {0, static_cast<std::int64_t>(pythagorean_triples().size()) * 8 - 1};
        sp.symmetry = {0, 7};
        sp.order = {0, g == Group::point_circle || g == Group::three_points ||
                               g == Group::point_polygon || g == Group::convex_circle
                           ? 0
                           : 3};
        // Geometry stays below 2^20 units: sizes <= 40, c <= 97, sums of three
        // sizes, and the long-segment tangent's factor 256 (256 * 40 * 97 < 2^20).
        sp.size = {1, 40};
        sp.scale = {-edge_scale_max, edge_scale_max};
        // Geometry < 2^20 plus offset < 2^(P-2) stays below 2^(P-1) (P >= 22): exact.
        sp.offset_bits = P - 2;
        // The degenerate sub-kinds with a "generic radius" take it from raw:
        // any integer below 2^(P-1) units, i.e. a radius with a full mantissa
        // beside exact, integer coordinates.
        if (base == Family::degenerate) sp.raw_bits = P - 1;
    }
    switch (family) {
        case Family::near_tangent:
        case Family::near_collinear:
            sp.operand = {0, n - 1};
            sp.nudge = {1, 8};
            sp.operand2 = {0, 2 * n - 1};  // half of them: no second nudge
            sp.nudge2 = {0, 8};
            break;
        case Family::extreme: {
            // The applicable modes (radius, the last, needs a radius field):
            // a primitive without one draws what it drew before radius came.
            int last = extreme_mode_count - 1;
            while (last > 0 && !applicable(p, static_cast<ExtremeMode>(last))) --last;
            sp.mode = {0, last};
            sp.operand = {0, n - 1};
            sp.nudge = {0, 8};
            sp.operand2 = {0, 2 * n - 1};  // half of them: no second nudge
            sp.nudge2 = {0, 8};
            sp.scale = {0, extreme_scale_max};
            break;
        }
        case Family::invalid:
            // The negative-radius poison (the last) only where a field is a radius.
            // For a box primitive the last poison inverts a box (min > max).
            // For two convex polygons it makes one of them invalid as a
            // convex polygon (clockwise, a repeated vertex, not convex).
            // A radius primitive draws mode in 0 .. 2 poison_count - 1: realize reads
            // mode mod poison_count (the same poisons, as often as before), and
            // negative_radius + poison_count writes -threshold_radius instead of -r.
            sp.mode = {0, has_radius(p)                 ? 2 * poison_count - 1
                          : has_box(p) || has_convex(p) ? poison_count - 1
                                                        : poison_count - 2};
            sp.operand = {0, n - 1};
            break;
        case Family::computed:
            // t = i / j, i in [1, j-1], j in [3, 127], from raw[0] and raw[1];
            // order bit 2 picks which segment of a computed intersection is
            // tested (segment pairs).
            sp.raw_bits = 20;
            sp.order = {0, g == Group::segment_segment ? 7 : sp.order.hi};
            break;
        case Family::decimal:
            // k / 10^n: 10^n is exact in T (n <= 10 float, 22 double) and the
            // integers are below 2^(P-1), so the division is the one rounding.
            sp.mode = {0, std::is_same_v<T, float> ? 5 : 11};
            sp.scale = {0, 0};
            break;
        case Family::world:
            // Translation (k_x, k_y) * 10^e, k in [1000, 9999] (from raw[0],
            // raw[1]): 1e3 .. 1e7 for float (e <= 3), 1e3 .. 1e15 for double
            // (e <= 11). The configuration scaled by 2^-12 .. 2^4.
            sp.mode = {0, std::is_same_v<T, float> ? 3 : 11};
            sp.scale = {-12, 4};
            sp.offset_bits = 0;
            sp.raw_bits = std::max(sp.raw_bits, 16);
            break;
        case Family::rotated:
            sp.mode = {0, static_cast<std::int64_t>(pythagorean_triples().size()) - 2};
            break;
        default: break;
    }
    return sp;
}

template RecipeSpace space<float>(Primitive, Family, Family);
template RecipeSpace space<double>(Primitive, Family, Family);

}  // namespace touchstone::families
