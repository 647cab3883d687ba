// touchstone::families — realize(): recipe -> exact arguments.
//
// Everything is integer geometry until the last step: points are integer
// combinations of a Pythagorean direction u = (a, b) with |u| = c (so a
// distance s*c along u is exact), its normal w = (-b, a), and a second
// direction d2. The integers stay below 2^20 (sizes <= 40, c <= 97, at most
// a factor 256); the translation stays below 2^(P-2); so every coordinate is
// an integer below
// 2^(P-1), exactly representable in T, and the power-of-two scaling is exact
// as long as it neither overflows nor underflows (the ranges in space()
// guarantee it). Only then is one argument stepped by k ulps (near_*,
// extreme) or poisoned (invalid).
//
// The constructed families (computed, decimal, world, rotated) round on
// purpose, the way floating-point code does: every operation in T is a
// statement of its own, rounded once (no fused multiply-add: the library is
// built with -ffp-contract=off and the operations are never written as one
// expression), and the only functions used are IEEE's correctly rounded
// ones (+, -, *, /, sqrt), so the same recipe gives the same bits on every
// machine.
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <utility>
#include <vector>

#include "touchstone/families/families.hpp"
#include "touchstone/validate.hpp"

namespace touchstone::families {

namespace {

struct V {
    std::int64_t x = 0;
    std::int64_t y = 0;
};
V operator+(V p, V q) { return {p.x + q.x, p.y + q.y}; }
V operator-(V p, V q) { return {p.x - q.x, p.y - q.y}; }
V operator*(std::int64_t k, V p) { return {k * p.x, k * p.y}; }

/// Dihedral element g of the square's symmetry group: bit 0 swaps x and y,
/// then bit 1 negates x and bit 2 negates y. Exact on integers and floats.
V dihedral(int g, V v) {
    if (g & 1) std::swap(v.x, v.y);
    if (g & 2) v.x = -v.x;
    if (g & 4) v.y = -v.y;
    return v;
}

const Triple& triple_at(int i) {
    const auto& t = pythagorean_triples();
    return t[static_cast<std::size_t>(i) % t.size()];
}

/// What realize() does with one argument: translate and reflect it as the x
/// or the y of a point, keep it >= 0 as a radius, or leave it (beyond arity).
enum class ArgRole : std::uint8_t { x, y, radius, unused, count };

/// The roles of p's arguments, from the table: radii are ArgRole::radius; a
/// coordinate is an x at an even index within its operand (points and
/// segments are x y pairs, a circle starts with its centre).
constexpr std::array<ArgRole, max_fields> roles_from_table(Primitive p) {
    std::array<ArgRole, max_fields> out{};
    for (ArgRole& r : out) r = ArgRole::unused;
    for (int i = 0; i < arity(p); ++i) {
        const FieldPlace f = field_place(p, i);
        out[static_cast<std::size_t>(i)] = is_radius(p, i)                   ? ArgRole::radius
                                           : field_role(p, i) == Role::count ? ArgRole::count
                                           : shape_x(f.shape, f.index)       ? ArgRole::x
                                                                             : ArgRole::y;
    }
    return out;
}

/// roles_from_table for every row, computed once at compile time: realize()
/// runs for every recipe input of a fuzz target (about a million times a
/// second), and walking the table there (field_place, field_role for every
/// field) was ~7 % of an execution (issue 15, fuzz4's profile).
struct RoleTable {
    std::array<ArgRole, max_fields> role;
    int arity;
    bool has_count;
};
inline constexpr std::array<RoleTable, all_primitives.size()> role_tables = [] {
    std::array<RoleTable, all_primitives.size()> t{};
    for (Primitive p : all_primitives) {
        RoleTable& r = t[static_cast<std::size_t>(p)];
        r.role = roles_from_table(p);
        r.arity = arity(p);
        r.has_count = false;
        for (int i = 0; i < r.arity; ++i)
            r.has_count = r.has_count || r.role[static_cast<std::size_t>(i)] == ArgRole::count;
    }
    return t;
}();

const RoleTable& role_table(Primitive p) { return role_tables[static_cast<std::size_t>(p)]; }

/// arity(p), from the table computed once.
int arity_of(Primitive p) { return role_table(p).arity; }

/// applicable(p, f), computed once per process: realize() asks twice per
/// recipe, and applicable() looks its sub-family names up in a function of
/// a few dozen static tables.
static_assert(static_cast<std::size_t>(Family::rotated) + 1 == all_families.size(),
              "all_families holds every Family, in order");
bool applicable_once(Primitive p, Family f) {
    using Row = std::array<bool, all_families.size()>;
    static const std::array<Row, all_primitives.size()> table = [] {
        std::array<Row, all_primitives.size()> t{};
        for (Primitive q : all_primitives)
            for (Family g : all_families)
                t[static_cast<std::size_t>(q)][static_cast<std::size_t>(g)] = applicable(q, g);
        return t;
    }();
    const auto k = static_cast<std::size_t>(f);
    return k < all_families.size() ? table[static_cast<std::size_t>(p)][k] : applicable(p, f);
}

/// roles(p) for one case: a polygon's capacity beyond the count its
/// geometry holds is unused (never translated, scaled or nudged).
template <class Num>
std::array<ArgRole, max_fields> roles(Primitive p, const std::array<Num, max_fields>& v) {
    const RoleTable& t = role_table(p);
    std::array<ArgRole, max_fields> out = t.role;
    if (!t.has_count) return out;
    for (int i = 0; i < t.arity; ++i) {
        const auto k = static_cast<std::size_t>(i);
        if (out[k] != ArgRole::count) continue;
        const auto n = static_cast<int>(v[k]);
        for (int j = 1 + 2 * n; j < shape_fields(Shape::polygon); ++j)
            out[k + static_cast<std::size_t>(j)] = ArgRole::unused;
    }
    return out;
}

/// Integer geometry of one case before translation, symmetry and scaling.
struct Geo {
    std::array<std::int64_t, max_fields> v{};
    bool negative_zero_radius = false;

