// Gating Box2D 2.4.1 (Debian's libbox2d-dev) with touchstone: one adapter and
// one TOUCHSTONE_REGISTER line per function, each declaring the semantics
// the function really has.
//
//  * b2CollideCircles: contact when |d|^2 <= (rA + rB)^2 in float: closed,
//    no tolerance claimed (the circle's m_radius is the circle itself).
//  * b2TestOverlap on two circles: GJK distance with radii, overlapping when
//    that distance is < 10 * b2_epsilon: closed with an absolute tolerance of
//    10 * FLT_EPSILON.
//  * b2CollideEdgeAndCircle: an edge carries the polygon skin b2_polygonRadius
//    (0.01 at the default length unit), so it reports contact up to 0.01
//    before touching: closed with an absolute tolerance of the skin.
//  * b2TestOverlap on an edge and a circle: the skin plus 10 * FLT_EPSILON.
//  * b2CollideEdgeAndCircle as a capsule against a disk (capsule_hits_disk):
//    the edge's m_radius is its skin, and here the skin is the capsule's
//    radius (set on the edge shape), so Box2D computes exactly the capsule
//    test, contact when |Q - P|^2 <= (rA + rB)^2 in float: closed, no
//    tolerance left to declare.
// (b2TestOverlap on two AABBs is in box2d_aabb_adapters.cpp: it has no
// finding, so it is gated there instead of expected to fail here.)
//  * b2CircleShape::RayCast: the ray p1 -> p2 (maxFraction 1) against the
//    circle; Box2D returns no hit for a ray that starts inside (its root
//    a = -(c + sqrt(sigma)) is then negative): closed, starts inside misses.
//  * b2EdgeShape::RayCast (two-sided): the ray against the segment: closed
//    (a segment has no inside).
//  * b2AABB::RayCast: the slab test, no hit for a ray that starts inside
//    (tmin < 0): closed, starts inside misses.
//  * Convex polygons (polygons_overlap, polygon_hits_disk): a b2PolygonShape
//    carries the skin b2_polygonRadius (0.01) around its vertices, and
//    holds at most b2_maxPolygonVertices (8) of them. A polygon of 9 to 16
//    vertices is a fan of fixtures, as a Box2D user attaches it: v[0] and
//    v[a..b], up to 8 vertices each (each convex, their union the polygon).
//    The shape's vertices and edge normals are set as b2PolygonShape::Set
//    computes them for a convex counter-clockwise input (normal =
//    Cross(edge, 1), normalized, in float), without Set's convex hull and
//    welding of vertices closer than b2_linearSlop / 2, which would change
//    the input (and assert on a degenerate one).
//      - b2TestOverlap on two polygons: GJK distance of the shapes with their
//        skins < 10 * b2_epsilon: closed within 2 skins + 10 * b2_epsilon.
//      - b2CollidePolygons: contact (a manifold with >= 1 point) up to the
//        two skins, 2 * b2_polygonRadius: closed within that.
//      - b2CollidePolygonAndCircle: contact up to the polygon's skin:
//        closed within b2_polygonRadius.
//      - b2PolygonShape::RayCast: the ray p1 -> p2 (maxFraction 1) against
//        the polygon itself: RayCast ignores the skin m_radius (it clips the
//        ray by the edge planes only), so no tolerance is declared. It
//        returns a hit only when some edge raises the entry fraction above
//        0 (`numerator < lower * denominator`, lower = 0): a ray that starts
//        inside misses (the claim says so), and so does one that starts on
//        the boundary (its entry stays at 0): false misses. A fan of
//        fixtures answers the smallest fraction over its parts, as a
//        b2World::RayCast callback keeping the closest fixture does.
//
// Shapes sit at the origin of their body and the transform carries the
// position with a zero angle (cos 0 = 1, sin 0 = 0 exactly), so Box2D sees
// the case's coordinates exactly.
#include <box2d/box2d.h>

#include <vector>

#include "touchstone/conformance.hpp"

