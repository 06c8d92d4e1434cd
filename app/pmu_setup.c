/* The PMU's start-up sequence and its messages. */
#include "app/pmu_setup.h"

#include "app/pmu_hw.h"
#include "app/run_errors.h"
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
        if (pmu_start_pass(pmu, plan, pass) < 0) {
            kprintf("pmudump: pass %u: a register write faulted while programming; the "
                    "read-backs below show how far it got\n",
                    pass);
        }
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
        if (pmu_stop_pass(pmu, plan, pass) < 0) {
            kprintf("pmudump: pass %u: a register write faulted while stopping it\n", pass);
        }
    }
}

/* Plans events=, or what can be planned of it: an error record names what
 * is not measured and what is instead. */
static void plan_or_default(const struct pmu *pmu, struct pmu_plan *plan, const char *events)
{
    char err[PMU_ERR_LEN];
    const char *spec = str_ieq(events, "default") ? NULL : events;
    if (pmu_plan_events(pmu, spec, plan, err, sizeof err) == 0) {
        return;
    }
    if (plan->n_events) {
        run_error("events",
                  "%s: the %u event(s) before it are measured; it and the rest of events= are "
                  "not",
                  err, plan->n_events);
        return;
    }
    run_error("events", "%s: none of events= is measured; the default events of %s are", err,
              pmu_name(pmu));
    if (pmu_plan_events(pmu, NULL, plan, err, sizeof err) < 0) {
        run_error("events", "the default events of %s do not plan either (%s): nothing to count",
                  pmu_name(pmu), err);
    }
}

const char *pmu_setup(struct pmu *pmu, struct pmu_plan *plan, const struct cpu_info *cpu,
                      const char *force, const char *events, bool dump)
{
    pmu_init(pmu, cpu, &pmu_hw_kernel, str_ieq(force, "auto") ? NULL : force);
    const char *detected = pmu_name(pmu);
    /* pmu_init takes a forced backend only where it fits the CPU: say when
     * the choice was not taken rather than let it pass for taken. */
    if (!str_ieq(force, "auto") && !pmu_is_named(pmu, force)) {
        run_error("pmu",
                  "pmu=%s is not used: there is no such backend, or it is not one for this CPU "
                  "(a forced backend never drives another family's registers)",
                  force);
    }
    kprintf("pmu: backend %s\n", detected);
    pmu_describe(pmu, print_line, 0);
    plan_or_default(pmu, plan, events);
    if (dump) {
        dump_registers(pmu, plan);
    }
    if (pmu_verify(pmu, plan, 0)) {
        return detected;
    }
    kprintf("pmu: the %s counters do not count on this machine (an emulator?): %s%s\n", detected,
            pmu->not_counting,
            cpu->features[FEAT_TSC] ? pmu_hw_fallback
                                    : "; and there is no time-stamp counter to fall back to");
    pmu_fallback_tsc(pmu);
    if (!str_ieq(events, "default")) {
        run_error("events",
                  "%s is not measured: the %s counters do not count here; the "
                  "TSC is measured instead",
                  events, detected);
    }
    plan_or_default(pmu, plan, "default");
    return detected;
}
