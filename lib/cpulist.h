/* Linux's CPU lists ("0-7,16-23"): the format of /sys's `cpus` and
 * `online` files (Documentation/admin-guide/cputopology.rst). */
#ifndef BAREBENCH_CPULIST_H
#define BAREBENCH_CPULIST_H

#include <stdbool.h>

/* Whether the list has CPU cpu. It ends at the first character that is
 * neither a digit, '-' nor ',' (a newline); a malformed range has no CPU. */
bool cpulist_has(const char *list, unsigned cpu);

#endif
