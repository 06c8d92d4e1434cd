/* CPU lists (lib/cpulist.h). */
#include "lib/cpulist.h"

#include <stdint.h>

#include "lib/kstring.h"

/* Reads the number at *at and moves past it; false when there is none. */
static bool number(const char **at, uint64_t *value)
{
    size_t len = 0;
    while ((*at)[len] >= '0' && (*at)[len] <= '9') {
        len++;
    }
    bool ok = parse_uint(*at, len, value);
    *at += len;
    return ok;
}

bool cpulist_has(const char *list, unsigned cpu)
{
    for (const char *at = list;; at++) {
        uint64_t lo, hi;
        if (!number(&at, &lo)) {
            return false;
        }
        hi = lo;
        if (*at == '-' && (at++, !number(&at, &hi))) {
            return false;
        }
        if (cpu >= lo && cpu <= hi) {
            return true;
        }
        if (*at != ',') {
            return false;
        }
    }
}
