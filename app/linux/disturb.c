/* What disturbs a hosted repetition, read around it through getrusage(2):
 * the process switched out (between its windows: one switched out during
 * a window is redone already, app/linux/runsetup.c) or a page fault (a
 * page touched for the first time, or taken back by the kernel). Either
 * has the repetition measured again. What bare metal reads (SMIs,
 * APERF/MPERF, thermal status, the APIC's IRR) a process cannot. */
#include "app/linux/disturb.h"

#include "bench/record.h"
#include "kernel/console.h"
#include "kernel/linux/syscall.h"
#include "lib/fmt.h"

enum { SWITCHED = 1u << 0, FAULTED = 1u << 1 };

static struct {
    long switches, faults;
    long failed; /* the error of a getrusage that failed: the probe stops */
} probe;

static bool read_usage(long *switches, long *faults)
{
    *switches = sys_context_switches();
    *faults = sys_page_faults();
    if (sys_failed(*switches) || sys_failed(*faults)) {
        probe.failed = sys_failed(*switches) ? *switches : *faults;
        return false;
    }
    return true;
}

static void start(void *ctx)
{
    (void)ctx;
}

static void before(void *ctx)
{
    (void)ctx;
    if (!probe.failed) {
        read_usage(&probe.switches, &probe.faults);
    }
}

static unsigned after(void *ctx)
{
    long switches, faults;
    (void)ctx;
    if (probe.failed || !read_usage(&switches, &faults)) {
        return 0;
    }
    return (switches != probe.switches ? SWITCHED : 0) | (faults != probe.faults ? FAULTED : 0);
}

static const char *const names[MEASURE_DISTURB_KINDS] = {"context switch", "page fault"};
static const struct measure_probe ops = {start, before, after, SWITCHED | FAULTED, 0, names};

const struct measure_probe *hosted_disturb_probe(void)
{
    return &ops;
}

void hosted_disturb_record(void)
{
    char detail[160];
    if (probe.failed) {
        fmt_snprintf(detail, sizeof detail,
                     "getrusage failed (errno %ld): repetitions read from then on were not "
                     "checked",
                     -probe.failed);
    } else {
        fmt_snprintf(detail, sizeof detail,
                     "getrusage read around each repetition (never inside its windows): a "
                     "context switch or a page fault has it measured again");
    }
    kprintf("conditions: disturbances context_switch+page_fault: %s\n", detail);
    record_cond("disturbances", "context_switch+page_fault", detail);
}
