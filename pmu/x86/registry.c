/* The x86 kernel's registry: the backends of pmu/x86/registry.h, the time
 * counter last. */
#include "pmu/x86/registry.h"

#include "pmu/backend.h"

#define BACKEND(name) &pmu_##name##_backend,

const struct pmu_backend *const pmu_backends[] = {PMU_X86_BACKENDS(BACKEND)
                                                      PMU_X86_TIME_COUNTERS(BACKEND)};

const unsigned pmu_n_backends = sizeof pmu_backends / sizeof pmu_backends[0];
