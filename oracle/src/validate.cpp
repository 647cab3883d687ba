// touchstone::oracle — InvalidInput.
#include <cstdio>
#include <string>
#include <utility>

#include "touchstone/oracle/oracle.hpp"

namespace touchstone::oracle {

namespace {

// The form of InputCheck::message(), for an argument that is not a field.
std::string describe(const std::string& field, double value, const std::string& why) {
    char hex[64];
    std::snprintf(hex, sizeof hex, "%a", value);
    return "invalid input: field " + field + " = " + hex + " (" + why + ")";
}

}  // namespace

InvalidInput::InvalidInput(const InputCheck& check)
    : std::invalid_argument(check.message()), field_(check.label()), value_(check.value) {}

InvalidInput::InvalidInput(std::string field, double value, const std::string& why)
    : std::invalid_argument(describe(field, value, why)), field_(std::move(field)), value_(value) {}

}  // namespace touchstone::oracle
