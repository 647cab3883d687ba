// Compiled, never linked, by tests/robust/float_semantics_probe.cmake: with
// the build's own flags it must compile; with -ffast-math,
// -ffinite-math-only or x87 evaluation it must stop at
// touchstone/float_semantics.hpp's #error. PROBE_ORACLE adds the oracle's
// public header, which must refuse -ffast-math the same way.
#include "touchstone/robust.hpp"
#if defined(PROBE_ORACLE)
#include "touchstone/oracle/exact.hpp"
#endif

bool probe(double x) {
    return touchstone::robust::point_in_disk(touchstone::Vec2<double>{x, 0},
                                             touchstone::Circle<double>{{0, 0}, 1});
}
