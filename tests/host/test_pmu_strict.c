/* The PMU layer against the strict models: for every synthetic CPU
 * (tools/hostlib/cpus.c) and the model of its PMU, plan the default set,
 * a few representative lists and every event the CPU lists, program each
 * pass, read it, stop it, and sample through the overflow registers: no
 * access may fault (a reserved bit, an MSR the CPU does not have; the
 * rules are in tests/host/models/model.h and p4_model.h), and no counter
 * may be written while it counts. The condition probes (pmu/x86/hygiene.c)
 * may fault only on the MSRs they list, and still report every condition. */
#include <string.h>

#include "pmu/backend.h"
#include "pmu/overflow.h"
#include "pmu/x86/hygiene.h"
#include "tests/host/check.h"
#include "tests/host/models/model.h"
#include "tests/host/models/p4_model.h"

/* One CPU's model, whichever kind it is. */
static struct model m;
static struct p4_model p4;
static bool is_p4;
static struct pmu pmu;
static struct pmu_plan plan;

/* The model of the PMU a synthetic CPU has (MODEL_GP: none, so any
 * access faults); false for the Pentium 4, which has its own model. */
static bool model_kind_of(const struct cpu_info *cpu, enum model_kind *kind)
{
    switch (cpu->vendor) {
    case VENDOR_AMD:
        *kind = MODEL_AMD;
        return true;
    case VENDOR_INTEL:
        if (cpu->family == 15) {
            return false;
        }
        *kind = cpu->family == 5 ? MODEL_P5 : cpu->perfmon.version >= 1 ? MODEL_ARCH : MODEL_P6;
        return true;
    case VENDOR_POWERPC:
        /* The 604 (PVR 0x0004) and 604e (0x0009); the 750 has no 604 PMU. */
        *kind = cpu->family == 0x0004 || cpu->family == 0x0009 ? MODEL_PPC604 : MODEL_GP;
        return true;
    default:
        *kind = MODEL_GP;
        return true;
    }
}

static bool setup(const char *name)
{
    struct cpu_info cpu;
    enum model_kind kind;
    if (!pmu_cpu_by_name(name, NULL, &cpu)) {
        return false;
    }
    is_p4 = !model_kind_of(&cpu, &kind);
    if (is_p4) {
        return p4_model_pmu(&p4, &pmu, name, 0, false);
    }
    return model_pmu(&m, &pmu, kind, name, NULL);
}

static unsigned faults(void)
{
    return is_p4 ? p4.violations : m.faults;
}

static unsigned running_writes(void)
{
    return is_p4 ? p4.running_writes : m.running_writes;
}

/* The last fault, for the message. */
static const char *last_fault(void)
{
    static char text[140];
    if (is_p4) {
        return p4.last_violation;
    }
    snprintf(text, sizeof text, "msr 0x%x value 0x%llx", (unsigned)m.fault_msr,
             (unsigned long long)m.fault_value);
    return text;
}

/* Programs, reads and stops every pass of the plan; false when the PMU
 * layer saw an access fail. */
static bool run_passes(void)
{
    bool ok = true;
    for (unsigned pass = 0; pass < plan.n_passes; pass++) {
        ok &= pmu_start_pass(&pmu, &plan, pass) == 0;
        if (pmu.hw.workload) {
            pmu.hw.workload(pmu.hw.ctx, 10);
        }
        for (unsigned i = 0; i < plan.n_events; i++) {
            const struct pmu_read *r = &plan.events[i].read;
            uint64_t v;
            if (plan.events[i].pass != pass || r->kind == PMU_READ_RDTSC) {
                continue;
            }
            ok &= (r->kind == PMU_READ_RDPMC ? pmu.hw.rdpmc(pmu.hw.ctx, r->index, &v)
                                             : pmu.hw.rdmsr(pmu.hw.ctx, r->index, &v)) == 0;
        }
        ok &= pmu_stop_pass(&pmu, &plan, pass) == 0;
    }
    return ok;
}

/* Samples each event of the plan the way app/x86/sample.c does: preset
 * and start, look for the overflow, re-arm, stop. Re-arming writes the
 * counter while it counts, as the interrupt handler does, so the running
 * writes it makes are not counted. */
static bool run_overflow(void)
{
    bool ok = true;
    if (pmu_overflow_unsupported(&pmu)) {
        return true;
    }
    for (unsigned i = 0; i < plan.n_events; i++) {
        struct pmu_overflow ovf;
        bool pending;
        if (pmu_overflow_setup(&pmu, &plan, i, 1000, &ovf, NULL, 0) < 0) {
            continue;
        }
        ok &= pmu_overflow_start(&pmu, &plan, &ovf) == 0;
        unsigned before = running_writes();
        ok &= pmu_overflow_pending(&pmu, &ovf, &pending) == 0;
        ok &= pmu_overflow_rearm(&pmu, &ovf) == 0;
        if (is_p4) {
            p4.running_writes = before;
        } else {
            m.running_writes = before;
        }
        ok &= pmu_stop_pass(&pmu, &plan, ovf.pass) == 0;
    }
    return ok;
}

