/* The bare-metal probe of what disturbs a repetition (pmu/x86/disturb.h
 * decides what the CPU has and judges): MSRs through the PMU's fault-safe
 * access, the IRR through the local APIC. The thermal logs are cleared
 * before each repetition (they are write-0-to-clear), so that what they
 * hold after it happened during it. */
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

/* Reads an MSR the caps say exists; a fault turns the reading off and says so. */
static uint64_t read_msr(uint32_t msr, bool *has)
{
    uint64_t v = 0;
    if (*has && probe.hw->rdmsr(probe.hw->ctx, msr, &v) < 0) {
        *has = false;
        fmt_snprintf(probe.failed, sizeof probe.failed, "MSR 0x%x faulted: left out",
                     (unsigned)msr);
    }
    return v;
}

static void read_all(struct disturb_reading *r)
{
    r->smi = read_msr(MSR_SMI_COUNT, &probe.caps.smi_count);
    r->mperf = read_msr(MSR_IA32_MPERF, &probe.caps.aperf_mperf);
    r->aperf = read_msr(MSR_IA32_APERF, &probe.caps.aperf_mperf);
    r->therm = read_msr(MSR_IA32_THERM_STATUS, &probe.caps.therm);
    r->pkg_therm = read_msr(MSR_IA32_PACKAGE_THERM_STATUS, &probe.caps.pkg_therm);
    r->irr = probe.caps.irr && apic_irr_pending();
}

static void start(void *ctx)
{
    (void)ctx;
    probe.ref_ratio = 0;
}

static void clear_logs(uint32_t msr, bool *has)
{
    if (*has && probe.hw->wrmsr(probe.hw->ctx, msr, 0) < 0) {
        *has = false;
        fmt_snprintf(probe.failed, sizeof probe.failed, "clearing MSR 0x%x faulted: left out",
                     (unsigned)msr);
    }
}

static void before(void *ctx)
{
    (void)ctx;
    clear_logs(MSR_IA32_THERM_STATUS, &probe.caps.therm);
    clear_logs(MSR_IA32_PACKAGE_THERM_STATUS, &probe.caps.pkg_therm);
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
static const struct measure_probe ops = {start, before, after, DISTURB_REDO, 0, names};

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
