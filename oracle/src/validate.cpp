// touchstone::oracle — InvalidInput.
#include <cstdio>
#include <string>
#include <utility>

#include "touchstone/oracle/oracle.hpp"

namespace touchstone::oracle {

namespace {

std::string describe(const std::string& field, double value, const std::string& why) {
    char hex[64];
    std::snprintf(hex, sizeof hex, "%a", value);
    return "invalid input: field " + field + " = " + hex + " (" + why + ")";
}

}  // namespace

InvalidInput::InvalidInput(std::string field, double value, const std::string& why)
    : std::invalid_argument(describe(field, value, why)), field_(std::move(field)), value_(value) {}

}  // namespace touchstone::oracle
