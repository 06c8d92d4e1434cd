/* The suite's conditions in a hosted x86 run: those of bare metal
 * (app/x86/conditions.c: the serializer, what the MSRs tell where they can
 * be read), what the process obtained from Linux, and a calibration of the
 * TSC in core cycles. A process may not read a cycles counter (no PMU in
 * most virtual machines), but a dependent ADD chain runs at one ADD per
 * core cycle on every x86 core but NetBurst, whose double-speed ALU does
 * two (Agner Fog, "The microarchitecture of Intel, AMD and VIA CPUs",
 * Pentium 4 chapter): its TSC ticks per ADD are the ticks per cycle. */
#include "app/linux/disturb.h"
#include "app/linux/hosted.h"
#include "app/provenance.h"
#include "app/suite_arch.h"
#include "app/x86/conditions.h"
#include "bench/measure.h"
#include "bench/stats.h"
#include "lib/fmt.h"
#include "lib/kstring.h"

#define CHAIN_PAYLOAD "add_latency"
#define CHAIN_UNROLL  1000u
#define CHAIN_REPS    101u
#define CHAIN_WARMUP  10u

static struct conditions conditions;
static struct provenance provenance;
static int64_t ticks_per_cycle_before_x100;

enum serializer suite_conditions_setup(struct pmu *pmu, unsigned serialize_choice, bool turbo_off)
{
    conditions_setup(&conditions, pmu, serialize_choice, turbo_off);
    provenance_read(&provenance, &pmu->cpu);
    return conditions.ser;
}

const struct provenance *suite_provenance(void)
{
    return &provenance;
}

void suite_conditions_record(void)
{
    conditions_record(&conditions);
    provenance_record(&provenance);
    hosted_record();
    hosted_disturb_record();
}

/* TSC ticks per ADD times 100 (the median of the chain's windows), or NULL
 * and why. */
static const char *measure_chain(const struct pmu *pmu, int64_t *x100)
{
    static struct pmu_plan plan = {.n_events = 1, .n_passes = 1};
    static struct measure_result result;
    const struct payload *chain = payload_named(CHAIN_PAYLOAD);
    struct measure_config cfg = {.unroll = CHAIN_UNROLL,
                                 .reps = CHAIN_REPS,
                                 .warmup = CHAIN_WARMUP,
                                 .ser = conditions.ser,
                                 .method = MEASURE_DIFF};
    struct payload_regs regs = {0};
    struct stats s;
    if (pmu->cpu.vendor == VENDOR_INTEL && pmu->cpu.family == 15) {
        return "NetBurst: its ALU does two dependent ADDs per cycle, so the chain times no cycle";
    }
    if (!pmu->cpu.features[FEAT_TSC]) {
        return "no time-stamp counter";
    }
    if (!chain) {
        return "the " CHAIN_PAYLOAD " payload is not built in";
    }
    plan.events[0].read = (struct pmu_read){.kind = PMU_READ_RDTSC, .width = 64};
    const char *why = measure_pass(chain, &plan, 0, &cfg, &regs, &result);
    if (why) {
        return why;
    }
    stats_compute(result.value[0], cfg.reps, &s);
    *x100 = s.median;
    return s.median > 0 ? NULL : "the TSC did not advance over the chain";
}

void suite_conditions_calibrate(struct pmu *pmu, const char *when)
{
    char what[128];
    int64_t x100 = 0;
    conditions_calibrate(pmu, when);
    const char *why = measure_chain(pmu, &x100);
    fmt_snprintf(what, sizeof what,
                 "TSC ticks per cycle of a dependent ADD chain (latency 1): median of %u windows "
                 "of %u against %u ADDs",
                 CHAIN_REPS, CHAIN_UNROLL, 2 * CHAIN_UNROLL);
    conditions_report_ratio("ticks_per_cycle", "TSC ticks per core cycle", when, why, x100, what);
    if (strcmp(when, "before") == 0) {
        ticks_per_cycle_before_x100 = why ? 0 : x100;
    } else {
        hosted_record_redone();
    }
}

/* A process cannot read the MSRs or the APIC, but Linux tells it when it
 * was switched out or took a page fault (app/linux/disturb.c). */
const struct measure_probe *suite_probe(void)
{
    return hosted_disturb_probe();
}

/* int 0x80 is Linux's system call here. */
bool suite_has_monitor_gate(void)
{
    return false;
}

/* A process's windows run at CPL 3 and read with RDPMC where perf lets
 * them; no gate. */
unsigned suite_window_traits(void)
{
    return PMU_QUIRK_USER_RDPMC;
}

int64_t suite_ticks_per_cycle_x100(void)
{
    return ticks_per_cycle_before_x100;
}
