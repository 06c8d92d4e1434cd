/* The x86 backends in detection order, declared once: the kernel's registry
 * (pmu/x86/registry.c) and the host's (tools/hostlib/registry.c) expand
 * these lists with X(name) for pmu_<name>_backend, which they declare
 * here (each backend's file includes this one). The first whose detect()
 * accepts the CPU wins, so the most specific come first (the P4 and
 * architectural perfmon before the model-table P6). */
#ifndef BAREBENCH_PMU_X86_REGISTRY_H
#define BAREBENCH_PMU_X86_REGISTRY_H

#include "pmu/backend.h"

#define PMU_X86_BACKENDS(X) X(p4) X(arch) X(p6) X(p5) X(amd)

/* The time counter, last: the TSC backend accepts any CPU. */
#define PMU_X86_TIME_COUNTERS(X) X(tsc)

PMU_X86_BACKENDS(PMU_DECLARE_BACKEND)
PMU_X86_TIME_COUNTERS(PMU_DECLARE_BACKEND)

#endif
