/* Measurement hygiene (pmu/x86/hygiene.c) against models of the MSRs it
 * touches: AMD's LFENCE family table, DE_CFG set and read back, or dropped,
 * or faulting; Intel's FREEZE_WHILE_SMM only where IA32_PERF_CAPABILITIES
 * offers it; turbo disabled only when asked; and, per family, the MSRs
 * each PMU backend and this set-up may touch: nowhere an MSR the family
 * does not define. */
#include <string.h>

#include "pmu/x86/disturb.h"
#include "pmu/x86/hygiene.h"
#include "pmu/x86/regs.h"
#include "tests/host/check.h"
#include "tools/hostlib/cpus.h"

enum msr_mode {
    MSR_STORE,       /* plain storage: reads back what was written */
    MSR_DROP,        /* a hypervisor or QEMU TCG: writes vanish, reads give the reset value */
    MSR_WRITE_FAULT, /* reads, but a write raises #GP */
};

struct msr_entry {
    uint32_t msr;
    uint64_t value;
    enum msr_mode mode;
};

/* The modelled CPU's MSRs; any other raises #GP. Every access is logged. */
struct msr_model {
    struct msr_entry regs[8];
    unsigned n;
    uint32_t touched[64];
    unsigned n_touched, n_writes;
};

static struct msr_entry *find(struct msr_model *m, uint32_t msr)
{
    for (unsigned i = 0; i < m->n; i++) {
        if (m->regs[i].msr == msr) {
            return &m->regs[i];
        }
    }
    return NULL;
}

static void touch(struct msr_model *m, uint32_t msr)
{
    if (m->n_touched < sizeof m->touched / sizeof m->touched[0]) {
        m->touched[m->n_touched++] = msr;
    }
}

static int model_rdmsr(void *ctx, uint32_t msr, uint64_t *val)
{
    struct msr_model *m = ctx;
    struct msr_entry *e = find(m, msr);
    touch(m, msr);
    if (!e) {
        return -14;
    }
    *val = e->value;
    return 0;
}

static int model_wrmsr(void *ctx, uint32_t msr, uint64_t val)
{
    struct msr_model *m = ctx;
    struct msr_entry *e = find(m, msr);
    touch(m, msr);
    m->n_writes++;
    if (!e || e->mode == MSR_WRITE_FAULT) {
        return -14;
    }
    if (e->mode == MSR_STORE) {
        e->value = val;
    }
    return 0;
}

static int model_rdpmc(void *ctx, uint32_t ecx, uint64_t *val)
{
    (void)ctx;
    (void)ecx;
    *val = 0;
    return 0;
}

static struct pmu_hw hw_of(struct msr_model *m)
{
    struct pmu_hw hw = {.rdmsr = model_rdmsr, .wrmsr = model_wrmsr, .rdpmc = model_rdpmc, .ctx = m};
    return hw;
}

static void add(struct msr_model *m, uint32_t msr, uint64_t value, enum msr_mode mode)
{
    m->regs[m->n++] = (struct msr_entry){msr, value, mode};
}

static struct cpu_info amd(unsigned family, bool sse2)
{
    struct cpu_info c;
    memset(&c, 0, sizeof c);
    c.vendor = VENDOR_AMD;
    strcpy(c.vendor_string, "AuthenticAMD");
    c.family = family;
    c.features[FEAT_TSC] = c.features[FEAT_MSR] = true;
    c.features[FEAT_SSE2] = sse2;
    return c;
}

static struct cpu_info intel(bool pdcm, bool turbo)
{
    struct cpu_info c;
    memset(&c, 0, sizeof c);
    c.vendor = VENDOR_INTEL;
    strcpy(c.vendor_string, "GenuineIntel");
    c.family = 6;
    c.model = 0x5e;
    c.max_leaf = 0x16;
    c.max_ext_leaf = 0x80000008u;
    c.features[FEAT_TSC] = c.features[FEAT_MSR] = c.features[FEAT_SSE2] = true;
    c.features[FEAT_INVARIANT_TSC] = true;
    c.features[FEAT_PDCM] = pdcm;
    c.features[FEAT_TURBO] = turbo;
    return c;
}

