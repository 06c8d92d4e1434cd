/* PowerPC has no ring 3 or watchdog yet (app/ppc/main.c says so when they
 * are asked for): what runs between the PMU set-up and the suite is the
 * check of the performance-monitor interrupt, then sampling where it was
 * asked for and the interrupt came. */
#include "app/runsetup.h"

#include "app/ppc/pmi_check.h"
#include "app/ppc/pmi_delivery.h"
#include "app/sample.h"

const char *runsetup_events(void)
{
    return sample_plan_events();
}

void runsetup_init(struct pmu *pmu, const struct pmu_plan *plan, const struct cpu_info *cpu)
{
    bool pmi_seen = pmi_check(pmu);
    sample_setup(pmu, plan, cpu, pmi_delivery(pmi_seen));
}
