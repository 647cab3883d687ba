// The SVG pictures of the HTML report: counterexamples zoomed onto their
// contact point, and ulp maps around exact tangent/collinear configurations.
#include "touchstone/audit/figures.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <iterator>
#include <map>

#include "touchstone/bits.hpp"

namespace touchstone::audit {
namespace {

/// The shapes of a primitive's operands, in order, from the table (a pair,
/// or three points for orient2d); the figures' rules are keyed by it.
struct ShapeSet {
    int count = 0;
    std::array<Shape, max_operands> shapes{};
    ShapeSet() = default;
    ShapeSet(std::initializer_list<Shape> list) {
        for (Shape s : list) shapes[static_cast<std::size_t>(count++)] = s;
    }
    bool operator==(const ShapeSet& o) const {
        if (count != o.count) return false;
        for (int i = 0; i < count; ++i)
            if (shapes[static_cast<std::size_t>(i)] != o.shapes[static_cast<std::size_t>(i)])
                return false;
        return true;
    }
};

ShapeSet shape_set(Primitive p) {
    ShapeSet s;
    s.count = info(p).operand_count;
    for (int i = 0; i < s.count; ++i)
        s.shapes[static_cast<std::size_t>(i)] = info(p).operands[static_cast<std::size_t>(i)];
    return s;
}

// ---------------------------------------------------------------------------
// Ulp maps.

/// An exact base configuration for every primitive whose operands have these
/// shapes: args in case-file order and the two args to step. Every value has
/// few significant bits, so it is exact in float and double alike; the
/// geometry comes from the 20-21-29 triple, which keeps the intermediate
/// products of the ports inexact (an axis-aligned 3-4-5 case would be
/// computed exactly and show nothing).
struct BaseConfig {
    ShapeSet shapes;
    std::array<double, max_fields> args;
    int arg_x, arg_y;
    const char* words;
};

// Circle c1 = (1.5, -2.25) r 0.375 and c2 = c1 + (20,21)/32, r 0.53125:
// |c2 - c1| = 29/32 = r1 + r2, externally tangent.
// Segment a = (-1.25, 0.5) -> b = a + (20,21)/16; centre a + (20,21)/32 +
// (-21,20)/32 at distance 29/32 = r from the segment's midpoint: tangent.
const BaseConfig base_configs[] = {
    {{Shape::point, Shape::circle},
     {2.125, -1.59375, 1.5, -2.25, 0.90625, 0, 0, 0},
     0,
     1,
     "point exactly on the circle (20-21-29 triple): step px, py"},
    {{Shape::circle, Shape::circle},
     {1.5, -2.25, 0.375, 2.125, -1.59375, 0.53125, 0, 0},
     3,
     4,
     "externally tangent circles (20-21-29 triple): step c2x, c2y"},
    {{Shape::segment, Shape::circle},
     {-1.25, 0.5, 0, 1.8125, -1.28125, 1.78125, 0.90625, 0},
     4,
     5,
     "circle tangent to the segment's midpoint (20-21-29 triple): step cx, cy"},
    {{Shape::segment, Shape::segment},
     {-1.25, 0.5, 0, 1.8125, -0.625, 1.15625, -1.28125, 1.78125},
     4,
     5,
     "T-junction: s2 starts on the middle of s1 (20-21-29 triple): step a2x, a2y"},
    // a = (-1.25, 0.5), b = a + (20,21)/16, c = a + (20,21)/32: collinear.
    {{Shape::point, Shape::point, Shape::point},
     {-1.25, 0.5, 0, 1.8125, -0.625, 1.15625, 0, 0},
     4,
     5,
     "c exactly on the middle of ab (20-21-29 triple): step cx, cy"},
    // The square a, b = a + (20,21)/16, b + (-21,20)/16, a + (-21,20)/16
    // (counter-clockwise) and p the middle of its edge ab.
    {{Shape::point, Shape::polygon},
     {-0.625, 1.15625, 4, -1.25, 0.5, 0, 1.8125, -1.3125, 3.0625, -2.5625, 1.75},
     0,
     1,
     "point exactly on the middle of an edge of a square (20-21-29 triple): step px, py"},
    // A ray through the box's corner (0.5, 0.75) along (20,-21)/16, touching
    // it there only (ray_cast_box).
    {{Shape::segment, Shape::box},
     {-0.75, 2.0625, 1.75, -0.5625, -1, -1, 0.5, 0.75},
     0,
     1,
     "ray grazing the box's corner (20-21-29 direction): step px, py"},
    // A ray tangent to the cap at a = (0, 0), r = 29/16, at T = (20,21)/16,
    // along (-21,20)/16; the axis leaves a away from T (ray_cast_capsule).
    {{Shape::segment, Shape::capsule},
     {2.5625, 0.0625, -0.0625, 2.5625, 0, 0, -1.25, -1.3125, 1.8125},
     0,
     1,
     "ray tangent to the capsule's cap (20-21-29 triple): step px, py"},
    // The square of point_in_polygon's map as P; Q its point reflection
    // through P's corner b = (0, 1.8125) (corner to corner: they share b
    // alone); and a disk of radius 29/32 tangent to the middle of P's edge
    // ab from outside.
    {{Shape::convex, Shape::convex},
     {4, -1.25, 0.5, 0, 1.8125, -1.3125, 3.0625, -2.5625, 1.75,   0,      0,      0,    0, 0, 0,
      0, 0,     0,   0, 0,      0,       0,      0,       0,      0,      0,      0,    0, 0, 0,
      0, 0,     0,   4, 1.25,   3.125,   0,      1.8125,  1.3125, 0.5625, 2.5625, 1.875},
     36,
     37,
     "squares touching corner to corner (20-21-29 triple): step Q's shared corner"},
    {{Shape::convex, Shape::circle},
     {4, -1.25, 0.5, 0, 1.8125, -1.3125, 3.0625, -2.5625, 1.75, 0,       0,       0,
      0, 0,     0,   0, 0,      0,       0,      0,       0,    0,       0,       0,
      0, 0,     0,   0, 0,      0,       0,      0,       0,    0.03125, 0.53125, 0.90625},
     33,
     34,
     "disk tangent to the middle of a square's edge (20-21-29 triple): step cx, cy"},
};

/// The base configuration for p's operand shapes; null when there is none
/// (a primitive over new shapes gets no ulp map until it has one).
const BaseConfig* base_config(Primitive p) {
    for (const BaseConfig& b : base_configs)
        if (b.shapes == shape_set(p)) return &b;
    return nullptr;
}

double step(double v, Precision prec, int k) {
    return prec == Precision::f32 ? static_cast<double>(step_ulps(static_cast<float>(v), k))
                                  : step_ulps(v, k);
}

// ---------------------------------------------------------------------------
// SVG helpers.

std::string fmt(long double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", static_cast<double>(v));
    return buf;
}

std::string esc(const std::string& s) { return html_escape(s); }

using LD = long double;
struct P2 {
    LD x, y;
};

/// One operand as drawn: its shape and its fields (point x y; circle x y r;
/// segment ax ay bx by; capsule ax ay bx by r; box minx miny maxx maxy;
/// polygon n x0 y0 x1 y1 ...) in long double.
struct Operand {
    Shape shape;
    std::array<LD, 1 + 2 * max_polygon_vertices> v;
    /// A polygon's vertex k (k in [0, n], n wrapping to 0).
    P2 vertex(int k) const {
        const int n = vertices();
        if (n == 0) return {0, 0};
        const auto i = static_cast<std::size_t>(1 + 2 * (k % n));
        return {v[i], v[i + 1]};
    }
    /// A polygon's vertex count, 0 when its count field holds none of 1..16.
    int vertices() const {
        const LD n = v[0];
        return n >= 1 && n <= max_polygon_vertices ? static_cast<int>(n) : 0;
    }
    P2 p(int i = 0) const {
        return {v[static_cast<std::size_t>(2 * i)], v[static_cast<std::size_t>(2 * i + 1)]};
    }
    LD r() const { return v[2]; }
};
using Shapes = std::vector<Operand>;

/// The case's operands, read through the table.
Shapes shapes_of(const Case& c) {
    Shapes s;
    const PrimitiveInfo& row = info(c.primitive);
    for (int k = 0; k < row.operand_count; ++k) {
        Operand o{row.operands[static_cast<std::size_t>(k)], {}};
        const int off = operand_offset(c.primitive, k);
        for (int i = 0; i < shape_fields(o.shape); ++i)
            o.v[static_cast<std::size_t>(i)] =
                static_cast<LD>(c.args[static_cast<std::size_t>(off + i)]);
        s.push_back(o);
    }
    return s;
}

P2 closest_on_segment(const Operand& g, P2 q) {
    const P2 a = g.p(0), b = g.p(1);
    const LD vx = b.x - a.x, vy = b.y - a.y;
    const LD vv = vx * vx + vy * vy;
    LD t = vv > 0 ? ((q.x - a.x) * vx + (q.y - a.y) * vy) / vv : 0;
    t = std::clamp<LD>(t, 0, 1);
    return {a.x + t * vx, a.y + t * vy};
}

LD dist(P2 a, P2 b) { return std::hypot(a.x - b.x, a.y - b.y); }

// ---------------------------------------------------------------------------
// Contact points: where a picture zooms, and the gap or overlap there (0
// when the shapes touch exactly). One rule per pair of operand shapes.

struct Contact {
    P2 at{0, 0};
    LD gap = 0;
};

Contact point_circle_contact(const Operand& q, const Operand& c) {
    return {q.p(), std::fabs(dist(q.p(), c.p()) - c.r())};
}

Contact circle_circle_contact(const Operand& c1, const Operand& c2) {
    const LD d = dist(c1.p(), c2.p());
    if (d == 0) return {{c1.v[0] + c1.r(), c1.v[1]}, std::fabs(c1.r() - c2.r())};
    return {
        {c1.v[0] + c1.r() * (c2.v[0] - c1.v[0]) / d, c1.v[1] + c1.r() * (c2.v[1] - c1.v[1]) / d},
        std::min(std::fabs(d - c1.r() - c2.r()), std::fabs(d - std::fabs(c1.r() - c2.r())))};
}

Contact segment_circle_contact(const Operand& g, const Operand& c) {
    const P2 centre = c.p();
    Contact k;
    k.at = closest_on_segment(g, centre);
    const LD d = dist(k.at, centre), r = c.r();
    k.gap = std::fabs(d - r);
    if (d < r) {
        // The segment reaches inside: look where it crosses the circumference.
        const P2 a = g.p(0), b = g.p(1);
        const LD vx = b.x - a.x, vy = b.y - a.y, len = std::hypot(vx, vy);
        if (len > 0) {
            const LD half = std::sqrt(r * r - d * d) / len;
            const LD t0 = ((k.at.x - a.x) * vx + (k.at.y - a.y) * vy) / (len * len);
            LD t = std::clamp<LD>(t0 + half, 0, 1);
            if (t0 + half > 1) t = std::clamp<LD>(t0 - half, 0, 1);
            k.at = {a.x + t * vx, a.y + t * vy};
            k.gap = std::fabs(dist(k.at, centre) - r);
        }
    }
    return k;
}

Contact segment_segment_contact(const Operand& s1, const Operand& s2) {
    Contact k;
    LD best = INFINITY;
    const P2 ends[4] = {s1.p(0), s1.p(1), s2.p(0), s2.p(1)};
    for (int i = 0; i < 4; ++i) {
        const P2 q = closest_on_segment(i < 2 ? s2 : s1, ends[i]);
        const LD d = dist(q, ends[i]);
        if (d < best) {
            best = d;
            k.at = {(q.x + ends[i].x) / 2, (q.y + ends[i].y) / 2};
        }
    }
    // A proper crossing: zoom onto the crossing point.
    const LD d1x = s1.v[2] - s1.v[0], d1y = s1.v[3] - s1.v[1], d2x = s2.v[2] - s2.v[0],
             d2y = s2.v[3] - s2.v[1];
    const LD den = d1x * d2y - d1y * d2x;
    if (den != 0) {
        const LD t = ((s2.v[0] - s1.v[0]) * d2y - (s2.v[1] - s1.v[1]) * d2x) / den;
        const LD u = ((s2.v[0] - s1.v[0]) * d1y - (s2.v[1] - s1.v[1]) * d1x) / den;
        if (t >= 0 && t <= 1 && u >= 0 && u <= 1) {
            k.at = {s1.v[0] + t * d1x, s1.v[1] + t * d1y};
            best = 0;
        }
    }
    k.gap = best;
    return k;
}

/// A point and a polygon: zoom onto the nearest point of the boundary; the
/// gap is the point's distance from it.
Contact point_polygon_contact(const Operand& q, const Operand& poly) {
    Contact k{q.p(), INFINITY};
    for (int i = 0; i < poly.vertices(); ++i) {
        const P2 a = poly.vertex(i), b = poly.vertex(i + 1);
        const Operand edge{Shape::segment, {a.x, a.y, b.x, b.y}};
        const P2 at = closest_on_segment(edge, q.p());
        const LD d = dist(at, q.p());
        if (d < k.gap) k = {at, d};
    }
    return k;
}

/// Two convex polygons: zoom onto the nearest pair of a vertex of one and
/// an edge of the other (where they touch or come closest).
Contact convex_convex_contact(const Operand& a, const Operand& b) {
    Contact k{a.vertex(0), INFINITY};
    for (const auto& [from, to] : {std::pair{&a, &b}, std::pair{&b, &a}})
        for (int i = 0; i < from->vertices(); ++i) {
            const Operand q{Shape::point, {from->vertex(i).x, from->vertex(i).y}};
            const Contact c = point_polygon_contact(q, *to);
            if (c.gap < k.gap) k = c;
        }
    return k;
}

/// A convex polygon and a disk: the boundary point nearest to the centre;
/// the gap is |distance - r|.
Contact convex_circle_contact(const Operand& poly, const Operand& c) {
    const Operand centre{Shape::point, {c.v[0], c.v[1]}};
    Contact k = point_polygon_contact(centre, poly);
    k.gap = std::fabs(k.gap - c.r());
    return k;
}

/// A ray (a segment) and a convex polygon (ray_cast_polygon): the nearest
/// of the ray's contacts with the polygon's edges.
Contact segment_convex_contact(const Operand& ray, const Operand& poly) {
    Contact k{ray.p(0), INFINITY};
    for (int i = 0; i < poly.vertices(); ++i) {
        const P2 a = poly.vertex(i), b = poly.vertex(i + 1);
        const Contact c =
            segment_segment_contact(ray, Operand{Shape::segment, {a.x, a.y, b.x, b.y}});
        if (c.gap < k.gap) k = c;
    }
    return k;
}

/// Three points a b c (orient2d): zoom onto c; the gap is its distance from
/// the line ab (from a when a == b).
Contact three_points_contact(const Shapes& s) {
    const P2 a = s[0].p(), b = s[1].p(), c = s[2].p();
    const LD len = dist(a, b);
    if (len == 0) return {c, dist(a, c)};
    return {c, std::fabs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) / len};
}

/// The axis of a capsule, as a segment operand.
Operand axis_of(const Operand& k) { return {Shape::segment, {k.v[0], k.v[1], k.v[2], k.v[3], 0}}; }

Contact capsule_capsule_contact(const Operand& k1, const Operand& k2) {
    Contact c = segment_segment_contact(axis_of(k1), axis_of(k2));
    c.gap = std::fabs(c.gap - k1.v[4] - k2.v[4]);
    return c;
}

Contact capsule_circle_contact(const Operand& k, const Operand& c) {
    const Operand grown{Shape::circle, {c.v[0], c.v[1], c.v[2] + k.v[4], 0, 0}};
    return segment_circle_contact(axis_of(k), grown);
}

/// The point of box b nearest to q.
P2 clamp_to_box(const Operand& b, P2 q) {
    return {std::clamp(q.x, b.v[0], std::max(b.v[0], b.v[2])),
            std::clamp(q.y, b.v[1], std::max(b.v[1], b.v[3]))};
}

Contact box_box_contact(const Operand& b1, const Operand& b2) {
    // Zoom onto the point of b1 nearest to b2's nearest point to b1's centre;
    // the gap is the larger per-axis gap (negative: overlap), in magnitude.
    const P2 centre{(b1.v[0] + b1.v[2]) / 2, (b1.v[1] + b1.v[3]) / 2};
    const P2 at = clamp_to_box(b1, clamp_to_box(b2, centre));
    const LD gx = std::max(b2.v[0] - b1.v[2], b1.v[0] - b2.v[2]);
    const LD gy = std::max(b2.v[1] - b1.v[3], b1.v[1] - b2.v[3]);
    return {at, std::fabs(std::max(gx, gy))};
}

Contact segment_box_contact(const Operand& g, const Operand& b) {
    // The point of the segment nearest to the box's centre, and its distance
    // from the box (0 inside).
    const P2 centre{(b.v[0] + b.v[2]) / 2, (b.v[1] + b.v[3]) / 2};
    const P2 at = closest_on_segment(g, centre);
    return {at, dist(at, clamp_to_box(b, at))};
}

template <Contact (*F)(const Operand&, const Operand&)>
Contact pair_contact(const Shapes& s) {
    return F(s[0], s[1]);
}

struct ContactRule {
    ShapeSet shapes;
    Contact (*find)(const Shapes&);
};
const ContactRule contact_rules[] = {
    {{Shape::point, Shape::circle}, &pair_contact<&point_circle_contact>},
    {{Shape::circle, Shape::circle}, &pair_contact<&circle_circle_contact>},
    {{Shape::segment, Shape::circle}, &pair_contact<&segment_circle_contact>},
    {{Shape::segment, Shape::segment}, &pair_contact<&segment_segment_contact>},
    {{Shape::point, Shape::point, Shape::point}, &three_points_contact},
    {{Shape::capsule, Shape::capsule}, &pair_contact<&capsule_capsule_contact>},
    {{Shape::capsule, Shape::circle}, &pair_contact<&capsule_circle_contact>},
    {{Shape::box, Shape::box}, &pair_contact<&box_box_contact>},
    {{Shape::segment, Shape::box}, &pair_contact<&segment_box_contact>},
    {{Shape::point, Shape::polygon}, &pair_contact<&point_polygon_contact>},
    {{Shape::convex, Shape::convex}, &pair_contact<&convex_convex_contact>},
    {{Shape::convex, Shape::circle}, &pair_contact<&convex_circle_contact>},
    {{Shape::segment, Shape::convex}, &pair_contact<&segment_convex_contact>},
};

/// The contact of a case's operands; the first operand's first point when no
/// rule knows their shapes.
Contact contact(const Shapes& s) {
    ShapeSet key;
    for (const Operand& o : s)
        if (key.count < max_operands) key.shapes[static_cast<std::size_t>(key.count++)] = o.shape;
    if (key.count == static_cast<int>(s.size()))
        for (const ContactRule& rule : contact_rules)
            if (rule.shapes == key) return rule.find(s);
    return {s.empty() ? P2{0, 0} : s[0].p(), 0};
}

/// A panel: shapes mapped from the window [centre +- half] to 0..size.
struct Panel {
    P2 centre;
    LD half;
    LD size = 280;
    LD X(LD x) const { return size / 2 + (x - centre.x) * (size / 2) / half; }
    LD Y(LD y) const { return size / 2 - (y - centre.y) * (size / 2) / half; }
    bool inside(LD x, LD y, LD margin = 1.5) const {
        return std::fabs(x - centre.x) <= margin * half && std::fabs(y - centre.y) <= margin * half;
    }
};

std::string dot(const Panel& p, P2 q, const char* r, const char* colour) {
    return "<circle cx=\"" + fmt(p.X(q.x)) + "\" cy=\"" + fmt(p.Y(q.y)) + "\" r=\"" + r +
           "\" fill=\"" + colour + "\"/>";
}

std::string draw_point(const Operand& q, const Panel& p, const char* colour) {
    return p.inside(q.v[0], q.v[1]) ? dot(p, q.p(), "3", colour) : std::string();
}

std::string draw_circle(const Operand& c, const Panel& p, const char* colour) {
    std::string o;
    const LD r = c.r();
    if (r * (p.size / 2) / p.half < 0.75)  // a point at this scale
        return p.inside(c.v[0], c.v[1]) ? dot(p, c.p(), "2.5", colour) : std::string();
    // Sample the arc facing the window, in long double.
    const LD theta0 = std::atan2(p.centre.y - c.v[1], p.centre.x - c.v[0]);
    const LD span = std::min<LD>(3.14159265358979323846L, 4 * p.half / r);
    std::string pts;
    auto flush = [&] {
        if (!pts.empty())
            o += "<polyline fill=\"none\" stroke=\"" + std::string(colour) +
                 "\" stroke-width=\"1.5\" points=\"" + pts + "\"/>";
        pts.clear();
    };
    for (int i = -180; i <= 180; ++i) {
        const LD th = theta0 + span * i / 180;
        const LD x = c.v[0] + r * std::cos(th), y = c.v[1] + r * std::sin(th);
        if (!p.inside(x, y, 3)) {
            flush();
            continue;
        }
        pts += fmt(p.X(x)) + "," + fmt(p.Y(y)) + " ";
    }
    flush();
    if (p.inside(c.v[0], c.v[1])) o += dot(p, c.p(), "1.5", colour);
    return o;
}

std::string draw_segment(const Operand& g, const Panel& p, const char* colour) {
    // Clip the segment to 3x the window (Liang-Barsky on the box).
    LD t0 = 0, t1 = 1;
    const LD dx = g.v[2] - g.v[0], dy = g.v[3] - g.v[1];
    const LD lo_x = p.centre.x - 3 * p.half, hi_x = p.centre.x + 3 * p.half;
    const LD lo_y = p.centre.y - 3 * p.half, hi_y = p.centre.y + 3 * p.half;
    bool visible = true;
    auto clip = [&](LD num, LD den) {
        if (den == 0) {
            if (num < 0) visible = false;
            return;
        }
        const LD t = num / den;
        if (den < 0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
    };
    clip(g.v[0] - lo_x, -dx);
    clip(hi_x - g.v[0], dx);
    clip(g.v[1] - lo_y, -dy);
    clip(hi_y - g.v[1], dy);
    if (!visible || t0 > t1) return {};
    const LD ax = g.v[0] + t0 * dx, ay = g.v[1] + t0 * dy, bx = g.v[0] + t1 * dx,
             by = g.v[1] + t1 * dy;
    std::string o = "<line x1=\"" + fmt(p.X(ax)) + "\" y1=\"" + fmt(p.Y(ay)) + "\" x2=\"" +
                    fmt(p.X(bx)) + "\" y2=\"" + fmt(p.Y(by)) + "\" stroke=\"" + colour +
                    "\" stroke-width=\"1.5\"/>";
    for (int e = 0; e < 2; ++e)
        if (p.inside(g.p(e).x, g.p(e).y)) o += dot(p, g.p(e), "2.5", colour);
    return o;
}

/// The box an overview must show.
struct Bounds {
    LD lo_x = INFINITY, hi_x = -INFINITY, lo_y = INFINITY, hi_y = -INFINITY;
    void grow(LD x, LD y, LD r = 0) {
        lo_x = std::min(lo_x, x - r);
        hi_x = std::max(hi_x, x + r);
        lo_y = std::min(lo_y, y - r);
        hi_y = std::max(hi_y, y + r);
    }
};

void point_extent(const Operand& o, Bounds& b) { b.grow(o.v[0], o.v[1]); }
void polygon_extent(const Operand& o, Bounds& b) {
    for (int i = 0; i < o.vertices(); ++i) b.grow(o.vertex(i).x, o.vertex(i).y);
}
std::string draw_polygon(const Operand& g, const Panel& p, const char* colour) {
    std::string o;
    for (int i = 0; i < g.vertices(); ++i) {
        const P2 a = g.vertex(i), b = g.vertex(i + 1);
        o += draw_segment(Operand{Shape::segment, {a.x, a.y, b.x, b.y}}, p, colour);
    }
    return o;
}
void circle_extent(const Operand& o, Bounds& b) { b.grow(o.v[0], o.v[1], o.r()); }
void segment_extent(const Operand& o, Bounds& b) {
    b.grow(o.v[0], o.v[1]);
    b.grow(o.v[2], o.v[3]);
}

/// A capsule: its axis, the two end circles and the two sides.
std::string draw_capsule(const Operand& k, const Panel& p, const char* colour) {
    const LD r = k.v[4];
    std::string o = draw_segment(axis_of(k), p, colour);
    o += draw_circle(Operand{Shape::circle, {k.v[0], k.v[1], r, 0, 0}}, p, colour);
    o += draw_circle(Operand{Shape::circle, {k.v[2], k.v[3], r, 0, 0}}, p, colour);
    const LD dx = k.v[2] - k.v[0], dy = k.v[3] - k.v[1], len = std::hypot(dx, dy);
    if (len > 0 && r > 0) {
        const LD nx = -dy / len * r, ny = dx / len * r;
        for (int side : {-1, 1})
            o += draw_segment(Operand{Shape::segment,
                                      {k.v[0] + side * nx, k.v[1] + side * ny, k.v[2] + side * nx,
                                       k.v[3] + side * ny, 0}},
                              p, colour);
    }
    return o;
}
void capsule_extent(const Operand& o, Bounds& b) {
    b.grow(o.v[0], o.v[1], o.v[4]);
    b.grow(o.v[2], o.v[3], o.v[4]);
}

/// A box: its four edges.
std::string draw_box(const Operand& q, const Panel& p, const char* colour) {
    const LD x0 = q.v[0], y0 = q.v[1], x1 = q.v[2], y1 = q.v[3];
    std::string o;
    const LD e[4][4] = {{x0, y0, x1, y0}, {x1, y0, x1, y1}, {x1, y1, x0, y1}, {x0, y1, x0, y0}};
    for (const auto& s : e)
        o += draw_segment(Operand{Shape::segment, {s[0], s[1], s[2], s[3], 0}}, p, colour);
    return o;
}
void box_extent(const Operand& o, Bounds& b) {
    b.grow(o.v[0], o.v[1]);
    b.grow(o.v[2], o.v[3]);
}

/// How each shape is drawn and how far it reaches: the one place per Shape,
/// in the order of the enum (a static_assert below checks every shape has its row).
struct ShapeArt {
    Shape shape;
    std::string (*draw)(const Operand&, const Panel&, const char* colour);
    void (*extent)(const Operand&, Bounds&);
};
constexpr ShapeArt shape_art[] = {
    {Shape::point, &draw_point, &point_extent},
    {Shape::circle, &draw_circle, &circle_extent},
    {Shape::segment, &draw_segment, &segment_extent},
    {Shape::capsule, &draw_capsule, &capsule_extent},
    {Shape::box, &draw_box, &box_extent},
    {Shape::polygon, &draw_polygon, &polygon_extent},
    {Shape::convex, &draw_polygon, &polygon_extent},
};
constexpr bool art_in_enum_order() {
    for (std::size_t i = 0; i < std::size(shape_art); ++i)
        if (static_cast<std::size_t>(shape_art[i].shape) != i) return false;
    return true;
}
static_assert(art_in_enum_order(), "shape_art: one row per Shape, in the order of the enum");
static_assert(std::size(shape_art) == static_cast<std::size_t>(Shape::convex) + 1,
              "shape_art: a row for every Shape");
const ShapeArt& art(Shape s) { return shape_art[static_cast<std::size_t>(s)]; }

/// The operands in order: the first in stroke1, the others in stroke2. Three
/// points (orient2d) also get the line through the first two, in stroke1.
std::string draw_shapes(const Shapes& s, const Panel& p, const char* stroke1, const char* stroke2) {
    std::string o;
    if (s.size() == 3 && s[0].shape == Shape::point && s[1].shape == Shape::point) {
        Operand line{Shape::segment, {s[0].v[0], s[0].v[1], s[1].v[0], s[1].v[1]}};
        o += draw_segment(line, p, stroke1);
    }
    for (std::size_t k = 0; k < s.size(); ++k)
        o += art(s[k].shape).draw(s[k], p, k == 0 ? stroke1 : stroke2);
    return o;
}

LD ulp_at(LD v, Precision prec) {
    if (prec == Precision::f32) {
        const float f = static_cast<float>(std::fabs(v));
        return static_cast<LD>(std::nextafter(f, INFINITY)) - f;
    }
    const double d = static_cast<double>(std::fabs(v));
    return static_cast<LD>(std::nextafter(d, INFINITY)) - d;
}

}  // namespace

std::vector<UlpMap> compute_ulp_maps(int size) {
    std::vector<UlpMap> maps;
    const auto& impls = implementations();
    std::map<std::pair<int, int>, std::vector<Answer>> truth_cache;  // (primitive, precision)
    const int half = size / 2;
    for (const Implementation& impl : impls) {
        const BaseConfig* found = base_config(impl.primitive);
        if (!found) continue;
        const BaseConfig& base = *found;
        UlpMap m;
        m.implementation = impl.name;
        m.primitive = impl.primitive;
        m.precision = impl.precision;
        m.configuration = base.words;
        m.arg_x = base.arg_x;
        m.arg_y = base.arg_y;
        m.size = size;
        m.base.primitive = impl.primitive;
        m.base.precision = impl.precision;
        m.base.args = base.args;
        auto& truths =
            truth_cache[{static_cast<int>(impl.primitive), static_cast<int>(impl.precision)}];
        const bool fill = truths.empty();
        m.cells.resize(static_cast<std::size_t>(size * size));
        m.truth_hit.resize(m.cells.size());
        for (int row = 0; row < size; ++row) {
            const int jy = half - 1 - row;
            for (int col = 0; col < size; ++col) {
                const int ix = col - half;
                std::array<double, max_fields> a = base.args;
                a[static_cast<std::size_t>(base.arg_x)] =
                    step(a[static_cast<std::size_t>(base.arg_x)], impl.precision, ix);
                a[static_cast<std::size_t>(base.arg_y)] =
                    step(a[static_cast<std::size_t>(base.arg_y)], impl.precision, jy);
                const std::size_t k = static_cast<std::size_t>(row * size + col);
                if (fill) truths.push_back(exact_answer(impl.primitive, impl.precision, a.data()));
                const Answer& truth = truths[k];
                const Answer got = impl.eval(a.data());
                // The map shows the decision (hit / kind / NaN); ulp errors of
                // points are the table's business.
                const Judgement j = judge(impl, a.data(), got, truth);
                const bool wrong = j.wrong() && j.verdict != Verdict::ulps;
                // A sign answer's "hit" side is the counter-clockwise one (+1).
                const bool hit = is_sign(impl.primitive) ? truth.kind > 0 : truth.hit;
                m.truth_hit[k] = hit;
                m.cells[k] = static_cast<unsigned char>(hit ? (wrong ? 3 : 0) : (wrong ? 2 : 1));
                m.wrong += wrong;
            }
        }
        maps.push_back(std::move(m));
    }
    return maps;
}

std::string ulp_map_svg(const UlpMap& m) {
    static const char* const colour[4] = {"#2e7d32", "#dfeee0", "#d32f2f", "#fb8c00"};
    const int cell = 5, n = m.size, W = n * cell;
    std::string o = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"ulpmap\" width=\"" +
                    std::to_string(W + 60) + "\" height=\"" + std::to_string(W + 40) +
                    "\" viewBox=\"-40 -10 " + std::to_string(W + 60) + " " +
                    std::to_string(W + 40) + "\" role=\"img\"><title>" + esc(m.implementation) +
                    " " + std::string(to_string(m.primitive)) + " (" +
                    std::string(to_string(m.precision)) + ") ulp map</title>";
    o += "<g shape-rendering=\"crispEdges\">";
    for (int row = 0; row < n; ++row) {
        int col = 0;
        while (col < n) {
            const unsigned char v = m.cells[static_cast<std::size_t>(row * n + col)];
            int end = col + 1;
            while (end < n && m.cells[static_cast<std::size_t>(row * n + end)] == v) ++end;
            o += "<rect x=\"" + std::to_string(col * cell) + "\" y=\"" +
                 std::to_string(row * cell) + "\" width=\"" + std::to_string((end - col) * cell) +
                 "\" height=\"" + std::to_string(cell) + "\" fill=\"" + colour[v] + "\"/>";
            col = end;
        }
    }
    o += "</g><path fill=\"none\" stroke=\"#000\" stroke-width=\"1.2\" d=\"";
    // The true boundary: an edge between two cells whose exact answers differ.
    for (int row = 0; row < n; ++row)
        for (int col = 0; col < n; ++col) {
            const auto t = m.truth_hit[static_cast<std::size_t>(row * n + col)];
            if (col + 1 < n && m.truth_hit[static_cast<std::size_t>(row * n + col + 1)] != t)
                o += "M" + std::to_string((col + 1) * cell) + " " + std::to_string(row * cell) +
                     "v" + std::to_string(cell);
            if (row + 1 < n && m.truth_hit[static_cast<std::size_t>((row + 1) * n + col)] != t)
                o += "M" + std::to_string(col * cell) + " " + std::to_string((row + 1) * cell) +
                     "h" + std::to_string(cell);
        }
    o += "\"/>";
    o += "<rect x=\"0\" y=\"0\" width=\"" + std::to_string(W) + "\" height=\"" + std::to_string(W) +
         "\" fill=\"none\" stroke=\"#555\"/>";
    o += "<text x=\"" + std::to_string(W / 2) + "\" y=\"" + std::to_string(W + 22) +
         "\" font-size=\"11\" text-anchor=\"middle\">" + esc(arg_name(m.primitive, m.arg_x)) +
         " step (ulps) " + std::to_string(-n / 2) + " .. " + std::to_string(n / 2 - 1) + "</text>";
    o += "<text transform=\"translate(-12," + std::to_string(W / 2) +
         ") rotate(-90)\" font-size=\"11\" text-anchor=\"middle\">" +
         esc(arg_name(m.primitive, m.arg_y)) + " step (ulps)</text>";
    return o + "</svg>";
}

std::string counterexample_svg(const RowResult& row) {
    const Case& c = row.example.c;
    const Shapes s = shapes_of(c);
    const Contact k = contact(s);
    const P2 at = k.at;
    const LD gap = k.gap;
    // Overview: every shape in view.
    Bounds box;
    for (const Operand& o : s) art(o.shape).extent(o, box);
    Panel overview{{(box.lo_x + box.hi_x) / 2, (box.lo_y + box.hi_y) / 2},
                   std::max(box.hi_x - box.lo_x, box.hi_y - box.lo_y) * 0.55L};
    if (!(overview.half > 0) || !std::isfinite(overview.half)) overview.half = 1;
    // Zoom: a few ulps around the contact point, or the gap if it is wider.
    const LD u = std::max(ulp_at(at.x, c.precision), ulp_at(at.y, c.precision));
    Panel zoom{at, std::max<LD>(12 * u, 1.5L * gap)};
    if (!(zoom.half > 0) || !std::isfinite(zoom.half)) zoom.half = overview.half;
    const LD zoom_ulps = zoom.half / u;

    std::string o =
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"counterexample\" width=\"600\" "
        "height=\"330\" viewBox=\"0 0 600 330\" role=\"img\"><title>" +
        esc(row.implementation + " " + std::string(to_string(c.primitive)) + " counterexample") +
        "</title>";
    for (int panel = 0; panel < 2; ++panel) {
        const Panel& p = panel ? zoom : overview;
        o += "<g transform=\"translate(" + std::to_string(panel ? 310 : 10) + ",10)\">";
        o += "<clipPath id=\"clip" + std::to_string(panel) +
             "\"><rect width=\"280\" height=\"280\"/></clipPath>";
        o += "<rect width=\"280\" height=\"280\" fill=\"#fafafa\" stroke=\"#999\"/>";
        o += "<g clip-path=\"url(#clip" + std::to_string(panel) + ")\">" +
             draw_shapes(s, p, "#1565c0", "#6a1b9a");
        // The contact point.
        o += "<circle cx=\"" + fmt(p.X(at.x)) + "\" cy=\"" + fmt(p.Y(at.y)) +
             "\" r=\"5\" fill=\"none\" stroke=\"#d32f2f\" stroke-width=\"1.5\"/></g>";
        if (!panel) {
            o += "<rect x=\"" + fmt(p.X(zoom.centre.x - zoom.half)) + "\" y=\"" +
                 fmt(p.Y(zoom.centre.y + zoom.half)) + "\" width=\"" +
                 fmt(std::max<LD>(2, zoom.half * 280 / p.half)) + "\" height=\"" +
                 fmt(std::max<LD>(2, zoom.half * 280 / p.half)) +
                 "\" fill=\"none\" stroke=\"#d32f2f\"/>";
        }
        o += "<text x=\"4\" y=\"296\" font-size=\"11\">" +
             std::string(panel
                             ? "zoom: " + esc(fmt(zoom_ulps * 2)) + " ulps across the contact point"
                             : "the whole configuration") +
             "</text></g>";
    }
    o += "<text x=\"10\" y=\"324\" font-size=\"12\"><tspan font-weight=\"bold\">exact:</tspan> " +
         esc(row.example.truth) + "   <tspan font-weight=\"bold\" fill=\"#d32f2f\">" +
         esc(row.implementation) + ":</tspan> " + esc(row.example.got) + " (" +
         to_string(row.example.verdict) + ")</text>";
    return o + "</svg>";
}

}  // namespace touchstone::audit
