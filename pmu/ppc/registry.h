/* The PowerPC backends in detection order, declared once: the kernel's
 * registry (pmu/ppc/registry.c) and the host's (tools/hostlib/registry.c)
 * expand these lists with X(name) for pmu_<name>_backend, which
 * they declare here (each backend's file includes this one). The 604e's four
 * counters come before the 604's two. */
#ifndef BAREBENCH_PMU_PPC_REGISTRY_H
#define BAREBENCH_PMU_PPC_REGISTRY_H

#include "pmu/backend.h"

#define PMU_PPC_BACKENDS(X) X(ppc604e) X(ppc604)

/* The time counter, last: the time base takes any PowerPC. */
#define PMU_PPC_TIME_COUNTERS(X) X(timebase)

PMU_PPC_BACKENDS(PMU_DECLARE_BACKEND)
PMU_PPC_TIME_COUNTERS(PMU_DECLARE_BACKEND)

#endif
