/* Brings up the PMU for a run: choose the backend from CPUID, report its
 * inventory, plan the events= set, optionally dump the programmed
 * registers, and check that the counters count (else fall back to the TSC). */
#ifndef BAREBENCH_PMU_SETUP_H
#define BAREBENCH_PMU_SETUP_H

#include "pmu/pmu.h"

/* Returns the name of the backend CPUID selected, which stays the PMU's
 * identity in the records even when its counters do not count and the run
 * falls back to the TSC. */
const char *pmu_setup(struct pmu *pmu, struct pmu_plan *plan, const struct cpu_info *cpu,
                      const char *force, const char *events, bool dump);

#endif
