/* Order matters: the NMI handler before anything can raise an NMI; ring 3
 * before the runner that enters it. */
#include "app/runsetup.h"

#include "app/bootopts.h"
#include "app/sample.h"
#include "app/winrun.h"
#include "app/x86/gate.h"
#include "kernel/console.h"
#include "kernel/x86/apic.h"
#include "kernel/x86/nmi.h"
#include "kernel/x86/user.h"
#include "kernel/x86/watchdog.h"

/* The calls boot/x86/gate_selftest.asm makes, by the slot of
 * gate_selftest_results each leaves its eax in. */
enum selftest_call {
    SELFTEST_HELLO,
    SELFTEST_WRITE_DEFAULT,
    SELFTEST_READ,
    SELFTEST_RESET_COUNTERS,
    SELFTEST_WRITE_BAD,
    SELFTEST_RESET_SELECTION,
    SELFTEST_READ_NOTHING,
    SELFTEST_NO_SUCH_OPERATION,
    SELFTEST_CALLS
};

extern void gate_selftest(void);
extern int32_t gate_selftest_results[SELFTEST_CALLS];
extern char gate_selftest_buffer[256];

/* Windows run with IF=0: the PMI comes as an NMI. */
static const struct sample_delivery pmi_as_nmi = {
    "PMI through the local APIC LVTPC as an NMI",
    apic_init,
    apic_pmi_as_nmi,
    NULL,
    apic_pmi_as_nmi, /* P4 and Core mask LVTPC when they deliver a PMI */
};

static bool sample_nmi(const struct trap_frame *f)
{
    return sample_pmi(f->ip);
}

const char *runsetup_events(void)
{
    return sample_plan_events();
}

/* Ring 3 reads counters with RDPMC (CR4.PCE) or RDTSC; RDMSR faults there. */
static bool ring3_possible(const struct pmu_plan *plan)
{
    for (unsigned i = 0; i < plan->n_events; i++) {
        if (plan->events[i].read.kind == PMU_READ_RDMSR) {
            kprintf("ring3: staying in ring 0: this PMU is read with RDMSR (a Pentium without "
                    "RDPMC), which faults at CPL 3\n");
            return false;
        }
    }
    return true;
}

static void gate_selftest_report(void)
{
    static const char *const what[SELFTEST_CALLS] = {
        [SELFTEST_HELLO] = "hello",
        [SELFTEST_WRITE_DEFAULT] = "write (default events)",
        [SELFTEST_READ] = "read",
        [SELFTEST_RESET_COUNTERS] = "reset counters",
        [SELFTEST_WRITE_BAD] = "write NO_SUCH_EVENT:u",
        [SELFTEST_RESET_SELECTION] = "reset selection",
        [SELFTEST_READ_NOTHING] = "read (nothing selected)",
        [SELFTEST_NO_SUCH_OPERATION] = "operation 9 (none)",
    };
    user_run(gate_selftest);
    for (unsigned i = 0; i < SELFTEST_CALLS; i++) {
        bool read = i == SELFTEST_READ; /* its buffer holds what it read */
        kprintf("gate: from CPL 3: %-24s -> %d%s%s\n", what[i], (int)gate_selftest_results[i],
                read ? " " : "", read ? gate_selftest_buffer : "");
    }
}

void runsetup_init(struct pmu *pmu, const struct pmu_plan *plan, const struct cpu_info *cpu)
{
    nmi_init();
    nmi_add_claimant(sample_nmi);
    nmi_add_claimant(watchdog_nmi);
    gate_init(pmu);
    bool watchdog = watchdog_init(cpu, boot_opts.watchdog);
    bool ring3 = boot_opts.ring == RING_3 && ring3_possible(plan);
    if (ring3) {
        user_init();
        gate_selftest_report();
    }
    sample_setup(pmu, plan, cpu, &pmi_as_nmi);
    winrun_init(&(struct winrun_machine){watchdog ? watchdog_arm : NULL,
                                         watchdog ? watchdog_disarm : NULL, ring3 ? user_run : NULL,
                                         USER_EXIT_VECTOR});
}