/* The first word of each line pmu_list_events() prints: an event name,
 * or a heading that does not plan. */
static char names[1024][PMU_NAME_LEN];
static unsigned n_names;

static void collect(void *ctx, const char *text)
{
    (void)ctx;
    unsigned len = 0;
    while (text[len] && text[len] != ' ' && len + 1 < PMU_NAME_LEN) {
        len++;
    }
    if (len && text[0] != ' ' && n_names < sizeof names / sizeof names[0]) {
        memcpy(names[n_names], text, len);
        names[n_names++][len] = 0;
    }
}

static void check_cpu(const char *name)
{
    /* Representative lists: the default set, privilege filters, more
     * events than counters (several passes), cmask, edge and inversion
     * where the backend has them, an AMD 12-bit event select. */
    static const char *const lists[] = {
        "cycles",
        "instructions:u,cycles:k",
        "cycles,instructions,branches,cycles:u,instructions:u,branches:u,cycles:k,instructions:k",
        "cycles:c=2",
        "cycles:e:c=1:i",
        "event=0x1c0",
    };
    if (!setup(name)) {
        CHECK(false, "%s: a model of its PMU", name);
        return;
    }
    bool ok = pmu_plan_events(&pmu, NULL, &plan, NULL, 0) == 0;
    CHECK(ok, "%s: the default set plans", name);
    ok = ok && run_passes() && run_overflow();
    unsigned planned = 0;
    for (unsigned l = 0; l < sizeof lists / sizeof lists[0]; l++) {
        if (pmu_plan_events(&pmu, lists[l], &plan, NULL, 0) == 0) {
            planned++;
            ok &= run_passes() && run_overflow();
        }
    }
    n_names = 0;
    pmu_list_events(&pmu, collect, NULL);
    unsigned events = 0;
    for (unsigned i = 0; i < n_names; i++) {
        if (pmu_plan_events(&pmu, names[i], &plan, NULL, 0) == 0) {
            events++;
            ok &= run_passes();
        }
    }
    CHECK(ok && faults() == 0,
          "%s (%s): default set, %u of %zu lists and %u listed events programmed, read and "
          "stopped with no access faulting (%u faults; last: %s)",
          name, pmu_name(&pmu), planned, sizeof lists / sizeof lists[0], events, faults(),
          faults() ? last_fault() : "-");
    CHECK(running_writes() == 0, "%s: no counter written while it counts (%u)", name,
          running_writes());
    /* pmu_verify programs a pass itself and must find the model counting. */
    if (pmu_plan_events(&pmu, NULL, &plan, NULL, 0) == 0 && !pmu.backend->time_counter) {
        CHECK(pmu_verify(&pmu, &plan, 0) && faults() == 0, "%s: pmu_verify counts, no fault (%s)",
              name, pmu.not_counting ? pmu.not_counting : "-");
    }
}

/* The conditions' set-up against the model: it may fault only on the MSRs
 * it lists (its fault-safe probes), and still says every condition. */
static void check_hygiene(const char *name)
{
    struct hygiene h;
    uint32_t listed[8];
    if (!setup(name) || (pmu.cpu.vendor != VENDOR_INTEL && pmu.cpu.vendor != VENDOR_AMD)) {
        return;
    }
    unsigned n = hygiene_msrs(&pmu.cpu, false, listed, 8);
    unsigned before = faults();
    hygiene_setup(&h, &pmu.cpu, &pmu.hw, false);
    bool only_listed = faults() == before || is_p4;
    for (unsigned i = 0; !is_p4 && faults() != before && i < n; i++) {
        only_listed |= m.fault_msr == listed[i];
    }
    CHECK(only_listed && h.lfence.value[0] && h.smm_freeze.value[0] && h.invariant_tsc.value[0] &&
              h.turbo.value[0],
          "%s: hygiene faults only on the MSRs it probes (%u faults) and reports every "
          "condition (lfence %s, smm %s, turbo %s)",
          name, faults() - before, h.lfence.value, h.smm_freeze.value, h.turbo.value);
}

int main(void)
{
    const char *name;
    for (unsigned i = 0; (name = pmu_cpu_name(i)); i++) {
        check_cpu(name);
        check_hygiene(name);
    }
    return check_summary();
}
