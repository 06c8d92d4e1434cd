/* Synthetic CPUs for the host tools and tests: the CPUID data that makes
 * pmu_init() choose a named PMU without the real processor. Host-only: the
 * kernel identifies the CPU it runs on. */
#ifndef BAREBENCH_HOSTLIB_CPUS_H
#define BAREBENCH_HOSTLIB_CPUS_H

#include <stdbool.h>

#include "lib/cpuinfo.h"

/* Options of a synthetic CPU. A zeroed struct (or NULL) means the model's
 * defaults. The counter counts have their own "given" flags because 0 is a
 * real answer of CPUID leaf 0xA (EAX[15:8] GP counters, EDX[4:0] fixed
 * counters; Intel SDM Vol. 3B, "Architectural Performance Monitoring"): a
 * CPU without fixed counters must not get the default three. */
struct pmu_cpu_opts {
    unsigned arch_version; /* arch: leaf 0xA version 1-5, 0 = default (4) */
    bool has_gp;           /* arch: gp below is given */
    unsigned gp;           /* arch: general-purpose counters */
    bool has_fixed;        /* arch: fixed below is given */
    unsigned fixed;        /* arch: fixed counters */
};

/* An arch CPU with exactly these counts (an initializer). */
#define PMU_CPU_ARCH(version, n_gp, n_fixed)                                                       \
    {                                                                                              \
        .arch_version = (version), .has_gp = true, .gp = (n_gp), .has_fixed = true,                \
        .fixed = (n_fixed)                                                                         \
    }

/* Fills *cpu with a synthetic CPU that makes pmu_init() choose the named
 * PMU without a real CPU: p5, p5mmx, ppro, pii, piii, pm, arch, k7, k8,
 * k8-revb..k8-revg, fam10h, fam10h-barcelona, fam10h-shanghai,
 * fam10h-istanbul, fam15h, fam17h, p4, p4-prescott, tsc, ppc604e, ppc604,
 * timebase (a PowerPC without a 604 PMU) (k8 = k8-revg,
 * fam10h = fam10h-istanbul). Returns false for an unknown name. */
bool pmu_cpu_by_name(const char *name, const struct pmu_cpu_opts *opts, struct cpu_info *cpu);

/* The names pmu_cpu_by_name() knows, NULL-terminated. */
extern const char *const pmu_cpu_names[];

#endif
