// touchstone::robust — whether the robust core may use SSE2 intrinsics.
//
// SSE2 is part of every x86-64 target (GCC and Clang define __SSE2__, MSVC
// _M_X64; 32-bit MSVC with /arch:SSE2 sets _M_IX86_FP >= 2). Where it is
// present, a few filters run their two lanes (x and y, or a product pair) in
// one register: boxes_overlap and segment_hits_box (shapes.hpp), orient2d
// (orient2d.hpp) and point_in_polygon (polygons.hpp).
// Elsewhere (aarch64, other targets) the scalar forms serve, and the tests
// compare the two forms on the same cases (tests/robust/). Defining
// TOUCHSTONE_ROBUST_SSE2=0 forces the scalar forms on x86 as well.
#pragma once

#if !defined(TOUCHSTONE_ROBUST_SSE2)
#if defined(__SSE2__) || defined(_M_X64) || (defined(_M_IX86_FP) && _M_IX86_FP >= 2)
#define TOUCHSTONE_ROBUST_SSE2 1
#else
#define TOUCHSTONE_ROBUST_SSE2 0
#endif
#endif
#if TOUCHSTONE_ROBUST_SSE2
#include <emmintrin.h>
#endif
