/* Synthetic CPUs: the CPUID facts that make pmu_init() choose a given PMU,
 * so pmu-encode and the tests can encode for a CPU they do not run on. */
#include "tools/hostlib/cpus.h"

#include "lib/kstring.h"
#include "pmu/x86/events_pfm.h"

struct synthetic_cpu {
    const char *name;
    enum cpu_vendor vendor;
    unsigned family, model;
    const char *brand;
    enum cpu_feature features[8]; /* FEAT_COUNT ends the list */
    unsigned stepping;
};

#define END FEAT_COUNT

#define K8(name, model, stepping, brand)                                                           \
    {name, VENDOR_AMD, 15, model, brand, {FEAT_TSC, FEAT_MSR, FEAT_CMOV, FEAT_SSE2, END}, stepping}
#define FAM10H(name, model, stepping, brand)                                                       \
    {name, VENDOR_AMD, 0x10, model, brand, {FEAT_TSC, FEAT_MSR, FEAT_SSE2, END}, stepping}

static const struct synthetic_cpu cpus[] = {
    {"p5", VENDOR_INTEL, 5, 2, "Pentium", {FEAT_TSC, FEAT_MSR, END}, 0},
    {"p5mmx", VENDOR_INTEL, 5, 4, "Pentium MMX", {FEAT_TSC, FEAT_MSR, FEAT_MMX, END}, 0},
    {"ppro", VENDOR_INTEL, 6, 1, "Pentium Pro", {FEAT_TSC, FEAT_MSR, FEAT_CMOV, END}, 0},
    {"pii", VENDOR_INTEL, 6, 5, "Pentium II", {FEAT_TSC, FEAT_MSR, FEAT_CMOV, FEAT_MMX, END}, 0},
    {"piii",
     VENDOR_INTEL,
     6,
     7,
     "Pentium III",
     {FEAT_TSC, FEAT_MSR, FEAT_CMOV, FEAT_MMX, FEAT_SSE, END},
     0},
    {"pm",
     VENDOR_INTEL,
     6,
     0xd,
     "Pentium M",
     {FEAT_TSC, FEAT_MSR, FEAT_CMOV, FEAT_MMX, FEAT_SSE, FEAT_SSE2, END},
     0},
    /* A model no libpfm4 4.13 table covers (Granite Rapids): the
     * architectural events alone. */
    {"arch",
     VENDOR_INTEL,
     6,
     0xad,
     "architectural perfmon",
     {FEAT_TSC, FEAT_MSR, FEAT_CMOV, FEAT_MMX, FEAT_SSE, FEAT_SSE2, FEAT_PDCM, END},
     0},
    {"p4",
     VENDOR_INTEL,
     15,
     2,
     "Pentium 4 (Northwood)",
     {FEAT_TSC, FEAT_MSR, FEAT_CMOV, FEAT_MMX, FEAT_SSE, FEAT_SSE2, FEAT_DS, END},
     0},
    {"p4-prescott",
     VENDOR_INTEL,
     15,
     3,
     "Pentium 4 (Prescott)",
     {FEAT_TSC, FEAT_MSR, FEAT_CMOV, FEAT_MMX, FEAT_SSE, FEAT_SSE2, FEAT_SSE3, FEAT_DS},
     0},
    {"k7", VENDOR_AMD, 6, 2, "Athlon", {FEAT_TSC, FEAT_MSR, FEAT_CMOV, FEAT_MMX, END}, 0},
    /* K8 and family 10h by silicon revision: the model and stepping of
     * one part of each (AMD revision guides for family 0Fh, publication
     * 33610, and family 10h, publication 41322: 0F51 B3, 0F58 C0, 10F50
     * D0, 20F32 E6, 40F32 F2, 60FB2 G2; 100F23 B3, 100F42 C2, 100F80 D0),
     * which the AMD backend maps to the revision as libpfm4 does
     * (pmu/x86/events_amd.c). "k8" and "fam10h" are the newest revisions,
     * whose event lists are the largest. */
    K8("k8", 0x6b, 2, "Athlon 64 X2 (K8 revision G)"),
    K8("k8-revb", 0x05, 1, "Opteron (K8 revision B)"),
    K8("k8-revc", 0x05, 8, "Opteron (K8 revision C)"),
    K8("k8-revd", 0x15, 0, "Opteron (K8 revision D)"),
    K8("k8-reve", 0x23, 2, "Athlon 64 X2 (K8 revision E)"),
    K8("k8-revf", 0x43, 2, "Athlon 64 X2 (K8 revision F)"),
    K8("k8-revg", 0x6b, 2, "Athlon 64 X2 (K8 revision G)"),
    FAM10H("fam10h", 8, 0, "Opteron (10h revision D, Istanbul)"),
    FAM10H("fam10h-barcelona", 2, 3, "Opteron (10h revision B, Barcelona)"),
    FAM10H("fam10h-shanghai", 4, 2, "Opteron (10h revision C, Shanghai)"),
    FAM10H("fam10h-istanbul", 8, 0, "Opteron (10h revision D, Istanbul)"),
    {"fam15h",
     VENDOR_AMD,
     0x15,
     1,
     "Opteron (15h)",
     {FEAT_TSC, FEAT_MSR, FEAT_SSE2, FEAT_AMD_PERFCTR_CORE, END},
     0},
    {"fam17h",
     VENDOR_AMD,
     0x17,
     1,
     "Ryzen (17h)",
     {FEAT_TSC, FEAT_MSR, FEAT_SSE2, FEAT_AMD_PERFCTR_CORE, END},
     0},
    /* Hygon's Dhyana: AMD's family 17h core under another vendor string. */
    {"hygon",
     VENDOR_AMD,
     0x18,
     0,
     "Hygon Dhyana (18h)",
     {FEAT_TSC, FEAT_MSR, FEAT_SSE2, FEAT_AMD_PERFCTR_CORE, END},
     1},
    {"tsc", VENDOR_OTHER, 5, 0, "no PMU", {FEAT_TSC, END}, 0},
    /* PowerPCs by their PVR (lib/cpuinfo.h): version, revision major, minor.
     * 0x00090204 is the 604e QEMU models; the 750 has no 604 backend. */
    {"ppc604e", VENDOR_POWERPC, 0x0009, 2, "PowerPC 604e", {FEAT_TSC, END}, 4},
    {"ppc604", VENDOR_POWERPC, 0x0004, 3, "PowerPC 604", {FEAT_TSC, END}, 3},
    {"timebase", VENDOR_POWERPC, 0x0008, 2, "PowerPC 750", {FEAT_TSC, END}, 2},
};

