/* Synthetic CPUs for the host tools and tests: the CPUID data that makes
 * pmu_init() choose a named PMU without the real processor. Host-only: the
 * kernel identifies the CPU it runs on. */
#ifndef BAREBENCH_HOSTLIB_CPUS_H
#define BAREBENCH_HOSTLIB_CPUS_H

#include <stdbool.h>

#include "lib/cpuinfo.h"

/* Options of a synthetic CPU; 0 = the model's default. */
struct pmu_cpu_opts {
    unsigned arch_version; /* arch: leaf 0xA version 1-5 */
    unsigned gp;           /* arch: general-purpose counters */
    unsigned fixed;        /* arch: fixed counters */
};

/* Fills *cpu with a synthetic CPU that makes pmu_init() choose the named
 * PMU without a real CPU: p5, p5mmx, ppro, pii, piii, pm, arch, k7, k8,
 * k8-revb..k8-revg, fam10h, fam10h-barcelona, fam10h-shanghai,
 * fam10h-istanbul, fam15h, fam17h, p4, p4-prescott, tsc (k8 = k8-revg,
 * fam10h = fam10h-istanbul). Returns false for an unknown name. */
bool pmu_cpu_by_name(const char *name, const struct pmu_cpu_opts *opts, struct cpu_info *cpu);

/* The names pmu_cpu_by_name() knows, NULL-terminated. */
extern const char *const pmu_cpu_names[];

#endif
