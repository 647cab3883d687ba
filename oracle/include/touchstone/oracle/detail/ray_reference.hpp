// touchstone::oracle::detail — the ray casts' rational reference path.
//
// The public ray casts (oracle.hpp) compute the rounded t of every cast on
// the scaled integers (scaled.hpp) with GMP integers in reused storage and
// round it with round_integer_surd (integer_surd.hpp); issue 15. These functions keep the previous
// path, rationals and surds rounded by round_to<T>, so that the tests can check that both give the
// same bits (tests/oracle/ray_paths_test.cpp). Same preconditions and errors as the public
// functions.
#pragma once

#include "touchstone/geometry.hpp"
#include "touchstone/primitive.hpp"

namespace touchstone::oracle::detail {

RayHit<float> ray_cast_disk_rational(Segment<float> ray, Circle<float> c);
RayHit<double> ray_cast_disk_rational(Segment<double> ray, Circle<double> c);
RayHit<float> ray_cast_segment_rational(Segment<float> ray, Segment<float> s);
RayHit<double> ray_cast_segment_rational(Segment<double> ray, Segment<double> s);
RayHit<float> ray_cast_box_rational(Segment<float> ray, Box<float> b);
RayHit<double> ray_cast_box_rational(Segment<double> ray, Box<double> b);
RayHit<float> ray_cast_capsule_rational(Segment<float> ray, Capsule<float> c);
RayHit<double> ray_cast_capsule_rational(Segment<double> ray, Capsule<double> c);
RayHit<float> ray_cast_polygon_rational(Segment<float> ray, const Polygon<float>& poly);
RayHit<double> ray_cast_polygon_rational(Segment<double> ray, const Polygon<double>& poly);

}  // namespace touchstone::oracle::detail
