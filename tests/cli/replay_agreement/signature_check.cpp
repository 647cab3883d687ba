// TOUCHSTONE_REGISTER takes exactly the primitive's signature
// (Signature<P, float> or Signature<P, double>). Built twice by
// tests/cli/CMakeLists.txt: as is, it registers a fitting function and
// checks that it joined the registry; with TOUCHSTONE_WRONG_SIGNATURE it
// registers a disk-disk function as segment_hits_disk, which must not
// compile.
#include <cstdio>

#include "touchstone/conformance.hpp"

namespace {

bool disks(touchstone::Circle<float> a, touchstone::Circle<float> b) {
    const float dx = a.c.x - b.c.x, dy = a.c.y - b.c.y, rr = a.r + b.r;
    return dx * dx + dy * dy <= rr * rr;
}

}  // namespace

#ifdef TOUCHSTONE_WRONG_SIGNATURE
TOUCHSTONE_REGISTER(segment_hits_disk, "misfit", disks, touchstone::conformance::closed());
#else
TOUCHSTONE_REGISTER(disks_overlap, "fits", disks, touchstone::conformance::closed());
#endif

int main() {
    for (const auto& impl : touchstone::audit::implementations())
        if (impl.user && impl.name == "fits" &&
            impl.primitive == touchstone::Primitive::disks_overlap &&
            impl.precision == touchstone::Precision::f32)
            return 0;
    std::fprintf(stderr, "the registration did not reach the registry\n");
    return 1;
}
