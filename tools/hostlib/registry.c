/* The host's registry: every architecture's backends, so pmu-encode and
 * the tests encode for any CPU. Each architecture's list comes from its
 * kernel registry's header, in its order; the time counters come last, the
 * x86 TSC at the very end since it takes any CPU. */
#include "pmu/backend.h"
#include "pmu/ppc/registry.h"
#include "pmu/x86/registry.h"

#define BACKEND(name) &pmu_##name##_backend,

const struct pmu_backend *const pmu_backends[] = {
    /* Every architecture's PMUs, */
    PMU_X86_BACKENDS(BACKEND) PMU_PPC_BACKENDS(BACKEND)
    /* then the time counters. */
    PMU_PPC_TIME_COUNTERS(BACKEND) PMU_X86_TIME_COUNTERS(BACKEND)};

const unsigned pmu_n_backends = sizeof pmu_backends / sizeof pmu_backends[0];
