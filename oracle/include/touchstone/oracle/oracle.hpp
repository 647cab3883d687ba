// touchstone::oracle — exact truth for the eight primitives (public, Boost-free API).
//
// The definitions live in oracle/src/*.cpp, the only translation units that
// see Boost.Multiprecision; this header is cheap to include, and fuzz targets
// can link the oracle without instrumenting it.
//
// Contract (see DESIGN.md):
//  * Inputs are exact dyadic rationals; shapes are closed.
//  * Predicates return the exact answer for every finite input.
//  * Constructions classify exactly; every returned coordinate is the exact
//    value correctly rounded to T (round to nearest, ties to even).
//  * Invalid input (NaN, +-Inf, negative radius) throws InvalidInput naming
//    the field in case-file terms ("r", "c1x", "b2y", ...) and its value.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "touchstone/geometry.hpp"

namespace touchstone::oracle {

/// Thrown for NaN, +-Inf or a negative radius. what() reads e.g.
/// "invalid input: field r = -0x1p+0 (negative radius)".
class InvalidInput : public std::invalid_argument {
public:
    InvalidInput(std::string field, double value, const std::string& why);
    const std::string& field() const noexcept { return field_; }
    double value() const noexcept { return value_; }

private:
    std::string field_;
    double value_;
};

// ----- predicates (closed shapes) -------------------------------------------
/// |p - c.c| <= c.r
bool point_in_disk(Vec2<float> p, Circle<float> c);
bool point_in_disk(Vec2<double> p, Circle<double> c);
/// |c1.c - c2.c| <= c1.r + c2.r
bool disks_overlap(Circle<float> c1, Circle<float> c2);
bool disks_overlap(Circle<double> c1, Circle<double> c2);
/// dist(c.c, closed segment s) <= c.r
bool segment_hits_disk(Segment<float> s, Circle<float> c);
bool segment_hits_disk(Segment<double> s, Circle<double> c);
/// the closed segment has a point at distance exactly c.r from c.c
bool segment_meets_circle(Segment<float> s, Circle<float> c);
bool segment_meets_circle(Segment<double> s, Circle<double> c);
/// the closed segments share at least one point
bool segments_intersect(Segment<float> s1, Segment<float> s2);
bool segments_intersect(Segment<double> s1, Segment<double> s2);

// ----- constructions (exact kind, correctly rounded points) -----------------
CircleIntersection<float> circle_intersections(Circle<float> c1, Circle<float> c2);
CircleIntersection<double> circle_intersections(Circle<double> c1, Circle<double> c2);
SegmentCirclePoints<float> segment_circle_points(Segment<float> s, Circle<float> c);
SegmentCirclePoints<double> segment_circle_points(Segment<double> s, Circle<double> c);
SegmentIntersection<float> segment_intersection(Segment<float> s1, Segment<float> s2);
SegmentIntersection<double> segment_intersection(Segment<double> s1, Segment<double> s2);

// ----- ulp distance -------------------------------------------------------
/// Number of representable values one must step from a to reach b
/// (0 when a == b, +0 and -0 are 0 apart). UINT64_MAX if either is NaN.
std::uint64_t ulp_distance(float a, float b);
std::uint64_t ulp_distance(double a, double b);

}  // namespace touchstone::oracle
