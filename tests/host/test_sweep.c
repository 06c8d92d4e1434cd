/* sweep= values (lib/sweep.c): lists, geometric and arithmetic ranges, and
 * every malformed or out-of-range spec refused with its reason. */
#include <string.h>

#include "lib/sweep.h"
#include "tests/host/check.h"

static struct sweep s;

static int values_are(const uint32_t *want, unsigned n)
{
    if (s.n != n) {
        printf("  got %u values\n", s.n);
        return 0;
    }
    for (unsigned i = 0; i < n; i++) {
        if (s.values[i] != want[i]) {
            printf("  value %u is %u, not %u\n", i, (unsigned)s.values[i], (unsigned)want[i]);
            return 0;
        }
    }
    return 1;
}

static int refused(const char *spec, uint32_t max, const char *want)
{
    const char *why = sweep_parse(spec, 1, max, &s);
    if (why && strstr(why, want) && s.n == 0) {
        return 1;
    }
    printf("  %s: %s\n", spec, why ? why : "accepted");
    return 0;
}

int main(void)
{
    static const uint32_t list[] = {4, 16, 64};
    CHECK(!sweep_parse("wss:4,16,64", 1, 65536, &s) && values_are(list, 3) &&
              strcmp(s.option, "wss") == 0,
          "a list gives its values and the option's name");
    static const uint32_t doubling[] = {1, 2, 4, 8, 16, 32, 64};
    CHECK(!sweep_parse("wss:1..64*2", 1, 65536, &s) && values_are(doubling, 7),
          "a geometric range doubles up to its last value");
    static const uint32_t half[] = {1, 2, 3, 5, 8, 12, 18};
    CHECK(!sweep_parse("wss:1..20*1.5", 1, 65536, &s) && values_are(half, 7),
          "a factor of 1.5 rounds each value and always grows by at least one");
    static const uint32_t steps[] = {100, 400, 700, 1000};
    CHECK(!sweep_parse("unroll:100..1000+300", 1, 1000, &s) && values_are(steps, 4),
          "an arithmetic range steps up to its last value");
    static const uint32_t mixed[] = {3, 8, 16, 32};
    CHECK(!sweep_parse("wss:3,8..32*2", 1, 65536, &s) && values_are(mixed, 4),
          "a list may hold ranges");
    CHECK(refused("wss", 65536, "OPTION:VALUES"), "no colon is refused");
    CHECK(refused("wss:", 65536, "no values"), "no values are refused");
    CHECK(refused("wss:1..64*1", 65536, "factor above 1"), "a factor of 1 is refused");
    CHECK(refused("wss:64..1*2", 65536, "FIRST <= LAST"), "a falling range is refused");
    CHECK(refused("wss:1..64", 65536, "FIRST..LAST*FACTOR"), "a range without a step is refused");
    CHECK(refused("wss:4,x", 65536, "not a number"), "a word is refused");
    CHECK(refused("unroll:10..2000*2", 1000, "outside 1..1000"),
          "a value beyond the option's range is refused");
    CHECK(refused("wss:1..100000+1", 100000, "more than 64 values"), "too many values are refused");
    return check_summary();
}
