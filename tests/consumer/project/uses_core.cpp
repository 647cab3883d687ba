// The downstream program: the robust core and the oracle agree on a tangency
// that the tutorial port 000 misses.
#include <cstdio>

#include <touchstone/oracle/oracle.hpp>
#include <touchstone/robust.hpp>
#include <touchstone/tutorial.hpp>

int main() {
    const touchstone::Segment<double> s{{0, 0}, {8, 0}};
    const touchstone::Circle<double> c{{4, 4}, 4};  // tangent at (4, 0)
    const bool robust = touchstone::robust::segment_hits_disk(s, c);
    const bool exact = touchstone::oracle::segment_hits_disk(s, c);
    const bool port = touchstone::tutorial::segment_hits_disk_000<double>(s, c);
    std::printf("robust %d, oracle %d, tutorial 000 %d\n", robust, exact, port);
    return robust && exact && !port ? 0 : 1;
}
