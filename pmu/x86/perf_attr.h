/* The perf_event_open(2) configuration of each event of a pass, for
 * counting barebench's event specs as a Linux process: the pass goes
 * through the backend's own encoder (pmu_encode_pass) and each event's
 * perf config is read off the selector value that encoder wrote, so the
 * hosted run counts exactly what the kernel would program.
 *
 * Pure: no Linux headers, no system calls (the hosted platform opens the
 * events; app/linux/). The numbers it needs from Linux are defined here. */
#ifndef BAREBENCH_PMU_X86_PERF_ATTR_H
#define BAREBENCH_PMU_X86_PERF_ATTR_H

#include "pmu/pmu.h"

/* perf_event_attr.type of a raw PMU config: PERF_TYPE_RAW in
 * include/uapi/linux/perf_event.h (enum perf_type_id). The x86 core PMU
 * registers under it: perf_pmu_register(&pmu, "cpu", PERF_TYPE_RAW) in
 * arch/x86/events/core.c, init_hw_perf_events. */
#define PERF_ATTR_TYPE_RAW 4u

/* One event's perf_event_attr fields, the rest being 0. */
struct perf_attr {
    unsigned event;      /* its index in plan->events */
    uint32_t type;       /* perf_event_attr.type */
    uint64_t config;     /* perf_event_attr.config */
    bool exclude_user;   /* perf_event_attr.exclude_user: the selector's USR was clear */
    bool exclude_kernel; /* perf_event_attr.exclude_kernel: its OS was clear */
};

/* The Linux PMU (/sys/bus/event_source/devices/NAME) whose raw configs
 * the backend's events are, or NULL where there is none
 * (perf_attr_why_not says why). */
const char *perf_attr_pmu_name(const struct pmu *pmu);

/* Why the backend's events have no perf configuration this code builds,
 * or NULL when they have one. */
const char *perf_attr_why_not(const struct pmu *pmu);

/* Fills out[] with one configuration per event of the pass, in plan
 * order, from the writes pmu_encode_pass() makes. Returns how many, or -1
 * with the reason in err (perf_attr_why_not's, or more than max events). */
PMU_MUST_CHECK int perf_attr_pass(const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass,
                                  struct perf_attr *out, unsigned max, char *err, size_t errlen);

#endif
