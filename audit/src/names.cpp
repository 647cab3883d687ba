// Implementation names as --only and --gate match them.
#include "touchstone/audit/commands.hpp"
#include "touchstone/audit/registry.hpp"

#include <iostream>

namespace touchstone::audit {

bool name_matches(const std::string& pattern, const std::string& name) {
    if (!pattern.empty() && pattern.back() == '*')
        return name.compare(0, pattern.size() - 1, pattern, 0, pattern.size() - 1) == 0;
    return pattern == name;
}

bool gated(const std::vector<std::string>& gate, const std::string& name) {
    for (const std::string& g : gate)
        if (name_matches(g, name)) return true;
    return false;
}

bool gates_known(const std::vector<std::string>& gate, const char* command) {
    for (const std::string& g : gate) {
        bool known = false;
        for (const Implementation& i : implementations()) known |= name_matches(g, i.name);
        if (!known) {
            std::cerr << "touchstone " << command << ": --gate: unknown implementation \"" << g
                      << "\"\n";
            return false;
        }
    }
    return true;
}

bool& reference_rows_by_default() {
    static bool with_reference = true;
    return with_reference;
}

}  // namespace touchstone::audit
