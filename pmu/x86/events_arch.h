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

/* The fixed counter that counts an event select and unit mask, or -1:
 * an architectural event's, or j for the pseudo-encoding 0x00/j+1 that
 * only FIXED_CTRj takes (*only; Intel SDM vol. 3B, "Fixed-Function
 * Performance Counters": INST_RETIRED.ANY 00H/01H, CPU_CLK_UNHALTED.THREAD
 * 00H/02H, CPU_CLK_UNHALTED.REF_TSC 00H/03H, TOPDOWN.SLOTS 00H/04H). */
int arch_fixed_of(uint32_t select, uint32_t umask, bool *only);

/* Topdown level 1: the metrics of PERF_METRICS, in its byte order, named
 * and encoded as Linux names them (the pseudo-encodings 00H/80H-83H of
 * arch/x86/events/intel/core.c; perf's topdown-retiring ...). */
#define ARCH_N_METRICS 4
extern const struct pmu_event_table arch_metric_table;

/* The byte of PERF_METRICS that an event select and unit mask name, or -1. */
int arch_metric_of(uint32_t select, uint32_t umask);

#endif