static void check_amd_table(void)
{
    static const struct {
        unsigned family;
        enum lfence_rule rule;
    } table[] = {
        {0x0f, LFENCE_SERIALIZING},  {0x10, LFENCE_NEEDS_DE_CFG}, {0x11, LFENCE_SERIALIZING},
        {0x12, LFENCE_NEEDS_DE_CFG}, {0x14, LFENCE_NEEDS_DE_CFG}, {0x15, LFENCE_NEEDS_DE_CFG},
        {0x16, LFENCE_NEEDS_DE_CFG}, {0x17, LFENCE_NEEDS_DE_CFG}, {0x13, LFENCE_UNKNOWN},
        {0x18, LFENCE_UNKNOWN},      {0x19, LFENCE_UNKNOWN},      {0x06, LFENCE_UNKNOWN},
    };
    for (unsigned i = 0; i < sizeof table / sizeof table[0]; i++) {
        struct cpu_info c = amd(table[i].family, true);
        CHECK(hygiene_lfence_rule(&c) == table[i].rule, "AMD family %02Xh: LFENCE rule %d (got %d)",
              table[i].family, table[i].rule, hygiene_lfence_rule(&c));
    }
    struct cpu_info c = amd(0x19, true);
    c.features[FEAT_LFENCE_SERIALIZING] = true;
    CHECK(hygiene_lfence_rule(&c) == LFENCE_SERIALIZING,
          "AMD family 19h with CPUID 8000_0021 EAX bit 2: LFENCE serializes as it is");
    c = amd(0x17, false);
    CHECK(hygiene_lfence_rule(&c) == LFENCE_ABSENT, "no SSE2: no LFENCE, whatever the family");
    c = amd(0x18, true);
    strcpy(c.vendor_string, "HygonGenuine");
    CHECK(hygiene_lfence_rule(&c) == LFENCE_NEEDS_DE_CFG,
          "Hygon family 18h follows AMD family 17h: DE_CFG needed");
    c = intel(false, false);
    CHECK(hygiene_lfence_rule(&c) == LFENCE_SERIALIZING, "Intel: LFENCE serializes as it is");
}

static struct hygiene run(const struct cpu_info *c, struct msr_model *m, bool turbo_off)
{
    struct hygiene h;
    struct pmu_hw hw = hw_of(m);
    hygiene_setup(&h, c, &hw, turbo_off);
    return h;
}

static void check_de_cfg(void)
{
    struct cpu_info fam17 = amd(0x17, true);
    struct msr_model m = {0};
    add(&m, MSR_AMD_DE_CFG, 0x10000, MSR_STORE);
    struct hygiene h = run(&fam17, &m, false);
    CHECK(h.lfence_ok && m.regs[0].value == 0x10002 && !strcmp(h.lfence.value, "serializing"),
          "family 17h, DE_CFG stores: bit 1 set, other bits kept (0x%llx), LFENCE used",
          (unsigned long long)m.regs[0].value);

    m = (struct msr_model){0};
    add(&m, MSR_AMD_DE_CFG, 0, MSR_DROP);
    h = run(&fam17, &m, false);
    CHECK(!h.lfence_ok && !strcmp(h.lfence.value, "not-serializing") &&
              strstr(h.lfence.detail, "the write was dropped"),
          "family 17h, DE_CFG write dropped (QEMU, a hypervisor): not serializing, says so: %s",
          h.lfence.detail);

    m = (struct msr_model){0};
    add(&m, MSR_AMD_DE_CFG, 0, MSR_WRITE_FAULT);
    h = run(&fam17, &m, false);
    CHECK(!h.lfence_ok && strstr(h.lfence.detail, "writing it faulted"),
          "family 17h, DE_CFG write raises #GP: not serializing, says so: %s", h.lfence.detail);

    m = (struct msr_model){0};
    h = run(&fam17, &m, false);
    CHECK(!h.lfence_ok && strstr(h.lfence.detail, "reading it faulted") && m.n_writes == 0,
          "family 17h, DE_CFG absent (#GP on read, Bochs): nothing written, not serializing");

    m = (struct msr_model){0};
    add(&m, MSR_AMD_DE_CFG, 2, MSR_WRITE_FAULT);
    h = run(&fam17, &m, false);
    CHECK(h.lfence_ok && m.n_writes == 0, "family 17h, bit 1 already set by firmware: no write");

    struct cpu_info k8 = amd(0x0f, true);
    m = (struct msr_model){0};
    h = run(&k8, &m, false);
    CHECK(h.lfence_ok && m.n_touched == 0, "family 0Fh: LFENCE serializes, no MSR touched (%u)",
          m.n_touched);
}

