/* Placing the events of one pass on (ESCR, counter) pairs (p4_place.c). */
#ifndef BAREBENCH_PMU_X86_P4_PLACE_H
#define BAREBENCH_PMU_X86_P4_PLACE_H

#include "pmu/x86/p4_regs.h"

/* The backend's place operation (struct pmu_backend). */
int p4_place(const struct pmu *pmu, struct pmu_assigned_event *events[], unsigned n, char *err,
             size_t errlen);

/* Among the n events of one pass, the index of the event that events[i]
 * (a cascade follower) cascades from: the one before it in its list.
 * Returns -1 when it is not in the pass. */
int p4_find_leader(const struct pmu_assigned_event *const events[], unsigned n, unsigned i);

#endif
