// Implementation names as --only and --gate match them.
#include "touchstone/audit/commands.hpp"
#include "touchstone/audit/registry.hpp"

namespace touchstone::audit {

bool name_matches(const std::string& pattern, const std::string& name) {
    if (!pattern.empty() && pattern.back() == '*')
        return name.compare(0, pattern.size() - 1, pattern, 0, pattern.size() - 1) == 0;
    return pattern == name;
}

bool& reference_rows_by_default() {
    static bool with_reference = true;
    return with_reference;
}

}  // namespace touchstone::audit
