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

/* The model of the synthetic CPU `name` with `opts` (arch), whose
 * IA32_PERF_CAPABILITIES reads `perf_caps`, and the PMU layer on it. */
static bool setup(const char *name, const struct pmu_cpu_opts *opts, uint64_t perf_caps)
{
    struct cpu_info cpu;
    enum model_kind kind;
    if (!pmu_cpu_by_name(name, opts, &cpu)) {
        return false;
    }
    is_p4 = !model_kind_of(&cpu, &kind);
    if (is_p4) {
        return p4_model_pmu(&p4, &pmu, name, 0, false);
    }
    if (!model_init(&m, kind, name, opts)) {
        return false;
    }
    m.perf_caps = perf_caps;
    struct pmu_hw hw = model_hw(&m);
    pmu_init(&pmu, &m.cpu, &hw, NULL);
    return true;
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

static void check_cpu(const char *label, const char *name, const struct pmu_cpu_opts *opts,
                      uint64_t perf_caps)
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
        "cycles:t,instructions:t",
        "TOPDOWN_SLOTS,UNHALTED_REFERENCE_CYCLES",
    };
    if (!setup(name, opts, perf_caps)) {
        CHECK(false, "%s: a model of its PMU", label);
        return;
    }
    bool ok = pmu_plan_events(&pmu, NULL, &plan, NULL, 0) == 0;
    CHECK(ok, "%s: the default set plans", label);
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
          label, pmu_name(&pmu), planned, sizeof lists / sizeof lists[0], events, faults(),
          faults() ? last_fault() : "-");
    CHECK(running_writes() == 0, "%s: no counter written while it counts (%u)", label,
          running_writes());
    /* pmu_verify programs a pass itself and must find the model counting. */
    if (pmu_plan_events(&pmu, NULL, &plan, NULL, 0) == 0 && !pmu.backend->time_counter) {
        CHECK(pmu_verify(&pmu, &plan, 0) && faults() == 0, "%s: pmu_verify counts, no fault (%s)",
              label, pmu.not_counting ? pmu.not_counting : "-");
    }
}

/* The conditions' set-up against the model: it may fault only on the MSRs
 * it lists (its fault-safe probes), and still says every condition. */
