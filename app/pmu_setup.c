/* The PMU's start-up sequence and its messages. */
#include "app/pmu_setup.h"

#include "app/pmu_hw.h"
#include "kernel/console.h"
#include "lib/kstring.h"

static void print_line(void *ctx, const char *text)
{
    (void)ctx;
    kprintf("pmu: %s\n", text);
}

/* Programs each pass, reads every written MSR back, prints both, stops it:
 * with Bochs's msrs= storage this shows exactly what was programmed. */
static void dump_registers(struct pmu *pmu, const struct pmu_plan *plan)
{
    static struct pmu_write writes[PMU_MAX_WRITES];
    for (unsigned pass = 0; pass < plan->n_passes; pass++) {
        unsigned n = pmu_encode_pass(pmu, plan, pass, writes, PMU_MAX_WRITES);
        if (pmu_start_pass(pmu, plan, pass) < 0)
            kprintf("pmudump: pass %u: a register write faulted while programming; the "
                    "read-backs below show how far it got\n",
                    pass);
        for (unsigned i = 0; i < n && i < PMU_MAX_WRITES; i++) {
            uint64_t back = 0;
            int err = pmu_hw_read_back(writes[i].msr, &back);
            kprintf(pmu_reg_kind(pmu) == PMU_REG_SPR ? "pmudump: pass %u mtspr %u 0x%llx  # %s; "
                                                       "read back %s0x%llx\n"
                                                     : "pmudump: pass %u wrmsr 0x%x 0x%llx  # %s; "
                                                       "read back %s0x%llx\n",
                    pass, (unsigned)writes[i].msr, (unsigned long long)writes[i].value,
                    writes[i].what, err ? "FAULT " : "", (unsigned long long)back);
        }
        if (pmu_stop_pass(pmu, plan, pass) < 0)
            kprintf("pmudump: pass %u: a register write faulted while stopping it\n", pass);
    }
}

static void plan_or_default(const struct pmu *pmu, struct pmu_plan *plan, const char *events)
{
    char err[PMU_ERR_LEN];
    const char *spec = str_ieq(events, "default") ? NULL : events;
    if (pmu_plan_events(pmu, spec, plan, err, sizeof err) == 0)
        return;
    kprintf("pmu: events=%s: %s\n", events, err);
    if (plan->n_events) {
        kprintf("pmu: going on with the %u event(s) accepted before it\n", plan->n_events);
        return;
    }
    kprintf("pmu: going on with the default events of %s\n", pmu_name(pmu));
    if (pmu_plan_events(pmu, NULL, plan, err, sizeof err) < 0)
        kprintf("pmu: the default events do not plan either (%s): nothing to count\n", err);
}

const char *pmu_setup(struct pmu *pmu, struct pmu_plan *plan, const struct cpu_info *cpu,
                      const char *force, const char *events, bool dump)
{
    pmu_init(pmu, cpu, &pmu_hw_kernel, str_ieq(force, "auto") ? NULL : force);
    const char *detected = pmu_name(pmu);
    /* pmu_init takes a forced backend only where it fits the CPU: say when
     * the choice was not taken rather than let it pass for taken. */
    if (!str_ieq(force, "auto") && !pmu_is_named(pmu, force))
        kprintf("pmu: pmu=%s is not used: there is no such backend, or it is not one for this CPU "
                "(a forced backend never drives another family's registers)\n",
                force);
    kprintf("pmu: backend %s\n", detected);
    pmu_describe(pmu, print_line, 0);
    plan_or_default(pmu, plan, events);
    if (dump)
        dump_registers(pmu, plan);
    if (pmu_verify(pmu, plan, 0))
        return detected;
    kprintf("pmu: the %s counters do not count on this machine (an emulator?): %s%s\n", detected,
            pmu->not_counting,
            cpu->features[FEAT_TSC] ? pmu_hw_fallback
                                    : "; and there is no time-stamp counter to fall back to");
    pmu_fallback_tsc(pmu);
    plan_or_default(pmu, plan, "default");
    return detected;
}
