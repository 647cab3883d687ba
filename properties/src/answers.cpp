// touchstone::properties — robust/oracle adapters, the judge, exact contact.
#include "touchstone/properties/answers.hpp"

#include <algorithm>
#include <cmath>

#include "touchstone/bits.hpp"
#include "touchstone/families/families.hpp"
#include "touchstone/oracle/exact.hpp"
#include "touchstone/oracle/exact_geometry.hpp"
#include "touchstone/oracle/oracle.hpp"
#include "touchstone/validate.hpp"

#if __has_include(<touchstone/robust.hpp>)
#include "touchstone/robust.hpp"
#define TOUCHSTONE_HAVE_ROBUST 1
#else
#define TOUCHSTONE_HAVE_ROBUST 0
#endif

namespace touchstone::properties {

namespace orc = touchstone::oracle;

namespace {

/// The case's arguments held exactly in doubles, as the judge takes them.
template <class T>
std::array<double, max_fields> widen(const Args<T>& a) {
    std::array<double, max_fields> d{};
    for (std::size_t i = 0; i < d.size(); ++i) d[i] = static_cast<double>(a[i]);
    return d;
}

}  // namespace

bool robust_core_available() { return TOUCHSTONE_HAVE_ROBUST != 0; }

template <class T>
Answer<T> oracle_answer(Primitive p, const Args<T>& a) {
    return visit(p, [&a](auto tag) {
        constexpr Primitive P = decltype(tag)::value;
        return answer_of<T>(
            invoke<P>(a.data(), [](const auto&... s) { return orc::call_by_name<P>(s...); }));
    });
}

template <class T>
Impl<T> reference_impl(Primitive p) {
    return [p](const Args<T>& a) {
        // The documented empty answer (touchstone::empty_answer): predicates
        // false, constructions kind none with no points.
        if (!touchstone::valid_input(p, a.data())) return Answer<T>{};
        return oracle_answer<T>(p, a);
    };
}

template <class T>
Impl<T> robust_impl(Primitive p) {
#if TOUCHSTONE_HAVE_ROBUST
    return visit(p, [](auto tag) {
        constexpr Primitive P = decltype(tag)::value;
        return impl_of<P, T>([](const auto&... s) { return robust::call_by_name<P>(s...); });
    });
#else
    // Stand-in until the robust core lands.
    return reference_impl<T>(p);
#endif
}

template <class T>
Judgement judge(Primitive p, const Args<T>& a, const Answer<T>& got, const Claim& claim) {
    const auto d = widen(a);
    const touchstone::Answer exact = touchstone::exact_answer(p, precision_of<T>(), d.data());
    return touchstone::judge(p, precision_of<T>(), d.data(), claim, to_answer(p, got), exact);
}

std::string_view to_string(Contact c) {
    switch (c) {
        case Contact::miss: return "miss";
        case Contact::hit: return "hit";
        case Contact::boundary: return "boundary";
    }
    return "?";
}

template <class T>
Contact contact(Primitive p, const Args<T>& a) {
    const auto d = widen(a);
    const touchstone::Answer exact = touchstone::exact_answer(p, precision_of<T>(), d.data());
    // Coincident circles lie on each other's circumference everywhere: the
    // separation |r1 - r2| - |c1 - c2| is 0, yet they are the clearest hit.
    const bool coincident = info(p).answer == AnswerForm::circle_points &&
                            exact.kind == static_cast<int>(CircleKind::coincident);
    if (!coincident && orc::within_band(p, d.data(), 0.0)) return Contact::boundary;
    return exact.hit ? Contact::hit : Contact::miss;
}

namespace {

using orc::Rational;
using orc::RationalPoint;

/// Spacing of T at |v| going away from zero, exactly.
template <class T>
Rational spacing(T v) {
    const T m = std::fabs(v);
    return orc::to_rational(step_ulps(m, 1)) - orc::to_rational(m);
}

/// Whether a squared distance d is within h of r: (max(r - h, 0))^2 <= d <= (r + h)^2.
bool within_band(const Rational& d, const Rational& r, const Rational& h) {
    const Rational lo = r > h ? Rational(r - h) : Rational(0);
    const Rational hi = r + h;
    return lo * lo <= d && d <= hi * hi;
}

bool on_circle(const RationalPoint& q, const RationalPoint& c, const Rational& r,
               const Rational& h) {
    return within_band(orc::distance2(q, c), r, h);
}

/// Whether q lies within h of operand `shape` (its fields at `x`): on the
/// circumference of a circle, on a closed segment, at a point, on the
/// boundary of a capsule, of a box or of a polygon.
template <class T>
bool near_operand(Shape shape, const T* x, const RationalPoint& q, const Rational& h) {
    const RationalPoint a = orc::to_rational(Vec2<T>{x[0], x[1]});
    switch (shape) {
        case Shape::circle: return on_circle(q, a, orc::to_rational(x[2]), h);
        case Shape::segment:
            return orc::segment_distance2(a, orc::to_rational(Vec2<T>{x[2], x[3]}), q) <= h * h;
        case Shape::point: return orc::distance2(a, q) <= h * h;
        case Shape::capsule:
            return within_band(orc::segment_distance2(a, orc::to_rational(Vec2<T>{x[2], x[3]}), q),
                               orc::to_rational(x[4]), h);
        case Shape::box: {
            const RationalPoint b = orc::to_rational(Vec2<T>{x[2], x[3]});
            const RationalPoint c01{a.x, b.y};
            const RationalPoint c10{b.x, a.y};
            const Rational h2 = h * h;
            return orc::segment_distance2(a, c10, q) <= h2 ||
                   orc::segment_distance2(c10, b, q) <= h2 ||
                   orc::segment_distance2(b, c01, q) <= h2 ||
                   orc::segment_distance2(c01, a, q) <= h2;
        }
        case Shape::polygon:
        case Shape::convex: {  // on an edge (x: the count, then the vertices)
            const int n = std::min(vertex_count_of(x[0]), max_polygon_vertices);
            const Rational h2 = h * h;
            for (int k = 0; k < n; ++k) {
                const int j = k + 1 == n ? 0 : k + 1;
                const RationalPoint u = orc::to_rational(Vec2<T>{x[1 + 2 * k], x[2 + 2 * k]});
                const RationalPoint w = orc::to_rational(Vec2<T>{x[1 + 2 * j], x[2 + 2 * j]});
                if (orc::segment_distance2(u, w, q) <= h2) return true;
            }
            return false;
        }
    }
    return false;
}

}  // namespace

template <class T>
bool points_on_shapes(Primitive p, const Args<T>& v, const Answer<T>& ans,
                      std::uint64_t ulp_bound) {
    if (is_predicate(p)) return true;
    const Rational slack = Rational(2 * static_cast<long long>(ulp_bound) + 1) / 2;
    for (int i = 0; i < ans.count && i < 2; ++i) {
        const Vec2<T> pt = ans.points[static_cast<std::size_t>(i)];
        if (std::isnan(pt.x) || std::isnan(pt.y)) return false;
        // A coordinate rounded to +-inf: the exact point lies beyond T's
        // range (the documented IEEE behaviour); nothing finite to measure.
        if (std::isinf(pt.x) || std::isinf(pt.y)) continue;
        const RationalPoint q = orc::to_rational(pt);
        const Rational h = slack * (spacing(pt.x) + spacing(pt.y));
        for (int k = 0; k < info(p).operand_count; ++k) {
            const Shape shape = info(p).operands[static_cast<std::size_t>(k)];
            if (!near_operand(shape, v.data() + operand_offset(p, k), q, h)) return false;
        }
    }
    return true;
}

template <class T>
Survey survey(Primitive p, families::Family f, const Impl<T>& impl, long n, std::uint64_t seed,
              bool stop_at_first,
              std::function<bool(const families::Recipe&, const Args<T>&, const Judgement&)> counts,
              const Claim& claim) {
    Survey out;
    std::uint64_t state = seed;
    for (long i = 0; i < n; ++i) {
        const families::Recipe r = families::draw<T>(p, f, state);
        const Args<T> a = families::realize<T>(p, r);
        if (!touchstone::valid_input(p, a.data())) continue;
        ++out.cases;
        const Judgement j = judge<T>(p, a, impl(a), claim);
        if (!j.wrong() || (counts && !counts(r, a, j))) continue;
        if (out.disagreements++ == 0) {
            out.first = out.cases;
            out.first_case = families::describe(r);
            out.first_verdict = j.text();
            if (stop_at_first) break;
        }
    }
    return out;
}

template Survey survey<float>(
    Primitive, families::Family, const Impl<float>&, long, std::uint64_t, bool,
    std::function<bool(const families::Recipe&, const Args<float>&, const Judgement&)>,
    const Claim&);
template Survey survey<double>(
    Primitive, families::Family, const Impl<double>&, long, std::uint64_t, bool,
    std::function<bool(const families::Recipe&, const Args<double>&, const Judgement&)>,
    const Claim&);
template bool points_on_shapes<float>(Primitive, const Args<float>&, const Answer<float>&,
                                      std::uint64_t);
template bool points_on_shapes<double>(Primitive, const Args<double>&, const Answer<double>&,
                                       std::uint64_t);
template Impl<float> reference_impl<float>(Primitive);
template Impl<double> reference_impl<double>(Primitive);
template Impl<float> robust_impl<float>(Primitive);
template Impl<double> robust_impl<double>(Primitive);
template Answer<float> oracle_answer<float>(Primitive, const Args<float>&);
template Answer<double> oracle_answer<double>(Primitive, const Args<double>&);
template Judgement judge<float>(Primitive, const Args<float>&, const Answer<float>&, const Claim&);
template Judgement judge<double>(Primitive, const Args<double>&, const Answer<double>&,
                                 const Claim&);
template Contact contact<float>(Primitive, const Args<float>&);
template Contact contact<double>(Primitive, const Args<double>&);

}  // namespace touchstone::properties
