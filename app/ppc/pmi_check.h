/* The start-up check of the 604/604e performance-monitor interrupt. */
#ifndef BAREBENCH_APP_PPC_PMI_CHECK_H
#define BAREBENCH_APP_PPC_PMI_CHECK_H

#include <stdbool.h>

#include "pmu/pmu.h"

/* Where the counters count: lets PMC1 go negative with the interrupt
 * enabled and says whether vector 0xF00 was taken; elsewhere says it
 * cannot check. True when the interrupt came. */
bool pmi_check(const struct pmu *pmu);

#endif
