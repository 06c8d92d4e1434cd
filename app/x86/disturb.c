/* The bare-metal probe of what disturbs a repetition: pmu/x86/disturb.h
 * decides what the CPU has, reads and clears its MSRs through the PMU's
 * fault-safe access, and judges; this adds the local APIC's IRR, the
 * pass's reference clock ratio and the `disturbances` condition. */
#include "app/x86/disturb.h"

#include "bench/record.h"
#include "kernel/console.h"
#include "kernel/x86/apic.h"
#include "lib/fmt.h"
#include "lib/kstring.h"

static struct {
    const struct pmu_hw *hw;
    struct disturb_caps caps;
    struct disturb_reading before;
    uint64_t ref_ratio;
    char failed[96]; /* a reading that faulted, which is then left out */
} probe;

/* A reading or clear that faulted is left out from then on; say which. */
static void note_fault(uint32_t msr, const char *what)
{
    if (msr) {
        fmt_snprintf(probe.failed, sizeof probe.failed, "%s MSR 0x%x faulted: left out", what,
                     (unsigned)msr);
    }
}

static void read_all(struct disturb_reading *r)
{
    note_fault(disturb_read(&probe.caps, probe.hw, r), "reading");
    r->irr = probe.caps.irr && apic_irr_pending();
}

static void start(void *ctx)
{
    (void)ctx;
    probe.ref_ratio = 0;
}

static void before(void *ctx)
{
    (void)ctx;
    note_fault(disturb_clear_logs(&probe.caps, probe.hw), "clearing");
    read_all(&probe.before);
}

static unsigned after(void *ctx)
{
    struct disturb_reading now;
    uint64_t ratio;
    (void)ctx;
    read_all(&now);
    unsigned seen = disturb_judge(&probe.caps, &probe.before, &now, probe.ref_ratio, &ratio);
    if (!probe.ref_ratio && !(seen & DISTURB_REDO)) {
        probe.ref_ratio = ratio;
    }
    return seen;
}

static const char *const names[DISTURB_KINDS] = {"smi", "frequency", "throttling",
                                                 "pending interrupt"};
static const struct measure_probe ops = {start, before, after, DISTURB_REDO, 0, names, false};

const struct measure_probe *disturb_probe_init(const struct cpu_info *cpu, const struct pmu_hw *hw)
{
    probe.hw = hw;
    disturb_caps_of(cpu, &probe.caps);
    return &ops;
}

void disturb_record(void)
{
    char reads[48];
    disturb_describe(&probe.caps, reads, sizeof reads);
    const char *detail = probe.failed[0] ? probe.failed
                                         : "read around each repetition (never inside its "
                                           "windows): an SMI or a clock change or throttling "
                                           "has it measured again";
    kprintf("conditions: disturbances %s: %s\n", reads, detail);
    record_cond("disturbances", reads, detail);
}
