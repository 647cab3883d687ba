// NAME_audit: the touchstone command with the user's registered implementations.
#include "touchstone/audit/commands.hpp"

int main(int argc, char** argv) { return touchstone::audit::cli_main(argc, argv); }
