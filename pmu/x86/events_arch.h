/* Architectural perfmon events (pmu/x86/events_arch.c). */
#ifndef BAREBENCH_PMU_EVENTS_ARCH_H
#define BAREBENCH_PMU_EVENTS_ARCH_H

#include "pmu/backend.h"

#define ARCH_N_EVENTS 8

extern const struct pmu_event_table arch_table;

/* The fixed counter that counts event i of arch_table, or -1. */
extern const int arch_fixed_counter[ARCH_N_EVENTS];

#endif
