// touchstone::audit — the soundness profile: for each implementation x
// precision x primitive, the error rate at each binary exponent of the input
// scale, from the scale sweep (sources.hpp: sweep_recipe), and the summary
// "sound for |x| in [2^a, 2^b]". docs/judging.md#soundness-profile defines it.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "touchstone/audit/report.hpp"

namespace touchstone::audit {

/// The name of the scale sweep's rows (the family column).
inline constexpr const char* sweep_family = "scale_sweep";

/// The scale of a case: the binary exponent floor(log2(max |argument|)) of
/// its largest finite argument (coordinates and radii alike); a case whose
/// arguments are all zero falls in the lowest bin (2^-1074 double, 2^-149
/// float), which therefore holds |x| < 2^(lowest + 1).
int scale_exponent(Precision prec, const double* args, int n);

/// The exponents a precision has: [lowest, highest] = [-1074, 1023] for
/// double, [-149, 127] for float.
int lowest_exponent(Precision prec);
int highest_exponent(Precision prec);

/// The ordinary scales, which a sound interval must contain: |x| in
/// [2^-10, 2^11), exponents -10 .. 10.
inline constexpr int ordinary_low = -10, ordinary_high = 10;

/// One implementation x precision x primitive.
struct Profile {
    std::string implementation;
    Precision precision{};
    Primitive primitive{};
    std::vector<ScaleBin> bins;  ///< by exponent, only exponents with cases
    std::uint64_t cases = 0, wrong = 0;
    /// No wrong answer at any exponent of the sweep.
    bool everywhere = false;
    /// Sound at the ordinary scales; then [from, to] is the widest run of
    /// exponents with no wrong answer that contains them.
    bool ordinary = false;
    int from = 0, to = 0;
    std::uint64_t untested = 0;  ///< exponents in [from, to] without a case
    std::uint64_t timed_calls = 0;
    double timed_ns = 0;  ///< over every row of the implementation x primitive
    double ns_per_call() const { return timed_calls ? timed_ns / double(timed_calls) : 0; }
    /// "sound everywhere", "sound for |x| in [2^a, 2^b]", or "not sound at
    /// ordinary scales (wrong at 2^e)".
    std::string line() const;
};

/// The profile of every implementation x precision x primitive that has a
/// scale-sweep row, in row order.
std::vector<Profile> profiles(const AuditResult& r);

/// "12.3" (ns per call, three significant digits) or "-" when not timed.
std::string ns_text(double ns, std::uint64_t calls);

/// The soundness and cost table printed after the audit's table.
void write_profile_table(std::ostream& out, const AuditResult& r);
/// report.json's "profiles" array (the value only).
void write_profiles_json(std::ostream& out, const AuditResult& r);
/// report.md's section.
void write_profiles_markdown(std::ostream& out, const AuditResult& r);
/// report.html's section: a strip chart per implementation.
void write_profiles_html(std::ostream& out, const AuditResult& r);

}  // namespace touchstone::audit
