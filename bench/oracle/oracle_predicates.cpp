// ns per call of every public oracle primitive, float and double, on
// uniform inputs: coordinates uniform in [-1, 1], radii uniform in [0, 1]
// (so the circle and segment configurations mix hits, misses and, for the
// constructions, every non-degenerate kind). Goal for the predicates:
// >= 10^6 calls/s per core, i.e. <= 1000 ns/call.
#include <benchmark/benchmark.h>

#include <array>
#include <cmath>
#include <random>
#include <vector>

#include "touchstone/oracle/oracle.hpp"

namespace {

using namespace touchstone;

constexpr std::size_t ring_size = 1024;

template <class T>
const std::vector<std::array<T, 8>>& inputs() {
    static const std::vector<std::array<T, 8>> v = [] {
        std::mt19937_64 rng(42);
        std::uniform_real_distribution<T> u(-1, 1);
        std::vector<std::array<T, 8>> out(ring_size);
        for (auto& a : out)
            for (T& x : a) x = u(rng);
        return out;
    }();
    return v;
}

template <class T, class F>
void run(benchmark::State& state, F f) {
    const auto& in = inputs<T>();
    std::size_t i = 0;
    for (auto _ : state) {
        const auto& a = in[i++ % ring_size];
        benchmark::DoNotOptimize(f(a));
    }
}

template <class T>
void point_in_disk(benchmark::State& s) {
    run<T>(s, [](const auto& a) {
        return oracle::point_in_disk(Vec2<T>{a[0], a[1]}, Circle<T>{{a[2], a[3]}, std::fabs(a[4])});
    });
}
template <class T>
void disks_overlap(benchmark::State& s) {
    run<T>(s, [](const auto& a) {
        return oracle::disks_overlap(Circle<T>{{a[0], a[1]}, std::fabs(a[2])},
                                     Circle<T>{{a[3], a[4]}, std::fabs(a[5])});
    });
}
template <class T>
void segment_hits_disk(benchmark::State& s) {
    run<T>(s, [](const auto& a) {
        return oracle::segment_hits_disk(Segment<T>{{a[0], a[1]}, {a[2], a[3]}},
                                         Circle<T>{{a[4], a[5]}, std::fabs(a[6])});
    });
}
template <class T>
void segment_meets_circle(benchmark::State& s) {
    run<T>(s, [](const auto& a) {
        return oracle::segment_meets_circle(Segment<T>{{a[0], a[1]}, {a[2], a[3]}},
                                            Circle<T>{{a[4], a[5]}, std::fabs(a[6])});
    });
}
template <class T>
void segments_intersect(benchmark::State& s) {
    run<T>(s, [](const auto& a) {
        return oracle::segments_intersect(Segment<T>{{a[0], a[1]}, {a[2], a[3]}},
                                          Segment<T>{{a[4], a[5]}, {a[6], a[7]}});
    });
}
template <class T>
void circle_intersections(benchmark::State& s) {
    run<T>(s, [](const auto& a) {
        return oracle::circle_intersections(Circle<T>{{a[0], a[1]}, std::fabs(a[2])},
                                            Circle<T>{{a[3], a[4]}, std::fabs(a[5])})
            .count;
    });
}
template <class T>
void segment_circle_points(benchmark::State& s) {
    run<T>(s, [](const auto& a) {
        return oracle::segment_circle_points(Segment<T>{{a[0], a[1]}, {a[2], a[3]}},
                                             Circle<T>{{a[4], a[5]}, std::fabs(a[6])})
            .count;
    });
}
template <class T>
void segment_intersection(benchmark::State& s) {
    run<T>(s, [](const auto& a) {
        return oracle::segment_intersection(Segment<T>{{a[0], a[1]}, {a[2], a[3]}},
                                            Segment<T>{{a[4], a[5]}, {a[6], a[7]}})
            .kind;
    });
}

BENCHMARK(point_in_disk<float>);
BENCHMARK(point_in_disk<double>);
BENCHMARK(disks_overlap<float>);
BENCHMARK(disks_overlap<double>);
BENCHMARK(segment_hits_disk<float>);
BENCHMARK(segment_hits_disk<double>);
BENCHMARK(segment_meets_circle<float>);
BENCHMARK(segment_meets_circle<double>);
BENCHMARK(segments_intersect<float>);
BENCHMARK(segments_intersect<double>);
BENCHMARK(circle_intersections<float>);
BENCHMARK(circle_intersections<double>);
BENCHMARK(segment_circle_points<float>);
BENCHMARK(segment_circle_points<double>);
BENCHMARK(segment_intersection<float>);
BENCHMARK(segment_intersection<double>);

}  // namespace
