// NAME_fuzz: a libFuzzer target over every registered user implementation.
//
// Inputs have the project's fuzz layout (fuzz/decode.hpp): raw IEEE bit
// patterns or edge recipes of the case families, decoded for each
// implementation's primitive in its precision. So the project's corpora
// (fuzz/corpus/robust_<primitive>/, fuzz/regressions/...) replay in it, its
// layout-aware mutator (fuzz/mutator.hpp) edits the inputs, and a find here
// is a find the project's own targets can replay.
//
// Every input runs through every user implementation (or those named in
// TOUCHSTONE_FUZZ_ONLY=name,name), each judged by the one judge
// (touchstone::judge, docs/judging.md) under the claim it was registered
// with: invalid input is skipped unless the claim promises the empty answer
// for it; a wrong answer inside the claim's tolerance is not a failure. A
// failure prints its class, the case line (its id: the implementation's
// name) and the NAME_audit command that replays it, then traps.
// TOUCHSTONE_FUZZ_CLASS filters by class as in the project's targets
// (fuzz/harness.hpp).
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "harness.hpp"
#include "touchstone/audit/registry.hpp"

namespace {

using namespace touchstone;

/// Whether `name` is one of the comma-separated names of TOUCHSTONE_FUZZ_ONLY
/// (every name when it is unset or empty).
bool selected(const std::string& name) {
    const char* only = std::getenv("TOUCHSTONE_FUZZ_ONLY");
    if (only == nullptr || *only == '\0') return true;
    const std::string list = std::string(",") + only + ",";
    return list.find("," + name + ",") != std::string::npos;
}

/// The user implementations this target fuzzes.
const std::vector<const audit::Implementation*>& targets() {
    static const std::vector<const audit::Implementation*> v = [] {
        std::vector<const audit::Implementation*> out;
        for (const audit::Implementation& impl : audit::implementations())
            if (impl.user && selected(impl.name)) out.push_back(&impl);
        return out;
    }();
    return v;
}

/// An implementation decodes inputs like a project target of its primitive
/// in its one precision.
fuzz::TargetSpec spec_of(const audit::Implementation& impl) {
    return {impl.primitive, impl.precision == Precision::f32 ? fuzz::Precisions::f32_only
                                                             : fuzz::Precisions::f64_only};
}

/// The one check of the project's targets (fuzz/harness.hpp, check_answer)
/// with the registered evaluator and claim; invalid input is judged only
/// when the claim promises the empty answer for it.
template <class T>
void check(const audit::Implementation& impl, const fuzz::Config<T>& c) {
    fuzz::check_answer(impl.name.c_str(), c, impl.claim, impl.claim.empty_on_invalid, impl.eval,
                       impl.name);
}

}  // namespace

/// Names NAME_audit (beside this NAME_fuzz) in the printed replay commands,
/// unless TOUCHSTONE_FUZZ_CLI names another command.
extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
    audit::start_in_default_environment(argc && *argc > 0 ? (*argv)[0] : "NAME_fuzz");
    if (argc && *argc > 0) {
        std::string exe = (*argv)[0];
        const std::string suffix = "_fuzz";
        if (exe.size() > suffix.size() &&
            exe.compare(exe.size() - suffix.size(), suffix.size(), suffix) == 0)
            fuzz::set_default_cli(exe.substr(0, exe.size() - suffix.size()) + "_audit");
    }
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    for (const audit::Implementation* impl : targets()) {
        if (impl->precision == Precision::f32)
            check(*impl, fuzz::decode<float>(impl->primitive, data, size));
        else
            check(*impl, fuzz::decode<double>(impl->primitive, data, size));
    }
    return 0;
}

/// The project's layout-aware mutator, for one implementation's primitive
/// and precision, chosen by the seed (deterministic in input and seed).
extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size,
                                               std::size_t max_size, unsigned int seed) {
    const auto& impls = targets();
    if (impls.empty()) return LLVMFuzzerMutate(data, size, max_size);
    return fuzz::mutate(spec_of(*impls[seed % impls.size()]), data, size, max_size, seed);
}
