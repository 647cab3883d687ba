// touchstone::audit — the pictures of the HTML report (self-contained SVG).
#pragma once

#include <string>
#include <vector>

#include "touchstone/audit/registry.hpp"
#include "touchstone/audit/report.hpp"

namespace touchstone::audit {

/// An ulp map: one implementation's answer on a grid of ulp steps of two
/// arguments around an exact tangent or collinear configuration (Kettner et
/// al., "Classroom examples of robustness problems in geometric
/// computations", done for collision code).
struct UlpMap {
    std::string implementation;
    Primitive primitive{};
    Precision precision{};
    std::string configuration;  ///< the exact base configuration, in words
    int arg_x = 0, arg_y = 0;   ///< the arguments stepped along x and y
    int size = 64;              ///< size x size cells, steps -size/2 .. size/2-1
    Case base;                  ///< the base case (step 0, 0)
    /// Per cell (row-major, row 0 = most positive y step): 0 right-hit,
    /// 1 right-miss, 2 false-hit, 3 false-miss.
    std::vector<unsigned char> cells;
    std::vector<unsigned char> truth_hit;  ///< per cell: the exact answer
    std::size_t wrong = 0;
};

/// The ulp maps of every tutorial port (both precisions) and of the robust
/// core, for the primitives each implements. Deterministic.
std::vector<UlpMap> compute_ulp_maps(int size = 64);

/// The SVG of an ulp map (cells coloured, the true boundary drawn).
std::string ulp_map_svg(const UlpMap& m);

/// The SVG of a counterexample: the configuration, and a zoom onto the
/// contact point labelled with the exact answer and the computed one.
std::string counterexample_svg(const RowResult& row);

}  // namespace touchstone::audit

namespace touchstone::audit {
/// report.html: self-contained (inline CSS and SVG, no network), opens
/// offline. A tiny script stamps the document title with the number of SVG
/// figures and how many rendered empty, which the browser test reads.
void write_html_report(std::ostream& out, const AuditResult& r, const std::vector<UlpMap>& maps);
}  // namespace touchstone::audit