static void check_smm_freeze(void)
{
    struct cpu_info c = intel(true, false);
    struct msr_model m = {0};
    add(&m, MSR_IA32_PERF_CAPABILITIES, PERF_CAP_FREEZE_IN_SMM | 0x2000, MSR_STORE);
    add(&m, MSR_IA32_DEBUGCTL, 1, MSR_STORE);
    add(&m, MSR_IA32_MISC_ENABLE, 0, MSR_STORE);
    struct hygiene h = run(&c, &m, false);
    CHECK(!strcmp(h.smm_freeze.value, "on") && m.regs[1].value == (1 | DEBUGCTL_FREEZE_IN_SMM),
          "Intel with FREEZE_WHILE_SMM: DEBUGCTL bit 14 set, bit 0 kept (0x%llx)",
          (unsigned long long)m.regs[1].value);

    m.regs[0].value = 0x2000;
    m.regs[1].value = 0;
    m.n_writes = 0;
    h = run(&c, &m, false);
    CHECK(!strcmp(h.smm_freeze.value, "unsupported") && m.n_writes == 0,
          "PERF_CAPABILITIES bit 12 clear: DEBUGCTL not written");

    m.regs[0].value = PERF_CAP_FREEZE_IN_SMM;
    m.regs[1].mode = MSR_DROP;
    h = run(&c, &m, false);
    CHECK(!strcmp(h.smm_freeze.value, "off") && strstr(h.smm_freeze.detail, "dropped"),
          "DEBUGCTL write dropped: off, and says so: %s", h.smm_freeze.detail);

    c = intel(false, false);
    m = (struct msr_model){0};
    h = run(&c, &m, false);
    CHECK(!strcmp(h.smm_freeze.value, "unsupported") && m.n_writes == 0,
          "no PDCM: IA32_PERF_CAPABILITIES not read, nothing written");
    struct cpu_info a = amd(0x17, true);
    CHECK(!hygiene_smm_freeze_possible(&a), "AMD: no SMM freeze to set");
}

static void check_turbo(void)
{
    struct cpu_info c = intel(false, true);
    struct msr_model m = {0};
    add(&m, MSR_IA32_MISC_ENABLE, 0x850089, MSR_STORE);
    struct hygiene h = run(&c, &m, false);
    CHECK(!strcmp(h.turbo.value, "on") && m.n_writes == 0 && m.regs[0].value == 0x850089,
          "turbo reported, turbo=off not given: on, nothing written");
    h = run(&c, &m, true);
    CHECK(!strcmp(h.turbo.value, "off") && m.regs[0].value == (0x850089 | MISC_ENABLE_TURBO_OFF),
          "turbo=off: IA32_MISC_ENABLE bit 38 set, other bits kept");
    c = intel(false, false);
    m = (struct msr_model){0};
    add(&m, MSR_IA32_MISC_ENABLE, MISC_ENABLE_TURBO_OFF, MSR_STORE);
    h = run(&c, &m, true);
    CHECK(!strcmp(h.turbo.value, "off") && m.n_writes == 0,
          "firmware disabled turbo (CPUID leaf 6 hides it): off, nothing written: %s",
          h.turbo.detail);
    struct cpu_info a = amd(0x17, true);
    a.features[FEAT_AMD_CPB] = true;
    m = (struct msr_model){0};
    add(&m, MSR_AMD_DE_CFG, 0, MSR_STORE);
    add(&m, MSR_AMD_HWCR, HWCR_CPB_DISABLE, MSR_WRITE_FAULT);
    h = run(&a, &m, true);
    CHECK(!strcmp(h.turbo.value, "off") && strstr(h.turbo.detail, "Intel only"),
          "AMD: boost state read from HWCR, turbo=off writes nothing there: %s", h.turbo.detail);
}

