/* The host's registry: every architecture's backends, so pmu-encode and
 * the tests encode for any CPU. Each architecture's own order is kept (its
 * kernel registry, pmu/<arch>/registry.c); the time counters come last,
 * the x86 TSC at the very end since it takes any CPU. */
#include "pmu/backend.h"

const struct pmu_backend *const pmu_backends[] = {
    &pmu_p4_backend,     &pmu_arch_backend,     &pmu_p6_backend,
    &pmu_p5_backend,     &pmu_amd_backend,      &pmu_ppc604e_backend,
    &pmu_ppc604_backend, &pmu_timebase_backend, &pmu_tsc_backend,
};

const unsigned pmu_n_backends = sizeof pmu_backends / sizeof pmu_backends[0];
