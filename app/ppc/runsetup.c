/* What runs between the PMU set-up and the suite on PowerPC: the check of
 * the performance-monitor interrupt, the watchdog (the decrementer),
 * sampling where it was asked for and the interrupt came, and ring=3's
 * problem-state windows with their system-call gate. The watchdog comes
 * before sampling: the decrementer, which a sampled pass parks, is its. */
#include "app/runsetup.h"

#include "app/bootopts.h"
#include "app/ppc/gate.h"
#include "app/ppc/pmi_check.h"
#include "app/ppc/pmi_delivery.h"
#include "app/sample.h"
#include "app/winrun.h"
#include "bench/ppc/gate.h"
#include "kernel/console.h"
#include "kernel/ppc/user.h"
#include "kernel/ppc/watchdog.h"

const char *runsetup_events(void)
{
    return sample_plan_events();
}

void runsetup_init(struct pmu *pmu, const struct pmu_plan *plan, const struct cpu_info *cpu)
{
    bool pmi_seen = pmi_check(pmu);
    bool watchdog = watchdog_init(boot_opts.watchdog);
    sample_setup(pmu, plan, cpu, pmi_delivery(pmi_seen));
    bool problem_state = boot_opts.ring == RING_3;
    if (problem_state) {
        gate_init(pmu);
        kprintf("ring3: windows run in problem state (MSR[PR] = 1) and leave by the system-call "
                "gate (sc, vector 0xc00); %s\n",
                pmu->counting ? "they read the performance-monitor counters, privileged there, "
                                "through it"
                              : "they read the time base with mftb, which problem state may");
    }
    winrun_init(&(struct winrun_machine){watchdog ? watchdog_arm : NULL,
                                         watchdog ? watchdog_disarm : NULL,
                                         problem_state ? user_run : NULL, GATE_EXIT_VECTOR});
}