static void check_invariant_tsc_and_ratio(void)
{
    struct cpu_info c = intel(false, false);
    struct msr_model m = {0};
    struct hygiene h = run(&c, &m, false);
    CHECK(!strcmp(h.invariant_tsc.value, "yes"), "CPUID 8000_0007 EDX bit 8: invariant TSC");
    c.max_ext_leaf = 0x80000004u;
    h = run(&c, &m, false);
    CHECK(!strcmp(h.invariant_tsc.value, "no"), "no leaf 8000_0007: not known to be invariant");
    CHECK(hygiene_ratio_x100(1000, 1000) == 100 && hygiene_ratio_x100(2999, 1000) == 300 &&
              hygiene_ratio_x100(1004, 1000) == 100 && hygiene_ratio_x100(1, 0) == -1,
          "cycles per TSC tick, x100, rounded; -1 without ticks");
}

/* MSR ranges [first, last] a family defines, per PMU backend (Intel SDM
 * vol. 4; AMD BKDGs) and for this set-up. */
struct range {
    uint32_t first, last;
};

static const struct range p5_msrs[] = {{0x11, 0x13}, {0, 0}};
static const struct range p6_msrs[] = {{0xc1, 0xc2}, {0x186, 0x187}, {0, 0}};
/* With, for the disturbance readings, MSR_SMI_COUNT, IA32_MPERF/APERF and
 * the thermal status MSRs (SDM vol. 4, "MSRs in the Intel Core i7
 * processor family" and on; their CPUID bits gate them there too). */
static const struct range arch_msrs[] = {
    {0x34, 0x34},   {0xc1, 0xc8},   {0xe7, 0xe8},   {0x186, 0x18d}, {0x19c, 0x19c},
    {0x1a0, 0x1a0}, {0x1b1, 0x1b1}, {0x1d9, 0x1d9}, {0x309, 0x30c}, {0x345, 0x345},
    {0x38d, 0x390}, {0x4c1, 0x4c8}, {0, 0}};
static const struct range p4_msrs[] = {{0x1a0, 0x1a0}, {0x300, 0x3ff}, {0, 0}};
static const struct range k7_msrs[] = {{0xc0010000u, 0xc0010007u}, {0, 0}};
static const struct range amd10_msrs[] = {
    {0xc0010000u, 0xc0010007u}, {0xc0010015u, 0xc0010015u}, {0xc0011029u, 0xc0011029u}, {0, 0}};
static const struct range amd15_msrs[] = {{0xc0010000u, 0xc0010007u},
                                          {0xc0010015u, 0xc0010015u},
                                          {0xc0010200u, 0xc001020bu},
                                          {0xc0011029u, 0xc0011029u},
                                          {0, 0}};
static const struct range no_msrs[] = {{0, 0}};

static const struct {
    const char *cpu;
    const struct range *allowed;
    uint32_t hygiene[4]; /* exactly what hygiene_msrs() must list, 0-terminated */
} families[] = {
    {"p5", p5_msrs, {0}},
    {"p5mmx", p5_msrs, {0}},
    {"ppro", p6_msrs, {0}},
    {"pii", p6_msrs, {0}},
    {"piii", p6_msrs, {0}},
    {"pm", p6_msrs, {0}},
    {"arch", arch_msrs, {0x345, 0x1d9, 0x1a0, 0}},
    {"p4", p4_msrs, {0}},
    {"p4-prescott", p4_msrs, {0}},
    {"k7", k7_msrs, {0}},
    {"k8", k7_msrs, {0}},
    {"fam10h", amd10_msrs, {0xc0011029u, 0}},
    {"fam15h", amd15_msrs, {0xc0011029u, 0}},
    {"fam17h", amd15_msrs, {0xc0011029u, 0}},
    {"tsc", no_msrs, {0}},
};

