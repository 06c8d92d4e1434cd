/* AMD event tables, one per family (pmu/events_k7.c ...). */
#ifndef BAREBENCH_PMU_EVENTS_AMD_H
#define BAREBENCH_PMU_EVENTS_AMD_H

#include "backend.h"

extern const struct pmu_event_table amd_k7_table;
extern const struct pmu_event_table amd_k8_table;
extern const struct pmu_event_table amd_fam10h_table;
extern const struct pmu_event_table amd_fam15h_table;
extern const struct pmu_event_table amd_fam17h_table;

#endif