namespace {

using touchstone::Box;
using touchstone::Circle;
using touchstone::RayHit;
using touchstone::Segment;
using touchstone::conformance::closed;

b2CircleShape circle_shape(float r) {
    b2CircleShape s;
    s.m_p.SetZero();
    s.m_radius = r;
    return s;
}

b2Transform at(float x, float y) {
    b2Transform xf;
    xf.Set(b2Vec2(x, y), 0.0f);
    return xf;
}

b2Transform origin() {
    b2Transform xf;
    xf.SetIdentity();
    return xf;
}

b2EdgeShape edge_shape(const Segment<float>& s) {
    b2EdgeShape e;
    e.SetTwoSided(b2Vec2(s.a.x, s.a.y), b2Vec2(s.b.x, s.b.y));
    return e;
}

bool collide_circles(Circle<float> a, Circle<float> b) {
    const b2CircleShape ca = circle_shape(a.r), cb = circle_shape(b.r);
    b2Manifold m;
    b2CollideCircles(&m, &ca, at(a.c.x, a.c.y), &cb, at(b.c.x, b.c.y));
    return m.pointCount > 0;
}

bool test_overlap_circles(Circle<float> a, Circle<float> b) {
    const b2CircleShape ca = circle_shape(a.r), cb = circle_shape(b.r);
    return b2TestOverlap(&ca, 0, &cb, 0, at(a.c.x, a.c.y), at(b.c.x, b.c.y));
}

bool collide_edge_circle(Segment<float> s, Circle<float> c) {
    const b2EdgeShape e = edge_shape(s);
    const b2CircleShape cs = circle_shape(c.r);
    b2Manifold m;
    b2CollideEdgeAndCircle(&m, &e, origin(), &cs, at(c.c.x, c.c.y));
    return m.pointCount > 0;
}

bool test_overlap_edge_circle(Segment<float> s, Circle<float> c) {
    const b2EdgeShape e = edge_shape(s);
    const b2CircleShape cs = circle_shape(c.r);
    return b2TestOverlap(&e, 0, &cs, 0, origin(), at(c.c.x, c.c.y));
}

bool collide_capsule_circle(touchstone::Capsule<float> k, Circle<float> c) {
    b2EdgeShape e = edge_shape(k.s);
    e.m_radius = k.r;  // the skin is the capsule's radius
    const b2CircleShape cs = circle_shape(c.r);
    b2Manifold m;
    b2CollideEdgeAndCircle(&m, &e, origin(), &cs, at(c.c.x, c.c.y));
    return m.pointCount > 0;
}

b2RayCastInput ray_input(const Segment<float>& ray) {
    b2RayCastInput in;
    in.p1.Set(ray.a.x, ray.a.y);
    in.p2.Set(ray.b.x, ray.b.y);
    in.maxFraction = 1.0f;
    return in;
}

RayHit<float> hit_of(bool hit, const b2RayCastOutput& out) {
    if (!hit) return {};
    return {true, out.fraction};
}

RayHit<float> circle_ray_cast(Segment<float> ray, Circle<float> c) {
    const b2CircleShape cs = circle_shape(c.r);
    b2RayCastOutput out{};
    const bool hit = cs.RayCast(&out, ray_input(ray), at(c.c.x, c.c.y), 0);
    return hit_of(hit, out);
}

RayHit<float> edge_ray_cast(Segment<float> ray, Segment<float> s) {
    const b2EdgeShape e = edge_shape(s);
    b2RayCastOutput out{};
    const bool hit = e.RayCast(&out, ray_input(ray), origin(), 0);
    return hit_of(hit, out);
}

RayHit<float> aabb_ray_cast(Segment<float> ray, Box<float> b) {
    b2AABB box;
    box.lowerBound.Set(b.lo.x, b.lo.y);
    box.upperBound.Set(b.hi.x, b.hi.y);
    b2RayCastOutput out{};
    const bool hit = box.RayCast(&out, ray_input(ray));
    return hit_of(hit, out);
}

/// One b2PolygonShape of the vertices v[0] (when with0) and v[from..to], the
/// normals as b2PolygonShape::Set computes them.
b2PolygonShape polygon_part(const touchstone::Polygon<float>& p, bool with0, int from, int to) {
    b2PolygonShape s;
    int n = 0;
    if (with0) s.m_vertices[n++].Set(p.v[0].x, p.v[0].y);
    for (int i = from; i <= to; ++i)
        s.m_vertices[n++].Set(p.v[static_cast<std::size_t>(i)].x,
                              p.v[static_cast<std::size_t>(i)].y);
    s.m_count = n;
    b2Vec2 c(0.0f, 0.0f);
    for (int i = 0; i < n; ++i) {
        const b2Vec2 edge = s.m_vertices[i + 1 < n ? i + 1 : 0] - s.m_vertices[i];
        s.m_normals[i] = b2Cross(edge, 1.0f);
        s.m_normals[i].Normalize();
        c += s.m_vertices[i];
    }
    s.m_centroid = (1.0f / static_cast<float>(n)) * c;
    return s;
}

/// The polygon as Box2D holds it: one shape of up to 8 vertices, or a fan
/// of shapes v[0], v[a..b] of up to 8 vertices each (b - a <= 6), sharing
/// their edges from v[0] (two or three fixtures for 9 to 16 vertices).
std::vector<b2PolygonShape> polygon_fixtures(const touchstone::Polygon<float>& p) {
    const int n = p.n < 3 ? 3 : p.n > 16 ? 16 : p.n;
    if (n <= b2_maxPolygonVertices) return {polygon_part(p, false, 0, n - 1)};
    std::vector<b2PolygonShape> out;
    for (int a = 1; a < n - 1;) {
        const int b = a + b2_maxPolygonVertices - 2 < n - 1 ? a + b2_maxPolygonVertices - 2 : n - 1;
        out.push_back(polygon_part(p, true, a, b));
        a = b;
    }
    return out;
}

bool test_overlap_polygons(touchstone::Polygon<float> a, touchstone::Polygon<float> b) {
    bool hit = false;
    for (const b2PolygonShape& pa : polygon_fixtures(a))
        for (const b2PolygonShape& pb : polygon_fixtures(b))
            hit = hit || b2TestOverlap(&pa, 0, &pb, 0, origin(), origin());
    return hit;
}

bool collide_polygons(touchstone::Polygon<float> a, touchstone::Polygon<float> b) {
    bool hit = false;
    for (const b2PolygonShape& pa : polygon_fixtures(a))
        for (const b2PolygonShape& pb : polygon_fixtures(b)) {
            b2Manifold m;
            b2CollidePolygons(&m, &pa, origin(), &pb, origin());
            hit = hit || m.pointCount > 0;
        }
    return hit;
}

bool collide_polygon_circle(touchstone::Polygon<float> a, Circle<float> c) {
    const b2CircleShape cs = circle_shape(c.r);
    bool hit = false;
    for (const b2PolygonShape& pa : polygon_fixtures(a)) {
        b2Manifold m;
        b2CollidePolygonAndCircle(&m, &pa, origin(), &cs, at(c.c.x, c.c.y));
        hit = hit || m.pointCount > 0;
    }
    return hit;
}

RayHit<float> polygon_ray_cast(Segment<float> ray, touchstone::Polygon<float> p) {
    RayHit<float> best;
    for (const b2PolygonShape& part : polygon_fixtures(p)) {
        b2RayCastOutput out{};
        if (!part.RayCast(&out, ray_input(ray), origin(), 0)) continue;
        if (!best.hit || out.fraction < best.t) best = {true, out.fraction};
    }
    return best;
}

}  // namespace