static bool allowed(const struct range *r, uint32_t msr)
{
    for (; r->first || r->last; r++) {
        if (msr >= r->first && msr <= r->last) {
            return true;
        }
    }
    return false;
}

static unsigned bad_writes(const struct range *ok, const struct pmu_write *w, unsigned n,
                           uint32_t *bad)
{
    unsigned count = 0;
    for (unsigned i = 0; i < n && i < PMU_MAX_WRITES; i++) {
        if (!allowed(ok, w[i].msr)) {
            *bad = w[i].msr;
            count++;
        }
    }
    return count;
}

static void check_family_lists(const char *name, const struct range *ok, const uint32_t *expect)
{
    static struct pmu_write w[PMU_MAX_WRITES];
    static struct pmu_plan plan;
    struct cpu_info cpu;
    struct pmu pmu;
    struct msr_model m = {0};
    struct pmu_hw hw = hw_of(&m);
    uint32_t bad = 0, listed[8];
    unsigned n_bad = 0;
    if (!pmu_cpu_by_name(name, NULL, &cpu)) {
        CHECK(false, "synthetic CPU %s exists", name);
        return;
    }
    pmu_init(&pmu, &cpu, &hw, NULL);
    /* The default events and the calibration's cycles counter. */
    static const char *const lists[] = {NULL, "cycles"};
    for (unsigned l = 0; l < 2; l++) {
        if (pmu_plan_events(&pmu, lists[l], &plan, NULL, 0) < 0) {
            continue;
        }
        for (unsigned pass = 0; pass < plan.n_passes; pass++) {
            n_bad += bad_writes(ok, w, pmu_encode_pass(&pmu, &plan, pass, w, PMU_MAX_WRITES), &bad);
            n_bad += bad_writes(ok, w, pmu_encode_stop(&pmu, &plan, pass, w, PMU_MAX_WRITES), &bad);
        }
    }
    for (unsigned i = 0; i < m.n_touched; i++) {
        if (!allowed(ok, m.touched[i])) {
            bad = m.touched[i];
            n_bad++;
        }
    }
    CHECK(n_bad == 0, "%s: backend %s touches only its family's MSRs (%u outside, e.g. 0x%x)", name,
          pmu_name(&pmu), n_bad, (unsigned)bad);

    struct disturb_caps dcaps;
    uint32_t dmsrs[8];
    disturb_caps_of(&cpu, &dcaps);
    unsigned n_dist = disturb_msrs(&dcaps, dmsrs, 8), outside_dist = 0;
    for (unsigned i = 0; i < n_dist; i++) {
        outside_dist += !allowed(ok, dmsrs[i]);
    }
    CHECK(outside_dist == 0, "%s: the disturbance readings touch only its family's MSRs (%u)", name,
          n_dist);

    for (unsigned t = 0; t < 2; t++) {
        unsigned n = hygiene_msrs(&cpu, t, listed, 8), same = 0;
        while (same < n && expect[same] && listed[same] == expect[same]) {
            same++;
        }
        CHECK(same == n && n < 4 && !expect[n],
              "%s: hygiene may touch exactly its list (%u MSRs)%s", name, n,
              t ? ", turbo=off" : "");
        m = (struct msr_model){0};
        for (unsigned i = 0; i < n; i++) {
            add(&m, listed[i], 0, MSR_STORE);
        }
        (void)run(&cpu, &m, t);
        unsigned outside = 0;
        for (unsigned i = 0; i < m.n_touched; i++) {
            bool listed_here = false;
            for (unsigned j = 0; j < n; j++) {
                listed_here |= m.touched[i] == listed[j];
            }
            outside += !(allowed(ok, m.touched[i]) && listed_here);
        }
        CHECK(outside == 0, "%s: hygiene touches only listed MSRs of its family%s", name,
              t ? ", turbo=off" : "");
    }
}

int main(void)
{
    check_amd_table();
    check_de_cfg();
    check_smm_freeze();
    check_turbo();
    check_invariant_tsc_and_ratio();
    for (unsigned i = 0; i < sizeof families / sizeof families[0]; i++) {
        check_family_lists(families[i].cpu, families[i].allowed, families[i].hygiene);
    }
    return check_summary();
}
