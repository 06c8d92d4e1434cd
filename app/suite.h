/* The benchmark suite: selection, measurement per pass, the human table
 * and the machine records. */
#ifndef BAREBENCH_SUITE_H
#define BAREBENCH_SUITE_H

#include "app/bootopts.h"
#include "pmu/pmu.h"

struct suite_context {
    struct pmu *pmu;
    const char *pmu_detected; /* the backend CPUID chose, even if it fell back to the TSC */
    const struct pmu_plan *plan;
    const struct boot_options *opts;
    const char *env_name;
    const char *cmdline;
    void (*show_status)(const char *text); /* platform_about's, or NULL */
};

/* Runs the selected benchmarks; returns the number of payloads that faulted. */
unsigned suite_run(const struct suite_context *ctx);

#endif
