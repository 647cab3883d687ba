// TOUCHSTONE_REGISTER's back end: a user implementation joins the audit registry.
#include <stdexcept>

#include "touchstone/conformance.hpp"

namespace touchstone::conformance::detail {

bool add(Primitive p, Precision prec, const std::string& name, const Claim& claim,
         audit::Evaluator eval) {
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
    impl.eval = std::move(eval);
    audit::register_implementation(std::move(impl));
    return true;
}

}  // namespace touchstone::conformance::detail
