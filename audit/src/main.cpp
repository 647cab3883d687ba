// touchstone — the command: `touchstone audit` and `touchstone replay`.
#include "touchstone/audit/commands.hpp"

int main(int argc, char** argv) { return touchstone::audit::cli_main(argc, argv); }