static void check_hygiene(const char *name)
{
    struct hygiene h;
    uint32_t listed[8];
    if (!setup(name, NULL, 0) || (pmu.cpu.vendor != VENDOR_INTEL && pmu.cpu.vendor != VENDOR_AMD)) {
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

/* The models' rules themselves, so that a pass above means something:
 * each write either faults or not, as the manual says. */
#define PERF_CAP_FW (1ull << 13)

static const struct {
    const char *cpu;
    struct pmu_cpu_opts opts;
    uint64_t perf_caps;
    uint32_t msr;
    uint64_t value;
    bool faults;
    const char *why;
} rules[] = {
    {"p5", {0}, 0, 0x11, 0x3ff03ff, false, "CESR: ES, CC, PC of both counters"},
    {"p5", {0}, 0, 0x11, 1u << 10, true, "CESR bit 10 reserved"},
    {"ppro", {0}, 0, 0x186, 0x4300c0, false, "PerfEvtSel0 EN|OS|USR"},
    {"ppro", {0}, 0, 0x186, 1ull << 32, true, "PerfEvtSel bits 63:32 reserved"},
    {"ppro", {0}, 0, 0x187, 1u << 21, true, "no AnyThread on the P6"},
    {"ppro", {0}, 0, 0xc1, ~0ull, false, "PerfCtr: EDX ignored, EAX sign-extended"},
    {"ppro", {0}, 0, 0x38f, 0, true, "no GLOBAL_CTRL on the P6"},
    {"arch", PMU_CPU_ARCH(2, 2, 3), 0, 0x186, 1u << 21, true, "AnyThread reserved before v3"},
    {"arch", PMU_CPU_ARCH(3, 2, 3), 0, 0x186, 1u << 21, false, "AnyThread from v3"},
    {"arch", PMU_CPU_ARCH(3, 2, 3), 0, 0x186, 1ull << 32, true, "PERFEVTSEL 63:32 reserved"},
    {"arch", PMU_CPU_ARCH(3, 2, 3), 0, 0x188, 0, true, "no PERFEVTSEL2 with 2 counters"},
    {"arch", PMU_CPU_ARCH(3, 2, 3), 0, 0x38f, 0x700000003ull, false, "GLOBAL_CTRL: 2 GP, 3 fixed"},
    {"arch", PMU_CPU_ARCH(3, 2, 3), 0, 0x38f, 1u << 2, true, "GLOBAL_CTRL: no PMC2"},
    {"arch", PMU_CPU_ARCH(3, 2, 3), 0, 0x38f, 1ull << 35, true, "GLOBAL_CTRL: no FIXED_CTR3"},
    {"arch", PMU_CPU_ARCH(3, 2, 3), 0, 0x38d, 0xfff, false, "FIXED_CTR_CTRL: 3 fields"},
    {"arch", PMU_CPU_ARCH(3, 2, 3), 0, 0x38d, 0x1000, true, "FIXED_CTR_CTRL: no 4th field"},
    {"arch", PMU_CPU_ARCH(2, 2, 3), 0, 0x38d, 0x4, true, "FIXED_CTR_CTRL AnyThread before v3"},
    {"arch", PMU_CPU_ARCH(2, 2, 3), 0, 0x390, 1ull << 62 | 3, false, "OVF_CTRL: counters, 62"},
    {"arch", PMU_CPU_ARCH(2, 2, 3), 0, 0x390, 1u << 2, true, "OVF_CTRL: no PMC2"},
    {"arch", PMU_CPU_ARCH(1, 2, 0), 0, 0x38f, 0, true, "no GLOBAL_CTRL on v1"},
    {"arch", PMU_CPU_ARCH(4, 4, 3), 0, 0x4c1, 0, true, "no IA32_A_PMC0 without FW_WRITE"},
    {"arch", PMU_CPU_ARCH(4, 4, 3), PERF_CAP_FW, 0x4c1, (1ull << 48) - 1, false, "A_PMC: 48 bits"},
    {"arch", PMU_CPU_ARCH(4, 4, 3), PERF_CAP_FW, 0x4c1, 1ull << 48, true, "A_PMC above width"},
    {"arch", PMU_CPU_ARCH(4, 4, 3), 0, 0xc1, ~0ull, false, "PMC: EDX ignored"},
    {"k8", {0}, 0, 0xc0010000, 1ull << 32, true, "K8 PERF_CTL 63:32 reserved"},
    {"k8", {0}, 0, 0xc0010000, 1u << 21, true, "PERF_CTL bit 21 reserved"},
    {"k8", {0}, 0, 0xc0010200, 0, true, "no core extension on K8"},
    {"fam10h", {0}, 0, 0xc0010000, 0x30f0043ffffull, false, "10h: HostOnly, GuestOnly, 35:32"},
    {"fam10h", {0}, 0, 0xc0010000, 1ull << 36, true, "10h: bits 39:36 reserved"},
    {"fam10h", {0}, 0, 0xc0010000, 1ull << 42, true, "10h: bits 63:42 reserved"},
    {"fam15h", {0}, 0, 0xc001020a, 0x4300c0, false, "15h: PERF_CTL5 of the core extension"},
    {"fam15h", {0}, 0, 0xc001020c, 0, true, "15h: no seventh counter"},
};

static void check_rules(void)
{
    for (unsigned i = 0; i < sizeof rules / sizeof rules[0]; i++) {
        const struct pmu_cpu_opts *opts = rules[i].opts.arch_version ? &rules[i].opts : NULL;
        if (!setup(rules[i].cpu, opts, rules[i].perf_caps)) {
            CHECK(false, "%s: a model", rules[i].cpu);
            continue;
        }
        bool faulted = pmu.hw.wrmsr(pmu.hw.ctx, rules[i].msr, rules[i].value) < 0;
        CHECK(faulted == rules[i].faults, "%s: WRMSR 0x%x <- 0x%llx %s: %s", rules[i].cpu,
              (unsigned)rules[i].msr, (unsigned long long)rules[i].value,
              rules[i].faults ? "faults" : "is taken", rules[i].why);
    }
    /* IA32_PERF_CAPABILITIES only with PDCM (CPUID.1:ECX[15]). */
    uint64_t v;
    setup("pm", NULL, 0);
    CHECK(pmu.hw.rdmsr(pmu.hw.ctx, 0x345, &v) < 0 && m.faults == 1,
          "pm: RDMSR 0x345 faults without PDCM, and the model counts it");
    /* GLOBAL_OVF_CTRL is R/W in the SDM's MSR table: a read is no fault
     * (it reads 0, as in the counting QEMU); on version 1 it is absent. */
    setup("arch", NULL, 0);
    CHECK(pmu.hw.rdmsr(pmu.hw.ctx, 0x390, &v) == 0 && v == 0 && m.faults == 0,
          "arch v4: RDMSR of GLOBAL_OVF_CTRL reads 0 without a fault");
    const struct pmu_cpu_opts v1 = PMU_CPU_ARCH(1, 2, 0);
    setup("arch", &v1, 0);
    CHECK(pmu.hw.rdmsr(pmu.hw.ctx, 0x390, &v) < 0, "arch v1: GLOBAL_OVF_CTRL is absent: #GP");
    /* A counter written while it counts is noted, not refused. */
    setup("arch", NULL, 0);
    CHECK(pmu.hw.wrmsr(pmu.hw.ctx, 0x186, 0x4300c0) == 0 &&
              pmu.hw.wrmsr(pmu.hw.ctx, 0xc1, 5) == 0 && m.running_writes == 1 &&
              m.running_write_msr == 0xc1,
          "arch: PMC0 written while PERFEVTSEL0.EN and GLOBAL_CTRL bit 0 are set: noted");
    /* The Pentium 4: IQ_ESCR0/1 only below model 3; ESCR bit 31 and CCCR
     * bits 11:0 reserved; a read of an absent MSR counts. */
    setup("p4-prescott", NULL, 0);
    CHECK(pmu.hw.wrmsr(pmu.hw.ctx, 0x3ba, 0) < 0 && pmu.hw.rdmsr(pmu.hw.ctx, 0x3ba, &v) < 0 &&
              p4.violations == 2,
          "p4 model 3: IQ_ESCR0 absent, both accesses count (%s)", p4.last_violation);
    setup("p4", NULL, 0);
    CHECK(pmu.hw.wrmsr(pmu.hw.ctx, 0x3ba, 0) == 0 &&
              pmu.hw.wrmsr(pmu.hw.ctx, 0x3b8, 1u << 31) < 0 &&
              pmu.hw.wrmsr(pmu.hw.ctx, 0x360, 1) < 0,
          "p4 model 2: IQ_ESCR0 there; ESCR bit 31 and CCCR bit 0 fault");
}

int main(void)
{
    check_rules();
    const char *name;
    for (unsigned i = 0; (name = pmu_cpu_name(i)); i++) {
        check_cpu(name, name, NULL, 0);
        check_hygiene(name);
    }
    /* The architectural versions: no global registers on v1, AnyThread
     * from v3, four fixed counters on v5, full-width writes (FW_WRITE,
     * IA32_PERF_CAPABILITIES bit 13) through IA32_A_PMCx. */
    static const struct pmu_cpu_opts arch[] = {
        PMU_CPU_ARCH(1, 2, 0), PMU_CPU_ARCH(2, 2, 3), PMU_CPU_ARCH(3, 4, 3),
        PMU_CPU_ARCH(5, 8, 4), PMU_CPU_ARCH(4, 4, 3),
    };
    for (unsigned i = 0; i < sizeof arch / sizeof arch[0]; i++) {
        char label[48];
        snprintf(label, sizeof label, "arch v%u, %u GP, %u fixed%s", arch[i].arch_version,
                 arch[i].gp, arch[i].fixed, i == 4 ? ", full-width writes" : "");
        check_cpu(label, "arch", &arch[i], i == 4 ? PERF_CAP_FW : 0);
    }
    return check_summary();
}
