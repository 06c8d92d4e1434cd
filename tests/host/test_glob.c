/* Benchmark-name globs for bench=. */
#include "lib/glob.h"
#include "tests/host/check.h"

int main(void)
{
    CHECK(glob_match("add_*", 5, "add_latency"), "glob: star matches a suffix");
    CHECK(glob_match("*LAT*", 5, "add_latency"), "glob: case-insensitive, stars both sides");
    CHECK(glob_match("n?p", 3, "nop") && !glob_match("n?p", 3, "noop"), "glob: ? is one char");
    CHECK(!glob_match("add", 3, "add_latency"), "glob: a plain word must match whole");
    CHECK(glob_match("***", 3, "x") && glob_match("*", 1, ""), "glob: stars match anything");
    return check_summary();
}