TOUCHSTONE_REGISTER(ray_cast_polygon, "box2d-polygon-raycast", polygon_ray_cast,
                    closed().starts_inside_miss());
TOUCHSTONE_REGISTER(polygons_overlap, "box2d-testoverlap-polygons", test_overlap_polygons,
                    closed().within_absolute(2.0 * b2_polygonRadius + 10.0 * b2_epsilon));
TOUCHSTONE_REGISTER(polygons_overlap, "box2d-collide-polygons", collide_polygons,
                    closed().within_absolute(2.0 * b2_polygonRadius));
TOUCHSTONE_REGISTER(polygon_hits_disk, "box2d-collide-polygon-circle", collide_polygon_circle,
                    closed().within_absolute(b2_polygonRadius));
TOUCHSTONE_REGISTER(capsule_hits_disk, "box2d-collide-edge-capsule-circle", collide_capsule_circle,
                    closed());
TOUCHSTONE_REGISTER(ray_cast_disk, "box2d-circle-raycast", circle_ray_cast,
                    closed().starts_inside_miss());
TOUCHSTONE_REGISTER(ray_cast_segment, "box2d-edge-raycast", edge_ray_cast, closed());
TOUCHSTONE_REGISTER(ray_cast_box, "box2d-aabb-raycast", aabb_ray_cast,
                    closed().starts_inside_miss());
TOUCHSTONE_REGISTER(disks_overlap, "box2d-collide-circles", collide_circles, closed());
TOUCHSTONE_REGISTER(disks_overlap, "box2d-testoverlap-circles", test_overlap_circles,
                    closed().within_absolute(10.0 * b2_epsilon));
TOUCHSTONE_REGISTER(segment_hits_disk, "box2d-collide-edge-circle", collide_edge_circle,
                    closed().within_absolute(b2_polygonRadius));
TOUCHSTONE_REGISTER(segment_hits_disk, "box2d-testoverlap-edge-circle", test_overlap_edge_circle,
                    closed().within_absolute(b2_polygonRadius + 10.0 * b2_epsilon));
