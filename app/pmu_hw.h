/* The PMU layer's hardware access in the kernel (struct pmu_hw): the
 * architecture's fault-safe register accesses, in app/<arch>/pmu_hw.c. */
#ifndef BAREBENCH_PMU_HW_H
#define BAREBENCH_PMU_HW_H

#include <stdint.h>

#include "pmu/pmu.h"

extern const struct pmu_hw pmu_hw_kernel;

/* Reads back a register a pass wrote (pmudump): 0, or negative when the
 * read faulted. */
int pmu_hw_read_back(uint32_t reg, uint64_t *val);

/* What the run falls back to when the PMU does not count, as the message
 * ends: "; falling back to the TSC; results are TSC ticks". */
extern const char pmu_hw_fallback[];

#endif