    void put(int i, V p) {
        v[static_cast<std::size_t>(i)] = p.x;
        v[static_cast<std::size_t>(i) + 1] = p.y;
    }
    V at(int i) const {
        return {v[static_cast<std::size_t>(i)], v[static_cast<std::size_t>(i) + 1]};
    }
    void set(int i, std::int64_t x) { v[static_cast<std::size_t>(i)] = x; }
    void swap_points(int i, int j) {
        const V p = at(i);
        put(i, at(j));
        put(j, p);
    }
};

// Shrinking a size toward 1 moves these toward the boundary: inside(s0, x)
// is in [0, s0-1] and is s0-1 for x = 0 (one unit inside).
std::int64_t inside(std::int64_t s0, std::int64_t x) { return s0 - 1 - (x % s0); }

struct Ingredients {
    V u, w, d2;
    std::int64_t c;
    std::int64_t s0, s1, s2;
    int sub;
    std::uint8_t triple2;
    std::array<std::int64_t, raw_words> raw;
};

Ingredients ingredients(const Recipe& r) {
    Ingredients in{};
    const Triple& t = triple_at(r.triple);
    in.u = {t.a, t.b};
    in.w = {-t.b, t.a};
    in.c = t.c;
    const Triple& t2 = triple_at(r.triple2 / 8);
    in.d2 = dihedral(r.triple2 % 8, V{t2.a, t2.b});
    in.s0 = std::max<std::int64_t>(1, r.size[0]);
    in.s1 = std::max<std::int64_t>(1, r.size[1]);
    in.s2 = std::max<std::int64_t>(1, r.size[2]);
    in.sub = r.sub;
    in.triple2 = r.triple2;
    in.raw = r.raw;
    return in;
}

/// A generic radius: |raw| of the radius argument, any integer below 2^(P-1).
std::int64_t generic_radius(const Ingredients& in, int arg) {
    const std::int64_t v = in.raw[static_cast<std::size_t>(arg)];
    return v < 0 ? -v : v;
}

// px py cx cy r — the circle at the origin.
Geo point_circle(Family base, const Ingredients& in) {
    Geo g;
    const V u = in.u;
    const std::int64_t c = in.c, s0 = in.s0;
    const int sub = in.sub;
    switch (base) {
        case Family::tangent:
        case Family::near_tangent:  // point on circle
            g.put(0, s0 * u);
            g.set(4, s0 * c);
            break;
        case Family::degenerate:
            switch (sub) {
                // Away from the origin, so that extreme scaling has something to scale.
                case 0: g.put(0, s0 * u), g.put(2, s0 * u); break;  // zero radius, point at centre
                case 1: g.put(0, s0 * u); break;                    // zero radius, point apart
                case 2: g.set(4, s0 * c); break;                    // point at centre
                case 3:                                             // r = -0
                    g.put(0, s0 * u), g.put(2, s0 * u);
                    g.negative_zero_radius = true;
                    break;
                default: g.set(4, generic_radius(in, 4)); break;  // point at centre, any r
            }
            break;
        default: break;
    }
    return g;
}

// c1x c1y r1 c2x c2y r2 — the first centre at the origin.
Geo circle_circle(Family base, const Ingredients& in) {
    Geo g;
    const V u = in.u;
    const std::int64_t c = in.c, s0 = in.s0, s1 = in.s1;
    const int sub = in.sub;
    switch (base) {
        case Family::tangent:
        case Family::near_tangent:
            if (sub == 0) {  // external: |C1C2| = (s0+s1)c = r1 + r2
                g.set(2, s0 * c);
                g.put(3, (s0 + s1) * u);
                g.set(5, s1 * c);
            } else if (sub == 1) {  // internal: |C1C2| = s1 c = r2 - r1
                g.set(2, s0 * c);
                g.put(3, s1 * u);
                g.set(5, (s0 + s1) * c);
            } else {
                // A circle 256 s0 / s1 times larger than the other (a body
                // against the terrain): the formulas that divide by one radius
                // or compare cos with 1 lose the small circle in the rounding.
                const std::int64_t big = 256 * s0;
                g.set(2, big * c);
                g.put(3, (sub == 2 ? big + s1 : big - s1) * u);
                g.set(5, s1 * c);
            }
            break;
        case Family::degenerate:
            switch (sub) {
                case 0:  // point disk on the other circle
                    g.put(0, s0 * u);
                    g.set(5, s0 * c);
                    break;
                case 1: g.set(5, s0 * c); break;  // point disk at the other centre
                case 2:                           // concentric
                    g.set(2, s0 * c);
                    g.set(5, (s0 + s1) * c);
                    break;
                case 3:  // identical
                    g.set(2, s0 * c);
                    g.set(5, s0 * c);
                    break;
                case 4: g.put(0, s0 * u), g.put(3, s0 * u); break;  // two equal points
                case 5: g.put(3, s0 * u); break;                    // two points apart
                default:                                            // concentric, any radii
                    g.set(2, generic_radius(in, 2));
                    g.set(5, generic_radius(in, 5));
                    break;
            }
            break;
        default: break;
    }
    return g;
}

// ax ay bx by cx cy r — the centre at the origin.
Geo segment_circle(Family base, const Ingredients& in) {
    Geo g;
    const V u = in.u, w = in.w, d2 = in.d2, o{};
    const std::int64_t c = in.c, s0 = in.s0, s1 = in.s1, s2 = in.s2;
    const int sub = in.sub;
    const int t2 = in.triple2;
    auto seg = [&](V a, V b) {
        g.put(0, a);
        g.put(2, b);
    };
    switch (base) {
        case Family::tangent:
        case Family::near_tangent:
            g.set(6, s0 * c);
            if (sub == 0 || sub == 2) {  // external: touches the circle at T, inside the segment
                // The long variant makes |C - A| >> r: the case where formulas
                // like C.C - (C.V)^2 / V.V cancel catastrophically.
                const std::int64_t k = sub == 2 ? 256 : 1;
                const V t = s0 * u;
                seg(t - (k * s1) * w, t + (k * s2) * w);
            } else {  // internal: inside the disk, B on the circle; A on the diameter
                seg(((s0 - 1) - (s1 % (2 * s0))) * u, s0 * u);
            }
            break;
        case Family::collinear:
        case Family::near_collinear:  // the centre on the segment's line
            g.set(6, s0 * c);
            switch (sub) {
                case 0: seg(s0 * u, (s0 + s2) * u); break;              // touch
                case 1: seg(inside(s0, s1) * u, (s0 + s2) * u); break;  // overlap
                case 2: seg((s0 + s1) * u, (s0 + s1 + s2) * u); break;  // disjoint
                default: seg(-s1 * u, s2 * u); break;                   // through centre
            }
            break;
        case Family::endpoint:
            g.set(6, s0 * c);
            switch (sub) {
                case 0: seg(s0 * u, s0 * u + s1 * d2); break;           // endpoint on circle
                case 1: seg(s0 * u, s0 * u + s1 * w); break;            // tangent at endpoint
                default: seg(s0 * u, s0 * dihedral(t2 % 8, u)); break;  // chord
            }
            break;
        case Family::degenerate:
            switch (sub) {
                case 0: g.set(6, s0 * c), seg(s0 * u, s0 * u); break;
                case 1: g.set(6, s0 * c), seg(inside(s0, s1) * u, inside(s0, s1) * u); break;
                case 2: g.set(6, s0 * c), seg((s0 + s1) * u, (s0 + s1) * u); break;
                case 3: seg(-s1 * u, s2 * u); break;                   // r = 0 inside
                case 4: seg(o, s1 * u); break;                         // r = 0 at A
                case 5: seg(s0 * u - s1 * w, s0 * u + s2 * w); break;  // r = 0 off segment
                case 6: seg(s0 * u, s0 * u), g.put(4, s0 * u); break;  // point at point
                case 7: seg(s0 * u, s0 * u); break;                    // point apart
                default: g.set(6, generic_radius(in, 6)); break;       // A = B = C, any r
            }
            break;
        default: break;
    }
    return g;
}

// a1x a1y b1x b1y a2x a2y b2x b2y — the first segment starts at the origin.
Geo segment_segment(Family base, const Ingredients& in) {
    Geo g;
    const V u = in.u, w = in.w, d2 = in.d2, o{};
    const std::int64_t s0 = in.s0, s1 = in.s1, s2 = in.s2;
    const int sub = in.sub;
    auto segs = [&](V a1, V b1, V a2, V b2) {
        g.put(0, a1);
        g.put(2, b1);
        g.put(4, a2);
        g.put(6, b2);
    };
    switch (base) {
        case Family::collinear:
        case Family::near_collinear: {  // all four points on the line t*u
            const std::int64_t t = inside(s0, s2);
            switch (sub) {
                case 0: segs(o, s0 * u, t * u, (t + s1) * u); break;                // overlap
                case 1: segs(o, s0 * u, s0 * u, (s0 + s1) * u); break;              // touch
                case 2: segs(o, s0 * u, (s0 + s2) * u, (s0 + s2 + s1) * u); break;  // disjoint
                case 3: segs(o, (s0 + s1 + s2) * u, s0 * u, (s0 + s1) * u); break;  // contained
                default: segs(o, s0 * u, o, s0 * u); break;                         // identical
            }
            break;
        }
        case Family::endpoint:
            switch (sub) {
                case 0: segs(o, s0 * u, o, s1 * d2); break;                       // shared
                case 1: segs(o, (s0 + s1) * u, s0 * u, s0 * u + s2 * d2); break;  // T-junction
                default: segs(-s0 * u, s1 * u, -s2 * d2, s0 * d2); break;         // crossing at 0
            }
            break;
        case Family::degenerate:
            switch (sub) {
                case 0: segs(o, (s0 + s1) * u, s0 * u, s0 * u); break;             // inside
                case 1: segs(o, s0 * u, o, o); break;                              // at endpoint
                case 2: segs(o, s0 * u, (s0 + s1) * u, (s0 + s1) * u); break;      // beyond end
                case 3: segs(o, s0 * u, s1 * u + s2 * w, s1 * u + s2 * w); break;  // off line
                case 4: segs(s0 * u, s0 * u, s0 * u, s0 * u); break;  // two equal points
                case 5: segs(o, o, s0 * d2, s0 * d2); break;          // two points apart
                default: segs(o, s0 * u, o, s0 * u); break;           // identical
            }
            break;
        default: break;
    }
    return g;
}

// ax ay bx by cx cy — three points, a at the origin (orient2d). Collinear
// triples lie on the line of u; the degenerate ones have a == b.
Geo three_points(Family base, const Ingredients& in) {
    Geo g;
    const V u = in.u, w = in.w, o{};
    const std::int64_t s0 = in.s0, s1 = in.s1;
    auto pts = [&g](V a, V b, V c) {
        g.put(0, a);
        g.put(2, b);
        g.put(4, c);
    };
    switch (base) {
        case Family::collinear:
        case Family::near_collinear:
            switch (in.sub) {
                case 0: pts(o, (s0 + s1) * u, s0 * u); break;  // c between a and b
                case 1: pts(o, s0 * u, (s0 + s1) * u); break;  // c beyond b
                default: pts(o, s0 * u, -s1 * u); break;       // c before a
            }
            break;
        case Family::endpoint:
            // b = s0 u + s1 w: never a (w is normal to u), off the axes for a
            // non-trivial triple.
            if (in.sub == 0)
                pts(o, s0 * u + s1 * w, o);  // c at a
            else
                pts(o, s0 * u + s1 * w, s0 * u + s1 * w);  // c at b
            break;
        case Family::degenerate:
            if (in.sub == 0)
                pts(o, o, s0 * u + s1 * w);  // a equals b, c apart (w is normal to u)
            else
                pts(s0 * u, s0 * u, s0 * u);  // all equal, away from the origin
            break;
        default: break;
    }
    return g;
}

// ----- capsules and boxes (issue 12) ------------------------------------------

/// The second direction d2 turned to point along u (d2.u >= 0), and its
/// length |d2| (an integer: d2 is a Pythagorean direction).
struct Along {
    V d;
    std::int64_t len;
};
Along along_u(const Ingredients& in) {
    const V d = in.d2.x * in.u.x + in.d2.y * in.u.y < 0 ? -1 * in.d2 : in.d2;
    return {d, triple_at(in.triple2 / 8).c};
}

// a1x a1y b1x b1y r1 a2x a2y b2x b2y r2 — the first segment from the origin
// along u. Radii r1 = s1 c, r2 = s2 c (or in units of |d2|), so that a gap of
// (s1 + s2) c between the axes is exact tangency.
Geo capsule_capsule(Family base, const Ingredients& in) {
    Geo g;
    const V u = in.u, w = in.w, o{};
    const std::int64_t c = in.c, s0 = in.s0, s1 = in.s1, s2 = in.s2;
    auto caps = [&g](V a1, V b1, std::int64_t r1, V a2, V b2, std::int64_t r2) {
        g.put(0, a1);
        g.put(2, b1);
        g.set(4, r1);
        g.put(5, a2);
        g.put(7, b2);
        g.set(9, r2);
    };
    switch (base) {
        case Family::tangent:
        case Family::near_tangent:
            switch (in.sub) {
                case 0:  // side to side: parallel axes (s1 + s2) c apart, overlapping spans
                    caps(o, s0 * u, s1 * c, (s1 + s2) * w, (s1 + s2) * w + (s0 + s1) * u, s2 * c);
                    break;
                case 1:  // end to end on one line
                    caps(o, s0 * u, s1 * c, (s0 + s1 + s2) * u, (2 * s0 + s1 + s2) * u, s2 * c);
                    break;
                case 2:  // the end of the second on the side of the first (above b1)
                    caps(o, s0 * u, s1 * c, s0 * u + (s1 + s2) * w, s0 * u + (s1 + 2 * s2) * w,
                         s2 * c);
                    break;
                default: {  // end to end along d2 (d2.u >= 0: b1 is the closest point)
                    const Along d = along_u(in);
                    caps(o, s0 * u, s1 * d.len, s0 * u + (s1 + s2) * d.d,
                         s0 * u + (s1 + s2 + s0) * d.d, s2 * d.len);
                    break;
                }
            }
            break;
        case Family::collinear:
        case Family::near_collinear:
            switch (in.sub) {
                case 0: caps(o, (s0 + s1) * u, s1 * c, s0 * u, (s0 + s1 + s2) * u, s2 * c); break;
                case 1: caps(o, s0 * u, s1 * c, s0 * u, (s0 + s2) * u, s2 * c); break;
                case 2:
                    caps(o, s0 * u, s1 * c, (s0 + s1 + s2) * u, (2 * s0 + s1 + s2) * u, s2 * c);
                    break;
                default:
                    caps(o, s0 * u, s1 * c, (s0 + s1 + s2 + 1) * u, (2 * s0 + s1 + s2 + 1) * u,
                         s2 * c);
                    break;
            }
            break;
        case Family::endpoint: {
            const Along d = along_u(in);
            if (in.sub == 0)  // shared endpoint b1 = a2, turning by d2
                caps(o, s0 * u, s1 * c, s0 * u, s0 * u + s2 * d.d, s2 * c);
            else  // T-junction: a2 on the inside of the first axis
                caps(o, (s0 + s1) * u, s1 * c, s0 * u, s0 * u + s2 * w, s2 * c);
            break;
        }
        case Family::degenerate:
            switch (in.sub) {
                case 0:  // two disks, tangent
                    caps(o, o, s0 * c, (s0 + s1) * u, (s0 + s1) * u, s1 * c);
                    break;
                case 1:  // a disk touching the side (above its middle or its end)
                    caps(o, (s0 + s2) * u, s1 * c, s0 * u + (s1 + s2) * w, s0 * u + (s1 + s2) * w,
                         s2 * c);
                    break;
                case 2:  // two segments crossing
                    caps(o, 2 * s0 * u, 0, s0 * u - s1 * w, s0 * u + s2 * w, 0);
                    break;
                case 3:  // two segments end to end
                    caps(o, s0 * u, 0, s0 * u, (s0 + s2) * u, 0);
                    break;
                case 4:  // a point at distance r from the side of the other capsule
                    caps(s1 * u + s2 * w, s1 * u + s2 * w, 0, o, (s0 + s1) * u, s2 * c);
                    break;
                default:  // identical
                    caps(o, s0 * u, s1 * c, o, s0 * u, s1 * c);
                    break;
            }
            break;
        default: break;
    }
    return g;
}

// ax ay bx by r1 cx cy r2 — the segment from the origin along u.
Geo capsule_circle(Family base, const Ingredients& in) {
    Geo g;
    const V u = in.u, w = in.w, o{};
    const std::int64_t c = in.c, s0 = in.s0, s1 = in.s1, s2 = in.s2;
    auto put = [&g](V a, V b, std::int64_t r1, V centre, std::int64_t r2) {
        g.put(0, a);
        g.put(2, b);
        g.set(4, r1);
        g.put(5, centre);
        g.set(7, r2);
    };
    switch (base) {
        case Family::tangent:
        case Family::near_tangent:
            switch (in.sub) {
                case 0:  // above an inner point of the axis
                    put(o, (s0 + s2) * u, s1 * c, s0 * u + (s1 + s2) * w, s2 * c);
                    break;
                case 1:  // beyond b on the axis
                    put(o, s0 * u, s1 * c, (s0 + s1 + s2) * u, s2 * c);
                    break;
                default: {  // beyond b along d2 (d2.u >= 0)
                    const Along d = along_u(in);
                    put(o, s0 * u, s1 * d.len, s0 * u + (s1 + s2) * d.d, s2 * d.len);
                    break;
                }
            }
            break;
        case Family::collinear:
        case Family::near_collinear:
            switch (in.sub) {
                case 0: put(o, s0 * u, s1 * c, (s0 + s1 + s2) * u, s2 * c); break;
                case 1: put(o, (s0 + s1) * u, s1 * c, s0 * u, s2 * c); break;
                default: put(o, s0 * u, s1 * c, (s0 + s1 + s2 + 1) * u, s2 * c); break;
            }
            break;
        case Family::endpoint:
            if (in.sub == 0) {
                put(o, s0 * u, s1 * c, s0 * u, s2 * c);  // centre at b
            } else {                                     // r1 = 0, the circle through b
                const Along d = along_u(in);
                put(o, s0 * u, 0, s0 * u + s2 * d.d, s2 * d.len);
            }
            break;
        case Family::degenerate:
            switch (in.sub) {
                case 0: put(o, o, s0 * c, (s0 + s1) * u, s1 * c); break;
                case 1: put(o, (s0 + s1) * u, 0, s0 * u, 0); break;
                case 2: put(o, (s0 + s1) * u, 0, s0 * u + s2 * w, 0); break;
                case 3: put(s0 * u, s0 * u, 0, o, s0 * c); break;
                default: put(s0 * u, s0 * u, 0, s0 * u, 0); break;
            }
            break;
        default: break;
    }
    return g;
}

// minx1 miny1 maxx1 maxy1 minx2 miny2 maxx2 maxy2 — the first box
// [0, s0] x [0, s1]; realize() puts every box back in min <= max order after
// the symmetry.
Geo box_box(Family base, const Ingredients& in) {
    Geo g;
    const std::int64_t s0 = in.s0, s1 = in.s1, s2 = in.s2, k = s0 / 2;
    auto boxes = [&g](V lo1, V hi1, V lo2, V hi2) {
        g.put(0, lo1);
        g.put(2, hi1);
        g.put(4, lo2);
        g.put(6, hi2);
    };
    const V lo{0, 0}, hi{s0, s1};
    switch (base) {
        case Family::tangent:
        case Family::near_tangent:
            switch (in.sub) {
                case 0: boxes(lo, hi, V{s0, s1 - s2}, V{s0 + s2, s1 + s2}); break;
                case 1: boxes(lo, hi, V{s0, s1}, V{s0 + s2, s1 + s2}); break;
                default: boxes(lo, hi, V{s0, 0}, V{s0 + s2, s1}); break;
            }
            break;
        case Family::collinear:
        case Family::near_collinear:
            switch (in.sub) {
                case 0: boxes(lo, V{s0, 0}, V{k, 0}, V{s0 + s2, 0}); break;
                case 1: boxes(lo, V{s0, 0}, V{s0, 0}, V{s0 + s2, 0}); break;
                default: boxes(lo, V{s0, 0}, V{s0 + s1, 0}, V{s0 + s1 + s2, 0}); break;
            }
            break;
        case Family::endpoint:
            if (in.sub == 0)
                boxes(lo, hi, lo, V{s2, s2});
            else
                boxes(lo, hi, V{k, s1}, V{k + s2, s1 + s2});
            break;
        case Family::degenerate:
            switch (in.sub) {
                case 0: boxes(lo, hi, V{s0, s1 / 2}, V{s0, s1 / 2}); break;
                case 1: boxes(lo, hi, hi, hi); break;
                case 2: boxes(lo, V{2 * s0, 2 * s1}, hi, hi); break;  // strictly inside
                case 3: boxes(lo, hi, V{s0 + s2, s1}, V{s0 + s2, s1}); break;
                case 4: boxes(hi, hi, hi, hi); break;
                case 5: boxes(lo, hi, lo, hi); break;
                default: boxes(lo, V{2 * s0, s1}, V{s0, -s2}, V{s0, s1 + s2}); break;
            }
            break;
        default: break;
    }
    return g;
}

// ax ay bx by minx miny maxx maxy — the box [0, s0] x [0, s1]. The slope of
// a segment is u = (a, b), a, b >= 0 (or turned to (a, -b)).
Geo segment_box(Family base, const Ingredients& in) {
    Geo g;
    const std::int64_t s0 = in.s0, s1 = in.s1, s2 = in.s2, k = s0 / 2;
    const V up{in.u.x < 0 ? -in.u.x : in.u.x, in.u.y < 0 ? -in.u.y : in.u.y};  // a, b >= 0
    const V down{up.x, -up.y};
    auto put = [&g](V a, V b, V lo, V hi) {
        g.put(0, a);
        g.put(2, b);
        g.put(4, lo);
        g.put(6, hi);
    };
    const V lo{0, 0}, hi{s0, s1};
    switch (base) {
        case Family::tangent:
        case Family::near_tangent:
            switch (in.sub) {
                case 0: put(hi - s2 * down, hi + s2 * down, lo, hi); break;  // outside but hi
                case 1: put(V{k, s1}, V{s0 + s2, s1}, lo, hi); break;
                case 2: put(V{k, s1}, V{k, s1} + s2 * up, lo, hi); break;
                default: put(hi, hi + s2 * up, lo, hi); break;
            }
            break;
        case Family::collinear:
        case Family::near_collinear:
            switch (in.sub) {
                case 0: put(V{k, 0}, V{s0, 0}, lo, hi); break;
                case 1: put(V{s0 + 1, 0}, V{s0 + 1 + s2, 0}, lo, hi); break;
                case 2: put(V{-s2, 0}, V{s0 + s2, 0}, lo, hi); break;
                default: put(V{s0, 0}, V{s0 + s2, 0}, lo, hi); break;
            }
            break;
        case Family::endpoint:
            if (in.sub == 0)
                put(hi, hi - s2 * up, lo, hi);
            else
                put(V{k, s1}, V{k, s1} - s2 * up, lo, hi);
            break;
        case Family::degenerate:
            switch (in.sub) {
                case 0: put(V{k, s1}, V{k, s1}, lo, hi); break;
                case 1: put(hi, hi, lo, hi); break;
                case 2: put(V{k, k}, V{k, k}, V{0, 0}, V{s0, s0}); break;
                case 3: put(V{s0 + s2, k}, V{s0 + s2, k}, lo, hi); break;
                case 4: put(V{0, 0}, (s0 + s1) * in.u, s0 * in.u, s0 * in.u); break;
                case 5: put(V{0, 0}, (s0 + s1) * in.u, s0 * in.u + in.w, s0 * in.u + in.w); break;
                default: put(V{-s2, 0}, V{s0 + s2, 0}, V{k, -s2}, V{k, s1 + s2}); break;
            }
            break;
        default: break;
    }
    return g;
}

/// Puts every box of p in min <= max order on each axis (a symmetry that
/// negates a coordinate, a rotation or a nudge may reverse one).
template <class T>
void order_boxes(Primitive p, std::array<T, max_fields>& out) {
    for (int k = 0; k < info(p).operand_count; ++k) {
        if (info(p).operands[static_cast<std::size_t>(k)] != Shape::box) continue;
        const auto o = static_cast<std::size_t>(operand_offset(p, k));
        for (std::size_t axis = 0; axis < 2; ++axis)
            if (out[o + axis] > out[o + 2 + axis]) std::swap(out[o + axis], out[o + 2 + axis]);
    }
}

// px py qx qy minx miny maxx maxy — the ray p q against the box [0, s0] x
// [0, s1]; u = (a, b), a, b >= 0, from the triple (realize() re-orders a
// box's fields into min <= max after the symmetry).
Geo ray_box(Family base, const Ingredients& in) {
    Geo g;
    const V u = in.u, o{};
    const std::int64_t s0 = in.s0, s1 = in.s1, s2 = in.s2;
    const V hi{s0, s1};
    const V down{u.x, -u.y};  // through the corner hi, the box on one side
    auto ray = [&g](V p, V q) {
        g.put(0, p);
        g.put(2, q);
    };
    g.put(6, hi);  // lo = o
    switch (base) {
        case Family::tangent:
        case Family::near_tangent:
            if (in.sub == 0)
                ray(hi - s2 * down, hi + s2 * down);  // touches the corner only
            else
                ray(hi + s2 * u, hi);  // from outside, ends at the corner
            break;
        case Family::collinear:
        case Family::near_collinear:
            switch (in.sub) {
                case 0: ray(V{-s2, s1}, V{s0 + s2, s1}); break;  // along the top edge
                case 1: ray(V{-s2, inside(s1, s2)}, V{s0 + s2, inside(s1, s2)}); break;
                case 2: ray(V{-s2, s1 + s2}, V{s0 + s2, s1 + s2}); break;  // parallel, outside
                default: ray(V{s0 + s2, s1}, V{s0 + 2 * s2, s1}); break;   // the edge's line
            }
            break;
        case Family::endpoint: {
            const V on_top{inside(s0, s2), s1};
            switch (in.sub) {
                case 0: ray(on_top, on_top + s2 * u); break;    // starts on an edge, outward
                case 1: ray(hi, hi + s2 * u); break;            // starts at a corner
                case 2: ray(on_top + V{0, s2}, on_top); break;  // ends on an edge
                default: ray(hi + s2 * u, hi - s2 * u); break;  // in through the corner
            }
            break;
        }
        case Family::degenerate:
            switch (in.sub) {
                case 0:
                    ray(V{inside(s0, s2), inside(s1, s2)}, V{inside(s0, s2), inside(s1, s2)});
                    break;
                case 1: ray(V{s0, inside(s1, s2)}, V{s0, inside(s1, s2)}); break;
                case 2: ray(V{s0 + s2, s1}, V{s0 + s2, s1}); break;
                case 3:  // the point box hi, crossed at t = 1/2
                    g.put(4, hi);
                    ray(o, 2 * hi);
                    break;
                default:  // the flat box [0, s0] x {s1}, crossed
                    g.put(4, V{0, s1});
                    ray(V{inside(s0, s2), 0}, V{inside(s0, s2), 2 * s1});
                    break;
            }
            break;
        default: break;
    }
    return g;
}

// px py qx qy ax ay bx by r — the ray p q against the capsule with axis a = 0,
// b = s1 u and radius r = s0 c (|u| = |w| = c): s0 w lies on a side, -s0 u is
// the tip of a's cap.
Geo segment_capsule(Family base, const Ingredients& in) {
    Geo g;
    const V u = in.u, w = in.w, d2 = in.d2;
    const std::int64_t c = in.c, s0 = in.s0, s1 = in.s1, s2 = in.s2;
    auto ray = [&g](V p, V q) {
        g.put(0, p);
        g.put(2, q);
    };
    g.put(6, s1 * u);
    g.set(8, s0 * c);
    const V side = s0 * w, tip = -s0 * u;
    switch (base) {
        case Family::tangent:
        case Family::near_tangent:
            if (in.sub == 0)
                ray(tip - s2 * w, tip + s2 * w);  // tangent to a's cap at its tip
            else
                ray(side - s2 * u, side + (s1 + s2) * u);  // along a side
            break;
        case Family::collinear:
        case Family::near_collinear:
            switch (in.sub) {
                case 0: ray(tip - s2 * u, (s1 + s0 + s2) * u); break;   // through, on the axis
                case 1: ray(tip - (s1 + s2) * u, tip - s2 * u); break;  // stops short
                default: ray(tip - s2 * u, tip); break;                 // ends at the tip
            }
            break;
        case Family::endpoint:
            switch (in.sub) {
                case 0: ray(tip, tip + s2 * d2); break;              // starts at the tip
                case 1: ray(side + u, side + u + s2 * d2); break;    // starts on a side
                case 2: ray(side + u + s2 * d2, side + u); break;    // ends on a side
                default: ray(-(s0 + s2) * w, (s0 + s2) * w); break;  // across a
            }
            break;
        case Family::degenerate:
            switch (in.sub) {
                case 0: ray(side + u, side + u); break;
                case 1: break;  // p = q = a, inside
                case 2: ray((s0 + s2) * w, (s0 + s2) * w); break;
                case 3:  // a == b: a disk
                    g.put(6, V{});
                    ray(-(s0 + s2) * w, (s0 + s2) * w);
                    break;
                default:  // r = 0: the segment, crossed at t = 1/2
                    g.set(8, 0);
                    ray(u - s2 * w, u + s2 * w);
                    break;
            }
            break;
        default: break;
    }
    return g;
}

int bit_length(std::uint64_t v) {
    int n = 0;
    while (v) {
        ++n;
        v >>= 1;
    }
    return n;
}

std::uint64_t magnitude(std::int64_t v) {
    return v < 0 ? static_cast<std::uint64_t>(0) - static_cast<std::uint64_t>(v)
                 : static_cast<std::uint64_t>(v);
}

/// The NaN bit patterns the poisons write.
template <class T>
struct NanBits {
    static constexpr BitsOf<T> sign = BitsOf<T>(1) << (8 * sizeof(T) - 1);
    static constexpr BitsOf<T> quiet =
        sizeof(T) == 4 ? BitsOf<T>(0x7fc00000u) : BitsOf<T>(0x7ff8000000000000ull);
    static constexpr BitsOf<T> signaling =
        sizeof(T) == 4 ? BitsOf<T>(0x7f800001u) : BitsOf<T>(0x7ff0000000000001ull);
};

template <class T>
T poison(Poison kind, T current) {
    using B = NanBits<T>;
    switch (kind) {
        case Poison::quiet_nan: return from_bits<T>(B::quiet);
        case Poison::negative_nan: return from_bits<T>(B::quiet | B::sign);
        case Poison::signaling_nan: return from_bits<T>(B::signaling);
        case Poison::plus_inf: return std::numeric_limits<T>::infinity();
        case Poison::minus_inf: return -std::numeric_limits<T>::infinity();
        case Poison::negative_radius:
            return current > 0 ? -current : -std::numeric_limits<T>::denorm_min();
    }
    return current;
}

// ----- computed contacts: arithmetic in T, one rounding per operation -------

// px py n x0 y0 ... — a point and a polygon. The polygon is a star around
// the origin: nv vertices on directions of increasing angle (star_dirs,
// rotated and scaled by u, so |rotated d| = c |d|), at distances s0 and s1
// alternately (concave when they differ); then a sub-kind places p and edits
// the vertex list. The query ray is the crossing-number test's, from p
// towards +x (before the dihedral symmetry).
constexpr std::array<V, 16> star_dirs{{{1, 0},
                                       {2, 1},
                                       {1, 1},
                                       {1, 2},
                                       {0, 1},
                                       {-1, 2},
                                       {-1, 1},
                                       {-2, 1},
                                       {-1, 0},
                                       {-2, -1},
                                       {-1, -1},
                                       {-1, -2},
                                       {0, -1},
                                       {1, -2},
                                       {1, -1},
                                       {2, -1}}};

V rotate_by(V d, V u) { return {d.x * u.x - d.y * u.y, d.x * u.y + d.y * u.x}; }

/// The star of nv vertices (3 <= nv <= 16).
std::vector<V> star(const Ingredients& in, int nv) {
    std::vector<V> out;
    for (int i = 0; i < nv; ++i) {
        const V d = star_dirs[static_cast<std::size_t>(i * 16 / nv)];
        out.push_back((i % 2 ? in.s1 : in.s0) * rotate_by(d, in.u));
    }
    return out;
}

/// A point in polygon's integer geometry: p at 0, the count at 2, the
/// vertices from 3.
Geo put_polygon(V p, const std::vector<V>& vs) {
    Geo g;
    g.put(0, p);
    g.set(2, static_cast<std::int64_t>(vs.size()));
    for (std::size_t k = 0; k < vs.size(); ++k) g.put(3 + 2 * static_cast<int>(k), vs[k]);
    return g;
}

/// Uniform: a star of nv = 3 + raw[2] % 14 vertices at full-mantissa
/// distances in [2^(P-4), 2^(P-3)) (hashed from raw[3..8) and the vertex's
/// index), so coordinates below 2^(P-2), and p = raw[0..2) / 2: after the
/// uniform scaling by 2^(7-P), a star of radius 8 .. 32 and p in [-32, 32]^2.
Geo uniform_polygon(const std::array<std::int64_t, raw_words>& raw, int P) {
    const int nv = 3 + static_cast<int>(magnitude(raw[2]) % 14);
    const std::uint64_t quarter = std::uint64_t{1} << (P - 4);
    std::vector<V> vs;
    for (int i = 0; i < nv; ++i) {
        std::uint64_t h = static_cast<std::uint64_t>(raw[static_cast<std::size_t>(3 + i % 5)]) +
                          static_cast<std::uint64_t>(i);
        const std::uint64_t k = quarter + splitmix64(h) % quarter;
        vs.push_back(static_cast<std::int64_t>(k) *
                     star_dirs[static_cast<std::size_t>(i * 16 / nv)]);
    }
    return put_polygon({raw[0] / 2, raw[1] / 2}, vs);
}

Geo point_polygon(Family base, const Ingredients& in) {
    const int sub = in.sub;
    const std::int64_t t2 = in.triple2;
    const int nv = 3 + static_cast<int>((in.s2 - 1) % 12);  // 3 .. 14: room for two more
    std::vector<V> v = star(in, nv);
    const auto at = [&v](std::int64_t j) {
        return v[static_cast<std::size_t>(j % static_cast<std::int64_t>(v.size()))];
    };
    const std::int64_t j = t2 % nv;
    const std::int64_t d = 1 + (t2 % 32) * in.c;  // p's distance left of a vertex on its ray
    auto scaled = [&v](std::int64_t f) {
        for (V& q : v) q = f * q;
    };
    const auto insert_at = [&v](std::int64_t k, std::vector<V> qs) {
        v.erase(v.begin() + k);
        v.insert(v.begin() + k, qs.begin(), qs.end());
    };
    switch (base) {
        case Family::tangent:
        case Family::near_tangent: {  // p on edge j at wb : wa
            const std::int64_t wa = 1 + t2 % 3, wb = 1 + (t2 / 3) % 3, k = (t2 / 9) % nv;
            const V p = wb * at(k) + wa * at(k + 1);
            scaled(wa + wb);
            return put_polygon(p, v);
        }
        case Family::collinear:
        case Family::near_collinear: {
            scaled(4);
            const V q = at(j);
            switch (sub) {
                case 0: return put_polygon(q - V{d, 0}, v);  // vertex on the ray
                case 1:                                      // edge along the ray
                    insert_at(j, {q - V{1, 0}, q + V{1, 0}});
                    return put_polygon(q - V{1 + d, 0}, v);
                case 2:  // repeated vertex on the ray
                    insert_at(j, {q, q});
                    return put_polygon(q - V{d, 0}, v);
                case 3:  // collinear vertices along the ray
                    insert_at(j, {q - V{1, 0}, q, q + V{1, 0}});
                    return put_polygon(q - V{1 + d, 0}, v);
                default: {  // the top vertex on the ray: both its edges go down
                    std::size_t top = 0;
                    for (std::size_t k = 1; k < v.size(); ++k)
                        if (v[k].y > v[top].y) top = k;
                    return put_polygon(v[top] - V{d, 0}, v);
                }
            }
        }
        case Family::endpoint:
            if (sub == 1) insert_at(j, {at(j), at(j)});
            return put_polygon(at(j), v);
        default: {  // degenerate
            switch (sub) {
                case 0: {  // every vertex twice
                    const int m = 3 + static_cast<int>((in.s2 - 1) % 6);
                    std::vector<V> w2;
                    for (const V& q : star(in, m)) {
                        w2.push_back(q);
                        w2.push_back(q);
                    }
                    return put_polygon(((t2 % 9) - 4) * in.u, w2);
                }
                case 1: {  // a collinear vertex inserted at the middle of edge j
                    scaled(2);
                    const V m = V{(at(j).x + at(j + 1).x) / 2, (at(j).y + at(j + 1).y) / 2};
                    v.insert(v.begin() + (j + 1), m);
                    return put_polygon(m - V{t2 % 3, 0}, v);
                }
                case 2: {  // every vertex on one line: a polygon of no area
                    std::vector<V> line;
                    for (int i = 0; i < nv; ++i)
                        line.push_back(((i * 7 + in.s0) % (in.s1 + 3)) * in.u);
                    return put_polygon((t2 % 5) * in.u + (t2 / 5 % 2) * in.w, line);
                }
                default:  // every vertex at the point
                    return put_polygon(in.s0 * in.u,
                                       std::vector<V>(static_cast<std::size_t>(nv), in.s0 * in.u));
            }
        }
    }
}

// ----- convex polygons (polygons_overlap, polygon_hits_disk) ----------------
// poly1.n poly1[32] poly2.n poly2[32] / poly.n poly[32] cx cy r. The first
// polygon has its vertices among the 36 lattice points of the circle of
// radius 65 around the origin (any of them in angular order is strictly
// convex and counter-clockwise), scaled by s0: from index k0 to 36 - k0, so
// that its closing edge is vertical on the right, from (X, -Y) to (X, Y).
// The configuration is built in that frame, then rotated by u (times c,
// exact on integers).
constexpr std::array<V, 9> lattice65_quarter{
    {{65, 0}, {63, 16}, {60, 25}, {56, 33}, {52, 39}, {39, 52}, {33, 56}, {25, 60}, {16, 63}}};

/// Lattice point k (mod 36) of the circle of radius 65, counter-clockwise from (65, 0).
V lattice65(std::int64_t k) {
    k = ((k % 36) + 36) % 36;
    V q = lattice65_quarter[static_cast<std::size_t>(k % 9)];
    for (std::int64_t t = 0; t < k / 9; ++t) q = V{-q.y, q.x};
    return q;
}

/// The convex polygon of nv vertices (3..16) from index k0 (1..3) to 36 - k0.
std::vector<V> convex_base(std::int64_t s, int nv, int k0) {
    std::vector<V> out;
    for (int i = 0; i < nv; ++i) out.push_back(s * lattice65(k0 + (i * (36 - 2 * k0)) / (nv - 1)));
    return out;
}

std::vector<V> mapped(std::vector<V> vs, V add, std::int64_t sign) {
    for (V& q : vs) q = add + sign * q;
    return vs;
}

/// Writes a convex polygon at field `at` (its count, then its vertices), rotated by u.
void put_convex(Geo& g, int at, const std::vector<V>& vs, V u) {
    g.set(at, static_cast<std::int64_t>(vs.size()));
    for (std::size_t k = 0; k < vs.size(); ++k)
        g.put(at + 1 + 2 * static_cast<int>(k), rotate_by(vs[k], u));
}

Geo convex_convex(Family base, const Ingredients& in) {
    const int sub = in.sub;
    const std::int64_t t2 = in.triple2, s = in.s0;
    const int nv = 3 + static_cast<int>((in.s2 - 1) % 14);
    const int k0 = 1 + static_cast<int>(t2 % 3);
    const std::vector<V> P = convex_base(s, nv, k0);
    const V top = s * lattice65(k0);  // (X, Y)
    const std::int64_t X = top.x, Y = top.y;
    std::vector<V> first = P, second;
    switch (base) {
        case Family::tangent:
        case Family::near_tangent:
            if (sub == 0) {
                second = mapped(P, V{2 * X, 0}, -1);  // the point reflection through (X, 0)
            } else if (sub == 1) {
                second = mapped(P, V{2 * X, 1 + t2 % (2 * Y - 1)}, -1);
            } else {  // an odd polygon's leftmost vertex (-65 s, 0) on the edge
                const int odd = nv % 2 ? nv : nv - 1;
                second =
                    mapped(convex_base(s, odd, k0), V{X + 65 * s, (t2 % (2 * Y - 1)) - (Y - 1)}, 1);
            }
            break;
        case Family::collinear:
        case Family::near_collinear:
            switch (sub) {
                case 0: second = mapped(P, V{2 * X, 2 * Y + 1 + t2 % 8}, -1); break;
                case 1: second = mapped(P, V{2 * X, 2 * Y}, -1); break;
                default: second = mapped(P, V{2 * X, Y}, -1); break;
            }
            break;
        case Family::endpoint:
            second = mapped(P, sub == 0 ? V{2 * X, 2 * Y} : V{2 * X, -2 * Y}, -1);
            break;
        default: {  // degenerate
            const std::int64_t len = 64 * in.s1, gap = 1 + t2 % 4;
            switch (sub) {
                case 0: second = std::vector<V>(P); break;
                case 1:
                    first = mapped(P, V{}, 2);
                    second = std::vector<V>(P);
                    break;
                case 2:
                case 3: {
                    const std::int64_t x0 = X + (sub == 2 ? gap : 0);
                    second = {V{x0, 0}, V{x0 + len, -1}, V{x0 + len, 1}};
                    break;
                }
                default:
                    first = convex_base(s, 3, k0);
                    second = mapped(first, V{2 * X, 0}, -1);
                    break;
            }
            break;
        }
    }
    Geo g;
    put_convex(g, 0, first, in.u);
    put_convex(g, 1 + 2 * max_polygon_vertices, second, in.u);
    return g;
}

Geo convex_circle(Family base, const Ingredients& in) {
    const int sub = in.sub;
    const std::int64_t t2 = in.triple2, s = in.s0, R = in.s1;
    const int nv = 3 + static_cast<int>((in.s2 - 1) % 14);
    const int k0 = 1 + static_cast<int>(t2 % 3);
    const std::vector<V> P = convex_base(s, nv, k0);
    const V top = s * lattice65(k0);
    const std::int64_t X = top.x, Y = top.y;
    const std::int64_t y0 = (t2 % (2 * Y + 1)) - Y;  // on the closing edge
    const V vertex = P[static_cast<std::size_t>(t2 % nv)];
    V centre{};
    std::int64_t r = 0;  // in units of the frame (times c after the rotation)
    switch (base) {
        case Family::tangent:
        case Family::near_tangent:
            if (sub == 0) {
                centre = V{X + R, y0};
                r = R;
            } else {  // radially out of a vertex: its nearest point is the vertex
                // vertex / s is the lattice point, of length 65
                centre = V{vertex.x + R * (vertex.x / s), vertex.y + R * (vertex.y / s)};
                r = 65 * R;
            }
            break;
        case Family::collinear:
        case Family::near_collinear:
            if (sub == 0) {
                // A miss: c at g >= 5 R above (X, Y) on the edge's line is
                // farther than R from the circumcircle (|c|^2 = (65 s)^2 +
                // 2 Y g + g^2 and Y >= 16 s), so from the polygon.
                centre = V{X, Y + 5 * R + t2 % 8};
                r = R;
            } else {
                centre = V{X, y0};
                r = R;
            }
            break;
        case Family::endpoint:
            centre = vertex;
            r = sub == 0 ? R : 0;
            break;
        default:  // degenerate
            switch (sub) {
                case 0: centre = V{X, y0}; break;
                case 1: centre = V{X + 1 + t2 % 4, y0}; break;
                case 2: centre = V{}; break;
                case 3:
                    centre = V{};
                    r = 2 * 65 * s;
                    break;
                default:
                    centre = V{};
                    r = 1;
                    break;
            }
            break;
    }
    Geo g;
    put_convex(g, 0, P, in.u);
    g.put(1 + 2 * max_polygon_vertices, rotate_by(centre, in.u));
    g.set(3 + 2 * max_polygon_vertices, r * in.c);
    return g;
}

// px py qx qy poly.n poly[32] — the ray p q against the convex polygon of
// convex_circle (lattice points of the circle of radius 65 s, its closing
// edge vertical on the right from (X, -Y) to the vertex top = (X, Y)), in
// that frame, then rotated by u. Lengths along the ray are s1 units (times
// 65 along the radial and tangent directions L and L' of top).
Geo ray_convex(Family base, const Ingredients& in) {
    const int sub = in.sub;
    const std::int64_t t2 = in.triple2, s = in.s0, k = in.s1;
    const int nv = 3 + static_cast<int>((in.s2 - 1) % 14);
    const int k0 = 1 + static_cast<int>(t2 % 3);
    const std::vector<V> P = convex_base(s, nv, k0);
    const V L = lattice65(k0), top = s * L;  // top = (X, Y), radially out along L
    const V along{-L.y, L.x};                // tangent to the circumcircle at top
    const std::int64_t X = top.x, Y = top.y;
    const V on_edge{X, (t2 % (2 * Y - 1)) - (Y - 1)};  // inside the closing edge
    V p{}, q{};
    switch (base) {
        case Family::tangent:
        case Family::near_tangent:
            if (sub == 0) {  // touches the vertex top only, at t = 1/2
                p = top - k * along;
                q = top + k * along;
            } else {  // from outside, radially, ends at the vertex
                p = top + k * L;
                q = top;
            }
            break;
        case Family::collinear:
        case Family::near_collinear:
            switch (sub) {
                case 0:  // on the closing edge's line, through the whole edge
                    p = V{X, -Y - k};
                    q = V{X, Y + k};
                    break;
                case 1:  // on that line beyond the vertex top
                    p = V{X, Y + k};
                    q = V{X, Y + 2 * k};
                    break;
                case 2:  // parallel, outside
                    p = V{X + k, -Y};
                    q = V{X + k, Y};
                    break;
                default:  // parallel, through the inside (x = 1 holds no vertex)
                    p = V{1, -65 * s - k};
                    q = V{1, 65 * s + k};
                    break;
            }
            break;
        case Family::endpoint:
            switch (sub) {
                case 0:
                    p = on_edge;
                    q = on_edge + k * in.d2;
                    break;
                case 1:
                    p = top;
                    q = top + k * in.d2;
                    break;
                case 2:  // from outside to the edge, at t = 1
                    p = on_edge + V{k, 0};
                    q = on_edge;
                    break;
                default:  // in through the vertex top, at t = 1/2
                    p = top + k * L;
                    q = top - k * L;
                    break;
            }
            break;
        default:  // degenerate
            switch (sub) {
                case 0: break;  // p = q = the origin, inside
                case 1: p = q = on_edge; break;
                case 2: p = q = on_edge + V{k, 0}; break;
                case 3: p = q = top; break;
                default: q = top; break;  // from the origin, inside, out through top
            }
            break;
    }
    Geo g;
    g.put(0, rotate_by(p, in.u));
    g.put(2, rotate_by(q, in.u));
    put_convex(g, 4, P, in.u);
    return g;
}

/// Uniform convex polygons: nv = 3 + raw[2] % 14 (and 3 + raw[4] % 14 for a
/// second one) lattice points of the circle of radius 65, evenly spaced from
/// a hashed start, times a hashed full-mantissa scale K in [2^(P-10),
/// 2^(P-9)), each coordinate moved by a hashed amount below K / 8 unless that
/// makes the polygon not strictly convex; the second polygon (or the disk's
/// centre) at raw[0..2) / 4, a radius |raw[5]| / 8. After the uniform
/// scaling by 2^(7-P): polygons of radius 8 .. 16 within 16 of the origin.
std::vector<V> uniform_convex_polygon(std::int64_t count_raw, std::int64_t hash_raw, int P) {
    const int nv = 3 + static_cast<int>(magnitude(count_raw) % 14);
    std::uint64_t h = static_cast<std::uint64_t>(hash_raw);
    const std::uint64_t base = std::uint64_t{1} << (P - 10);
    const auto K = static_cast<std::int64_t>(base + splitmix64(h) % base);
    const auto start = static_cast<std::int64_t>(splitmix64(h) % 36);
    std::vector<V> plain, moved;
    for (int i = 0; i < nv; ++i) {
        const V q = K * lattice65(start + (i * 36) / nv);
        plain.push_back(q);
        const auto jx =
            static_cast<std::int64_t>(splitmix64(h) % static_cast<std::uint64_t>(K / 8));
        const auto jy =
            static_cast<std::int64_t>(splitmix64(h) % static_cast<std::uint64_t>(K / 8));
        moved.push_back(q + V{jx - K / 16, jy - K / 16});
    }
    std::vector<double> flat;
    for (const V& q : moved) {
        flat.push_back(static_cast<double>(q.x));
        flat.push_back(static_cast<double>(q.y));
    }
    const ConvexFault fault = convex_fault(
        flat.data(), nv, [](double ax, double ay, double bx, double by, double cx, double cy) {
            return exact_orientation(ax, ay, bx, by, cx, cy);
        });
    return fault.vertex < 0 ? moved : plain;
}

Geo uniform_convex(Primitive p, const std::array<std::int64_t, raw_words>& raw, int P) {
    Geo g;
    if (shape_pair(p) == ShapePair::ray_convex) {
        // The ray p q within 32 of the origin, the polygon at field 4.
        g.put(0, V{raw[0] / 2, raw[1] / 2});
        g.put(2, V{raw[4] / 2, raw[5] / 2});
        put_convex(g, 4, uniform_convex_polygon(raw[2], raw[3], P), V{1, 0});
        return g;
    }
    put_convex(g, 0, uniform_convex_polygon(raw[2], raw[3], P), V{1, 0});
    const V at{raw[0] / 4, raw[1] / 4};
    if (shape_pair(p) == ShapePair::convex_convex) {
        put_convex(g, 1 + 2 * max_polygon_vertices,
                   mapped(uniform_convex_polygon(raw[4], raw[6], P), at, 1), V{1, 0});
    } else {
        g.put(1 + 2 * max_polygon_vertices, at);
        g.set(3 + 2 * max_polygon_vertices, static_cast<std::int64_t>(magnitude(raw[5]) / 8));
    }
    return g;
}

/// Lists every convex polygon of p counter-clockwise: a reflection (a
/// dihedral symmetry, a nudge never) turns one clockwise, and then its
/// vertices are read backwards, v[0] kept first.
template <class T>
void convex_ccw(Primitive p, std::array<T, max_fields>& out) {
    for (int k = 0; k < info(p).operand_count; ++k) {
        if (info(p).operands[static_cast<std::size_t>(k)] != Shape::convex) continue;
        const auto o = static_cast<std::size_t>(operand_offset(p, k));
        const int n = vertex_count_of(out[o]);
        if (n < 3 || n > max_polygon_vertices) continue;
        T* v = out.data() + o + 1;
        if (exact_orientation(v[0], v[1], v[2], v[3], v[4], v[5]) >= 0) continue;
        for (int i = 1, j = n - 1; i < j; ++i, --j) {
            std::swap(v[2 * i], v[2 * j]);
            std::swap(v[2 * i + 1], v[2 * j + 1]);
        }
    }
}

/// The invalid family's convex poison (the negative-radius slot of a
/// primitive without a radius): the polygon of the poisoned field turned
/// clockwise, a vertex repeated, or two vertices exchanged, by operand % 3.
template <class T>
void convex_poison(Primitive p, int operand, std::size_t field, std::array<T, max_fields>& out) {
    const FieldPlace f = field_place(p, static_cast<int>(field));
    const auto o = field - static_cast<std::size_t>(f.index);
    const int n = vertex_count_of(out[o]);
    if (n < 3 || n > max_polygon_vertices) return;
    T* v = out.data() + o + 1;
    switch (operand % 3) {
        case 0:
            for (int i = 1, j = n - 1; i < j; ++i, --j) {
                std::swap(v[2 * i], v[2 * j]);
                std::swap(v[2 * i + 1], v[2 * j + 1]);
            }
            break;
        case 1:
            v[2] = v[0];
            v[3] = v[1];
            break;
        default:
            std::swap(v[2], v[4]);
            std::swap(v[3], v[5]);
            break;
    }
}

template <class T>
struct Pt {
    T x, y;
};
template <class T>
Pt<T> plus(Pt<T> p, Pt<T> q) {
    const T x = p.x + q.x;
    const T y = p.y + q.y;
    return {x, y};
}
template <class T>
Pt<T> minus(Pt<T> p, Pt<T> q) {
    const T x = p.x - q.x;
    const T y = p.y - q.y;
    return {x, y};
}
template <class T>
Pt<T> times(T k, Pt<T> p) {
    const T x = k * p.x;
    const T y = k * p.y;
    return {x, y};
}
template <class T>
T dot(Pt<T> p, Pt<T> q) {
    const T a = p.x * q.x;
    const T b = p.y * q.y;
    return a + b;
}
template <class T>
T cross(Pt<T> p, Pt<T> q) {
    const T a = p.x * q.y;
    const T b = p.y * q.x;
    return a - b;
}
/// a + t (b - a), as code writes it.
template <class T>
Pt<T> lerp(Pt<T> a, Pt<T> b, T t) {
    return plus(a, times(t, minus(b, a)));
}
/// The foot of the perpendicular from q on the line ab: a + k (b - a) with
/// k = (q - a).(b - a) / |b - a|^2.
template <class T>
Pt<T> foot(Pt<T> a, Pt<T> b, Pt<T> q) {
    const Pt<T> ab = minus(b, a);
    const T k = dot(minus(q, a), ab) / dot(ab, ab);
    return plus(a, times(k, ab));
}

/// The t of a computed recipe: i / j rounded to T, j in [3, 127], i in
/// [1, j - 1] (raw[0], raw[1]; shrinking them gives 1/3).
template <class T>
T computed_t(const Recipe& r) {
    const auto j = static_cast<std::int64_t>(3 + magnitude(r.raw[1]) % 125);
    const auto i =
        static_cast<std::int64_t>(1 + magnitude(r.raw[0]) % static_cast<std::uint64_t>(j - 1));
    return static_cast<T>(i) / static_cast<T>(j);
}

/// Computed contacts: exact integer points (as in the other families, scaled
/// by 2^scale), one contact point computed from them in T, and the case
/// built on that point. Then the order, and the translation added in T.
template <class T>
std::array<T, max_fields> computed(Primitive p, const Recipe& r) {
    const Ingredients in = ingredients(r);
    const int sym = r.symmetry;
    // The dihedral symmetry is linear: applied to the directions, it is
    // applied to every point.
    const V u = dihedral(sym, in.u), w = dihedral(sym, in.w), d2 = dihedral(sym, in.d2), o{};
    const std::int64_t c = in.c, s0 = in.s0, s1 = in.s1, s2 = in.s2;
    const int e = r.scale;
    auto pt = [e](V v) {
        return Pt<T>{std::ldexp(static_cast<T>(v.x), e), std::ldexp(static_cast<T>(v.y), e)};
    };
    auto len = [e](std::int64_t k) { return std::ldexp(static_cast<T>(k), e); };
    const T t = computed_t<T>(r);
    // u / |u| rounded: the unit direction code computes from an angle or a normalization.
    const T cT = static_cast<T>(c);
    const Pt<T> unit{static_cast<T>(u.x) / cT, static_cast<T>(u.y) / cT};

    std::array<T, max_fields> out{};
    auto put = [&out](int k, Pt<T> q) {
        out[static_cast<std::size_t>(k)] = q.x;
        out[static_cast<std::size_t>(k) + 1] = q.y;
    };
    auto at = [&out](int k) {
        return Pt<T>{out[static_cast<std::size_t>(k)], out[static_cast<std::size_t>(k) + 1]};
    };
    auto swap_points = [&](int i, int j) {
        const Pt<T> q = at(i);
        put(i, at(j));
        put(j, q);
    };
    const int sub = in.sub;
    const ShapePair pair = shape_pair(p);
    switch (pair) {
        case ShapePair::point_circle: {  // px py cx cy r, the centre at the origin
            const T rad = len(s0 * c);
            if (sub == 0) {
                put(0, times(rad, unit));  // r (u / |u|)
            } else {                       // v r / |v| for any integer v
                const Pt<T> v = pt(dihedral(sym, V{s1, s2}));
                const T n = std::sqrt(dot(v, v));
                put(0, times(rad / n, v));
            }
            out[4] = rad;
            break;
        }
        case ShapePair::circle_circle: {  // c1x c1y r1 c2x c2y r2, c1 at the origin
            const T r1 = len(s0 * c);
            out[2] = r1;
            switch (sub) {
                case 0:  // external: c2 = (r1 + r2) u / |u|
                    put(3, times(len((s0 + s1) * c), unit));
                    out[5] = len(s1 * c);
                    break;
                case 1:  // internal: c2 = (r2 - r1) u / |u|
                    put(3, times(len(s1 * c), unit));
                    out[5] = len((s0 + s1) * c);
                    break;
                default:  // a point disk at a rounded point of the circle
                    put(3, times(r1, unit));
                    break;
            }
            if (r.order & 2) {
                swap_points(0, 3);
                std::swap(out[2], out[5]);
            }
            break;
        }
        case ShapePair::segment_circle: {  // ax ay bx by cx cy r
            switch (sub) {
                case 0:
                case 1: {  // the centre at the origin, q = r u / |u| on the circle
                    const T rad = len(s0 * c);
                    const Pt<T> q = times(rad, unit);
                    if (sub == 0) {  // the tangent through q
                        put(0, minus(q, pt(s1 * w)));
                        put(2, plus(q, pt(s2 * w)));
                    } else {  // a segment from q, outward (or along the tangent)
                        const V out_d2 = d2.x * u.x + d2.y * u.y < 0 ? -1 * d2 : d2;
                        put(0, q);
                        put(2, plus(q, pt(s1 * out_d2)));
                    }
                    out[6] = rad;
                    break;
                }
                case 2:  // the centre at a + t (b - a), the segment s2 |w| away, parallel
                    put(4, lerp(pt(o), pt((s0 + s1) * u), t));
                    put(0, pt(s2 * w - s1 * u));
                    put(2, pt((s0 + 2 * s1) * u + s2 * w));
                    out[6] = len(s2 * c);
                    break;
                default: {  // the radius reaches the foot of the perpendicular from the
                            // centre, at s0 / (s0 + s1) of the segment
                    const Pt<T> a = pt(o), b = pt((s0 + s1) * u), q = pt(s0 * u + s2 * w);
                    const Pt<T> f = minus(q, foot(a, b, q));
                    put(0, a);
                    put(2, b);
                    put(4, q);
                    out[6] = std::sqrt(dot(f, f));
                    break;
                }
            }
            if (r.order & 1) swap_points(0, 2);
            break;
        }
        case ShapePair::three_points:  // no computed contact (families.cpp: not applicable)
            break;
        case ShapePair::capsule_capsule: {  // a1x a1y b1x b1y r1 a2x a2y b2x b2y r2
            // The second capsule starts r1 + r2 beyond b1 along the rounded unit
            // direction (end to end), or beside the point at t of the axis.
            const T r1 = len(s1 * c), r2 = len(s2 * c);
            const Pt<T> a = pt(o), b = pt(s0 * u);
            const T rr = r1 + r2;
            const Pt<T> n{-unit.y, unit.x};
            const Pt<T> q = sub == 0 ? plus(b, times(rr, unit)) : plus(lerp(a, b, t), times(rr, n));
            put(0, a);
            put(2, b);
            out[4] = r1;
            put(5, q);
            put(7, plus(q, sub == 0 ? pt(s0 * u) : times(len(s2 * c), n)));  // away from a1b1
            out[9] = r2;
            if (r.order & 1) swap_points(0, 2);
            break;
        }
        case ShapePair::capsule_circle: {  // ax ay bx by r1 cx cy r2
            const T r1 = len(s1 * c), r2 = len(s2 * c);
            const Pt<T> a = pt(o), b = pt(s0 * u);
            const T rr = r1 + r2;
            const Pt<T> n{-unit.y, unit.x};
            put(0, a);
            put(2, b);
            out[4] = r1;
            put(5, sub == 0 ? plus(b, times(rr, unit)) : plus(lerp(a, b, t), times(rr, n)));
            out[7] = r2;
            if (r.order & 1) swap_points(0, 2);
            break;
        }
        case ShapePair::box_box:
        case ShapePair::segment_box: {
            // One edge at x1 = t L, the other shape starting at x2 = L - (1 - t) L,
            // each operation rounded in T: the same x in exact arithmetic, apart
            // or overlapping by the rounding.
            const T L = len((s0 + s1) * c);
            const T x1 = t * L;
            const T one_minus_t = T(1) - t;
            const T back = one_minus_t * L;
            const T x2 = L - back;
            const T h1 = len(s1), h2 = len(s2);
            if (pair == ShapePair::box_box) {  // edge to edge, or corner to corner
                put(0, pt(o));
                put(2, Pt<T>{x1, h1});
                put(4, Pt<T>{x2, sub == 0 ? T(0) : h1});
                put(6, Pt<T>{x2 + len(s2), h1 + h2});
                break;
            }
            const V up{u.x < 0 ? -u.x : u.x, u.y < 0 ? -u.y : u.y};
            const Pt<T> q{x2, sub == 0 ? h1 / 2 : T(0)};  // on the line of the edge x = x1
            put(0, q);
            put(2, plus(q, sub == 0 ? Pt<T>{len(s2), T(0)} : pt(s2 * up)));
            put(4, pt(o));
            put(6, Pt<T>{x1, h1});
            if (r.order & 1) swap_points(0, 2);
            break;
        }
        case ShapePair::ray_box: {  // a ray ending at a computed point of the box's top edge
            const Pt<T> lo = pt(o), hi = pt(dihedral(sym, V{s0, s1}));
            const Pt<T> q = lerp(pt(dihedral(sym, V{0, s1})), hi, t);
            put(0, plus(q, pt(dihedral(sym, V{0, s2}))));
            put(2, q);
            put(4, lo);
            put(6, hi);
            if (r.order & 1) swap_points(0, 2);
            break;
        }
        case ShapePair::segment_capsule: {  // a ray ending at a computed point of a side
            const Pt<T> q = lerp(pt(s0 * w), pt(s0 * w + s1 * u), t);
            put(0, plus(q, pt(s2 * w)));
            put(2, q);
            put(6, pt(s1 * u));
            out[8] = len(s0 * c);
            if (r.order & 1) swap_points(0, 2);
            if (r.order & 2) swap_points(4, 6);
            break;
        }
        case ShapePair::segment_segment: {  // a1x a1y b1x b1y a2x a2y b2x b2y
            switch (sub) {
                case 0: {  // a T-junction at a + t (b - a)
                    const Pt<T> a = pt(o), b = pt((s0 + s1) * u);
                    const Pt<T> q = lerp(a, b, t);
                    put(0, a);
                    put(2, b);
                    put(4, q);
                    put(6, plus(q, pt(s2 * d2)));
                    break;
                }
                case 1: {  // the rounded intersection of ab and cd, tested against ab or cd
                    const Pt<T> a = pt(o), b = pt(41 * u);
                    const Pt<T> cc = pt(s0 * u + s1 * w), d = pt(s1 * u - s2 * w);
                    const Pt<T> ab = minus(b, a), cd = minus(d, cc);
                    const T k = cross(minus(cc, a), cd) / cross(ab, cd);
                    const Pt<T> q = plus(a, times(k, ab));
                    put(0, (r.order & 4) ? cc : a);
                    put(2, (r.order & 4) ? d : b);
                    put(4, q);
                    put(6, plus(q, pt(d2)));
                    break;
                }
                default: {  // from q to its computed foot on ab, at s0 / (s0 + s1) of ab
                    const Pt<T> a = pt(o), b = pt((s0 + s1) * u), q = pt(s0 * u + s2 * w);
                    put(0, a);
                    put(2, b);
                    put(4, foot(a, b, q));
                    put(6, q);
                    break;
                }
            }
            if (r.order & 1) swap_points(0, 2);
            if (r.order & 2) swap_points(4, 6);
            break;
        }
        case ShapePair::point_polygon: {  // p at t along edge j, computed in T
            const int nv = 3 + static_cast<int>((in.s2 - 1) % 12);
            const std::vector<V> vs = star(in, nv);
            out[2] = static_cast<T>(nv);
            for (int k = 0; k < nv; ++k)
                put(3 + 2 * k, pt(dihedral(sym, vs[static_cast<std::size_t>(k)])));
            const int j = static_cast<int>(in.triple2 % nv);
            put(0, lerp(at(3 + 2 * j), at(3 + 2 * ((j + 1) % nv)), t));
            break;
        }
        case ShapePair::convex_convex:
        case ShapePair::convex_circle: {
            // The first polygon exact; a point m at t along its closing edge,
            // computed in T; then the second polygon's leftmost vertex at m
            // (its other vertices at exact offsets from m, each sum rounded),
            // or the disk's centre r beyond m along the rounded unit normal.
            const int nv = 3 + static_cast<int>((in.s2 - 1) % 14);
            const int k0 = 1 + static_cast<int>(in.triple2 % 3);
            const std::vector<V> P = convex_base(s0, nv, k0);
            const auto frame = [&](V q) { return dihedral(sym, rotate_by(q, in.u)); };
            out[0] = static_cast<T>(nv);
            for (int k = 0; k < nv; ++k) put(1 + 2 * k, pt(frame(P[static_cast<std::size_t>(k)])));
            const Pt<T> m = lerp(at(1 + 2 * (nv - 1)), at(1), t);
            constexpr int second = 1 + 2 * max_polygon_vertices;
            if (pair == ShapePair::convex_convex) {
                const int odd = nv % 2 ? nv : nv - 1;
                const std::vector<V> Q = convex_base(s0, odd, k0);
                const V left = Q[static_cast<std::size_t>(odd / 2)];
                out[second] = static_cast<T>(odd);
                for (int k = 0; k < odd; ++k)
                    put(second + 1 + 2 * k,
                        plus(m, pt(frame(Q[static_cast<std::size_t>(k)] - left))));
            } else {
                const T rad = len(s1 * c);
                put(second, plus(m, times(rad, unit)));
                out[second + 2] = rad;
            }
            break;
        }
        case ShapePair::ray_convex: {
            // The polygon exact; a point m at t along its closing edge,
            // computed in T; the ray from s1 units outside that edge to m.
            const int nv = 3 + static_cast<int>((in.s2 - 1) % 14);
            const int k0 = 1 + static_cast<int>(in.triple2 % 3);
            const std::vector<V> P = convex_base(s0, nv, k0);
            const auto frame = [&](V q) { return dihedral(sym, rotate_by(q, in.u)); };
            out[4] = static_cast<T>(nv);
            for (int k = 0; k < nv; ++k) put(5 + 2 * k, pt(frame(P[static_cast<std::size_t>(k)])));
            const Pt<T> m = lerp(at(5 + 2 * (nv - 1)), at(5), t);
            put(0, plus(m, pt(frame(V{s1, 0}))));
            put(2, m);
            if (r.order & 1) swap_points(0, 2);
            break;
        }
    }
    // The translation, added in T (exact for the integer points, rounded for
    // the computed ones).
    const Pt<T> shift = pt(dihedral(sym, V{r.offset[0], r.offset[1]}));
    const std::array<ArgRole, max_fields> role = roles(p, out);
    for (int i = 0; i + 1 < arity_of(p); ++i)
        if (role[static_cast<std::size_t>(i)] == ArgRole::x) put(i, plus(at(i), shift));
    order_boxes(p, out);
    convex_ccw(p, out);
    return out;
}

/// The extreme radius mode, after scaling (coordinates below 2^7): every
/// radius becomes threshold_radius(scale) (all equal, so that sums of radii
/// are exact: n R with n <= 2), and the operand holding the last radius (a
/// circle or a capsule) moves by m n R, m = scale mod 3, along the axis the
/// recipe's symmetry turns +x into. m = 0: the big disks contain the rest;
/// m = 1: the boundary (or the two boundaries' contact) runs through the
/// ordinary geometry, locally the line x = 0 (its curvature, about
/// 2^14 / 2^513 across it, is far below an ulp of the rest), so the answer
/// depends on the rest; m = 2: the shapes are n R apart, a miss. The move is
/// added in T: the moved shape's ordinary coordinates round into n m R (ulp
/// 2^(emax/2 - P) against 2^7), as world's translations round.
template <class T>
void threshold_radii(Primitive p, const Recipe& r, const std::array<ArgRole, max_fields>& role,
                     std::array<T, max_fields>& out) {
    const int n = arity_of(p);
    const T radius = threshold_radius<T>(r.scale);
    int radii = 0, moved = -1;
    for (int i = 0; i < n; ++i) {
        if (role[static_cast<std::size_t>(i)] != ArgRole::radius) continue;
        out[static_cast<std::size_t>(i)] = radius;
        ++radii;
        moved = field_place(p, i).operand;
    }
    const int m = (r.scale < 0 ? -r.scale : r.scale) % 3;  // drawn scales are >= 0
    if (moved < 0 || m == 0) return;
    const T distance = static_cast<T>(m * radii) * radius;  // m n <= 4: exact
    const V axis = dihedral(r.symmetry, V{1, 0});
    for (int i = 0; i + 1 < n; ++i) {
        const auto k = static_cast<std::size_t>(i);
        if (role[k] != ArgRole::x || field_place(p, i).operand != moved) continue;
        if (axis.x != 0) out[k] += static_cast<T>(axis.x) * distance;  // -1 x: exact
        if (axis.y != 0) out[k + 1] += static_cast<T>(axis.y) * distance;
    }
}

/// 10^n as an integer (n <= 18).
std::int64_t pow10(int n) {
    std::int64_t v = 1;
    for (int i = 0; i < n; ++i) v *= 10;
    return v;
}

}  // namespace

template <class T>
std::array<T, max_fields> realize(Primitive p, const Recipe& r) {
    constexpr int P = std::numeric_limits<T>::digits;
    constexpr int emax = std::numeric_limits<T>::max_exponent;        // 128 / 1024
    constexpr int denorm = std::numeric_limits<T>::min_exponent - P;  // -149 / -1074
    Family family = r.family;
    Family base = r.base;
    if (!applicable_once(p, family)) family = base = Family::uniform;
    const bool on_base = family == Family::extreme || family == Family::invalid ||
                         family == Family::decimal || family == Family::world ||
                         family == Family::rotated;
    if (!on_base) base = family;
    if (!applicable_once(p, base)) base = Family::uniform;
    if (family == Family::computed) return computed<T>(p, r);
    if (base == Family::computed) base = Family::uniform;  // a hand-made recipe

    const int n = arity_of(p);
    const std::array<ArgRole, max_fields>& table_role = role_table(p).role;

    // 1. Integer geometry.
    Geo g;
    int exponent = r.scale;
    if (base == Family::uniform && shape_pair(p) == ShapePair::point_polygon) {
        g = uniform_polygon(r.raw, P);
        exponent = 7 - P;
    } else if (base == Family::uniform && (shape_pair(p) == ShapePair::convex_convex ||
                                           shape_pair(p) == ShapePair::convex_circle ||
                                           shape_pair(p) == ShapePair::ray_convex)) {
        g = uniform_convex(p, r.raw, P);
        exponent = 7 - P;
    } else if (base == Family::uniform) {
        // raw in [-2^(P-1), 2^(P-1)] times 2^(7-P): coordinates in [-64, 64],
        // radii |raw| in [0, 64] (so that hits and misses both are common).
        for (int i = 0; i < n; ++i) {
            const auto k = static_cast<std::size_t>(i);
            const std::int64_t lim = std::int64_t{1} << (P - 1);
            const std::int64_t v = std::min(std::max(r.raw[k], -lim), lim);
            g.v[k] = table_role[k] == ArgRole::radius ? static_cast<std::int64_t>(magnitude(v)) : v;
        }
        exponent = 7 - P;
    } else {
        const Ingredients in = ingredients(r);
        const ShapePair pair = shape_pair(p);
        switch (pair) {
            case ShapePair::point_circle: g = point_circle(base, in); break;
            case ShapePair::circle_circle: g = circle_circle(base, in); break;
            case ShapePair::segment_circle: g = segment_circle(base, in); break;
            case ShapePair::segment_segment: g = segment_segment(base, in); break;
            case ShapePair::three_points: g = three_points(base, in); break;
            case ShapePair::capsule_capsule: g = capsule_capsule(base, in); break;
            case ShapePair::capsule_circle: g = capsule_circle(base, in); break;
            case ShapePair::box_box: g = box_box(base, in); break;
            case ShapePair::segment_box: g = segment_box(base, in); break;
            case ShapePair::point_polygon: g = point_polygon(base, in); break;
            case ShapePair::ray_box: g = ray_box(base, in); break;
            case ShapePair::segment_capsule: g = segment_capsule(base, in); break;
            case ShapePair::convex_convex: g = convex_convex(base, in); break;
            case ShapePair::convex_circle: g = convex_circle(base, in); break;
            case ShapePair::ray_convex: g = ray_convex(base, in); break;
        }
        // 2. Order: reverse a segment, or swap the two circles.
        switch (pair) {
            case ShapePair::circle_circle:
                if (r.order & 2) {
                    g.swap_points(0, 3);
                    std::swap(g.v[2], g.v[5]);
                }
                break;
            case ShapePair::segment_circle:
                if (r.order & 1) g.swap_points(0, 2);
                break;
            case ShapePair::segment_segment:
                if (r.order & 1) g.swap_points(0, 2);
                if (r.order & 2) g.swap_points(4, 6);
                break;
            case ShapePair::capsule_capsule:
                if (r.order & 1) g.swap_points(0, 2);
                if (r.order & 2) g.swap_points(5, 7);
                break;
            case ShapePair::capsule_circle:
            case ShapePair::segment_box:
                if (r.order & 1) g.swap_points(0, 2);
                break;
            case ShapePair::box_box:
                if (r.order & 2) {
                    g.swap_points(0, 4);
                    g.swap_points(2, 6);
                }
                break;
            case ShapePair::ray_box:
                if (r.order & 1) g.swap_points(0, 2);  // the ray reversed
                break;
            case ShapePair::segment_capsule:
                if (r.order & 1) g.swap_points(0, 2);
                if (r.order & 2) g.swap_points(4, 6);  // the axis reversed
                break;
            case ShapePair::ray_convex:
                if (r.order & 1) g.swap_points(0, 2);  // the ray reversed
                break;
            case ShapePair::convex_convex:
                if (r.order & 2)
                    for (int i = 0; i <= 2 * max_polygon_vertices; ++i)
                        std::swap(g.v[static_cast<std::size_t>(i)],
                                  g.v[static_cast<std::size_t>(i + 1 + 2 * max_polygon_vertices)]);
                break;
            case ShapePair::point_circle:
            case ShapePair::three_points:
            case ShapePair::point_polygon:
            case ShapePair::convex_circle: break;
        }
    }
    // A polygon's count is no coordinate, nor is its unused capacity.
    const std::array<ArgRole, max_fields> role = roles(p, g.v);

    // 3. Translation. Mixed extremes push it to the top of the mantissa:
    // o * 2^k with |o| 2^k in [2^(P-3), 2^(P-2)), geometry below it.
    const bool is_extreme = family == Family::extreme;
    // The radius mode needs a radius; a primitive without one is scaled as huge.
    const auto mode = applicable(p, static_cast<ExtremeMode>(r.mode))
                          ? static_cast<ExtremeMode>(r.mode)
                          : ExtremeMode::huge;
    V offset{r.offset[0], r.offset[1]};
    if (is_extreme && mode == ExtremeMode::mixed) {
        if (offset.x == 0) offset.x = 1;
        if (offset.y == 0) offset.y = 1;
        const std::int64_t lim = (std::int64_t{1} << (P - 2)) - 1;
        offset.x = std::min(std::max(offset.x, -lim), lim);
        offset.y = std::min(std::max(offset.y, -lim), lim);
        const int shift = P - 2 - bit_length(std::max(magnitude(offset.x), magnitude(offset.y)));
        offset = {offset.x * (std::int64_t{1} << shift), offset.y * (std::int64_t{1} << shift)};
    }
    // A rotated configuration is rotated about its own origin, then placed.
    const bool is_rotated = family == Family::rotated;
    if (is_rotated) offset = V{};
    for (int i = 0; i + 1 < n; ++i) {
        const auto k = static_cast<std::size_t>(i);
        if (role[k] == ArgRole::x) {
            V q = g.at(i) + offset;
            // 4. Symmetry (exact on integers).
            q = dihedral(r.symmetry, q);
            g.put(i, q);
        }
    }

    // 5. Scale: exact, because every integer is below 2^P and the exponent
    // keeps the results between denorm_min and max.
    if (is_extreme) {
        // The radius mode replaces every radius below: the rest alone sets the scale.
        std::uint64_t largest = 0;
        for (int i = 0; i < n; ++i) {
            const ArgRole ri = role[static_cast<std::size_t>(i)];
            if (ri != ArgRole::count && (mode != ExtremeMode::radius || ri != ArgRole::radius))
                largest = std::max(largest, magnitude(g.v[static_cast<std::size_t>(i)]));
        }
        switch (mode) {
            case ExtremeMode::huge: exponent = emax - bit_length(largest) - r.scale; break;
            case ExtremeMode::tiny:
                // The largest value just below 2^(emin/2), where squares leave
                // the normal range, then 2^scale lower, down to denorm_min:
                // squares from barely subnormal (precision loss) to zero.
                exponent = std::max(denorm, (std::numeric_limits<T>::min_exponent - 1) / 2 - 1 -
                                                bit_length(largest) - r.scale);
                break;
            case ExtremeMode::mixed: exponent = emax - P - r.scale; break;
            // Ordinary: the largest coordinate in [2^6, 2^7), as uniform's.
            case ExtremeMode::radius: exponent = 7 - bit_length(largest); break;
        }
    }
    std::array<T, max_fields> out{};
    const T ten_n = static_cast<T>(pow10(1 + r.mode % 18));
    for (int i = 0; i < n; ++i) {
        const auto k = static_cast<std::size_t>(i);
        if (role[k] == ArgRole::count || role[k] == ArgRole::unused)  // a count; 0
            out[k] = static_cast<T>(g.v[k]);
        else if (family == Family::decimal)  // k / 10^n, the one rounding
            out[k] = static_cast<T>(g.v[k]) / ten_n;
        else
            out[k] = std::ldexp(static_cast<T>(g.v[k]), exponent);
    }
    if (is_rotated) {
        // cos = a/c and sin = b/c rounded, then x cos - y sin, x sin + y cos
        // rounded operation by operation; then the translation, rounded.
        const Triple& q = triple_at(1 + r.mode % 16);
        const T cs = static_cast<T>(q.a) / static_cast<T>(q.c);
        const T sn = static_cast<T>(q.b) / static_cast<T>(q.c);
        const V shift = dihedral(r.symmetry, V{r.offset[0], r.offset[1]});
        const T sx = std::ldexp(static_cast<T>(shift.x), exponent);
        const T sy = std::ldexp(static_cast<T>(shift.y), exponent);
        for (int i = 0; i + 1 < n; ++i) {
            const auto k = static_cast<std::size_t>(i);
            if (role[k] != ArgRole::x) continue;
            const T x = out[k], y = out[k + 1];
            const T xc = x * cs, ys = y * sn, xs = x * sn, yc = y * cs;
            const T rx = xc - ys, ry = xs + yc;
            out[k] = rx + sx;
            out[k + 1] = ry + sy;
        }
    }
    if (family == Family::world) {
        // (k_x, k_y) 10^e, each product rounded in T, added in T.
        const T te = static_cast<T>(pow10(r.mode % 18));
        auto translation = [te](std::int64_t raw) {
            const auto k = static_cast<std::int64_t>(1000 + magnitude(raw) % 9000);
            const T kt = static_cast<T>(raw < 0 ? -k : k);
            return kt * te;
        };
        const T wx = translation(r.raw[0]), wy = translation(r.raw[1]);
        for (int i = 0; i + 1 < n; ++i) {
            const auto k = static_cast<std::size_t>(i);
            if (role[k] != ArgRole::x) continue;
            const T x = out[k] + wx;
            const T y = out[k + 1] + wy;
            out[k] = x;
            out[k + 1] = y;
        }
    }
    if (g.negative_zero_radius) {
        for (int i = 0; i < n; ++i)
            if (role[static_cast<std::size_t>(i)] == ArgRole::radius)
                out[static_cast<std::size_t>(i)] = -T(0);
    }
    if (is_extreme && mode == ExtremeMode::radius) threshold_radii(p, r, role, out);

    // Boxes in min <= max order (a symmetry or a rotation may have reversed
    // one), before the nudges; only the invalid family inverts one below.
    order_boxes(p, out);
    // Convex polygons counter-clockwise (a reflection reverses them).
    convex_ccw(p, out);

    // 6. Nudge one or two arguments by k ulps (a radius never goes below +0;
    // a box bound that would pass the other bound of its axis steps the
    // other way, so that a flat box stays valid).
    auto nudge = [&](int operand, int ulps) {
        if (ulps == 0 || n == 0) return;
        const auto k = static_cast<std::size_t>(operand_arg(p, operand));
        const FieldPlace f = field_place(p, static_cast<int>(k));
        if (f.operand >= 0 && f.shape == Shape::box) {
            const std::size_t other = f.index >= 2 ? k - 2 : k + 2;
            const T stepped = step_ulps(out[k], ulps);
            const bool crosses = f.index >= 2 ? stepped < out[other] : stepped > out[other];
            out[k] = crosses ? step_ulps(out[k], -ulps) : stepped;
            return;
        }
        out[k] = step_ulps(out[k], ulps);
        if (role[k] == ArgRole::radius && std::signbit(out[k])) out[k] = T(0);
    };
    nudge(r.operand, r.nudge);
    if (r.operand2 < n) nudge(r.operand2, r.nudge2);
    order_boxes<T>(p, out);

    // 7. Poison.
    if (family == Family::invalid && n > 0) {
        const auto k = static_cast<std::size_t>(poisoned_arg(p, r));
        const auto kind = static_cast<Poison>(r.mode % poison_count);
        const FieldPlace place = field_place(p, static_cast<int>(k));
        const bool box_field = place.operand >= 0 && place.shape == Shape::box;
        const bool convex_field = place.operand >= 0 && place.shape == Shape::convex;
        if (kind == Poison::negative_radius && convex_field && role[k] != ArgRole::radius) {
            convex_poison(p, r.operand, k, out);
        } else if (kind == Poison::negative_radius && box_field) {
            // A box with min > max on the poisoned field's axis.
            const std::size_t lo = k - static_cast<std::size_t>(place.index) +
                                   static_cast<std::size_t>(place.index % 2);
            const std::size_t hi = lo + 2;
            if (out[lo] == out[hi])
                out[lo] = step_ulps(out[hi], 1);
            else
                std::swap(out[lo], out[hi]);
        } else if (kind == Poison::negative_radius && role[k] != ArgRole::radius)
            out[k] = poison(Poison::minus_inf, out[k]);
        else if (kind == Poison::negative_radius && r.mode >= poison_count)
            out[k] = -threshold_radius<T>(r.scale);  // near -2^512 (float: -2^64)
        else
            out[k] = poison(kind, out[k]);
    }
    return out;
}

template std::array<float, max_fields> realize<float>(Primitive, const Recipe&);
template std::array<double, max_fields> realize<double>(Primitive, const Recipe&);

}  // namespace touchstone::families
