// touchstone::properties — robust/oracle adapters, judgement, exact contact.
#include "touchstone/properties/answers.hpp"

#include <cmath>

#include "touchstone/families/families.hpp"
#include "touchstone/oracle/exact.hpp"
#include "touchstone/oracle/oracle.hpp"

#if __has_include(<touchstone/robust.hpp>)
#include "touchstone/robust.hpp"
#define TOUCHSTONE_HAVE_ROBUST 1
#else
#define TOUCHSTONE_HAVE_ROBUST 0
#endif

namespace touchstone::properties {

namespace orc = touchstone::oracle;

bool robust_core_available() { return TOUCHSTONE_HAVE_ROBUST != 0; }

template <class T>
bool valid_input(Primitive p, const Args<T>& a) {
    for (int i = 0; i < arity(p); ++i) {
        const T x = a[static_cast<std::size_t>(i)];
        if (!std::isfinite(x)) return false;
        if (families::is_radius_arg(p, i) && x < 0) return false;
    }
    return true;
}

template <class T>
Answer<T> invalid_input_answer(Primitive) {
    return Answer<T>{};
}

template <class T>
Answer<T> oracle_answer(Primitive p, const Args<T>& a) {
    const T* x = a.data();
    Answer<T> r;
    switch (p) {
        case Primitive::point_in_disk: r.hit = orc::point_in_disk(point_arg(x), circle_arg(x + 2)); break;
        case Primitive::disks_overlap: r.hit = orc::disks_overlap(circle_arg(x), circle_arg(x + 3)); break;
        case Primitive::segment_hits_disk:
            r.hit = orc::segment_hits_disk(segment_arg(x), circle_arg(x + 4));
            break;
        case Primitive::segment_meets_circle:
            r.hit = orc::segment_meets_circle(segment_arg(x), circle_arg(x + 4));
            break;
        case Primitive::segments_intersect:
            r.hit = orc::segments_intersect(segment_arg(x), segment_arg(x + 4));
            break;
        case Primitive::circle_intersections:
            return answer_of<T>(orc::circle_intersections(circle_arg(x), circle_arg(x + 3)));
        case Primitive::segment_circle_points:
            return answer_of<T>(orc::segment_circle_points(segment_arg(x), circle_arg(x + 4)));
        case Primitive::segment_intersection:
            return answer_of<T>(orc::segment_intersection(segment_arg(x), segment_arg(x + 4)));
    }
    return r;
}

template <class T>
Impl<T> reference_impl(Primitive p) {
    return [p](const Args<T>& a) {
        if (!valid_input(p, a)) return invalid_input_answer<T>(p);
        return oracle_answer<T>(p, a);
    };
}

template <class T>
Impl<T> robust_impl(Primitive p) {
#if TOUCHSTONE_HAVE_ROBUST
    namespace rb = touchstone::robust;
    switch (p) {
        case Primitive::point_in_disk:
            return point_disk_impl<T>([](Vec2<T> q, Circle<T> c) { return rb::point_in_disk(q, c); });
        case Primitive::disks_overlap:
            return two_circles_impl<T>([](Circle<T> c1, Circle<T> c2) { return rb::disks_overlap(c1, c2); });
        case Primitive::segment_hits_disk:
            return segment_circle_impl<T>([](Segment<T> s, Circle<T> c) { return rb::segment_hits_disk(s, c); });
        case Primitive::segment_meets_circle:
            return segment_circle_impl<T>(
                [](Segment<T> s, Circle<T> c) { return rb::segment_meets_circle(s, c); });
        case Primitive::segments_intersect:
            return two_segments_impl<T>(
                [](Segment<T> s1, Segment<T> s2) { return rb::segments_intersect(s1, s2); });
        case Primitive::circle_intersections:
            return circle_construction_impl<T>(
                [](Circle<T> c1, Circle<T> c2) { return rb::circle_intersections(c1, c2); });
        case Primitive::segment_circle_points:
            return segment_circle_construction_impl<T>(
                [](Segment<T> s, Circle<T> c) { return rb::segment_circle_points(s, c); });
        case Primitive::segment_intersection:
            return segment_construction_impl<T>(
                [](Segment<T> s1, Segment<T> s2) { return rb::segment_intersection(s1, s2); });
    }
    return {};
#else
    // Stand-in until the robust core lands.
    return reference_impl<T>(p);
#endif
}

std::string_view to_string(Verdict v) {
    switch (v) {
        case Verdict::ok: return "ok";
        case Verdict::false_hit: return "false_hit";
        case Verdict::false_miss: return "false_miss";
        case Verdict::wrong_kind: return "wrong_kind";
        case Verdict::nan: return "nan";
        case Verdict::ulps: return "ulps";
    }
    return "?";
}

std::string Judgement::text() const {
    if (verdict == Verdict::ulps) return "ulps:" + std::to_string(ulps);
    return std::string(to_string(verdict));
}

template <class T>
Judgement judge(Primitive p, const Answer<T>& got, const Answer<T>& truth, std::uint64_t ulp_bound) {
    Judgement j;
    if (is_predicate(p)) {
        if (got.hit != truth.hit) j.verdict = got.hit ? Verdict::false_hit : Verdict::false_miss;
        return j;
    }
    for (int i = 0; i < got.count && i < 2; ++i) {
        const Vec2<T> q = got.points[static_cast<std::size_t>(i)];
        if (std::isnan(q.x) || std::isnan(q.y)) {
            j.verdict = Verdict::nan;
            return j;
        }
    }
    if (got.kind != truth.kind || got.count != truth.count) {
        j.verdict = got.hit == truth.hit ? Verdict::wrong_kind
                                         : (got.hit ? Verdict::false_hit : Verdict::false_miss);
        return j;
    }
    for (int i = 0; i < truth.count && i < 2; ++i) {
        const auto k = static_cast<std::size_t>(i);
        j.ulps = std::max({j.ulps, orc::ulp_distance(got.points[k].x, truth.points[k].x),
                           orc::ulp_distance(got.points[k].y, truth.points[k].y)});
    }
    if (j.ulps > ulp_bound) j.verdict = Verdict::ulps;
    return j;
}

std::string_view to_string(Contact c) {
    switch (c) {
        case Contact::miss: return "miss";
        case Contact::hit: return "hit";
        case Contact::boundary: return "boundary";
    }
    return "?";
}

namespace {

using orc::Rational;

struct RP {
    Rational x, y;
};
template <class T>
RP rp(Vec2<T> v) {
    return {orc::to_rational(v.x), orc::to_rational(v.y)};
}
Rational d2(const RP& a, const RP& b) {
    const Rational dx = a.x - b.x, dy = a.y - b.y;
    return dx * dx + dy * dy;
}
Rational cross(const RP& o, const RP& a, const RP& b) {
    return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}
Rational dot(const RP& o, const RP& a, const RP& b) {
    return (a.x - o.x) * (b.x - o.x) + (a.y - o.y) * (b.y - o.y);
}
/// Squared distance from c to the closed segment [a, b], exactly.
Rational segment_d2(const RP& a, const RP& b, const RP& c) {
    const Rational len2 = d2(a, b);
    if (len2 == 0) return d2(a, c);
    const Rational t = dot(a, b, c);
    if (t <= 0) return d2(a, c);
    if (t >= len2) return d2(b, c);
    const Rational cr = cross(a, b, c);
    return cr * cr / len2;
}
Contact compare_d2(const Rational& dist2, const Rational& r2) {
    const int s = dist2.compare(r2);
    return s < 0 ? Contact::hit : s == 0 ? Contact::boundary : Contact::miss;
}
/// A closed segment [a, b] contains p.
bool on_segment(const RP& a, const RP& b, const RP& p) {
    if (cross(a, b, p) != 0) return false;
    return dot(p, a, b) <= 0;  // (a - p) . (b - p) <= 0
}

}  // namespace

template <class T>
Contact contact(Primitive p, const Args<T>& v) {
    const T* x = v.data();
    switch (p) {
        case Primitive::point_in_disk: {
            const Rational r = orc::to_rational(x[4]);
            return compare_d2(d2(rp(point_arg(x)), rp(point_arg(x + 2))), r * r);
        }
        case Primitive::disks_overlap:
        case Primitive::circle_intersections: {
            const Rational r1 = orc::to_rational(x[2]), r2 = orc::to_rational(x[5]);
            const Rational d = d2(rp(point_arg(x)), rp(point_arg(x + 3)));
            const Contact outer = compare_d2(d, (r1 + r2) * (r1 + r2));
            if (p == Primitive::disks_overlap || outer != Contact::hit) return outer;
            // Circumferences: inside the annulus |r1 - r2| < d < r1 + r2 they cross.
            if (d == 0 && r1 == r2) return r1 == 0 ? Contact::boundary : Contact::hit;
            const Contact inner = compare_d2(d, (r1 - r2) * (r1 - r2));
            return inner == Contact::hit ? Contact::miss
                                         : inner == Contact::boundary ? Contact::boundary : Contact::hit;
        }
        case Primitive::segment_hits_disk:
        case Primitive::segment_meets_circle:
        case Primitive::segment_circle_points: {
            const RP a = rp(point_arg(x)), b = rp(point_arg(x + 2)), c = rp(point_arg(x + 4));
            const Rational r = orc::to_rational(x[6]);
            const Rational r2 = r * r;
            const Contact near = compare_d2(segment_d2(a, b, c), r2);
            if (p == Primitive::segment_hits_disk || near != Contact::hit) return near;
            // The circumference: the farthest point of the segment is an endpoint.
            const Rational far = std::max(d2(a, c), d2(b, c));
            const int s = far.compare(r2);
            return s > 0 ? Contact::hit : s == 0 ? Contact::boundary : Contact::miss;
        }
        case Primitive::segments_intersect:
        case Primitive::segment_intersection: {
            const RP a1 = rp(point_arg(x)), b1 = rp(point_arg(x + 2));
            const RP a2 = rp(point_arg(x + 4)), b2 = rp(point_arg(x + 6));
            const int o1 = cross(a1, b1, a2).sign(), o2 = cross(a1, b1, b2).sign();
            const int o3 = cross(a2, b2, a1).sign(), o4 = cross(a2, b2, b1).sign();
            if (o1 * o2 < 0 && o3 * o4 < 0) return Contact::hit;  // proper crossing
            const bool touch = on_segment(a1, b1, a2) || on_segment(a1, b1, b2) ||
                               on_segment(a2, b2, a1) || on_segment(a2, b2, b1);
            return touch ? Contact::boundary : Contact::miss;
        }
    }
    return Contact::miss;
}

namespace {

/// Spacing of T at |v| going away from zero, exactly.
template <class T>
Rational spacing(T v) {
    const T m = std::fabs(v);
    return orc::to_rational(families::step_ulps(m, 1)) - orc::to_rational(m);
}

bool on_circle(const RP& q, const RP& c, const Rational& r, const Rational& h) {
    const Rational d = d2(q, c);
    const Rational lo = r > h ? Rational(r - h) : Rational(0);
    const Rational hi = r + h;
    return lo * lo <= d && d <= hi * hi;
}

}  // namespace

template <class T>
bool points_on_shapes(Primitive p, const Args<T>& v, const Answer<T>& ans, std::uint64_t ulp_bound) {
    if (is_predicate(p)) return true;
    const T* x = v.data();
    const Rational slack = Rational(2 * static_cast<long long>(ulp_bound) + 1) / 2;
    for (int i = 0; i < ans.count && i < 2; ++i) {
        const Vec2<T> pt = ans.points[static_cast<std::size_t>(i)];
        if (std::isnan(pt.x) || std::isnan(pt.y)) return false;
        // A coordinate rounded to +-inf: the exact point lies beyond T's
        // range (the documented IEEE behaviour); nothing finite to measure.
        if (std::isinf(pt.x) || std::isinf(pt.y)) continue;
        const RP q = rp(pt);
        const Rational h = slack * (spacing(pt.x) + spacing(pt.y));
        switch (p) {
            case Primitive::circle_intersections:
                if (!on_circle(q, rp(point_arg(x)), orc::to_rational(x[2]), h)) return false;
                if (!on_circle(q, rp(point_arg(x + 3)), orc::to_rational(x[5]), h)) return false;
                break;
            case Primitive::segment_circle_points:
                if (!on_circle(q, rp(point_arg(x + 4)), orc::to_rational(x[6]), h)) return false;
                if (segment_d2(rp(point_arg(x)), rp(point_arg(x + 2)), q) > h * h) return false;
                break;
            case Primitive::segment_intersection:
                if (segment_d2(rp(point_arg(x)), rp(point_arg(x + 2)), q) > h * h) return false;
                if (segment_d2(rp(point_arg(x + 4)), rp(point_arg(x + 6)), q) > h * h) return false;
                break;
            default: break;
        }
    }
    return true;
}

template <class T>
Survey survey(Primitive p, families::Family f, const Impl<T>& impl, long n, std::uint64_t seed,
              bool stop_at_first,
              std::function<bool(const families::Recipe&, const Args<T>&, const Judgement&)> counts,
              std::uint64_t ulp_bound) {
    Survey out;
    std::uint64_t state = seed;
    for (long i = 0; i < n; ++i) {
        const families::Recipe r = families::draw<T>(p, f, state);
        const Args<T> a = families::realize<T>(p, r);
        if (!valid_input(p, a)) continue;
        ++out.cases;
        const Judgement j = judge<T>(p, impl(a), oracle_answer<T>(p, a), ulp_bound);
        if (j.ok() || (counts && !counts(r, a, j))) continue;
        if (out.disagreements++ == 0) {
            out.first = out.cases;
            out.first_case = families::describe(r);
            out.first_verdict = j.text();
            if (stop_at_first) break;
        }
    }
    return out;
}

template Survey survey<float>(Primitive, families::Family, const Impl<float>&, long, std::uint64_t, bool,
                              std::function<bool(const families::Recipe&, const Args<float>&, const Judgement&)>,
                              std::uint64_t);
template Survey survey<double>(Primitive, families::Family, const Impl<double>&, long, std::uint64_t, bool,
                               std::function<bool(const families::Recipe&, const Args<double>&, const Judgement&)>,
                               std::uint64_t);
template bool points_on_shapes<float>(Primitive, const Args<float>&, const Answer<float>&, std::uint64_t);
template bool points_on_shapes<double>(Primitive, const Args<double>&, const Answer<double>&, std::uint64_t);
template Impl<float> reference_impl<float>(Primitive);
template Impl<double> reference_impl<double>(Primitive);
template Impl<float> robust_impl<float>(Primitive);
template Impl<double> robust_impl<double>(Primitive);
template Answer<float> oracle_answer<float>(Primitive, const Args<float>&);
template Answer<double> oracle_answer<double>(Primitive, const Args<double>&);
template Answer<float> invalid_input_answer<float>(Primitive);
template Answer<double> invalid_input_answer<double>(Primitive);
template bool valid_input<float>(Primitive, const Args<float>&);
template bool valid_input<double>(Primitive, const Args<double>&);
template Judgement judge<float>(Primitive, const Answer<float>&, const Answer<float>&, std::uint64_t);
template Judgement judge<double>(Primitive, const Answer<double>&, const Answer<double>&, std::uint64_t);
template Contact contact<float>(Primitive, const Args<float>&);
template Contact contact<double>(Primitive, const Args<double>&);

}  // namespace touchstone::properties
