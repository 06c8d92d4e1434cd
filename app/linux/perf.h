/* Counting through Linux's perf_event_open(2): the hosted run's PMU. Each
 * pass's events go to Linux as one pinned group of raw configurations
 * (pmu/x86/perf_attr.h: the backend's own encoder, so they are what the
 * kernel would program), and the window reads them with RDPMC at CPL 3
 * where the event's page allows it (cap_user_rdpmc), or the platform reads
 * the group with read() just outside the window. */
#ifndef BAREBENCH_LINUX_PERF_H
#define BAREBENCH_LINUX_PERF_H

#include <stdbool.h>
#include <stddef.h>

#include "bench/window.h"
#include "pmu/pmu.h"

/* Finds perf's core PMU for the CPU the process is pinned to (cpu; -1:
 * not pinned) and opens one event on it to see what Linux allows. True
 * when events can be counted; either way `detail` says what was found:
 * the device, whether RDPMC is allowed, or why nothing counts. */
bool perf_init(int cpu, char *detail, size_t n);

/* Whether the window may read the counters with RDPMC (perf_init found
 * cap_user_rdpmc set). */
bool perf_rdpmc(void);

/* Opens the events of a pass as one pinned group and maps each one's page:
 * 0, or -1 after saying why. */
int perf_open_pass(const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass);

/* Closes the open pass's events. */
void perf_close_pass(void);

/* The count of the open pass's event that the backend reads at `index`
 * (struct pmu_read.index), by read(): 0, or -1 when there is none. */
int perf_read(uint32_t index, uint64_t *value);

/* Before a window runs: points each of its reads at the counter Linux has
 * the event on now, or reads the group where the platform reads it
 * outside. False when an event is on no counter (the group was pushed off
 * the PMU). */
bool perf_window_begin(const struct window *w);

/* After it: reads the group where the platform reads it outside. True
 * when no event's page changed meanwhile: Linux did not move or reprogram
 * a counter the window read. */
bool perf_window_end(const struct window *w);

#endif
