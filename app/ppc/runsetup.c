/* PowerPC has no sampling, ring 3 or watchdog yet (app/ppc/main.c says so
 * when they are asked for): what runs between the PMU set-up and the suite
 * is the check of the performance-monitor interrupt. */
#include "app/runsetup.h"

#include "app/bootopts.h"
#include "app/ppc/pmi_check.h"

const char *runsetup_events(void)
{
    return boot_opts.events;
}

void runsetup_init(struct pmu *pmu, const struct pmu_plan *plan, const struct cpu_info *cpu)
{
    (void)plan;
    (void)cpu;
    pmi_check(pmu);
}
