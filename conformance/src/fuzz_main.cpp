// NAME_fuzz: a libFuzzer target over every registered user implementation.
// The first byte picks the implementation; the second, the mode: an edge
// recipe of a case family built from the following bytes (as the fuzzers in
// fuzz/ do), or raw IEEE bit patterns. A wrong answer outside the declared
// tolerance prints the case line and the replay command, then traps.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "touchstone/audit/registry.hpp"
#include "touchstone/families/families.hpp"

namespace {

using namespace touchstone;

struct Bytes {
    const std::uint8_t* data;
    std::size_t size, at = 0;
    std::uint64_t next() {
        std::uint64_t v = 0;
        for (int i = 0; i < 8; ++i) v = (v << 8) | (at < size ? data[at++] : 0u);
        return v;
    }
};

const std::vector<std::size_t>& user_impls() {
    static const std::vector<std::size_t> v = [] {
        std::vector<std::size_t> out;
        const auto& impls = audit::implementations();
        for (std::size_t i = 0; i < impls.size(); ++i)
            if (impls[i].user) out.push_back(i);
        return out;
    }();
    return v;
}

template <class T>
std::array<double, 8> decode(Primitive p, Bytes& b, bool raw) {
    std::array<double, 8> a{};
    if (raw) {
        for (int i = 0; i < arity(p); ++i) {
            const std::uint64_t w = b.next();
            if constexpr (sizeof(T) == 4) {
                const auto bits = static_cast<std::uint32_t>(w);
                float f;
                std::memcpy(&f, &bits, 4);
                a[static_cast<std::size_t>(i)] = f;
            } else {
                double d;
                std::memcpy(&d, &w, 8);
                a[static_cast<std::size_t>(i)] = d;
            }
        }
        return a;
    }
    const auto fams = families::families_for(p);
    const families::Family fam = fams[b.next() % fams.size()];
    const auto bases = families::bases(p, fam);
    const families::Family base = bases[b.next() % bases.size()];
    const families::Recipe r = families::draw_from(families::space<T>(p, fam, base), [&] { return b.next(); });
    const auto typed = families::realize<T>(p, r);
    for (std::size_t i = 0; i < 8; ++i) a[i] = static_cast<double>(typed[i]);
    return a;
}

std::string& audit_command() {
    static std::string name = "NAME_audit";
    return name;
}

}  // namespace

/// Remembers this target's name so that traps print NAME_audit's replay command.
extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
    if (argc && *argc > 0) {
        std::string exe = (*argv)[0];
        const std::string suffix = "_fuzz";
        if (exe.size() > suffix.size() && exe.compare(exe.size() - suffix.size(), suffix.size(), suffix) == 0)
            audit_command() = exe.substr(0, exe.size() - suffix.size()) + "_audit";
    }
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto& users = user_impls();
    if (users.empty() || size < 2) return 0;
    const audit::Implementation& impl = audit::implementations()[users[data[0] % users.size()]];
    Bytes b{data + 2, size - 2};
    const bool raw = data[1] & 1;
    const std::array<double, 8> a = impl.precision == Precision::f32 ? decode<float>(impl.primitive, b, raw)
                                                                      : decode<double>(impl.primitive, b, raw);
    const audit::Answer truth = audit::oracle_answer(impl.primitive, impl.precision, a.data());
    if (!truth.valid) return 0;  // outside the valid domain: no truth to hold it to
    const audit::Graded g = audit::grade(impl, impl.eval(a.data()), truth, a.data());
    if (g.judgement.wrong() && !g.tolerated) {
        Case c;
        c.primitive = impl.primitive;
        c.precision = impl.precision;
        c.args = a;
        c.id = impl.name;
        const std::string line = case_line(c);
        std::fprintf(stderr, "%s: %s\n%s\nreplay: %s\n", impl.name.c_str(), audit::to_string(g.judgement.verdict),
                     line.c_str(), replay_command(line, audit_command()).c_str());
        __builtin_trap();
    }
    return 0;
}
