/* Linux's CPU lists, as a hybrid part's cpu_core/cpus and cpu_atom/cpus
 * give them (the hosted run picks the PMU of the CPU it is pinned to). */
#include "lib/cpulist.h"
#include "tests/host/check.h"

int main(void)
{
    CHECK(cpulist_has("0-15\n", 0) && cpulist_has("0-15\n", 15) && !cpulist_has("0-15\n", 16),
          "cpulist: a range has both ends and nothing beyond");
    CHECK(cpulist_has("0-7,16-23", 20) && !cpulist_has("0-7,16-23", 12),
          "cpulist: ranges after a comma, and the gap between them");
    CHECK(cpulist_has("3", 3) && !cpulist_has("3", 2) && cpulist_has("1,3,5", 5),
          "cpulist: single CPUs");
    CHECK(!cpulist_has("", 0) && !cpulist_has("\n", 0), "cpulist: an empty list has no CPU");
    CHECK(!cpulist_has("2-", 2) && !cpulist_has("x", 0) && !cpulist_has(",0", 0),
          "cpulist: a malformed list has no CPU");
    return check_summary();
}
