/* The run's optional machinery, between the PMU set-up and the suite, one
 * implementation per platform (app/<arch>/runsetup.c). x86: the NMI
 * handler, the monitor gate, the watchdog, ring-3 windows (with a self-test
 * of the gate from CPL 3) and sampling; PowerPC: the check of the
 * performance-monitor interrupt and sampling. */
#ifndef BAREBENCH_RUNSETUP_H
#define BAREBENCH_RUNSETUP_H

#include "pmu/pmu.h"

/* The event list to plan: sample=EVENT:PERIOD measures EVENT alone. */
const char *runsetup_events(void);

/* Sets everything up as the boot options ask, printing what runs. */
void runsetup_init(struct pmu *pmu, const struct pmu_plan *plan, const struct cpu_info *cpu);

#endif
