/* One event spec to NetBurst register values (p4_resolve.c). */
#ifndef BAREBENCH_PMU_X86_P4_RESOLVE_H
#define BAREBENCH_PMU_X86_P4_RESOLVE_H

#include "pmu/x86/p4_events.h"

/* The backend's resolve operation (struct pmu_backend). */
int p4_resolve(const struct pmu *pmu, const struct pmu_plan *plan, const struct pmu_spec *spec,
               struct pmu_assigned_event *ev, char *err, size_t errlen);

/* Writes the event's raw form, cpu/event=..,escr=..,umask=..,.../, for
 * the ESCR `escr` (an index in p4_escrs). */
void p4_format_encoding(char *buf, size_t size, const struct pmu_assigned_event *ev, unsigned escr);

#endif
