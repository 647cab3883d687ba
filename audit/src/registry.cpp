// The built-in implementations: the tutorial ports (both precisions), the
// robust core and the oracle as the truth.
#include "touchstone/audit/registry.hpp"
#include "touchstone/audit/answers.hpp"

#include <cmath>
#include <algorithm>
#include <cstdio>
#include <limits>

#include "touchstone/oracle/oracle.hpp"
#include "touchstone/tutorial.hpp"
#if __has_include("touchstone/robust.hpp")
#include "touchstone/robust.hpp"
#define TOUCHSTONE_HAVE_ROBUST 1
#endif

namespace touchstone::audit {
namespace {

template <class T>
using Args = TypedArgs<T>;

Answer predicate(bool hit) { return predicate_answer(hit); }

template <class R>
Answer construction(const R& r) {
    return construction_answer(r);
}

template <class T>
Answer oracle_eval(Primitive p, const double* raw) {
    const Args<T> a(raw);
    switch (p) {
        case Primitive::point_in_disk: return predicate(oracle::point_in_disk(a.point(0), a.circle(2)));
        case Primitive::disks_overlap: return predicate(oracle::disks_overlap(a.circle(0), a.circle(3)));
        case Primitive::segment_hits_disk:
            return predicate(oracle::segment_hits_disk(a.segment(0), a.circle(4)));
        case Primitive::segment_meets_circle:
            return predicate(oracle::segment_meets_circle(a.segment(0), a.circle(4)));
        case Primitive::segments_intersect:
            return predicate(oracle::segments_intersect(a.segment(0), a.segment(4)));
        case Primitive::circle_intersections:
            return construction(oracle::circle_intersections(a.circle(0), a.circle(3)));
        case Primitive::segment_circle_points:
            return construction(oracle::segment_circle_points(a.segment(0), a.circle(4)));
        case Primitive::segment_intersection:
            return construction(oracle::segment_intersection(a.segment(0), a.segment(4)));
    }
    return {};
}

#ifdef TOUCHSTONE_HAVE_ROBUST
template <class T>
Answer robust_eval(Primitive p, const double* raw) {
    const Args<T> a(raw);
    switch (p) {
        case Primitive::point_in_disk: return predicate(robust::point_in_disk(a.point(0), a.circle(2)));
        case Primitive::disks_overlap: return predicate(robust::disks_overlap(a.circle(0), a.circle(3)));
        case Primitive::segment_hits_disk:
            return predicate(robust::segment_hits_disk(a.segment(0), a.circle(4)));
        case Primitive::segment_meets_circle:
            return predicate(robust::segment_meets_circle(a.segment(0), a.circle(4)));
        case Primitive::segments_intersect:
            return predicate(robust::segments_intersect(a.segment(0), a.segment(4)));
        case Primitive::circle_intersections:
            return construction(robust::circle_intersections(a.circle(0), a.circle(3)));
        case Primitive::segment_circle_points:
            return construction(robust::segment_circle_points(a.segment(0), a.circle(4)));
        case Primitive::segment_intersection:
            return construction(robust::segment_intersection(a.segment(0), a.segment(4)));
    }
    return {};
}
#endif

template <class T>
void add_tutorials(std::vector<Implementation>& out) {
    const Precision prec = sizeof(T) == sizeof(float) ? Precision::f32 : Precision::f64;
    auto add = [&](const char* name, Primitive p, const char* origin,
                   std::function<Answer(const double*)> f) {
        Implementation impl;
        impl.name = name;
        impl.primitive = p;
        impl.precision = prec;
        impl.origin = origin;
        impl.eval = std::move(f);
        out.push_back(std::move(impl));
    };
    add("tutorial-000", Primitive::segment_hits_disk, "000_dce494016c63ac41.txt", [](const double* r) {
        const Args<T> a(r);
        return predicate(tutorial::segment_hits_disk_000<T>(a.segment(0), a.circle(4)));
    });
    add("tutorial-001", Primitive::segments_intersect, "001_cd668a346617cbc1.txt", [](const double* r) {
        const Args<T> a(r);
        return predicate(tutorial::segments_intersect_001<T>(a.segment(0), a.segment(4)));
    });
    add("tutorial-002-sqrt", Primitive::disks_overlap, "002_04c00bd2290ba53e.txt", [](const double* r) {
        const Args<T> a(r);
        return predicate(tutorial::disks_overlap_002_sqrt<T>(a.circle(0), a.circle(3)));
    });
    add("tutorial-002-squared", Primitive::disks_overlap, "002_04c00bd2290ba53e.txt",
        [](const double* r) {
            const Args<T> a(r);
            return predicate(tutorial::disks_overlap_002_squared<T>(a.circle(0), a.circle(3)));
        });
    add("tutorial-003", Primitive::point_in_disk, "003_f72f0432ec53ec6d.txt", [](const double* r) {
        const Args<T> a(r);
        return predicate(tutorial::point_in_disk_003<T>(a.point(0), a.circle(2)));
    });
    add("tutorial-003", Primitive::segment_hits_disk, "003_f72f0432ec53ec6d.txt", [](const double* r) {
        const Args<T> a(r);
        return predicate(tutorial::segment_hits_disk_003<T>(a.segment(0), a.circle(4)));
    });
    add("tutorial-003", Primitive::segment_meets_circle, "003_f72f0432ec53ec6d.txt",
        [](const double* r) {
            const Args<T> a(r);
            return predicate(tutorial::segment_meets_circle_003<T>(a.segment(0), a.circle(4)));
        });
    add("tutorial-004", Primitive::circle_intersections, "004_31f0d6d729e308b7.txt",
        [](const double* r) {
            const Args<T> a(r);
            return construction(tutorial::as_construction(
                tutorial::circle_intersections_004<T>(a.circle(0), a.circle(3))));
        });
}

#ifdef TOUCHSTONE_HAVE_ROBUST
template <class T>
void add_robust(std::vector<Implementation>& out) {
    const Precision prec = sizeof(T) == sizeof(float) ? Precision::f32 : Precision::f64;
    for (Primitive p : all_primitives) {
        Implementation impl;
        impl.name = "robust";
        impl.primitive = p;
        impl.precision = prec;
        impl.origin = "touchstone::robust";
        impl.eval = [p](const double* r) { return robust_eval<T>(p, r); };
        out.push_back(std::move(impl));
    }
}
#endif

std::vector<Implementation>& mutable_registry() {
    static std::vector<Implementation> impls = [] {
        std::vector<Implementation> v;
        add_tutorials<float>(v);
        add_tutorials<double>(v);
#ifdef TOUCHSTONE_HAVE_ROBUST
        add_robust<float>(v);
        add_robust<double>(v);
#endif
        return v;
    }();
    return impls;
}

bool finite_answer(const Answer& a) {
    for (int i = 0; i < 2 * a.count; ++i)
        if (!std::isfinite(a.pts[static_cast<std::size_t>(i)])) return false;
    return true;
}

}  // namespace

const char* to_string(Verdict v) {
    switch (v) {
        case Verdict::ok: return "ok";
        case Verdict::false_hit: return "false_hit";
        case Verdict::false_miss: return "false_miss";
        case Verdict::wrong_kind: return "wrong_kind";
        case Verdict::nan: return "nan";
        case Verdict::ulps: return "ulps";
        case Verdict::invalid_input: return "invalid_input";
    }
    return "?";
}

const std::vector<Implementation>& implementations() { return mutable_registry(); }

std::size_t register_implementation(Implementation impl) {
    auto& r = mutable_registry();
    r.push_back(std::move(impl));
    return r.size() - 1;
}

Answer oracle_answer(Primitive p, Precision prec, const double* args) {
    try {
        return prec == Precision::f32 ? oracle_eval<float>(p, args) : oracle_eval<double>(p, args);
    } catch (const oracle::InvalidInput& e) {
        Answer a;
        a.valid = false;
        a.error = e.what();
        return a;
    }
}

Judgement judge(Primitive p, Precision prec, const Answer& got, const Answer& truth,
                std::uint64_t ulp_tolerance) {
    Judgement j;
    if (!truth.valid) {
        j.verdict = Verdict::invalid_input;
        return j;
    }
    if (is_predicate(p)) {
        if (got.hit != truth.hit) j.verdict = got.hit ? Verdict::false_hit : Verdict::false_miss;
        return j;
    }
    if (got.kind != truth.kind || got.count != truth.count) {
        // A NaN point where the truth has a point of the same count is a NaN,
        // not a wrong classification.
        j.verdict = Verdict::wrong_kind;
        return j;
    }
    if (!finite_answer(got) && finite_answer(truth)) {
        j.verdict = Verdict::nan;
        return j;
    }
    for (int i = 0; i < 2 * got.count; ++i) {
        const auto k = static_cast<std::size_t>(i);
        const std::uint64_t d =
            prec == Precision::f32
                ? oracle::ulp_distance(static_cast<float>(got.pts[k]), static_cast<float>(truth.pts[k]))
                : oracle::ulp_distance(got.pts[k], truth.pts[k]);
        if (d > j.ulps) j.ulps = d;
    }
    if (j.ulps > ulp_tolerance) j.verdict = Verdict::ulps;
    return j;
}

double Tolerance::band(Primitive p, Precision prec, const double* args) const {
    double scale = 0;
    for (int i = 0; i < arity(p); ++i)
        if (std::isfinite(args[i])) scale = std::max(scale, std::fabs(args[i]));
    double ulp = 0;
    if (prec == Precision::f32) {
        const float s = static_cast<float>(scale);
        ulp = static_cast<double>(std::nextafter(s, INFINITY)) - s;
    } else {
        ulp = std::nextafter(scale, INFINITY) - scale;
    }
    double b = absolute;
    b = std::max(b, static_cast<double>(ulps) * ulp);
    b = std::max(b, relative * scale);
    return std::isfinite(b) ? b : std::numeric_limits<double>::max();
}

std::string Tolerance::describe() const {
    if (!any()) return "none";
    std::string out;
    auto add = [&](const std::string& s) { out += (out.empty() ? "" : " or ") + s; };
    char buf[64];
    if (ulps) add(std::to_string(ulps) + " ulps");
    if (relative > 0) {
        std::snprintf(buf, sizeof buf, "%g relative", relative);
        add(buf);
    }
    if (absolute > 0) {
        std::snprintf(buf, sizeof buf, "%g absolute", absolute);
        add(buf);
    }
    return out;
}

Answer claimed_truth(const Implementation& impl, const Answer& closed_truth, const double* args) {
    if (impl.boundary == Boundary::closed || !closed_truth.valid || !is_predicate(impl.primitive) ||
        !closed_truth.hit)
        return closed_truth;
    Answer t = closed_truth;
    // Exactly on the boundary <=> the exact separation is 0 (the double
    // overload is exact for float values too).
    const bool touching = oracle::within_band(impl.primitive, args, 0.0);
    if (touching) t.hit = false;
    return t;
}

Graded grade(const Implementation& impl, const Answer& got, const Answer& closed_truth, const double* args) {
    Graded g;
    const Answer truth = claimed_truth(impl, closed_truth, args);
    g.judgement = judge(impl.primitive, impl.precision, got, truth, impl.ulp_tolerance);
    if (g.judgement.wrong() && impl.tolerance.any()) {
        const double band = impl.tolerance.band(impl.primitive, impl.precision, args);
        g.tolerated = oracle::within_band(impl.primitive, args, band);
    }
    return g;
}

std::string answer_json(Primitive p, const Answer& a) {
    if (!a.valid) return "{\"invalid_input\":" + json_string(a.error) + "}";
    if (is_predicate(p)) return a.hit ? "true" : "false";
    std::string kind;
    if (p == Primitive::circle_intersections) kind = std::string(to_string(static_cast<CircleKind>(a.kind)));
    else if (p == Primitive::segment_intersection) kind = std::string(to_string(static_cast<SegmentKind>(a.kind)));
    else kind = std::to_string(a.count) + (a.count == 1 ? " point" : " points");
    std::string out = "{\"kind\":" + json_string(kind) + ",\"points\":[";
    for (int i = 0; i < a.count; ++i) {
        if (i) out += ',';
        out += "[" + json_string(hex(a.pts[static_cast<std::size_t>(2 * i)])) + "," +
               json_string(hex(a.pts[static_cast<std::size_t>(2 * i + 1)])) + "]";
    }
    return out + "]}";
}

}  // namespace touchstone::audit
