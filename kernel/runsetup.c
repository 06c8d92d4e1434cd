/* Order matters: the NMI handler before anything can raise an NMI; ring 3
 * before the runner that enters it. */
#include "runsetup.h"

#include "bootopts.h"
#include "console.h"
#include "gate.h"
#include "nmi.h"
#include "sample.h"
#include "user.h"
#include "watchdog.h"
#include "winrun.h"
#include "pmu/overflow_samples.h"

extern void gate_selftest(void);
extern int32_t gate_selftest_results[8];
extern char gate_selftest_buffer[256];

static char sample_event[96];
static uint64_t sample_period;

const char *runsetup_events(void)
{
    if (!boot_opts.sample[0])
        return boot_opts.events;
    if (pmu_sample_parse(boot_opts.sample, sample_event, sizeof sample_event, &sample_period))
        return sample_event;
    kprintf("sample=%s: expected EVENT:PERIOD with PERIOD a positive number; not sampling\n",
            boot_opts.sample);
    return boot_opts.events;
}

static void gate_selftest_report(void)
{
    static const char *const what[8] = {"hello",
                                        "write (default events)",
                                        "read",
                                        "reset counters",
                                        "write NO_SUCH_EVENT:u",
                                        "reset selection",
                                        "read (nothing selected)",
                                        "operation 9 (none)"};
    user_run(gate_selftest);
    for (unsigned i = 0; i < 8; i++)
        kprintf("gate: from CPL 3: %-24s -> %d%s%s\n", what[i], (int)gate_selftest_results[i],
                i == 2 ? " " : "", i == 2 ? gate_selftest_buffer : "");
}

void runsetup_init(struct pmu *pmu, const struct pmu_plan *plan, const struct cpu_info *cpu)
{
    nmi_init();
    gate_init(pmu);
    bool watchdog = watchdog_init(cpu, boot_opts.watchdog);
    bool ring3 = boot_opts.ring == RING_3 && user_init(plan);
    if (ring3)
        gate_selftest_report();
    if (sample_period)
        sample_init(pmu, plan, cpu, sample_period);
    winrun_init(ring3, watchdog);
}
