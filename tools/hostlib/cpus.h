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
    {.arch_version = (version), .has_gp = true, .gp = (n_gp), .has_fixed = true, .fixed = (n_fixed)}

/* Fills *cpu with the synthetic CPU of that name (the table in cpus.c,
 * which pmu_cpu_name() walks): the CPUID facts that make pmu_init() choose
 * its PMU without the real processor. Returns false for an unknown name. */
bool pmu_cpu_by_name(const char *name, const struct pmu_cpu_opts *opts, struct cpu_info *cpu);

/* The name of the i-th synthetic CPU, in the table's order; NULL past the
 * last, so a loop from 0 lists them all. */
const char *pmu_cpu_name(unsigned i);

#endif
