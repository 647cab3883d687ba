// touchstone/robust/validate.hpp and the documented answers on invalid
// input: validate() names the first bad field in case-file terms, with the
// reason and message of touchstone::first_invalid (the one validity check);
// every
// predicate answers false and every construction kind none / count 0 with
// zero points, for NaN, +-inf and negative radii in every position.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>
#include <string>
#include <string_view>

#include "test_support.hpp"
#include "touchstone/robust.hpp"

namespace {

using namespace touchstone;
using namespace touchstone::robust_test;

template <class T>
class Validate : public ::testing::Test {};
template <class T>
class InvalidInput : public ::testing::Test {};
TYPED_TEST_SUITE(Validate, Precisions);
TYPED_TEST_SUITE(InvalidInput, Precisions);

/// The bad values every position is tried with; radii also get negatives.
template <class T>
std::array<T, 3> non_finite() {
    return {std::numeric_limits<T>::quiet_NaN(), std::numeric_limits<T>::infinity(),
            -std::numeric_limits<T>::infinity()};
}
template <class T>
std::array<T, 3> negative() {
    return {T(-1), -std::numeric_limits<T>::denorm_min(), -std::numeric_limits<T>::max()};
}

// Valid base cases on which every predicate is true (so false is the
// invalid-input answer, not a coincidence): args in case-file order.
template <class T>
std::array<T, 5> point_disk_base() {
    return {3, 4, 0, 0, 5};
}
template <class T>
std::array<T, 6> circles_base() {
    return {0, 0, 5, 6, 0, 5};
}
template <class T>
std::array<T, 7> segment_circle_base() {
    return {-6, 0, 6, 0, 0, 0, 5};
}
template <class T>
std::array<T, 8> segments_base() {
    return {0, 0, 4, 4, 0, 4, 4, 0};
}

TYPED_TEST(Validate, NamesTheFirstBadFieldInCaseFileTerms) {
    using T = TypeParam;
    static constexpr std::string_view pd[] = {"px", "py", "cx", "cy", "r"};
    static constexpr std::string_view cc[] = {"c1x", "c1y", "r1", "c2x", "c2y", "r2"};
    static constexpr std::string_view sc[] = {"ax", "ay", "bx", "by", "cx", "cy", "r"};
    static constexpr std::string_view ss[] = {"a1x", "a1y", "b1x", "b1y",
                                              "a2x", "a2y", "b2x", "b2y"};
    for (T bad : non_finite<T>()) {
        for (int i = 0; i < 5; ++i) {
            auto x = point_disk_base<T>();
            x[i] = bad;
            const auto v = robust::validate(Vec2<T>{x[0], x[1]}, circle_arg(&x[2]));
            EXPECT_FALSE(v.ok());
            EXPECT_EQ(v.field, pd[i]);
            EXPECT_EQ(v.reason, std::isnan(bad) ? "not a number" : "infinite");
            if (!std::isnan(bad)) {
                EXPECT_EQ(v.value, static_cast<double>(bad));
            }
            // The same answer as the one validity check, field by field.
            const std::array<T, 5> args = x;
            const InputCheck check = first_invalid(Primitive::point_in_disk, args.data());
            EXPECT_EQ(v.check.field, i);
            EXPECT_EQ(check.field, i);
            EXPECT_EQ(v.message(), check.message());
            EXPECT_EQ(v.message(), "invalid input: field " + std::string(pd[i]) + " = " +
                                       (std::isnan(bad) ? "nan (not a number)"
                                        : bad > 0       ? "inf (infinite)"
                                                        : "-inf (infinite)"));
        }
        for (int i = 0; i < 6; ++i) {
            auto x = circles_base<T>();
            x[i] = bad;
            EXPECT_EQ(robust::validate(circle_arg(&x[0]), circle_arg(&x[3])).field, cc[i]);
        }
        for (int i = 0; i < 7; ++i) {
            auto x = segment_circle_base<T>();
            x[i] = bad;
            EXPECT_EQ(robust::validate(segment_arg(&x[0]), circle_arg(&x[4])).field, sc[i]);
        }
        for (int i = 0; i < 8; ++i) {
            auto x = segments_base<T>();
            x[i] = bad;
            EXPECT_EQ(robust::validate(segment_arg(&x[0]), segment_arg(&x[4])).field, ss[i]);
        }
    }
}

TYPED_TEST(Validate, NegativeRadiusIsNamedAndMinusZeroIsValid) {
    using T = TypeParam;
    const auto v = robust::validate(Vec2<T>{0, 0}, Circle<T>{{0, 0}, T(-1)});
    EXPECT_EQ(v.field, "r");
    EXPECT_EQ(v.value, -1.0);
    EXPECT_EQ(v.reason, "negative radius");
    EXPECT_EQ(v.message(), "invalid input: field r = -0x1p+0 (negative radius)");
    EXPECT_TRUE(robust::validate(Vec2<T>{0, 0}, Circle<T>{{0, 0}, -T(0)}).ok());
    EXPECT_EQ(robust::validate(Vec2<T>{0, 0}, Circle<T>{{0, 0}, -T(0)}).message(), "");
    EXPECT_EQ(robust::validate(Circle<T>{{0, 0}, 1}, Circle<T>{{0, 0}, T(-2)}).field, "r2");
    EXPECT_EQ(robust::validate(Segment<T>{}, Circle<T>{{0, 0}, T(-2)}).field, "r");
    // Any primitive by the table: its own field names and roles.
    const auto ci = robust::validate_as<Primitive::circle_intersections>(Circle<T>{{0, 0}, 1},
                                                                         Circle<T>{{0, 0}, T(-2)});
    EXPECT_EQ(ci.field, "r2");
    EXPECT_EQ(ci.check.field, 5);
    EXPECT_EQ(
        robust::validate_as<Primitive::segment_intersection>(Segment<T>{}, segment<T>(0, 0, -1, -1))
            .ok(),
        true);
    // The first bad field wins: cy (NaN) before r (negative).
    const auto w =
        robust::validate(Vec2<T>{0, 0}, Circle<T>{{0, std::numeric_limits<T>::quiet_NaN()}, T(-1)});
    EXPECT_EQ(w.field, "cy");
    EXPECT_TRUE(
        static_cast<bool>(robust::validate(segment<T>(0, 0, 1, 1), segment<T>(1, 0, 0, 1))));
}

TYPED_TEST(InvalidInput, PredicatesAnswerFalse) {
    using T = TypeParam;
    ASSERT_TRUE(robust::point_in_disk(Vec2<T>{3, 4}, Circle<T>{{0, 0}, 5}));
    auto bad_values = [](int i, bool radius) {
        std::vector<T> v;
        for (T b : non_finite<T>()) v.push_back(b);
        if (radius)
            for (T b : negative<T>()) v.push_back(b);
        (void)i;
        return v;
    };
    for (int i = 0; i < 5; ++i)
        for (T b : bad_values(i, i == 4)) {
            auto x = point_disk_base<T>();
            x[i] = b;
            EXPECT_FALSE(robust::point_in_disk(Vec2<T>{x[0], x[1]}, circle_arg(&x[2])))
                << i << " " << b;
        }
    for (int i = 0; i < 6; ++i)
        for (T b : bad_values(i, i == 2 || i == 5)) {
            auto x = circles_base<T>();
            x[i] = b;
            EXPECT_FALSE(robust::disks_overlap(circle_arg(&x[0]), circle_arg(&x[3])))
                << i << " " << b;
            const auto ci = robust::circle_intersections(circle_arg(&x[0]), circle_arg(&x[3]));
            EXPECT_EQ(ci.kind, CircleKind::none);
            EXPECT_EQ(ci.count, 0);
        }
    // Two bases: a chord, and a segment with one end inside the disk (an
    // endpoint test alone would answer "hit" without looking at the other end).
    for (const auto& base : {segment_circle_base<T>(), std::array<T, 7>{-6, 0, 1, 0, 0, 0, 5},
                             std::array<T, 7>{1, 0, 6, 0, 0, 0, 5}})
        for (int i = 0; i < 7; ++i)
            for (T b : bad_values(i, i == 6)) {
                auto x = base;
                x[i] = b;
                EXPECT_FALSE(robust::segment_hits_disk(segment_arg(&x[0]), circle_arg(&x[4])))
                    << i << " " << b;
                EXPECT_FALSE(robust::segment_meets_circle(segment_arg(&x[0]), circle_arg(&x[4])))
                    << i << " " << b;
                EXPECT_EQ(
                    robust::segment_circle_points(segment_arg(&x[0]), circle_arg(&x[4])).count, 0);
            }
    for (int i = 0; i < 8; ++i)
        for (T b : bad_values(i, false)) {
            auto x = segments_base<T>();
            x[i] = b;
            EXPECT_FALSE(robust::segments_intersect(segment_arg(&x[0]), segment_arg(&x[4])))
                << i << " " << b;
            const auto si = robust::segment_intersection(segment_arg(&x[0]), segment_arg(&x[4]));
            EXPECT_EQ(si.kind, SegmentKind::none);
            EXPECT_TRUE(same_point(si.points[0], Vec2<T>{0, 0}));
        }
}

TYPED_TEST(InvalidInput, EverythingInvalidAtOnce) {
    using T = TypeParam;
    const T nan = std::numeric_limits<T>::quiet_NaN(), inf = std::numeric_limits<T>::infinity();
    EXPECT_FALSE(robust::point_in_disk(Vec2<T>{inf, inf}, Circle<T>{{inf, inf}, inf}));
    EXPECT_FALSE(robust::disks_overlap(Circle<T>{{nan, inf}, -inf}, Circle<T>{{-inf, nan}, nan}));
    EXPECT_FALSE(
        robust::segment_hits_disk(Segment<T>{{inf, 0}, {inf, 0}}, Circle<T>{{inf, 0}, inf}));
    EXPECT_FALSE(robust::segments_intersect(Segment<T>{{inf, inf}, {-inf, -inf}},
                                            Segment<T>{{-inf, inf}, {inf, -inf}}));
    EXPECT_EQ(robust::circle_intersections(Circle<T>{{inf, 0}, inf}, Circle<T>{{inf, 0}, inf}).kind,
              CircleKind::none);
}

}  // namespace
