// Sharding a large audit: `--shard K/N` runs a deterministic 1/N slice of
// every cell, and `touchstone merge` adds the shards' report.json files back
// into the report the unsharded run writes.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace touchstone::audit {

/// Shard K of N (K from 1). count 0: not sharded.
struct Shard {
    std::uint64_t index = 0;
    std::uint64_t count = 0;
    bool active() const { return count != 0; }
};

/// "K/N" with 1 <= K <= N; false (and `error` set) otherwise.
bool parse_shard(const std::string& text, Shard& out, std::string& error);

/// Whether case `k` of a cell (numbered from 0 in drawing order) belongs to
/// the shard: cases are dealt round-robin, case k to shard k % N + 1, so the N
/// shards together hold every case exactly once.
inline bool in_shard(const Shard& s, std::uint64_t k) {
    return !s.active() || k % s.count == s.index - 1;
}

/// ulp errors as sorted (value, count) pairs: what merge needs for the median.
using UlpHistogram = std::vector<std::pair<std::uint64_t, std::uint64_t>>;
UlpHistogram ulp_histogram(const std::vector<std::uint64_t>& ulps);
/// The element at position size/2 of the sorted values (the audit's median).
std::uint64_t median_of(const UlpHistogram& h);
/// Adds `more` into `into`, kept sorted.
void add_histogram(UlpHistogram& into, const UlpHistogram& more);

/// " (shard K/N)" for the table's last line, or "" when not sharded.
std::string shard_note(const Shard& s);

/// `touchstone merge OUT_DIR report.json...`
int merge_main(int argc, char** argv);

}  // namespace touchstone::audit
