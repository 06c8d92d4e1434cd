/* Pentium (P5) event table (pmu/x86/events_p5.c). */
#ifndef BAREBENCH_PMU_EVENTS_P5_H
#define BAREBENCH_PMU_EVENTS_P5_H

#include "pmu/backend.h"

#define P5_MMX_ONLY PMU_EVF_BACKEND        /* Pentium with MMX only */
#define P5_DURATION (PMU_EVF_BACKEND << 1) /* counts cycles: CC bit 2 set */

extern const struct pmu_event_table p5_table;

/* perfctr's spellings of our event names (events_p5.c). */
extern const struct pmu_alias p5_perfctr_aliases[];

#endif
