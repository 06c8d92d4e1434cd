/* The backends in detection order: the first whose detect() accepts the
 * CPU wins. The most specific come first (the P4 and architectural
 * perfmon before the model-table P6), the TSC last: it accepts anything. */
#include "pmu/backend.h"

const struct pmu_backend *const pmu_backends[] = {
    &pmu_p4_backend, &pmu_arch_backend, &pmu_p6_backend,
    &pmu_p5_backend, &pmu_amd_backend,  &pmu_tsc_backend,
};

const unsigned pmu_n_backends = sizeof pmu_backends / sizeof pmu_backends[0];
