// boost::throw_exception for a core compiled without C++ exceptions
// (-fno-exceptions, MSVC without /EHsc, wasm32 with clang 14: Boost then
// defines BOOST_NO_EXCEPTIONS).
//
// The exact stages use Boost.Multiprecision, whose integers report overflow,
// division by zero and the like through boost::throw_exception. Without
// exceptions Boost only declares that function and leaves its definition to
// the program, so an engine that compiled touchstone_core with its own
// -fno-exceptions got an undefined symbol at link time (found by the wasm32
// preset, which has no exceptions at all). None of those conditions can
// arise in the core: every integer's capacity is derived from the format's
// exponent range (core/src/robust/scaled.hpp), and divisors are checked
// nonzero before dividing. So reaching this is a bug of the core: it says so,
// names Boost's message and the place, and aborts, as an uncaught exception
// would have.
//
// The definitions are weak where the toolchain has weak symbols (below), and
// this file is kept out of the core's unity build (core/CMakeLists.txt), so it is
// a member of libtouchstone_core.a of its own: a program that defines
// boost::throw_exception itself (any engine that uses Boost without
// exceptions must) keeps its definition, and the linker never takes this one.
#include <boost/config.hpp>

#if defined(BOOST_NO_EXCEPTIONS)

#include <boost/assert/source_location.hpp>
#include <boost/throw_exception.hpp>
#include <cstdio>
#include <cstdlib>
#include <exception>

// Weak on ELF, Mach-O and wasm. Not on Windows: MinGW's linker leaves a weak
// definition in one object unresolved for the references of another (the
// mingw preset's link of robust_engine_flags_test failed so), and MSVC has
// no weak functions; there the archive member of its own is what lets a
// program's definition win.
#if (defined(__GNUC__) || defined(__clang__)) && !defined(_WIN32)
#define TOUCHSTONE_WEAK __attribute__((weak))
#else
#define TOUCHSTONE_WEAK
#endif

namespace {
[[noreturn]] void unreachable_exception(const std::exception& e, const char* file, unsigned line) {
    std::fprintf(stderr,
                 "touchstone: internal error: the robust core's exact arithmetic raised \"%s\" "
                 "(%s:%u), which its derived bounds exclude; please report it with the input "
                 "(touchstone replay prints it as hex)\n",
                 e.what(), file, line);
    std::abort();
}
}  // namespace

namespace boost {
TOUCHSTONE_WEAK void throw_exception(const std::exception& e) {
    unreachable_exception(e, "unknown", 0);
}
TOUCHSTONE_WEAK void throw_exception(const std::exception& e, const boost::source_location& loc) {
    unreachable_exception(e, loc.file_name(), static_cast<unsigned>(loc.line()));
}
}  // namespace boost

#endif
