// NAME_audit: the touchstone command with the user's registered implementations.
// `NAME_audit audit` runs the user's rows only; --with-reference adds
// touchstone's own (the tutorial ports and the robust core).
#include "touchstone/audit/commands.hpp"

int main(int argc, char** argv) {
    touchstone::audit::reference_rows_by_default() = false;
    return touchstone::audit::cli_main(argc, argv);
}