static void fill_arch(struct cpu_arch_perfmon *pm, const struct pmu_cpu_opts *opts)
{
    unsigned version = opts && opts->arch_version ? opts->arch_version : 4;
    pm->version = (uint8_t)version;
    pm->gp_counters = (uint8_t)(opts && opts->has_gp ? opts->gp : 4);
    pm->gp_width = 48;
    pm->ebx_length = version >= 5 ? 8 : 7;
    pm->unavailable = 0;
    if (version >= 2) {
        unsigned fixed = opts && opts->has_fixed ? opts->fixed : (version >= 5 ? 4 : 3);
        pm->fixed_counters = (uint8_t)fixed;
        pm->fixed_width = 48;
        pm->fixed_mask = version >= 5 ? (1u << fixed) - 1 : 0;
    }
}

#define N_CPUS (sizeof cpus / sizeof cpus[0])

/* The first row of pfm_cpus (pmu/x86/pfm_cpus.c) of each generated table
 * is a CPU too, named as libpfm4 names its PMU ("skl"): the i-th of them,
 * or NULL. */
static const struct pfm_cpu *table_cpu(unsigned i)
{
    for (unsigned r = 0; r < pfm_n_cpus; r++) {
        bool first = true;
        for (unsigned e = 0; e < r; e++) {
            first &= !str_ieq(pfm_cpus[e].pfm_name, pfm_cpus[r].pfm_name);
        }
        if (first && i-- == 0) {
            return &pfm_cpus[r];
        }
    }
    return NULL;
}

const char *pmu_cpu_name(unsigned i)
{
    if (i < N_CPUS) {
        return cpus[i].name;
    }
    const struct pfm_cpu *c = table_cpu(i - N_CPUS);
    return c ? c->pfm_name : NULL;
}

