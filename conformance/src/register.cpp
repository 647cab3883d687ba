// TOUCHSTONE_REGISTER's back end: a user implementation joins the audit registry.
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "touchstone/conformance.hpp"

namespace touchstone::conformance::detail {

namespace {

std::string place(const audit::Implementation& impl) {
    if (!impl.user) return "touchstone's own " + impl.origin;
    if (impl.source_file.empty()) return "an unknown place";
    return impl.source_file + ":" + std::to_string(impl.source_line);
}

}  // namespace

bool add(Primitive p, Precision prec, const std::string& name, const Claim& claim,
         audit::Evaluator eval, const char* file, int line) {
    if (name.empty())
        throw std::invalid_argument("TOUCHSTONE_REGISTER: the name must not be empty");
    if (claim.boundary == Boundary::open && !is_predicate(p))
        throw std::invalid_argument(name + ": open boundary semantics apply to predicates only");
    audit::Implementation impl;
    impl.name = name;
    impl.primitive = p;
    impl.precision = prec;
    impl.origin = "registered with TOUCHSTONE_REGISTER";
    impl.claim = claim;
    impl.user = true;
    impl.source_file = file ? file : "";
    impl.source_line = line;
    impl.eval = std::move(eval);
    // Static initialisation: an exception would end in std::terminate with a
    // less readable message, so the duplicate is reported and the run ends.
    for (const audit::Implementation& other : audit::implementations()) {
        if (other.name != name || other.primitive != p || other.precision != prec) continue;
        std::fprintf(stderr, "duplicate registration of %s %s %s: first at %s, again at %s\n",
                     name.c_str(), std::string(to_string(p)).c_str(),
                     std::string(to_string(prec)).c_str(), place(other).c_str(),
                     place(impl).c_str());
        std::exit(2);
    }
    audit::register_implementation(std::move(impl));
    return true;
}

}  // namespace touchstone::conformance::detail
