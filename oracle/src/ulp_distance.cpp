// touchstone::oracle — ulp distance.
//
// IEEE 754 orders finite values and infinities of one sign like their bit
// patterns read as unsigned integers. Mapping a value with sign bit s and
// magnitude bits m to the integer (s ? -m : m) makes the whole line
// monotonic, with +0 and -0 both at 0; the distance is the difference.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "touchstone/oracle/oracle.hpp"

namespace touchstone::oracle {

namespace {

template <class T, class Bits>
std::int64_t ordered(T x) {
    Bits bits = 0;
    std::memcpy(&bits, &x, sizeof bits);
    constexpr Bits sign = Bits{1} << (8 * sizeof(Bits) - 1);
    const auto magnitude = static_cast<std::int64_t>(bits & ~sign);  // < 2^63
    return (bits & sign) != 0 ? -magnitude : magnitude;
}

template <class T, class Bits>
std::uint64_t distance(T a, T b) {
    if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<std::uint64_t>::max();
    const std::int64_t ia = ordered<T, Bits>(a);
    const std::int64_t ib = ordered<T, Bits>(b);
    // |ia|, |ib| <= 0x7ff0'0000'0000'0000 (inf), so the difference fits in
    // uint64; compute it in unsigned arithmetic to stay clear of overflow.
    return ia >= ib ? static_cast<std::uint64_t>(ia) - static_cast<std::uint64_t>(ib)
                    : static_cast<std::uint64_t>(ib) - static_cast<std::uint64_t>(ia);
}

}  // namespace

std::uint64_t ulp_distance(float a, float b) { return distance<float, std::uint32_t>(a, b); }
std::uint64_t ulp_distance(double a, double b) { return distance<double, std::uint64_t>(a, b); }

}  // namespace touchstone::oracle
