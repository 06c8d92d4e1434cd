/* events=uops: the uops retired and the per-port (or per-pipe) dispatch
 * counts the CPU's own event table has, the figures uops.info and
 * nanoBench give beside latency and throughput. No list is written by hand
 * per CPU: the group is found in the tables (the ones generated from
 * libpfm4, and the P6 and AMD families' own) by libpfm4's names for them. */
#ifndef BAREBENCH_PMU_UOPS_EVENTS_H
#define BAREBENCH_PMU_UOPS_EVENTS_H

#include "pmu/backend.h"

/* Room for the event list of the group. */
#define PMU_UOPS_LIST_LEN 512

/* Writes the group's event list to out ("UOPS_RETIRED,
 * UOPS_DISPATCHED_PORT:PORT_0,..."). Returns 0, or -1 with the reason in
 * err when the CPU's tables have neither kind of event. */
int pmu_uops_events(const struct pmu *pmu, char *out, size_t len, char *err, size_t errlen);

#endif
