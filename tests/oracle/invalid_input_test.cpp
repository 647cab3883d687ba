// Tests of InvalidInput (oracle/src/validate.cpp and every entry point).
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>
#include <string>

#include "touchstone/oracle/exact.hpp"
#include "touchstone/oracle/oracle.hpp"

namespace touchstone::oracle {
namespace {

// Calls `call` with every field of a valid argument list replaced in turn by
// NaN, +inf, -inf and (for radii) -1, and checks the field and reason named.
template <class T, std::size_t N, class Call>
void check_fields(const char* primitive, const std::array<const char*, N>& names,
                  const std::array<T, N>& valid, const std::array<bool, N>& is_radius, Call call) {
    SCOPED_TRACE(primitive);
    EXPECT_NO_THROW(call(valid));
    const T nan = std::numeric_limits<T>::quiet_NaN(), inf = std::numeric_limits<T>::infinity();
    for (std::size_t i = 0; i < N; ++i) {
        struct Bad {
            T value;
            const char* reason;
        };
        std::array<Bad, 4> bads{{{nan, "(not a number)"},
                                 {inf, "(infinite)"},
                                 {-inf, "(infinite)"},
                                 {T(-1), "(negative radius)"}}};
        for (const Bad& bad : bads) {
            if (!is_radius[i] && bad.value == T(-1)) {
                std::array<T, N> ok = valid;  // a negative coordinate is fine
                ok[i] = T(-1);
                EXPECT_NO_THROW(call(ok)) << names[i];
                continue;
            }
            std::array<T, N> args = valid;
            args[i] = bad.value;
            try {
                call(args);
                ADD_FAILURE() << names[i] << " = " << bad.value << " accepted";
            } catch (const InvalidInput& e) {
                EXPECT_EQ(e.field(), names[i]);
                const std::string what = e.what();
                EXPECT_EQ(what.rfind(std::string("invalid input: field ") + names[i] + " = ", 0),
                          0u)
                    << what;
                EXPECT_NE(what.find(bad.reason), std::string::npos) << what;
                if (std::isnan(bad.value)) {
                    EXPECT_TRUE(std::isnan(e.value()));
                } else {
                    EXPECT_EQ(e.value(), static_cast<double>(bad.value));
                }
            }
        }
        if (is_radius[i]) {  // -0.0 is a valid radius
            std::array<T, N> args = valid;
            args[i] = T(-0.0);
            EXPECT_NO_THROW(call(args)) << names[i];
        }
    }
}

template <class T>
void every_primitive_names_field() {
    using V = Vec2<T>;
    using C = Circle<T>;
    using S = Segment<T>;
    const std::array<const char*, 5> pd{"px", "py", "cx", "cy", "r"};
    const std::array<bool, 5> pd_r{false, false, false, false, true};
    check_fields<T>("point_in_disk", pd, {1, 2, 3, 4, 5}, pd_r, [](auto a) {
        return point_in_disk(V{a[0], a[1]}, C{{a[2], a[3]}, a[4]});
    });

    const std::array<const char*, 6> cc{"c1x", "c1y", "r1", "c2x", "c2y", "r2"};
    const std::array<bool, 6> cc_r{false, false, true, false, false, true};
    const std::array<T, 6> cc_v{0, 0, 1, 1, 1, 1};
    check_fields<T>("disks_overlap", cc, cc_v, cc_r, [](auto a) {
        return disks_overlap(C{{a[0], a[1]}, a[2]}, C{{a[3], a[4]}, a[5]});
    });
    check_fields<T>("circle_intersections", cc, cc_v, cc_r, [](auto a) {
        return circle_intersections(C{{a[0], a[1]}, a[2]}, C{{a[3], a[4]}, a[5]});
    });
    check_fields<T>("circle_intersections_exact", cc, cc_v, cc_r, [](auto a) {
        return circle_intersections_exact(C{{a[0], a[1]}, a[2]}, C{{a[3], a[4]}, a[5]}).count;
    });

    const std::array<const char*, 7> sc{"ax", "ay", "bx", "by", "cx", "cy", "r"};
    const std::array<bool, 7> sc_r{false, false, false, false, false, false, true};
    const std::array<T, 7> sc_v{-2, 0, 2, 0, 0, 0, 1};
    check_fields<T>("segment_hits_disk", sc, sc_v, sc_r, [](auto a) {
        return segment_hits_disk(S{{a[0], a[1]}, {a[2], a[3]}}, C{{a[4], a[5]}, a[6]});
    });
    check_fields<T>("segment_meets_circle", sc, sc_v, sc_r, [](auto a) {
        return segment_meets_circle(S{{a[0], a[1]}, {a[2], a[3]}}, C{{a[4], a[5]}, a[6]});
    });
    check_fields<T>("segment_circle_points", sc, sc_v, sc_r, [](auto a) {
        return segment_circle_points(S{{a[0], a[1]}, {a[2], a[3]}}, C{{a[4], a[5]}, a[6]}).count;
    });

    const std::array<const char*, 8> ss{"a1x", "a1y", "b1x", "b1y", "a2x", "a2y", "b2x", "b2y"};
    const std::array<bool, 8> ss_r{};
    const std::array<T, 8> ss_v{0, 0, 1, 1, 0, 1, 1, 0};
    check_fields<T>("segments_intersect", ss, ss_v, ss_r, [](auto a) {
        return segments_intersect(S{{a[0], a[1]}, {a[2], a[3]}}, S{{a[4], a[5]}, {a[6], a[7]}});
    });
    check_fields<T>("segment_intersection", ss, ss_v, ss_r, [](auto a) {
        return segment_intersection(S{{a[0], a[1]}, {a[2], a[3]}}, S{{a[4], a[5]}, {a[6], a[7]}})
            .kind;
    });
}

TEST(InvalidInput, EveryPrimitiveNamesTheFieldAndReason) {
    every_primitive_names_field<float>();
    every_primitive_names_field<double>();
}

TEST(InvalidInput, MessageShowsTheValueAsHexFloat) {
    try {
        (void)point_in_disk(Vec2<double>{0, 0}, Circle<double>{{0, 0}, -1.0});
        FAIL() << "accepted a negative radius";
    } catch (const InvalidInput& e) {
        EXPECT_STREQ(e.what(), "invalid input: field r = -0x1p+0 (negative radius)");
    }
    try {
        (void)disks_overlap(Circle<float>{{0, 1.5f}, 1}, Circle<float>{{0, 0}, -0.75f});
        FAIL() << "accepted a negative radius";
    } catch (const InvalidInput& e) {
        EXPECT_STREQ(e.what(), "invalid input: field r2 = -0x1.8p-1 (negative radius)");
    }
    try {
        (void)segments_intersect(
            Segment<double>{{0, 0}, {1, 1}},
            Segment<double>{{0, std::numeric_limits<double>::infinity()}, {1, 0}});
        FAIL() << "accepted infinity";
    } catch (const InvalidInput& e) {
        EXPECT_STREQ(e.what(), "invalid input: field a2y = inf (infinite)");
    }
}

TEST(InvalidInput, FirstBadFieldInCaseFileOrderIsNamed) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    try {
        (void)segment_hits_disk(Segment<double>{{0, nan}, {1, 1}}, Circle<double>{{0, 0}, -1});
        FAIL();
    } catch (const InvalidInput& e) {
        EXPECT_EQ(e.field(), "ay");
    }
}

TEST(InvalidInput, IsTheOneValidityCheck) {
    // InvalidInput carries first_invalid's field, value and message, for
    // every primitive, at the first bad field in case-file order.
    for (Primitive p : touchstone::all_primitives) {
        for (int i = 0; i < arity(p); ++i) {
            std::array<double, max_fields> args{};
            // A polygon's count: its capacity, so that every vertex is read.
            for (int j = 0; j < arity(p); ++j)
                args[static_cast<std::size_t>(j)] = is_radius(p, j) ? 1.0
                                                    : field_role(p, j) == Role::count
                                                        ? double(max_polygon_vertices)
                                                        : 0.5;
            // A convex polygon: a regular 16-gon (strictly convex,
            // counter-clockwise), so that only the poisoned field is invalid.
            for (int k = 0; k < info(p).operand_count; ++k) {
                if (info(p).operands[static_cast<std::size_t>(k)] != Shape::convex) continue;
                const int at = operand_offset(p, k);
                for (int j = 0; j < max_polygon_vertices; ++j) {
                    const double a = 6.283185307179586 * j / max_polygon_vertices;
                    args[static_cast<std::size_t>(at + 1 + 2 * j)] = 8 * std::cos(a);
                    args[static_cast<std::size_t>(at + 2 + 2 * j)] = 8 * std::sin(a);
                }
            }
            args[static_cast<std::size_t>(i)] =
                is_radius(p, i) ? -2.0 : std::numeric_limits<double>::infinity();
            const InputCheck check = first_invalid(p, args.data());
            ASSERT_FALSE(check.ok());
            EXPECT_EQ(check.field, i);
            const InvalidInput e(check);
            EXPECT_EQ(e.field(), check.label());
            EXPECT_EQ(check.name, field_name(p, i));
            EXPECT_EQ(e.value(), args[static_cast<std::size_t>(i)]);
            EXPECT_EQ(std::string(e.what()), check.message());
            // within_band checks the same way, whatever the band.
            try {
                (void)within_band(p, args.data(), 1.0);
                ADD_FAILURE() << to_string(p) << " accepted field " << i;
            } catch (const InvalidInput& w) {
                EXPECT_EQ(std::string(w.what()), check.message());
            }
        }
    }
}

TEST(InvalidInput, BandMustBeFiniteAndNonNegative) {
    const double args[5] = {0, 0, 0, 0, 1};
    EXPECT_THROW((void)within_band(Primitive::point_in_disk, args, -1.0), InvalidInput);
    EXPECT_THROW(
        (void)within_band(Primitive::point_in_disk, args, std::numeric_limits<double>::infinity()),
        InvalidInput);
    try {
        (void)within_band(Primitive::point_in_disk, args, std::numeric_limits<double>::quiet_NaN());
        FAIL() << "accepted a NaN band";
    } catch (const InvalidInput& e) {
        EXPECT_EQ(e.field(), "band");
        EXPECT_EQ(std::string(e.what()),
                  "invalid input: field band = nan (the band must be finite and >= 0)");
    }
}

}  // namespace
}  // namespace touchstone::oracle
