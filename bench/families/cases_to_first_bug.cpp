// How many cases does it take to find each tutorial bug class: plain uniform
// generation (the control, up to 10^6 cases) against the edge family aimed at
// the class (families::draw, the same SplitMix64 seeds on every machine), and
// against the families issue 13 added: the extreme row of the class's own
// mode (extreme_overflow / extreme_underflow) and the constructed families.
// A benchmark, not a test: it reports counters and never fails.
//
//   uniform_first  1-based index of the first uniform case of the class, or
//                  0 when none was found in uniform_cases
//   edge_first     the same for the edge family (0: none in edge_cases)
//   mode_first     extreme classes: the same for the extreme row of the
//                  class's mode (0: none, or not an extreme class)
//   computed_first, decimal_first, world_first, rotated_first
//                  the same for each constructed family
//   new_first      the fewest of mode_first and the constructed families'
//                  (0: none of them found it)
//
// Run: build/bench/families/touchstone_bench_families --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>

#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "touchstone/families/families.hpp"
#include "touchstone/properties/answers.hpp"
#include "touchstone/tutorial.hpp"

namespace {

using namespace touchstone;
using namespace touchstone::properties;
using families::Family;
namespace tu = touchstone::tutorial;

constexpr long kUniformCases = 1000000;
constexpr long kEdgeCases = 100000;
constexpr std::uint64_t kSeed = 0x70c4570e;

/// A disagreement, described well enough to sort it into a bug class.
template <class T>
struct Finding {
    const families::Recipe& recipe;
    const Args<T>& args;
    const Judgement& judgement;
    Primitive primitive;
};

template <class T>
bool wrong_predicate(const Finding<T>& f) {
    return f.judgement.verdict == Verdict::false_hit || f.judgement.verdict == Verdict::false_miss;
}
template <class T>
T largest(const Finding<T>& f) {
    T m = 0;
    for (int i = 0; i < arity(f.primitive); ++i)
        m = std::max(m, std::fabs(f.args[static_cast<std::size_t>(i)]));
    return m;
}

// Bug classes as predicates on a disagreement: what a case *is*, read from
// its arguments and the exact truth, whichever family produced it.
template <class T>
using ClassOf = std::function<bool(const Finding<T>&)>;

template <class T>
ClassOf<T> boundary_missed() {
    return [](const Finding<T>& f) {
        return f.judgement.verdict == Verdict::false_miss &&
               contact<T>(f.primitive, f.args) == Contact::boundary;
    };
}
template <class T>
ClassOf<T> misjudged_off_boundary() {
    return [](const Finding<T>& f) {
        return wrong_predicate(f) && contact<T>(f.primitive, f.args) != Contact::boundary &&
               largest(f) < std::sqrt(std::numeric_limits<T>::max()) &&
               largest(f) > std::sqrt(std::numeric_limits<T>::min());
    };
}
template <class T>
ClassOf<T> zero_length_missed() {
    return [](const Finding<T>& f) {
        const auto& a = f.args;
        const bool zero = a[0] == a[2] && a[1] == a[3];
        const bool zero2 =
            f.primitive == Primitive::segments_intersect && a[4] == a[6] && a[5] == a[7];
        return f.judgement.verdict == Verdict::false_miss && (zero || zero2);
    };
}
template <class T>
ClassOf<T> overflow() {
    return
        [](const Finding<T>& f) { return largest(f) > std::sqrt(std::numeric_limits<T>::max()); };
}
template <class T>
ClassOf<T> underflow() {
    return
        [](const Finding<T>& f) { return largest(f) < std::sqrt(std::numeric_limits<T>::min()); };
}
template <class T>
ClassOf<T> nan_points() {
    return [](const Finding<T>& f) { return f.judgement.verdict == Verdict::nan; };
}

template <class T>
ClassOf<T> false_hit_off_boundary() {
    return [](const Finding<T>& f) {
        return f.judgement.verdict == Verdict::false_hit && misjudged_off_boundary<T>()(f);
    };
}

/// Draws one recipe from a SplitMix64 state.
using Drawer = std::function<families::Recipe(std::uint64_t&)>;

/// The first case drawn (from kSeed) whose disagreement with the oracle is
/// of the class; 0 if none in n.
template <class T>
long first_case(Primitive p, const Drawer& next, const Impl<T>& impl, const ClassOf<T>& is_class,
                long n, std::uint64_t ulp_bound) {
    std::uint64_t state = kSeed;
    long valid = 0;
    for (long i = 0; i < n; ++i) {
        const families::Recipe r = next(state);
        const Args<T> a = families::realize<T>(p, r);
        if (!touchstone::valid_input(p, a.data())) continue;
        ++valid;
        const Judgement j = judge<T>(p, a, impl(a), closed_within_point_ulps(ulp_bound));
        if (j.wrong() && is_class(Finding<T>{r, a, j, p})) return valid;
    }
    return 0;
}

template <class T>
Drawer family_drawer(Primitive p, Family f) {
    return [p, f](std::uint64_t& s) { return families::draw<T>(p, f, s); };
}

/// The extreme mode a class of the extreme family is about.
enum class Mode { none, overflow, underflow };

template <class T>
void cases_to_first(benchmark::State& state, Primitive p, Impl<T> impl, Family edge,
                    ClassOf<T> is_class, std::uint64_t ulp_bound = 0, Mode mode = Mode::none) {
    long uniform = 0, edged = 0, moded = 0;
    std::map<Family, long> constructed;
    for (auto _ : state) {
        uniform = first_case<T>(p, family_drawer<T>(p, Family::uniform), impl, is_class,
                                kUniformCases, ulp_bound);
        edged = first_case<T>(p, family_drawer<T>(p, edge), impl, is_class, kEdgeCases, ulp_bound);
        if (mode != Mode::none) {
            const families::ExtremeMode m =
                mode == Mode::overflow ? families::ExtremeMode::huge : families::ExtremeMode::tiny;
            moded = first_case<T>(
                p, [p, m](std::uint64_t& s) { return families::draw_extreme<T>(p, m, s); }, impl,
                is_class, kEdgeCases, ulp_bound);
        }
        for (Family f : families::all_families)
            if (families::constructed(f))
                constructed[f] =
                    first_case<T>(p, family_drawer<T>(p, f), impl, is_class, kEdgeCases, ulp_bound);
    }
    long best = moded;
    for (const auto& [f, n] : constructed) {
        state.counters[std::string(families::to_string(f)) + "_first"] = static_cast<double>(n);
        if (n > 0 && (best == 0 || n < best)) best = n;
    }
    state.counters["uniform_first"] = static_cast<double>(uniform);
    state.counters["uniform_cases"] = static_cast<double>(kUniformCases);
    state.counters["edge_first"] = static_cast<double>(edged);
    state.counters["mode_first"] = static_cast<double>(moded);
    state.counters["new_first"] = static_cast<double>(best);
    state.SetLabel(std::string("edge family ") + std::string(families::to_string(edge)) +
                   (uniform == 0 ? "; uniform: none in 1e6" : ""));
}

Impl<float> p000() {
    return impl_of<Primitive::segment_hits_disk, float>(
        [](Segment<float> s, Circle<float> c) { return tu::segment_hits_disk_000(s, c); });
}
Impl<double> p003s() {
    return impl_of<Primitive::segment_hits_disk, double>(
        [](Segment<double> s, Circle<double> c) { return tu::segment_hits_disk_003(s, c); });
}
Impl<double> p003c() {
    return impl_of<Primitive::segment_meets_circle, double>(
        [](Segment<double> s, Circle<double> c) { return tu::segment_meets_circle_003(s, c); });
}
Impl<double> p003p() {
    return impl_of<Primitive::point_in_disk, double>(
        [](Vec2<double> q, Circle<double> c) { return tu::point_in_disk_003(q, c); });
}
Impl<float> p001() {
    return impl_of<Primitive::segments_intersect, float>(
        [](Segment<float> a, Segment<float> b) { return tu::segments_intersect_001(a, b); });
}
Impl<float> p002s() {
    return impl_of<Primitive::disks_overlap, float>(
        [](Circle<float> a, Circle<float> b) { return tu::disks_overlap_002_sqrt(a, b); });
}
Impl<float> p002q() {
    return impl_of<Primitive::disks_overlap, float>(
        [](Circle<float> a, Circle<float> b) { return tu::disks_overlap_002_squared(a, b); });
}
Impl<double> p004() {
    return impl_of<Primitive::circle_intersections, double>([](Circle<double> a, Circle<double> b) {
        return tu::as_construction(tu::circle_intersections_004(a, b));
    });
}

constexpr std::uint64_t kAnyUlps = std::numeric_limits<std::uint64_t>::max();

void register_all() {
    using P = Primitive;
    auto add = [](const std::string& name, auto fn) {
        benchmark::RegisterBenchmark(name.c_str(), fn)
            ->Iterations(1)
            ->Unit(benchmark::kMillisecond);
    };
    // 000 segment_hits_disk<float>
    add("000/exact_tangency_missed", [](benchmark::State& s) {
        cases_to_first<float>(s, P::segment_hits_disk, p000(), Family::tangent,
                              boundary_missed<float>());
    });
    add("000/near_tangency_misjudged", [](benchmark::State& s) {
        cases_to_first<float>(s, P::segment_hits_disk, p000(), Family::near_tangent,
                              misjudged_off_boundary<float>());
    });
    add("000/endpoint_on_circle_missed", [](benchmark::State& s) {
        cases_to_first<float>(s, P::segment_hits_disk, p000(), Family::endpoint,
                              boundary_missed<float>());
    });
    add("000/zero_length_nan_miss", [](benchmark::State& s) {
        cases_to_first<float>(s, P::segment_hits_disk, p000(), Family::degenerate,
                              zero_length_missed<float>());
    });
    add("000/squares_overflow", [](benchmark::State& s) {
        cases_to_first<float>(s, P::segment_hits_disk, p000(), Family::extreme, overflow<float>(),
                              0, Mode::overflow);
    });
    add("000/squares_underflow", [](benchmark::State& s) {
        cases_to_first<float>(s, P::segment_hits_disk, p000(), Family::extreme, underflow<float>(),
                              0, Mode::underflow);
    });
    // 001 segments_intersect<float>
    add("001/endpoint_contact_missed", [](benchmark::State& s) {
        cases_to_first<float>(s, P::segments_intersect, p001(), Family::endpoint,
                              boundary_missed<float>());
    });
    add("001/collinear_overlap_missed", [](benchmark::State& s) {
        cases_to_first<float>(s, P::segments_intersect, p001(), Family::collinear,
                              boundary_missed<float>());
    });
    add("001/near_collinear_misjudged", [](benchmark::State& s) {
        cases_to_first<float>(s, P::segments_intersect, p001(), Family::near_collinear,
                              misjudged_off_boundary<float>());
    });
    add("001/near_collinear_false_hit", [](benchmark::State& s) {
        cases_to_first<float>(s, P::segments_intersect, p001(), Family::near_collinear,
                              false_hit_off_boundary<float>());
    });
    add("001/zero_length_missed", [](benchmark::State& s) {
        cases_to_first<float>(s, P::segments_intersect, p001(), Family::degenerate,
                              zero_length_missed<float>());
    });
    add("001/products_overflow", [](benchmark::State& s) {
        cases_to_first<float>(s, P::segments_intersect, p001(), Family::extreme, overflow<float>(),
                              0, Mode::overflow);
    });
    add("001/products_underflow", [](benchmark::State& s) {
        cases_to_first<float>(s, P::segments_intersect, p001(), Family::extreme, underflow<float>(),
                              0, Mode::underflow);
    });
    // 002 disks_overlap<float>, sqrt and squared
    add("002sqrt/near_tangency_misjudged", [](benchmark::State& s) {
        cases_to_first<float>(s, P::disks_overlap, p002s(), Family::near_tangent,
                              misjudged_off_boundary<float>());
    });
    add("002sqrt/squares_overflow", [](benchmark::State& s) {
        cases_to_first<float>(s, P::disks_overlap, p002s(), Family::extreme, overflow<float>(), 0,
                              Mode::overflow);
    });
    add("002sqrt/squares_underflow", [](benchmark::State& s) {
        cases_to_first<float>(s, P::disks_overlap, p002s(), Family::extreme, underflow<float>(), 0,
                              Mode::underflow);
    });
    add("002squared/near_tangency_misjudged", [](benchmark::State& s) {
        cases_to_first<float>(s, P::disks_overlap, p002q(), Family::near_tangent,
                              misjudged_off_boundary<float>());
    });
    add("002squared/squares_overflow", [](benchmark::State& s) {
        cases_to_first<float>(s, P::disks_overlap, p002q(), Family::extreme, overflow<float>(), 0,
                              Mode::overflow);
    });
    add("002squared/squares_underflow", [](benchmark::State& s) {
        cases_to_first<float>(s, P::disks_overlap, p002q(), Family::extreme, underflow<float>(), 0,
                              Mode::underflow);
    });
    // 003 point_in_disk / segment_hits_disk / segment_meets_circle <double>
    add("003pid/near_tangency_misjudged", [](benchmark::State& s) {
        cases_to_first<double>(s, P::point_in_disk, p003p(), Family::near_tangent,
                               misjudged_off_boundary<double>());
    });
    add("003pid/squares_overflow", [](benchmark::State& s) {
        cases_to_first<double>(s, P::point_in_disk, p003p(), Family::extreme, overflow<double>(), 0,
                               Mode::overflow);
    });
    add("003pid/squares_underflow", [](benchmark::State& s) {
        cases_to_first<double>(s, P::point_in_disk, p003p(), Family::extreme, underflow<double>(),
                               0, Mode::underflow);
    });
    add("003shd/exact_tangency_missed", [](benchmark::State& s) {
        cases_to_first<double>(s, P::segment_hits_disk, p003s(), Family::tangent,
                               boundary_missed<double>());
    });
    add("003shd/near_tangency_or_cancellation", [](benchmark::State& s) {
        cases_to_first<double>(s, P::segment_hits_disk, p003s(), Family::near_tangent,
                               misjudged_off_boundary<double>());
    });
    add("003shd/zero_length_nan_miss", [](benchmark::State& s) {
        cases_to_first<double>(s, P::segment_hits_disk, p003s(), Family::degenerate,
                               zero_length_missed<double>());
    });
    add("003shd/endpoint_on_circle_missed", [](benchmark::State& s) {
        cases_to_first<double>(s, P::segment_hits_disk, p003s(), Family::endpoint,
                               boundary_missed<double>());
    });
    add("003shd/squares_overflow", [](benchmark::State& s) {
        cases_to_first<double>(s, P::segment_hits_disk, p003s(), Family::extreme,
                               overflow<double>(), 0, Mode::overflow);
    });
    add("003shd/squares_underflow", [](benchmark::State& s) {
        cases_to_first<double>(s, P::segment_hits_disk, p003s(), Family::extreme,
                               underflow<double>(), 0, Mode::underflow);
    });
    add("003smc/endpoint_on_circle_skipped", [](benchmark::State& s) {
        cases_to_first<double>(s, P::segment_meets_circle, p003c(), Family::tangent,
                               boundary_missed<double>());
    });
    // 004 circle_intersections<double>
    add("004/nan_points_near_tangency", [](benchmark::State& s) {
        cases_to_first<double>(s, P::circle_intersections, p004(), Family::near_tangent,
                               nan_points<double>(), kAnyUlps);
    });
    add("004/nan_point_coincident", [](benchmark::State& s) {
        cases_to_first<double>(s, P::circle_intersections, p004(), Family::degenerate,
                               nan_points<double>(), kAnyUlps);
    });
    add("004/magnitude_overflow", [](benchmark::State& s) {
        cases_to_first<double>(s, P::circle_intersections, p004(), Family::extreme,
                               overflow<double>(), kAnyUlps, Mode::overflow);
    });
}

}  // namespace

int main(int argc, char** argv) {
    register_all();
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