/* The architectural perfmon version of an Intel table's CPUs: 5 from Ice
 * Lake and Tremont, 4 on Skylake and Goldmont, 3 before (Intel SDM vol.
 * 3B, "Architectural Performance Monitoring Version 3/4/5"). */
static unsigned table_arch_version(const char *pfm_name)
{
    static const char *const v5[] = {"icl", "icx", "spr", "tmt"};
    static const char *const v4[] = {"skl", "skx", "clx", "glm"};
    for (unsigned i = 0; i < 4; i++) {
        if (str_ieq(pfm_name, v5[i])) {
            return 5;
        }
        if (str_ieq(pfm_name, v4[i])) {
            return 4;
        }
    }
    return 3;
}

/* A CPU of a generated table: the architectural perfmon of its version
 * (options override it), or AMD's core extension. */
static bool table_cpu_named(const char *name, const struct pmu_cpu_opts *opts, struct cpu_info *cpu)
{
    const struct pfm_cpu *c = NULL;
    for (unsigned i = 0; (c = table_cpu(i)) && !str_ieq(name, c->pfm_name); i++) {
        continue;
    }
    if (!c) {
        return false;
    }
    memset(cpu, 0, sizeof *cpu);
    cpu->vendor = c->vendor;
    cpu->family = c->family;
    cpu->model = c->model_lo;
    cpu->stepping = c->stepping_lo;
    cpu->features[FEAT_TSC] = cpu->features[FEAT_MSR] = cpu->features[FEAT_SSE2] = true;
    str_copy(cpu->brand, sizeof cpu->brand, c->pfm_name);
    if (c->vendor == VENDOR_AMD) {
        str_copy(cpu->vendor_string, sizeof cpu->vendor_string, "AuthenticAMD");
        cpu->features[FEAT_AMD_PERFCTR_CORE] = true;
        /* Zen 4 is the first with PerfMonV2 and its six core counters
         * (CPUID 0x80000022 EAX[0], EBX[3:0]; Linux's amd_core_pmu_init). */
        if (str_ieq(c->pfm_name, "amd64_fam19h_zen4")) {
            cpu->features[FEAT_AMD_PERFMON_V2] = true;
            cpu->amd_core_counters = 6;
        }
        return true;
    }
    str_copy(cpu->vendor_string, sizeof cpu->vendor_string, "GenuineIntel");
    cpu->features[FEAT_PDCM] = true;
    cpu->max_leaf = 0xa;
    struct pmu_cpu_opts given = opts ? *opts : (struct pmu_cpu_opts){0};
    if (!given.arch_version) {
        given.arch_version = table_arch_version(c->pfm_name);
    }
    fill_arch(&cpu->perfmon, &given);
    return true;
}

/* Leaf 0xA for the synthetic architectural CPU. */
bool pmu_cpu_by_name(const char *name, const struct pmu_cpu_opts *opts, struct cpu_info *cpu)
{
    for (unsigned i = 0; i < sizeof cpus / sizeof cpus[0]; i++) {
        const struct synthetic_cpu *s = &cpus[i];
        if (!str_ieq(name, s->name)) {
            continue;
        }
        memset(cpu, 0, sizeof *cpu);
        cpu->vendor = s->vendor;
        str_copy(cpu->vendor_string, sizeof cpu->vendor_string,
                 s->family == 0x18             ? "HygonGenuine"
                 : s->vendor == VENDOR_INTEL   ? "GenuineIntel"
                 : s->vendor == VENDOR_AMD     ? "AuthenticAMD"
                 : s->vendor == VENDOR_POWERPC ? "PowerPC"
                                               : "Synthetic");
        str_copy(cpu->brand, sizeof cpu->brand, s->brand);
        cpu->family = s->family;
        cpu->model = s->model;
        cpu->stepping = s->stepping;
        if (s->vendor == VENDOR_POWERPC) {
            cpu->signature = s->family << 16 | s->model << 8 | s->stepping;
        }
        cpu->max_leaf = str_ieq(name, "arch") ? 0xa : 2;
        for (unsigned f = 0; f < 8 && s->features[f] != END; f++) {
            cpu->features[s->features[f]] = true;
        }
        if (str_ieq(name, "arch")) {
            fill_arch(&cpu->perfmon, opts);
        }
        return true;
    }
    return table_cpu_named(name, opts, cpu);
}
