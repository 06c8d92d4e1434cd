/* The PowerPC backends in detection order: the 604e's four counters
 * before the 604's two, the time base last: it takes any CPU. */
#include "pmu/backend.h"

const struct pmu_backend *const pmu_backends[] = {
    &pmu_ppc604e_backend,
    &pmu_ppc604_backend,
    &pmu_timebase_backend,
};

const unsigned pmu_n_backends = sizeof pmu_backends / sizeof pmu_backends[0];
