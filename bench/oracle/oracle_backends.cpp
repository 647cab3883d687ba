// Number backends for the oracle's exact predicates, measured.
//
// Each benchmark evaluates one exact predicate (disks_overlap, degree 2 in
// six inputs; orient2d, degree 2 in six inputs) on a ring of precomputed
// double inputs, including the conversion of the doubles into the backend:
//  * cpp_rational   Boost's own rationals, from double (exact);
//  * mpq_rational   GMP rationals through Boost (mpq_set_d, exact);
//  * cpp_int        the inputs scaled to integers on a common power of two
//                   (oracle/detail/scaled.hpp), unbounded integers;
//  * int256/int512  the same integers in fixed width, only where the
//                   exponent spread lets every intermediate fit
//                   (detail::fits); otherwise the benchmark is skipped;
//  * oracle         the library's public predicate (validation + scaled
//                   integers, narrowest fitting width, cpp_int fallback).
// Input sets: "uniform" (coordinates uniform in [-1, 1], radii in [0, 1])
// and "extreme" (random finite bit patterns: exponents from subnormal to
// near overflow, so the common scale spans thousands of bits).
#include <benchmark/benchmark.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

// g++ 12 reports -Wmaybe-uninitialized inside Boost 1.74's cpp_int limb
// storage when cpp_rational temporaries are inlined into this file (the
// union member it names is written before any read); it is a false
// positive in the library, and only this comparison benchmark uses
// cpp_rational, so it is silenced here rather than project-wide.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <boost/multiprecision/cpp_int.hpp>
#include <boost/multiprecision/gmp.hpp>

#include "touchstone/oracle/detail/formulas.hpp"
#include "touchstone/oracle/detail/scaled.hpp"
#include "touchstone/oracle/exact.hpp"
#include "touchstone/oracle/oracle.hpp"

namespace {

namespace bmp = boost::multiprecision;
namespace detail = touchstone::oracle::detail;
using Case = std::array<double, 6>;

constexpr std::size_t ring_size = 1024;

double random_finite(std::mt19937_64& rng) {
    for (;;) {
        const std::uint64_t bits = rng();
        double x = 0;
        std::memcpy(&x, &bits, sizeof x);
        if (std::isfinite(x)) return x;
    }
}

// Radii (indices 2 and 5 of disks_overlap) are made non-negative; orient2d
// reads the same six numbers as ax ay bx by cx cy.
const std::vector<Case>& cases(bool extreme) {
    static const std::vector<Case> sets[2] = {[] {
                                                  std::mt19937_64 rng(1);
                                                  std::uniform_real_distribution<double> u(-1, 1);
                                                  std::vector<Case> v(ring_size);
                                                  for (Case& c : v) {
                                                      for (double& x : c) x = u(rng);
                                                      c[2] = std::fabs(c[2]);
                                                      c[5] = std::fabs(c[5]);
                                                  }
                                                  return v;
                                              }(),
                                              [] {
                                                  std::mt19937_64 rng(2);
                                                  std::vector<Case> v(ring_size);
                                                  for (Case& c : v) {
                                                      for (double& x : c) x = random_finite(rng);
                                                      c[2] = std::fabs(c[2]);
                                                      c[5] = std::fabs(c[5]);
                                                  }
                                                  return v;
                                              }()};
    return sets[extreme ? 1 : 0];
}

enum class Predicate { disks_overlap, orient2d };

template <class N>
bool evaluate(Predicate p, const std::array<N, 6>& v) {
    if (p == Predicate::disks_overlap) return detail::disks_overlap(v);
    return detail::orient2d(v[0], v[1], v[2], v[3], v[4], v[5]) > 0;
}

template <class R>
void rational_backend(benchmark::State& state, Predicate p, bool extreme) {
    const auto& in = cases(extreme);
    std::size_t i = 0;
    for (auto _ : state) {
        const Case& c = in[i++ % ring_size];
        std::array<R, 6> v;
        for (std::size_t j = 0; j < 6; ++j) v[j] = R(c[j]);
        benchmark::DoNotOptimize(evaluate(p, v));
    }
}

// Fixed-width Int: only the cases whose spread fits are evaluated; if none
// fits, the benchmark is skipped.
template <class Int, int MagnitudeBits>
void scaled_backend(benchmark::State& state, Predicate p, bool extreme) {
    const auto& in = cases(extreme);
    std::vector<Case> usable;
    for (const Case& c : in) {
        if (MagnitudeBits == 0 || detail::fits(2, detail::scale(c).bits, MagnitudeBits))
            usable.push_back(c);
    }
    if (usable.empty()) {
        state.SkipWithError("exponent spread does not fit this width");
        return;
    }
    std::size_t i = 0;
    for (auto _ : state) {
        const Case& c = usable[i++ % usable.size()];
        benchmark::DoNotOptimize(evaluate(p, detail::to_integers<Int>(detail::scale(c))));
    }
    state.counters["fit_fraction"] = double(usable.size()) / double(in.size());
}

void oracle_library(benchmark::State& state, Predicate p, bool extreme) {
    using touchstone::Circle;
    using touchstone::Segment;
    const auto& in = cases(extreme);
    std::size_t i = 0;
    for (auto _ : state) {
        const Case& c = in[i++ % ring_size];
        if (p == Predicate::disks_overlap) {
            benchmark::DoNotOptimize(touchstone::oracle::disks_overlap(
                Circle<double>{{c[0], c[1]}, c[2]}, Circle<double>{{c[3], c[4]}, c[5]}));
        } else {
            // segments_intersect: four orientation tests of the same inputs.
            benchmark::DoNotOptimize(touchstone::oracle::segments_intersect(
                Segment<double>{{c[0], c[1]}, {c[2], c[3]}},
                Segment<double>{{c[4], c[5]}, {c[1], c[0]}}));
        }
    }
}

void register_all() {
    for (Predicate p : {Predicate::disks_overlap, Predicate::orient2d}) {
        const std::string pn = p == Predicate::disks_overlap ? "disks_overlap" : "orient2d";
        for (bool extreme : {false, true}) {
            const std::string suffix = pn + (extreme ? "/extreme" : "/uniform");
            benchmark::RegisterBenchmark(("cpp_rational/" + suffix).c_str(),
                                         rational_backend<bmp::cpp_rational>, p, extreme);
            benchmark::RegisterBenchmark(("mpq_rational/" + suffix).c_str(),
                                         rational_backend<bmp::mpq_rational>, p, extreme);
            benchmark::RegisterBenchmark(("scaled_cpp_int/" + suffix).c_str(),
                                         scaled_backend<bmp::cpp_int, 0>, p, extreme);
            benchmark::RegisterBenchmark(("scaled_int256/" + suffix).c_str(),
                                         scaled_backend<bmp::int256_t, 256>, p, extreme);
            benchmark::RegisterBenchmark(("scaled_int512/" + suffix).c_str(),
                                         scaled_backend<bmp::int512_t, 512>, p, extreme);
            benchmark::RegisterBenchmark(("scaled_checked_int512/" + suffix).c_str(),
                                         scaled_backend<bmp::checked_int512_t, 512>, p, extreme);
            const std::string lib = p == Predicate::disks_overlap ? "oracle::disks_overlap/"
                                                                  : "oracle::segments_intersect/";
            benchmark::RegisterBenchmark((lib + (extreme ? "extreme" : "uniform")).c_str(),
                                         oracle_library, p, extreme);
        }
    }
}

[[maybe_unused]] const int registered = (register_all(), 0);

}  // namespace
