/* Architectural perfmon events (pmu/x86/events_arch.c). */
#ifndef BAREBENCH_PMU_EVENTS_ARCH_H
#define BAREBENCH_PMU_EVENTS_ARCH_H

#include "pmu/backend.h"

/* The architectural events by their CPUID leaf 0xA EBX bit (Intel SDM
 * vol. 3B, "Pre-defined Architectural Performance Events"). */
enum arch_event {
    ARCH_CORE_CYCLES = 0,
    ARCH_INSTRUCTIONS = 1,
    ARCH_REF_CYCLES = 2,
    ARCH_LLC_REFERENCES = 3,
    ARCH_LLC_MISSES = 4,
    ARCH_BRANCHES = 5,
    ARCH_BRANCH_MISSES = 6,
    ARCH_TOPDOWN_SLOTS = 7,
    ARCH_N_EVENTS
};

#define ARCH_N_FIXED 4 /* fixed counters an event can have, FIXED_CTR0-3 */

/* The table, indexed by enum arch_event. */
extern const struct pmu_event_table arch_table;

/* The fixed counter that counts the event, or -1. */
int arch_fixed_counter(enum arch_event event);

#endif
