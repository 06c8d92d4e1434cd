/* The PowerPC kernel's registry: the backends of pmu/ppc/registry.h, the
 * time base last. */
#include "pmu/ppc/registry.h"

#include "pmu/backend.h"

#define BACKEND(name) &pmu_##name##_backend,

const struct pmu_backend *const pmu_backends[] = {PMU_PPC_BACKENDS(BACKEND)
                                                      PMU_PPC_TIME_COUNTERS(BACKEND)};

const unsigned pmu_n_backends = sizeof pmu_backends / sizeof pmu_backends[0];
