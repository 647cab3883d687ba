// touchstone::robust — whether the robust core may use SSE2 intrinsics.
//
// SSE2 is part of every x86-64 target (GCC and Clang define __SSE2__, MSVC
// _M_X64; 32-bit MSVC with /arch:SSE2 sets _M_IX86_FP >= 2). Where it is
// present, a few filters run their two lanes (x and y, or a product pair) in
// one register: boxes_overlap and segment_hits_box (shapes.hpp), orient2d
// (orient2d.hpp), point_in_polygon (polygons.hpp) and polygon_hits_disk
// (convex.hpp).
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

#if TOUCHSTONE_ROBUST_SSE2
namespace touchstone::robust::detail::sse2 {

/// Two points stored as x0 y0 x1 y1 (two consecutive Vec2<double>): x0 x1
/// and y0 y1 in the lanes of x and y (polygon_hits_disk's pass, convex.hpp).
inline void load_point_pair(const double* w, __m128d& x, __m128d& y) {
    const __m128d v0 = _mm_loadu_pd(w), v1 = _mm_loadu_pd(w + 2);
    x = _mm_unpacklo_pd(v0, v1);
    y = _mm_unpackhi_pd(v0, v1);
}
/// The same from two Vec2<float>, widened to double (exactly).
inline void load_point_pair(const float* w, __m128d& x, __m128d& y) {
    const __m128 v = _mm_loadu_ps(w);
    const __m128 s = _mm_shuffle_ps(v, v, _MM_SHUFFLE(3, 1, 2, 0));  // x0 x1 y0 y1
    x = _mm_cvtps_pd(s);
    y = _mm_cvtps_pd(_mm_movehl_ps(s, s));
}

/// |x| in both lanes (the sign bits cleared).
inline __m128d abs_pd(__m128d x) {
    return _mm_and_pd(x, _mm_castsi128_pd(_mm_set_epi32(0x7fffffff, -1, 0x7fffffff, -1)));
}

}  // namespace touchstone::robust::detail::sse2
#endif
