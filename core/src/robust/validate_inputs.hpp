// touchstone::robust — validity test of the exact stages.
#pragma once

#include <cmath>
#include <initializer_list>

namespace touchstone::robust::exact {

/// All x[0..n) finite and the listed radii >= 0 (-0 included).
inline bool valid_inputs(const double* x, int n, std::initializer_list<int> radii) {
    for (int i = 0; i < n; ++i)
        if (!std::isfinite(x[i])) return false;
    for (int i : radii)
        if (!(x[i] >= 0)) return false;
    return true;
}

}  // namespace touchstone::robust::exact
