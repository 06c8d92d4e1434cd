/* What disturbs a hosted repetition, read around it: through getrusage(2),
 * the process switched out (between its windows: one switched out during
 * a window is redone already, app/linux/runsetup.c) or a page fault (a
 * page touched for the first time, or taken back by the kernel); through
 * /proc/interrupts, an interrupt on the CPU the process is pinned to. An
 * interrupt adds the kernel's return to the window's user-mode counts on
 * AMD, which counts an instruction that changes the mode in its target
 * mode (emu/README.md, decision 45), and its cycles everywhere. Each has
 * the repetition measured again. What bare metal reads (SMIs, APERF/MPERF,
 * thermal status, the APIC's IRR) a process cannot. */
#include "app/linux/disturb.h"

#include "app/linux/hosted.h"
#include "bench/record.h"
#include "kernel/console.h"
#include "kernel/linux/files.h"
#include "kernel/linux/syscall.h"
#include "lib/fmt.h"
#include "lib/proc_interrupts.h"

enum { SWITCHED = 1u << 0, FAULTED = 1u << 1, INTERRUPTED = 1u << 2 };

static struct {
    long switches, faults;
    long failed;        /* the error of a getrusage that failed: the probe stops */
    int64_t interrupts; /* on the pinned CPU; -1: not read (not pinned, no /proc) */
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

/* Interrupts taken by the CPU the process is pinned to, from
 * /proc/interrupts; -1 where it is not pinned or the file cannot be read. */
static int64_t interrupts_now(void)
{
    /* 256 KiB holds the file of a machine with hundreds of CPUs. */
    static char text[256 * 1024];
    if (hosted.pinned_cpu < 0 || linux_read_file("/proc/interrupts", text, sizeof text) <= 0) {
        return -1;
    }
    return interrupts_of_cpu(text, hosted.pinned_cpu);
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
    probe.interrupts = interrupts_now();
}

static unsigned after(void *ctx)
{
    long switches, faults;
    (void)ctx;
    int64_t interrupts = probe.interrupts < 0 ? -1 : interrupts_now();
    unsigned seen = interrupts >= 0 && interrupts != probe.interrupts ? INTERRUPTED : 0;
    if (probe.failed || !read_usage(&switches, &faults)) {
        return seen;
    }
    return seen | (switches != probe.switches ? SWITCHED : 0) |
           (faults != probe.faults ? FAULTED : 0);
}

static const char *const names[MEASURE_DISTURB_KINDS] = {"context switch", "page fault",
                                                         "interrupt"};
static const struct measure_probe ops = {start, before, after, SWITCHED | FAULTED | INTERRUPTED,
                                         0,     names,  true};

const struct measure_probe *hosted_disturb_probe(void)
{
    return &ops;
}

void hosted_disturb_record(void)
{
    char detail[224];
    bool irq = interrupts_now() >= 0;
    const char *reads = irq ? "context_switch+page_fault+interrupt" : "context_switch+page_fault";
    if (probe.failed) {
        fmt_snprintf(detail, sizeof detail,
                     "getrusage failed (errno %ld): repetitions read from then on were not "
                     "checked",
                     -probe.failed);
    } else {
        fmt_snprintf(detail, sizeof detail,
                     "getrusage%s read around each repetition (never inside its windows): a "
                     "context switch or a page fault%s has it measured again%s",
                     irq ? " and /proc/interrupts" : "", irq ? " or an interrupt on its CPU" : "",
                     irq                     ? ""
                     : hosted.pinned_cpu < 0 ? " (interrupts: the process is not pinned to one CPU)"
                                             : " (interrupts: /proc/interrupts cannot be read)");
    }
    kprintf("conditions: disturbances %s: %s\n", reads, detail);
    record_cond("disturbances", reads, detail);
}
