/* A synthetic CPU's PMU (tools/hostlib/cpus.h) with no hardware behind
 * it: enough to plan and encode event lists. Include once, from the test. */
#ifndef BAREBENCH_SYNTHETIC_PMU_H
#define BAREBENCH_SYNTHETIC_PMU_H

#include "pmu/pmu.h"
#include "tests/host/check.h"
#include "tools/hostlib/cpus.h"

/* pmu_init() on the synthetic CPU of that name; an unknown name fails the
 * test rather than planning on a zeroed CPU. */
static void synthetic_pmu(struct pmu *pmu, const char *name)
{
    struct cpu_info cpu;
    if (!pmu_cpu_by_name(name, NULL, &cpu)) {
        CHECK(false, "synthetic CPU %s exists", name);
    }
    struct pmu_hw none = {0};
    pmu_init(pmu, &cpu, &none, NULL);
}

#endif
