/* What the last-resort backends share (x86's TSC, the PowerPC's time
 * base): one free-running time counter that every event of a list reads,
 * in one pass, under a name no PMU event has, so that no result can pass
 * for a PMU count. Each architecture's backend states the names (its
 * `time_counter`) and takes these operations. */
#ifndef BAREBENCH_PMU_TIME_COUNTER_H
#define BAREBENCH_PMU_TIME_COUNTER_H

#include "pmu/backend.h"

struct pmu_time_counter {
    const char *name;           /* the event and counter name: "TSC", "TB" */
    const char *encoding;       /* its raw form: "tsc", "tb" */
    const char *counts;         /* what it counts, for messages: "TSC cycles" */
    const char *source;         /* what it is: "time-stamp counter" */
    const char *read;           /* the instructions that read it: "RDTSC" */
    const char *const *aliases; /* the names an event list may use, NULL-terminated */
};

/* Every operation of a time-counter backend but detect: give it its
 * counter, name and register kind, and these. */
#define PMU_TIME_COUNTER_OPS(counter)                                                              \
    .time_counter = (counter), .no_overflow = "there is no event counter, only a time counter",    \
    .list = pmu_time_counter_list, .default_events = pmu_time_counter_default_events,              \
    .resolve = pmu_time_counter_resolve, .place = pmu_time_counter_place,                          \
    .encode = pmu_time_counter_encode, .encode_stop = pmu_time_counter_encode

/* The backend operations, for the backend's time_counter. */
void pmu_time_counter_list(const struct pmu *pmu, pmu_line_fn line, void *ctx);
const char *pmu_time_counter_default_events(const struct pmu *pmu);

/* Accepts an alias without modifiers; anything else is refused, naming
 * what this CPU can read. */
int pmu_time_counter_resolve(const struct pmu *pmu, const struct pmu_plan *plan,
                             const struct pmu_spec *spec, struct pmu_assigned_event *ev, char *err,
                             size_t errlen);

/* Any number of reads of the one counter fit in one pass. */
int pmu_time_counter_place(const struct pmu *pmu, struct pmu_assigned_event *events[], unsigned n,
                           char *err, size_t errlen);

/* Nothing to program: no writes. */
unsigned pmu_time_counter_encode(const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass,
                                 struct pmu_write *out, unsigned max);

#endif
