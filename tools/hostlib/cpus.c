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
};

#define END FEAT_COUNT

static const struct synthetic_cpu cpus[] = {
    {"p5", VENDOR_INTEL, 5, 2, "Pentium", {FEAT_TSC, FEAT_MSR, END}},
    {"p5mmx", VENDOR_INTEL, 5, 4, "Pentium MMX", {FEAT_TSC, FEAT_MSR, FEAT_MMX, END}},
    {"ppro", VENDOR_INTEL, 6, 1, "Pentium Pro", {FEAT_TSC, FEAT_MSR, FEAT_CMOV, END}},
    {"pii", VENDOR_INTEL, 6, 5, "Pentium II", {FEAT_TSC, FEAT_MSR, FEAT_CMOV, FEAT_MMX, END}},
    {"piii",
     VENDOR_INTEL,
     6,
     7,
     "Pentium III",
     {FEAT_TSC, FEAT_MSR, FEAT_CMOV, FEAT_MMX, FEAT_SSE, END}},
    {"pm",
     VENDOR_INTEL,
     6,
     0xd,
     "Pentium M",
     {FEAT_TSC, FEAT_MSR, FEAT_CMOV, FEAT_MMX, FEAT_SSE, FEAT_SSE2, END}},
    {"arch",
     VENDOR_INTEL,
     6,
     0x2a,
     "architectural perfmon",
     {FEAT_TSC, FEAT_MSR, FEAT_CMOV, FEAT_MMX, FEAT_SSE, FEAT_SSE2, FEAT_PDCM, END}},
    {"p4",
     VENDOR_INTEL,
     15,
     2,
     "Pentium 4 (Northwood)",
     {FEAT_TSC, FEAT_MSR, FEAT_CMOV, FEAT_MMX, FEAT_SSE, FEAT_SSE2, FEAT_DS, END}},
    {"p4-prescott",
     VENDOR_INTEL,
     15,
     3,
     "Pentium 4 (Prescott)",
     {FEAT_TSC, FEAT_MSR, FEAT_CMOV, FEAT_MMX, FEAT_SSE, FEAT_SSE2, FEAT_SSE3, FEAT_DS}},
    {"k7", VENDOR_AMD, 6, 2, "Athlon", {FEAT_TSC, FEAT_MSR, FEAT_CMOV, FEAT_MMX, END}},
    {"k8", VENDOR_AMD, 15, 0x43, "Athlon 64", {FEAT_TSC, FEAT_MSR, FEAT_CMOV, FEAT_SSE2, END}},
    {"fam10h", VENDOR_AMD, 0x10, 2, "Opteron (10h)", {FEAT_TSC, FEAT_MSR, FEAT_SSE2, END}},
    {"fam15h",
     VENDOR_AMD,
     0x15,
     1,
     "Opteron (15h)",
     {FEAT_TSC, FEAT_MSR, FEAT_SSE2, FEAT_AMD_PERFCTR_CORE, END}},
    {"fam17h",
     VENDOR_AMD,
     0x17,
     1,
     "Ryzen (17h)",
     {FEAT_TSC, FEAT_MSR, FEAT_SSE2, FEAT_AMD_PERFCTR_CORE, END}},
    {"tsc", VENDOR_OTHER, 5, 0, "no PMU", {FEAT_TSC, END}},
};

const char *const pmu_cpu_names[] = {
    "p5",          "p5mmx", "ppro", "pii",    "piii",   "pm",     "arch", "p4",
    "p4-prescott", "k7",    "k8",   "fam10h", "fam15h", "fam17h", "tsc",  NULL,
};

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
        if (!str_ieq(name, s->name))
            continue;
        memset(cpu, 0, sizeof *cpu);
        cpu->vendor = s->vendor;
        str_copy(cpu->vendor_string, sizeof cpu->vendor_string,
                 s->vendor == VENDOR_INTEL ? "GenuineIntel"
                 : s->vendor == VENDOR_AMD ? "AuthenticAMD"
                                           : "Synthetic");
        str_copy(cpu->brand, sizeof cpu->brand, s->brand);
        cpu->family = s->family;
        cpu->model = s->model;
        cpu->max_leaf = str_ieq(name, "arch") ? 0xa : 2;
        for (unsigned f = 0; f < 8 && s->features[f] != END; f++)
            cpu->features[s->features[f]] = true;
        if (str_ieq(name, "arch"))
            fill_arch(&cpu->perfmon, opts);
        return true;
    }
    return false;
}
