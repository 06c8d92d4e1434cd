/* PowerPC has no problem-state windows yet (app/ppc/main.c says so when
 * ring=3 is asked for): what runs between the PMU set-up and the suite is
 * the check of the performance-monitor interrupt, the watchdog (the
 * decrementer) and sampling where it was asked for and the interrupt came.
 * The watchdog comes before sampling: the decrementer, which a sampled
 * pass parks, is its. */
#include "app/runsetup.h"

#include "app/bootopts.h"
#include "app/ppc/pmi_check.h"
#include "app/ppc/pmi_delivery.h"
#include "app/sample.h"
#include "app/winrun.h"
#include "kernel/ppc/of.h"
#include "kernel/ppc/watchdog.h"

const char *runsetup_events(void)
{
    return sample_plan_events();
}

void runsetup_init(struct pmu *pmu, const struct pmu_plan *plan, const struct cpu_info *cpu)
{
    bool pmi_seen = pmi_check(pmu);
    bool watchdog = watchdog_init(boot_opts.watchdog, of_machine.timebase_hz);
    sample_setup(pmu, plan, cpu, pmi_delivery(pmi_seen));
    winrun_init(&(struct winrun_machine){watchdog ? watchdog_arm : NULL,
                                         watchdog ? watchdog_disarm : NULL, NULL, 0});
}
