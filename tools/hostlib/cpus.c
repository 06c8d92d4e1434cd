/* Synthetic CPUs: the CPUID facts that make pmu_init() choose a given PMU,
 * so pmu-encode and the tests can encode for a CPU they do not run on. */
#include "tools/hostlib/cpus.h"

#include "lib/kstring.h"

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
    {"arch",
     VENDOR_INTEL,
     6,
     0x2a,
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
    {"tsc", VENDOR_OTHER, 5, 0, "no PMU", {FEAT_TSC, END}, 0},
    /* PowerPCs by their PVR (lib/cpuinfo.h): version, revision major, minor.
     * 0x00090204 is the 604e QEMU models; the 750 has no 604 backend. */
    {"ppc604e", VENDOR_POWERPC, 0x0009, 2, "PowerPC 604e", {FEAT_TSC, END}, 4},
    {"ppc604", VENDOR_POWERPC, 0x0004, 3, "PowerPC 604", {FEAT_TSC, END}, 3},
    {"timebase", VENDOR_POWERPC, 0x0008, 2, "PowerPC 750", {FEAT_TSC, END}, 2},
};

const char *pmu_cpu_name(unsigned i)
{
    return i < sizeof cpus / sizeof cpus[0] ? cpus[i].name : NULL;
}

/* Leaf 0xA for the synthetic architectural CPU. */
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
                 s->vendor == VENDOR_INTEL     ? "GenuineIntel"
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
    return false;
}
