// The built-in implementations: the tutorial ports and the textbook ports
// (both precisions) and the robust core. The oracle is the truth (touchstone::exact_answer), not a
// row.
#include "touchstone/audit/registry.hpp"

#include <atomic>
#include <cstdio>
#include <memory>

#include "touchstone/robust/fp_environment.hpp"

#include "touchstone/textbook/boxes.hpp"
#include "touchstone/textbook/capsules.hpp"
#include "touchstone/textbook/convex.hpp"
#include "touchstone/textbook/orient2d.hpp"
#include "touchstone/textbook/point_in_polygon.hpp"
#include "touchstone/textbook/ray_casts.hpp"
#include "touchstone/tutorial.hpp"
#if __has_include("touchstone/robust.hpp")
#include "touchstone/robust.hpp"
#define TOUCHSTONE_HAVE_ROBUST 1
#endif

namespace touchstone::audit {
namespace {

template <class T>
constexpr Precision precision_of() {
    return sizeof(T) == sizeof(float) ? Precision::f32 : Precision::f64;
}

/// One tutorial port of P: the tutorial's functions have their own names, so
/// each is registered by hand, named by what it is (docs/tutorials.md).
template <Primitive P, class T, class F>
void add_port(std::vector<Implementation>& out, const char* name, const char* origin, F f) {
    Implementation impl;
    impl.name = name;
    impl.primitive = P;
    impl.precision = precision_of<T>();
    impl.origin = origin;
    impl.eval = evaluator<P, T>(f);
    out.push_back(std::move(impl));
}

template <class T>
void add_tutorials(std::vector<Implementation>& out) {
    using P = Primitive;
    add_port<P::segment_hits_disk, T>(
        out, "tutorial-000", "tutorial 000: segment vs circle, C++ (|d| < r)",
        [](Segment<T> s, Circle<T> c) { return tutorial::segment_hits_disk_000<T>(s, c); });
    add_port<P::segments_intersect, T>(
        out, "tutorial-001", "tutorial 001: segment vs segment, C# Unity (cross products < 0)",
        [](Segment<T> a, Segment<T> b) { return tutorial::segments_intersect_001<T>(a, b); });
    add_port<P::disks_overlap, T>(
        out, "tutorial-002-sqrt", "tutorial 002: circle vs circle, C (sqrt(a*a + b*b) <= r1 + r2)",
        [](Circle<T> a, Circle<T> b) { return tutorial::disks_overlap_002_sqrt<T>(a, b); });
    add_port<P::disks_overlap, T>(
        out, "tutorial-002-squared", "tutorial 002: circle vs circle, C (a*a + b*b <= (r1 + r2)^2)",
        [](Circle<T> a, Circle<T> b) { return tutorial::disks_overlap_002_squared<T>(a, b); });
    add_port<P::point_in_disk, T>(
        out, "tutorial-003", "tutorial 003: point in circle, ActionScript (dx^2 + dy^2 <= r^2)",
        [](Vec2<T> p, Circle<T> c) { return tutorial::point_in_disk_003<T>(p, c); });
    add_port<P::segment_hits_disk, T>(
        out, "tutorial-003", "tutorial 003: segment vs disk, ActionScript (projection, < r^2)",
        [](Segment<T> s, Circle<T> c) { return tutorial::segment_hits_disk_003<T>(s, c); });
    add_port<P::segment_meets_circle, T>(
        out, "tutorial-003",
        "tutorial 003: segment vs circumference, ActionScript (both ends inside: skip)",
        [](Segment<T> s, Circle<T> c) { return tutorial::segment_meets_circle_003<T>(s, c); });
    add_port<P::circle_intersections, T>(
        out, "tutorial-004", "tutorial 004: circle-circle points, TypeScript (law of cosines, ===)",
        [](Circle<T> a, Circle<T> b) {
            return tutorial::as_construction(tutorial::circle_intersections_004<T>(a, b));
        });
}

/// The textbook ports: each new primitive's algorithm as the classic
/// references present it, bugs kept (docs/tutorials.md, "Textbook
/// implementations"), beside the tutorial rows.
template <class T>
void add_textbooks(std::vector<Implementation>& out) {
    add_port<Primitive::orient2d, T>(
        out, "textbook-orient2d",
        "textbook: orientation determinant, O'Rourke's Area2/AreaSign (Computational Geometry in "
        "C, 1.3.3) in floating point",
        [](Vec2<T> a, Vec2<T> b, Vec2<T> c) { return textbook::orient2d<T>(a, b, c); });
    add_port<Primitive::capsules_overlap, T>(
        out, "textbook-capsules_overlap",
        "textbook: Ericson, Real-Time Collision Detection 4.5.1 TestCapsuleCapsule on 5.1.9 "
        "ClosestPtSegmentSegment (EPSILON 1e-6, parallel: s = 0)",
        [](Capsule<T> a, Capsule<T> b) { return textbook::capsules_overlap<T>(a, b); });
    add_port<Primitive::capsule_hits_disk, T>(
        out, "textbook-capsule_hits_disk",
        "textbook: Ericson, Real-Time Collision Detection 4.5.1 TestSphereCapsule on 5.1.2.1 "
        "SqDistPointSegment",
        [](Capsule<T> k, Circle<T> c) { return textbook::capsule_hits_disk<T>(k, c); });
    add_port<Primitive::boxes_overlap, T>(
        out, "textbook-boxes_overlap",
        "textbook: Ericson, Real-Time Collision Detection 4.2.1 TestAABBAABB, center-radius form",
        [](Box<T> a, Box<T> b) { return textbook::boxes_overlap<T>(a, b); });
    add_port<Primitive::segment_hits_box, T>(
        out, "textbook-segment_hits_box",
        "textbook: Ericson, Real-Time Collision Detection 5.3.3 slab test on the segment, "
        "branch-free (1/d = inf for an axis-parallel segment)",
        [](Segment<T> s, Box<T> b) { return textbook::segment_hits_box<T>(s, b); });
    add_port<Primitive::polygons_overlap, T>(
        out, "textbook-sat",
        "textbook: separating-axis test of convex polygons (Bittle, SAT, dyn4j 2010; Ericson, "
        "Real-Time Collision Detection 5.2.1): edge normals, projections, max < min",
        [](Polygon<T> a, Polygon<T> b) { return textbook::polygons_overlap<T>(a, b); });
    add_port<Primitive::polygon_hits_disk, T>(
        out, "textbook-closest-point",
        "textbook: convex polygon vs disk, Ericson, Real-Time Collision Detection 5.1.2 "
        "ClosestPtPointSegment per edge (dist2 <= r*r) and 5.4.1 half-plane test of the centre",
        [](Polygon<T> p, Circle<T> c) { return textbook::polygon_hits_disk<T>(p, c); });
    add_port<Primitive::point_in_polygon, T>(
        out, "textbook-crossing-number",
        "textbook: crossing-number point in polygon, Franklin's PNPOLY (Haines, Point in Polygon "
        "Strategies, Graphics Gems IV) in floating point",
        [](Vec2<T> p, Polygon<T> poly) { return textbook::point_in_polygon<T>(p, poly); });
    add_port<Primitive::ray_cast_disk, T>(
        out, "textbook-ray-cast-disk",
        "textbook: ray against a sphere, Ericson's IntersectRaySphere (Real-Time Collision "
        "Detection, 5.3.2) in 2D, cast along p -> q with a normalized direction",
        [](Segment<T> r, Circle<T> c) { return textbook::ray_cast_disk<T>(r, c); });
    add_port<Primitive::ray_cast_segment, T>(
        out, "textbook-ray-cast-segment",
        "textbook: parametric segment-segment intersection (P. Bourke, 1989), the ray as segment 1",
        [](Segment<T> r, Segment<T> s) { return textbook::ray_cast_segment<T>(r, s); });
    add_port<Primitive::ray_cast_box, T>(
        out, "textbook-ray-cast-box",
        "textbook: the slab test, Ericson's IntersectRayAABB (Real-Time Collision Detection, "
        "5.3.3), branch-free (1/0 = inf, no EPSILON guard), tmax = 1",
        [](Segment<T> r, Box<T> b) { return textbook::ray_cast_box<T>(r, b); });
    add_port<Primitive::ray_cast_polygon, T>(
        out, "textbook-ray-cast-polygon",
        "textbook: Cyrus-Beck clipping, Ericson's IntersectSegmentPolyhedron (Real-Time Collision "
        "Detection, 5.3.8) in 2D: edge half-planes, denom == 0 as parallel, tfirst > tlast",
        [](Segment<T> r, Polygon<T> p) { return textbook::ray_cast_polygon<T>(r, p); });
}

#ifdef TOUCHSTONE_HAVE_ROBUST
/// The robust core: every primitive, generically, by name. It promises the
/// documented empty answer on invalid input, and the judge holds it to that.
template <class T>
void add_robust(std::vector<Implementation>& out) {
    Claim claim = closed();
    claim.empty_on_invalid = true;
    for (Primitive p : all_primitives) {
        visit(p, [&](auto tag) {
            constexpr Primitive P = decltype(tag)::value;
            Implementation impl;
            impl.name = "robust";
            impl.primitive = P;
            impl.precision = precision_of<T>();
            impl.origin = "touchstone::robust";
            impl.claim = claim;
            impl.eval = evaluator<P, T>(
                [](const auto&... shapes) { return robust::call_by_name<P>(shapes...); });
            out.push_back(std::move(impl));
        });
    }
}
#endif

/// Puts impl's evaluator behind the floating-point fence (fenced), keeping
/// the bare one for timing: every implementation, built-in or registered,
/// joins the registry through here.
void fence(Implementation& impl) {
    impl.bare = impl.eval;
    impl.eval = fenced(impl.eval, impl.name + " (" + std::string(to_string(impl.primitive)) + ", " +
                                      std::string(to_string(impl.precision)) + ")");
}

std::vector<Implementation>& mutable_registry() {
    static std::vector<Implementation> impls = [] {
        std::vector<Implementation> v;
        add_tutorials<float>(v);
        add_tutorials<double>(v);
        add_textbooks<float>(v);
        add_textbooks<double>(v);
#ifdef TOUCHSTONE_HAVE_ROBUST
        add_robust<float>(v);
        add_robust<double>(v);
#endif
        for (Implementation& impl : v) fence(impl);
        return v;
    }();
    return impls;
}

}  // namespace

const std::vector<Implementation>& implementations() { return mutable_registry(); }

std::size_t register_implementation(Implementation impl) {
    fence(impl);
    auto& r = mutable_registry();
    r.push_back(std::move(impl));
    return r.size() - 1;
}

Evaluator fenced(Evaluator raw, std::string what) {
    auto reported = std::make_shared<std::atomic<bool>>(false);
    return [raw = std::move(raw), what = std::move(what), reported](const double* args) {
        // A destructor, so that an exception out of the call is fenced too.
        struct Fence {
            const std::string& what;
            std::atomic<bool>& reported;
            const robust::FloatingPointControls before = robust::FloatingPointControls::current();
            ~Fence() {
                const robust::FloatingPointControls after =
                    robust::FloatingPointControls::current();
                if (after == before) return;
                before.apply();
                if (reported.exchange(true)) return;
                const std::string left = after.problems();
                std::fprintf(stderr,
                             "touchstone: %s returned with the floating-point controls changed "
                             "(%s). touchstone puts them back after each of its calls, so that "
                             "the exact truth and every later call run in the environment they "
                             "were meant for; an engine that runs under such settings should set "
                             "them inside its adapter, in each call (reported once).\n",
                             what.c_str(),
                             left.empty() ? "exception traps or other control bits" : left.c_str());
            }
        } fence{what, *reported};
        return raw(args);
    };
}

void start_in_default_environment(const char* program) {
    const robust::FloatingPointControls now = robust::FloatingPointControls::current();
    const robust::FloatingPointControls wanted = now.with_defaults();
    if (now == wanted) return;
    std::fprintf(stderr,
                 "%s: the process started with a floating-point environment touchstone's exact "
                 "truth is not derived for (%s), set before main by a static initializer, "
                 "perhaps the code under test's; putting the default back.\n",
                 program, now.problems().c_str());
    wanted.apply();
}

Judgement judge(const Implementation& impl, const double* args, const Answer& got,
                const Answer& exact) {
    return touchstone::judge(impl.primitive, impl.precision, args, impl.claim, got, exact);
}

Answer claimed_truth(const Implementation& impl, const Answer& exact, const double* args) {
    return touchstone::claimed_truth(impl.primitive, impl.precision, impl.claim, exact, args);
}

}  // namespace touchstone::audit
