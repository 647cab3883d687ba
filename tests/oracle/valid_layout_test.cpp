// valid_by_layout (touchstone/oracle/detail/valid_layout.hpp) decides what
// first_invalid(P, args).ok() decides, on every primitive of the table: random
// fields drawn from values at every validity edge (NaN, +-Inf, -0, negative
// radii, counts that are no whole number or out of range, boxes with min >
// max) and convex polygons that are valid, clockwise, degenerate or star
// shaped.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

#include "touchstone/case_file.hpp"
#include "touchstone/oracle/detail/valid_layout.hpp"
#include "touchstone/primitive.hpp"
#include "touchstone/validate.hpp"

namespace touchstone::oracle {
namespace {

double edge_value(std::mt19937_64& rng) {
    static const double pool[] = {0.0,
                                  -0.0,
                                  1.0,
                                  -1.0,
                                  2.5,
                                  -3.0,
                                  1e300,
                                  std::numeric_limits<double>::denorm_min(),
                                  std::numeric_limits<double>::quiet_NaN(),
                                  std::numeric_limits<double>::infinity(),
                                  -std::numeric_limits<double>::infinity()};
    const std::uint64_t r = rng() % 16;
    if (r < 11) return pool[r];
    return static_cast<double>(static_cast<int>(rng() % 41) - 20) / 4;
}

double count_value(std::mt19937_64& rng) {
    static const double pool[] = {-1.0,
                                  0.0,
                                  2.0,
                                  3.0,
                                  4.0,
                                  5.0,
                                  8.0,
                                  16.0,
                                  17.0,
                                  3.5,
                                  std::numeric_limits<double>::quiet_NaN(),
                                  1e30};
    return pool[rng() % (sizeof pool / sizeof pool[0])];
}

/// Fills P's arguments: random edge values, counts, and for a polygon
/// operand often n vertices on a circle, counter-clockwise (a valid convex
/// polygon), sometimes reversed, with a repeated vertex, or visited twice
/// around (a star); its capacity zero or random.
template <class T>
void fill(Primitive p, std::array<T, max_fields>& a, std::mt19937_64& rng) {
    for (int i = 0; i < arity(p); ++i) a[static_cast<std::size_t>(i)] = T(edge_value(rng));
    for (int k = 0; k < info(p).operand_count; ++k) {
        const Shape s = info(p).operands[static_cast<std::size_t>(k)];
        const int at = operand_offset(p, k);
        if (s == Shape::box && rng() % 2 == 0) {  // mostly ordered boxes
            if (a[at] > a[at + 2]) std::swap(a[at], a[at + 2]);
            if (a[at + 1] > a[at + 3]) std::swap(a[at + 1], a[at + 3]);
        }
        if (!shape_variable(s)) continue;
        a[at] = T(count_value(rng));
        if (rng() % 4 == 0) continue;
        const int n = 3 + static_cast<int>(rng() % 14);
        a[at] = T(n);
        const int how = static_cast<int>(rng() % 6);
        const int turns = how == 4 ? 2 : 1;
        for (int j = 0; j < n; ++j) {
            const double t = 2 * 3.141592653589793 * turns * j / n;
            const int jj = how == 1 ? n - 1 - j : j;
            a[static_cast<std::size_t>(at + 1 + 2 * jj)] = T(std::round(64 * std::cos(t)));
            a[static_cast<std::size_t>(at + 2 + 2 * jj)] = T(std::round(64 * std::sin(t)));
        }
        if (how == 2) {  // a repeated vertex
            a[static_cast<std::size_t>(at + 3)] = a[static_cast<std::size_t>(at + 1)];
            a[static_cast<std::size_t>(at + 4)] = a[static_cast<std::size_t>(at + 2)];
        }
        if (how == 3) a[static_cast<std::size_t>(at + 1 + rng() % (2 * n))] = T(edge_value(rng));
    }
}

template <class T>
void check_all(std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    for (Primitive p : all_primitives) {
        int valid = 0;
        for (int i = 0; i < 4000; ++i) {
            std::array<T, max_fields> a{};
            fill(p, a, rng);
            const bool expected = first_invalid(p, a.data()).ok();
            const bool got = visit(p, [&](auto tag) {
                return detail::valid_by_layout<decltype(tag)::value>(a.data());
            });
            valid += expected;
            ASSERT_EQ(got, expected) << to_string(p) << " seed " << seed << " case " << i << ": "
                                     << first_invalid(p, a.data()).message();
        }
        // Both answers occur for every primitive (a check that sees only one
        // side proves nothing).
        EXPECT_GT(valid, 0) << to_string(p);
        EXPECT_LT(valid, 4000) << to_string(p);
    }
}

TEST(ValidLayout, AgreesWithFirstInvalidOnEveryPrimitive) {
    check_all<double>(1501);
    check_all<float>(1502);
}

}  // namespace
}  // namespace touchstone::oracle
