// The SVG pictures of the HTML report: counterexamples zoomed onto their
// contact point, and ulp maps around exact tangent/collinear configurations.
#include "touchstone/audit/figures.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace touchstone::audit {
namespace {

// ---------------------------------------------------------------------------
// Ulp maps.

/// An exact base configuration: args in case-file order and the two args to
/// step. Every value has few significant bits, so it is exact in float and
/// double alike; the geometry comes from the 20-21-29 triple, which keeps
/// the intermediate products of the ports inexact (an axis-aligned 3-4-5
/// case would be computed exactly and show nothing).
struct BaseConfig {
    std::array<double, 8> args;
    int arg_x, arg_y;
    const char* words;
};

BaseConfig base_config(Primitive p) {
    // Circle c1 = (1.5, -2.25) r 0.375 and c2 = c1 + (20,21)/32, r 0.53125:
    // |c2 - c1| = 29/32 = r1 + r2, externally tangent.
    // Segment a = (-1.25, 0.5) -> b = a + (20,21)/16; centre a + (20,21)/32 +
    // (-21,20)/32 at distance 29/32 = r from the segment's midpoint: tangent.
    switch (p) {
        case Primitive::point_in_disk:
            return {{2.125, -1.59375, 1.5, -2.25, 0.90625, 0, 0, 0}, 0, 1,
                    "point exactly on the circle (20-21-29 triple): step px, py"};
        case Primitive::disks_overlap:
        case Primitive::circle_intersections:
            return {{1.5, -2.25, 0.375, 2.125, -1.59375, 0.53125, 0, 0}, 3, 4,
                    "externally tangent circles (20-21-29 triple): step c2x, c2y"};
        case Primitive::segment_hits_disk:
        case Primitive::segment_meets_circle:
        case Primitive::segment_circle_points:
            return {{-1.25, 0.5, 0, 1.8125, -1.28125, 1.78125, 0.90625, 0}, 4, 5,
                    "circle tangent to the segment's midpoint (20-21-29 triple): step cx, cy"};
        case Primitive::segments_intersect:
        case Primitive::segment_intersection:
            return {{-1.25, 0.5, 0, 1.8125, -0.625, 1.15625, -1.28125, 1.78125}, 4, 5,
                    "T-junction: s2 starts on the middle of s1 (20-21-29 triple): step a2x, a2y"};
    }
    return {};
}

double step(double v, Precision prec, int k) {
    if (prec == Precision::f32) {
        float f = static_cast<float>(v);
        const float dir = k > 0 ? INFINITY : -INFINITY;
        for (int i = 0; i < std::abs(k); ++i) f = std::nextafter(f, dir);
        return f;
    }
    const double dir = k > 0 ? INFINITY : -INFINITY;
    for (int i = 0; i < std::abs(k); ++i) v = std::nextafter(v, dir);
    return v;
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

struct Shapes {
    std::vector<std::array<LD, 3>> circles;  // cx, cy, r
    std::vector<std::array<LD, 4>> segments; // ax, ay, bx, by
    std::vector<P2> points;
};

Shapes shapes_of(const Case& c) {
    Shapes s;
    const auto& a = c.args;
    auto L = [&](int i) { return static_cast<LD>(a[static_cast<std::size_t>(i)]); };
    switch (c.primitive) {
        case Primitive::point_in_disk:
            s.points.push_back({L(0), L(1)});
            s.circles.push_back({L(2), L(3), L(4)});
            break;
        case Primitive::disks_overlap:
        case Primitive::circle_intersections:
            s.circles.push_back({L(0), L(1), L(2)});
            s.circles.push_back({L(3), L(4), L(5)});
            break;
        case Primitive::segment_hits_disk:
        case Primitive::segment_meets_circle:
        case Primitive::segment_circle_points:
            s.segments.push_back({L(0), L(1), L(2), L(3)});
            s.circles.push_back({L(4), L(5), L(6)});
            break;
        case Primitive::segments_intersect:
        case Primitive::segment_intersection:
            s.segments.push_back({L(0), L(1), L(2), L(3)});
            s.segments.push_back({L(4), L(5), L(6), L(7)});
            break;
    }
    return s;
}

P2 closest_on_segment(const std::array<LD, 4>& s, P2 q) {
    const LD vx = s[2] - s[0], vy = s[3] - s[1];
    const LD vv = vx * vx + vy * vy;
    LD t = vv > 0 ? ((q.x - s[0]) * vx + (q.y - s[1]) * vy) / vv : 0;
    t = std::clamp<LD>(t, 0, 1);
    return {s[0] + t * vx, s[1] + t * vy};
}

LD dist(P2 a, P2 b) { return std::hypot(a.x - b.x, a.y - b.y); }

/// The point the picture zooms onto and the size of the gap or overlap
/// there (0 when the shapes touch exactly).
void contact(const Case& c, const Shapes& s, P2& at, LD& gap) {
    switch (c.primitive) {
        case Primitive::point_in_disk: {
            at = s.points[0];
            gap = std::fabs(dist(at, {s.circles[0][0], s.circles[0][1]}) - s.circles[0][2]);
            return;
        }
        case Primitive::disks_overlap:
        case Primitive::circle_intersections: {
            const auto& c1 = s.circles[0];
            const auto& c2 = s.circles[1];
            const LD d = dist({c1[0], c1[1]}, {c2[0], c2[1]});
            if (d == 0) {
                at = {c1[0] + c1[2], c1[1]};
                gap = std::fabs(c1[2] - c2[2]);
            } else {
                at = {c1[0] + c1[2] * (c2[0] - c1[0]) / d, c1[1] + c1[2] * (c2[1] - c1[1]) / d};
                gap = std::min(std::fabs(d - c1[2] - c2[2]), std::fabs(d - std::fabs(c1[2] - c2[2])));
            }
            return;
        }
        case Primitive::segment_hits_disk:
        case Primitive::segment_meets_circle:
        case Primitive::segment_circle_points: {
            const P2 centre{s.circles[0][0], s.circles[0][1]};
            at = closest_on_segment(s.segments[0], centre);
            const LD d = dist(at, centre), r = s.circles[0][2];
            gap = std::fabs(d - r);
            if (d < r && c.primitive != Primitive::segment_hits_disk) {
                // Look where the segment crosses the circumference instead.
                const auto& g = s.segments[0];
                const LD vx = g[2] - g[0], vy = g[3] - g[1], len = std::hypot(vx, vy);
                if (len > 0) {
                    const LD half = std::sqrt(r * r - d * d) / len;
                    const LD t0 = ((at.x - g[0]) * vx + (at.y - g[1]) * vy) / (len * len);
                    LD t = std::clamp<LD>(t0 + half, 0, 1);
                    if (t0 + half > 1) t = std::clamp<LD>(t0 - half, 0, 1);
                    at = {g[0] + t * vx, g[1] + t * vy};
                    gap = std::fabs(dist(at, centre) - r);
                }
            }
            return;
        }
        case Primitive::segments_intersect:
        case Primitive::segment_intersection: {
            const auto& s1 = s.segments[0];
            const auto& s2 = s.segments[1];
            LD best = INFINITY;
            const P2 ends[4] = {{s1[0], s1[1]}, {s1[2], s1[3]}, {s2[0], s2[1]}, {s2[2], s2[3]}};
            for (int i = 0; i < 4; ++i) {
                const P2 q = closest_on_segment(i < 2 ? s2 : s1, ends[i]);
                const LD d = dist(q, ends[i]);
                if (d < best) {
                    best = d;
                    at = {(q.x + ends[i].x) / 2, (q.y + ends[i].y) / 2};
                }
            }
            // A proper crossing: zoom onto the crossing point.
            const LD d1x = s1[2] - s1[0], d1y = s1[3] - s1[1], d2x = s2[2] - s2[0], d2y = s2[3] - s2[1];
            const LD den = d1x * d2y - d1y * d2x;
            if (den != 0) {
                const LD t = ((s2[0] - s1[0]) * d2y - (s2[1] - s1[1]) * d2x) / den;
                const LD u = ((s2[0] - s1[0]) * d1y - (s2[1] - s1[1]) * d1x) / den;
                if (t >= 0 && t <= 1 && u >= 0 && u <= 1) {
                    at = {s1[0] + t * d1x, s1[1] + t * d1y};
                    best = 0;
                }
            }
            gap = best;
            return;
        }
    }
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

std::string draw_shapes(const Shapes& s, const Panel& p, const char* stroke1, const char* stroke2) {
    std::string o;
    int k = 0;
    for (const auto& c : s.circles) {
        const char* colour = k++ == 0 ? stroke1 : stroke2;
        const LD r = c[2];
        if (r * (p.size / 2) / p.half < 0.75) {  // a point at this scale
            if (p.inside(c[0], c[1]))
                o += "<circle cx=\"" + fmt(p.X(c[0])) + "\" cy=\"" + fmt(p.Y(c[1])) + "\" r=\"2.5\" fill=\"" +
                     colour + "\"/>";
            continue;
        }
        // Sample the arc facing the window (exact enough in long double:
        // see the comment in the header of this file).
        const LD theta0 = std::atan2(p.centre.y - c[1], p.centre.x - c[0]);
        const LD span = std::min<LD>(3.14159265358979323846L, 4 * p.half / r);
        std::string pts;
        auto flush = [&] {
            if (pts.size() > 0)
                o += "<polyline fill=\"none\" stroke=\"" + std::string(colour) +
                     "\" stroke-width=\"1.5\" points=\"" + pts + "\"/>";
            pts.clear();
        };
        for (int i = -180; i <= 180; ++i) {
            const LD th = theta0 + span * i / 180;
            const LD x = c[0] + r * std::cos(th), y = c[1] + r * std::sin(th);
            if (!p.inside(x, y, 3)) {
                flush();
                continue;
            }
            pts += fmt(p.X(x)) + "," + fmt(p.Y(y)) + " ";
        }
        flush();
        if (p.inside(c[0], c[1]))
            o += "<circle cx=\"" + fmt(p.X(c[0])) + "\" cy=\"" + fmt(p.Y(c[1])) + "\" r=\"1.5\" fill=\"" + colour +
                 "\"/>";
    }
    k = 0;
    for (const auto& g : s.segments) {
        const char* colour = (k++ == 0 && s.circles.empty()) ? stroke1 : stroke2;
        // Clip the segment to 3x the window (Liang-Barsky on the box).
        LD t0 = 0, t1 = 1;
        const LD dx = g[2] - g[0], dy = g[3] - g[1];
        const LD lo_x = p.centre.x - 3 * p.half, hi_x = p.centre.x + 3 * p.half;
        const LD lo_y = p.centre.y - 3 * p.half, hi_y = p.centre.y + 3 * p.half;
        bool visible = true;
        auto clip = [&](LD num, LD den) {
            if (den == 0) {
                if (num < 0) visible = false;
                return;
            }
            const LD t = num / den;
            if (den < 0) t0 = std::max(t0, t);
            else t1 = std::min(t1, t);
        };
        clip(g[0] - lo_x, -dx);
        clip(hi_x - g[0], dx);
        clip(g[1] - lo_y, -dy);
        clip(hi_y - g[1], dy);
        if (!visible || t0 > t1) continue;
        const LD ax = g[0] + t0 * dx, ay = g[1] + t0 * dy, bx = g[0] + t1 * dx, by = g[1] + t1 * dy;
        o += "<line x1=\"" + fmt(p.X(ax)) + "\" y1=\"" + fmt(p.Y(ay)) + "\" x2=\"" + fmt(p.X(bx)) + "\" y2=\"" +
             fmt(p.Y(by)) + "\" stroke=\"" + colour + "\" stroke-width=\"1.5\"/>";
        for (int e = 0; e < 2; ++e) {
            const LD ex = e ? g[2] : g[0], ey = e ? g[3] : g[1];
            if (p.inside(ex, ey))
                o += "<circle cx=\"" + fmt(p.X(ex)) + "\" cy=\"" + fmt(p.Y(ey)) + "\" r=\"2.5\" fill=\"" +
                     colour + "\"/>";
        }
    }
    for (const P2& q : s.points)
        if (p.inside(q.x, q.y))
            o += "<circle cx=\"" + fmt(p.X(q.x)) + "\" cy=\"" + fmt(p.Y(q.y)) + "\" r=\"3\" fill=\"" + stroke1 + "\"/>";
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
        const BaseConfig base = base_config(impl.primitive);
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
        auto& truths = truth_cache[{static_cast<int>(impl.primitive), static_cast<int>(impl.precision)}];
        const bool fill = truths.empty();
        m.cells.resize(static_cast<std::size_t>(size * size));
        m.truth_hit.resize(m.cells.size());
        for (int row = 0; row < size; ++row) {
            const int jy = half - 1 - row;
            for (int col = 0; col < size; ++col) {
                const int ix = col - half;
                std::array<double, 8> a = base.args;
                a[static_cast<std::size_t>(base.arg_x)] = step(a[static_cast<std::size_t>(base.arg_x)], impl.precision, ix);
                a[static_cast<std::size_t>(base.arg_y)] = step(a[static_cast<std::size_t>(base.arg_y)], impl.precision, jy);
                const std::size_t k = static_cast<std::size_t>(row * size + col);
                if (fill) truths.push_back(oracle_answer(impl.primitive, impl.precision, a.data()));
                const Answer& truth = truths[k];
                const Answer got = impl.eval(a.data());
                // The map shows the decision (hit / kind / NaN); ulp errors of
                // points are the table's business.
                const Judgement j = judge(impl.primitive, impl.precision, got, truth, impl.ulp_tolerance);
                const bool wrong = j.wrong() && j.verdict != Verdict::ulps;
                m.truth_hit[k] = truth.hit;
                m.cells[k] = static_cast<unsigned char>(truth.hit ? (wrong ? 3 : 0) : (wrong ? 2 : 1));
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
    std::string o = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"ulpmap\" width=\"" + std::to_string(W + 60) +
                    "\" height=\"" + std::to_string(W + 40) + "\" viewBox=\"-40 -10 " + std::to_string(W + 60) + " " +
                    std::to_string(W + 40) + "\" role=\"img\"><title>" + esc(m.implementation) + " " +
                    std::string(to_string(m.primitive)) + " (" + std::string(to_string(m.precision)) +
                    ") ulp map</title>";
    o += "<g shape-rendering=\"crispEdges\">";
    for (int row = 0; row < n; ++row) {
        int col = 0;
        while (col < n) {
            const unsigned char v = m.cells[static_cast<std::size_t>(row * n + col)];
            int end = col + 1;
            while (end < n && m.cells[static_cast<std::size_t>(row * n + end)] == v) ++end;
            o += "<rect x=\"" + std::to_string(col * cell) + "\" y=\"" + std::to_string(row * cell) + "\" width=\"" +
                 std::to_string((end - col) * cell) + "\" height=\"" + std::to_string(cell) + "\" fill=\"" +
                 colour[v] + "\"/>";
            col = end;
        }
    }
    o += "</g><path fill=\"none\" stroke=\"#000\" stroke-width=\"1.2\" d=\"";
    // The true boundary: an edge between two cells whose exact answers differ.
    for (int row = 0; row < n; ++row)
        for (int col = 0; col < n; ++col) {
            const auto t = m.truth_hit[static_cast<std::size_t>(row * n + col)];
            if (col + 1 < n && m.truth_hit[static_cast<std::size_t>(row * n + col + 1)] != t)
                o += "M" + std::to_string((col + 1) * cell) + " " + std::to_string(row * cell) + "v" +
                     std::to_string(cell);
            if (row + 1 < n && m.truth_hit[static_cast<std::size_t>((row + 1) * n + col)] != t)
                o += "M" + std::to_string(col * cell) + " " + std::to_string((row + 1) * cell) + "h" +
                     std::to_string(cell);
        }
    o += "\"/>";
    o += "<rect x=\"0\" y=\"0\" width=\"" + std::to_string(W) + "\" height=\"" + std::to_string(W) +
         "\" fill=\"none\" stroke=\"#555\"/>";
    o += "<text x=\"" + std::to_string(W / 2) + "\" y=\"" + std::to_string(W + 22) +
         "\" font-size=\"11\" text-anchor=\"middle\">" + esc(arg_name(m.primitive, m.arg_x)) + " step (ulps) " +
         std::to_string(-n / 2) + " .. " + std::to_string(n / 2 - 1) + "</text>";
    o += "<text transform=\"translate(-12," + std::to_string(W / 2) +
         ") rotate(-90)\" font-size=\"11\" text-anchor=\"middle\">" + esc(arg_name(m.primitive, m.arg_y)) +
         " step (ulps)</text>";
    return o + "</svg>";
}

std::string counterexample_svg(const RowResult& row) {
    const Case& c = row.example.c;
    const Shapes s = shapes_of(c);
    P2 at{0, 0};
    LD gap = 0;
    contact(c, s, at, gap);
    // Overview: every shape in view.
    LD lo_x = INFINITY, hi_x = -INFINITY, lo_y = INFINITY, hi_y = -INFINITY;
    auto grow = [&](LD x, LD y, LD r) {
        lo_x = std::min(lo_x, x - r);
        hi_x = std::max(hi_x, x + r);
        lo_y = std::min(lo_y, y - r);
        hi_y = std::max(hi_y, y + r);
    };
    for (const auto& k : s.circles) grow(k[0], k[1], k[2]);
    for (const auto& g : s.segments) {
        grow(g[0], g[1], 0);
        grow(g[2], g[3], 0);
    }
    for (const auto& q : s.points) grow(q.x, q.y, 0);
    Panel overview{{(lo_x + hi_x) / 2, (lo_y + hi_y) / 2}, std::max(hi_x - lo_x, hi_y - lo_y) * 0.55L};
    if (!(overview.half > 0) || !std::isfinite(overview.half)) overview.half = 1;
    // Zoom: a few ulps around the contact point, or the gap if it is wider.
    const LD u = std::max(ulp_at(at.x, c.precision), ulp_at(at.y, c.precision));
    Panel zoom{at, std::max<LD>(12 * u, 1.5L * gap)};
    if (!(zoom.half > 0) || !std::isfinite(zoom.half)) zoom.half = overview.half;
    const LD zoom_ulps = zoom.half / u;

    std::string o = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"counterexample\" width=\"600\" "
                    "height=\"330\" viewBox=\"0 0 600 330\" role=\"img\"><title>" +
                    esc(row.implementation + " " + std::string(to_string(c.primitive)) + " counterexample") + "</title>";
    for (int panel = 0; panel < 2; ++panel) {
        const Panel& p = panel ? zoom : overview;
        o += "<g transform=\"translate(" + std::to_string(panel ? 310 : 10) + ",10)\">";
        o += "<clipPath id=\"clip" + std::to_string(panel) + "\"><rect width=\"280\" height=\"280\"/></clipPath>";
        o += "<rect width=\"280\" height=\"280\" fill=\"#fafafa\" stroke=\"#999\"/>";
        o += "<g clip-path=\"url(#clip" + std::to_string(panel) + ")\">" + draw_shapes(s, p, "#1565c0", "#6a1b9a");
        // The contact point.
        o += "<circle cx=\"" + fmt(p.X(at.x)) + "\" cy=\"" + fmt(p.Y(at.y)) +
             "\" r=\"5\" fill=\"none\" stroke=\"#d32f2f\" stroke-width=\"1.5\"/></g>";
        if (!panel) {
            o += "<rect x=\"" + fmt(p.X(zoom.centre.x - zoom.half)) + "\" y=\"" + fmt(p.Y(zoom.centre.y + zoom.half)) +
                 "\" width=\"" + fmt(std::max<LD>(2, zoom.half * 280 / p.half)) + "\" height=\"" +
                 fmt(std::max<LD>(2, zoom.half * 280 / p.half)) + "\" fill=\"none\" stroke=\"#d32f2f\"/>";
        }
        o += "<text x=\"4\" y=\"296\" font-size=\"11\">" +
             std::string(panel ? "zoom: " + esc(fmt(zoom_ulps * 2)) + " ulps across the contact point"
                               : "the whole configuration") +
             "</text></g>";
    }
    o += "<text x=\"10\" y=\"324\" font-size=\"12\"><tspan font-weight=\"bold\">exact:</tspan> " + esc(row.example.truth) +
         "   <tspan font-weight=\"bold\" fill=\"#d32f2f\">" + esc(row.implementation) + ":</tspan> " +
         esc(row.example.got) + " (" + to_string(row.example.verdict) + ")</text>";
    return o + "</svg>";
}

}  // namespace touchstone::audit
