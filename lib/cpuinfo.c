/* Decodes CPUID into struct cpu_info. Leaves are only read below the
 * maximum the CPU reports, and those maxima are checked first: QEMU's
 * pentium models answer leaf 0x80000000 with the highest basic leaf's data. */
#include "lib/cpuinfo.h"

#include "lib/kstring.h"

#define MAX_SANE_BASIC_LEAF 0x40u

struct feature_bit {
    uint32_t leaf;
    uint8_t subleaf; /* leaf 7 only; the others ignore ECX */
    char reg;        /* 'a', 'b', 'c' or 'd' */
    uint8_t bit;
    const char *name;
};

static const struct feature_bit feature_bits[FEAT_COUNT] = {
    [FEAT_TSC] = {1, 0, 'd', 4, "tsc"},
    [FEAT_MSR] = {1, 0, 'd', 5, "msr"},
    [FEAT_APIC] = {1, 0, 'd', 9, "apic"},
    [FEAT_CMOV] = {1, 0, 'd', 15, "cmov"},
    [FEAT_DS] = {1, 0, 'd', 21, "ds"},
    [FEAT_MMX] = {1, 0, 'd', 23, "mmx"},
    [FEAT_SSE] = {1, 0, 'd', 25, "sse"},
    [FEAT_SSE2] = {1, 0, 'd', 26, "sse2"},
    [FEAT_HTT] = {1, 0, 'd', 28, "htt"},
    [FEAT_SSE3] = {1, 0, 'c', 0, "sse3"},
    [FEAT_SSSE3] = {1, 0, 'c', 9, "ssse3"},
    [FEAT_PDCM] = {1, 0, 'c', 15, "pdcm"},
    [FEAT_SSE41] = {1, 0, 'c', 19, "sse4.1"},
    [FEAT_SSE42] = {1, 0, 'c', 20, "sse4.2"},
    [FEAT_AVX] = {1, 0, 'c', 28, "avx"},
    [FEAT_XSAVE] = {1, 0, 'c', 26, "xsave"},
    [FEAT_FMA] = {1, 0, 'c', 12, "fma"},
    [FEAT_AVX2] = {7, 0, 'b', 5, "avx2"},
    [FEAT_AVX512F] = {7, 0, 'b', 16, "avx512f"},
    [FEAT_HYPERVISOR] = {1, 0, 'c', 31, "hypervisor"},
    [FEAT_SERIALIZE] = {7, 0, 'd', 14, "serialize"},
    [FEAT_RDTSCP] = {0x80000001u, 0, 'd', 27, "rdtscp"},
    [FEAT_AMD_PERFCTR_CORE] = {0x80000001u, 0, 'c', 23, "perfctr_core"},
    [FEAT_AMD_PERFCTR_NB] = {0x80000001u, 0, 'c', 24, "perfctr_nb"},
    [FEAT_AMD_PERFCTR_L2] = {0x80000001u, 0, 'c', 28, "perfctr_l2"},
    [FEAT_INVARIANT_TSC] = {0x80000007u, 0, 'd', 8, "invariant_tsc"},
    [FEAT_TURBO] = {6, 0, 'a', 1, "turbo"},
    [FEAT_DTS] = {6, 0, 'a', 0, "dts"},
    [FEAT_PLN] = {6, 0, 'a', 4, "pln"},
    [FEAT_PTM] = {6, 0, 'a', 6, "ptm"},
    [FEAT_APERFMPERF] = {6, 0, 'c', 0, "aperfmperf"},
    [FEAT_AMD_CPB] = {0x80000007u, 0, 'd', 9, "cpb"},
    [FEAT_LFENCE_SERIALIZING] = {0x80000021u, 0, 'a', 2, "lfence_serializing"},
    [FEAT_AMD_PERFMON_V2] = {0x80000022u, 0, 'a', 0, "perfmon_v2"},
    [FEAT_PCLMULQDQ] = {1, 0, 'c', 1, "pclmulqdq"},
    [FEAT_MOVBE] = {1, 0, 'c', 22, "movbe"},
    [FEAT_POPCNT] = {1, 0, 'c', 23, "popcnt"},
    [FEAT_AES] = {1, 0, 'c', 25, "aes"},
    [FEAT_F16C] = {1, 0, 'c', 29, "f16c"},
    [FEAT_BMI1] = {7, 0, 'b', 3, "bmi1"},
    [FEAT_BMI2] = {7, 0, 'b', 8, "bmi2"},
    [FEAT_ADX] = {7, 0, 'b', 19, "adx"},
    [FEAT_SHA] = {7, 0, 'b', 29, "sha"},
    [FEAT_AVX512DQ] = {7, 0, 'b', 17, "avx512dq"},
    [FEAT_AVX512IFMA] = {7, 0, 'b', 21, "avx512ifma"},
    [FEAT_AVX512CD] = {7, 0, 'b', 28, "avx512cd"},
    [FEAT_AVX512BW] = {7, 0, 'b', 30, "avx512bw"},
    [FEAT_AVX512VL] = {7, 0, 'b', 31, "avx512vl"},
    [FEAT_AVX512VBMI] = {7, 0, 'c', 1, "avx512vbmi"},
    [FEAT_AVX512VBMI2] = {7, 0, 'c', 6, "avx512vbmi2"},
    [FEAT_GFNI] = {7, 0, 'c', 8, "gfni"},
    [FEAT_VAES] = {7, 0, 'c', 9, "vaes"},
    [FEAT_VPCLMULQDQ] = {7, 0, 'c', 10, "vpclmulqdq"},
    [FEAT_AVX512VNNI] = {7, 0, 'c', 11, "avx512vnni"},
    [FEAT_AVX512BITALG] = {7, 0, 'c', 12, "avx512bitalg"},
    [FEAT_AVX512VPOPCNTDQ] = {7, 0, 'c', 14, "avx512vpopcntdq"},
    [FEAT_AVX512FP16] = {7, 0, 'd', 23, "avx512fp16"},
    [FEAT_AVXVNNI] = {7, 1, 'a', 4, "avxvnni"},
    [FEAT_AVX512BF16] = {7, 1, 'a', 5, "avx512bf16"},
    [FEAT_LZCNT] = {0x80000001u, 0, 'c', 5, "lzcnt"},
    [FEAT_SSE4A] = {0x80000001u, 0, 'c', 6, "sse4a"},
    [FEAT_CLFLUSHOPT] = {7, 0, 'b', 23, "clflushopt"},
    [FEAT_CLWB] = {7, 0, 'b', 24, "clwb"},
    [FEAT_CLDEMOTE] = {7, 0, 'c', 25, "cldemote"},
    [FEAT_MOVDIRI] = {7, 0, 'c', 27, "movdiri"},
};

static const char *const arch_event_names[] = {
    "UNHALTED_CORE_CYCLES",
    "INSTRUCTION_RETIRED",
    "UNHALTED_REFERENCE_CYCLES",
    "LLC_REFERENCES",
    "LLC_MISSES",
    "BRANCH_INSTRUCTIONS_RETIRED",
    "MISPREDICTED_BRANCH_RETIRED",
    "TOPDOWN_SLOTS",
};

const char *cpu_feature_name(enum cpu_feature feat)
{
    return feat < FEAT_COUNT ? feature_bits[feat].name : "?";
}

enum cpu_feature cpu_feature_named(const char *name)
{
    unsigned f = 0;
    while (f < FEAT_COUNT && strcmp(feature_bits[f].name, name) != 0) {
        f++;
    }
    return (enum cpu_feature)f;
}

const char *cpu_arch_event_name(unsigned bit)
{
    return bit < sizeof arch_event_names / sizeof arch_event_names[0] ? arch_event_names[bit]
                                                                      : NULL;
}

static bool leaf_present(const struct cpu_info *info, uint32_t leaf)
{
    return leaf >= 0x80000000u ? info->max_ext_leaf >= leaf : info->max_leaf >= leaf;
}

static void put_reg(char *dst, uint32_t v)
{
    for (int i = 0; i < 4; i++) {
        dst[i] = (char)(v >> (8 * i));
    }
}

static void decode_brand(struct cpu_info *info, cpuid_fn cpuid, void *ctx)
{
    char raw[49];
    struct cpuid_regs r;
    for (uint32_t i = 0; i < 3; i++) {
        cpuid(0x80000002u + i, 0, &r, ctx);
        put_reg(raw + 16 * i, r.eax);
        put_reg(raw + 16 * i + 4, r.ebx);
        put_reg(raw + 16 * i + 8, r.ecx);
        put_reg(raw + 16 * i + 12, r.edx);
    }
    raw[48] = '\0';
    const char *s = raw;
    while (*s == ' ') {
        s++;
    }
    str_copy(info->brand, sizeof info->brand, s);
}

static void decode_perfmon(struct cpu_info *info, cpuid_fn cpuid, void *ctx)
{
    struct cpuid_regs r;
    cpuid(0xA, 0, &r, ctx);
    struct cpu_arch_perfmon *pm = &info->perfmon;
    pm->version = (uint8_t)r.eax;
    pm->gp_counters = (uint8_t)(r.eax >> 8);
    pm->gp_width = (uint8_t)(r.eax >> 16);
    pm->ebx_length = (uint8_t)(r.eax >> 24);
    pm->unavailable = r.ebx;
    if (pm->version >= 2) {
        pm->fixed_counters = (uint8_t)(r.edx & 0x1f);
        pm->fixed_width = (uint8_t)(r.edx >> 5);
    }
    if (pm->version >= 5) {
        pm->fixed_mask = r.ecx;
    }
}

/* A hypervisor's vendor is printable ASCII; anything else (a CPU that
 * answers an unknown leaf with other data) is not one. */
static void decode_hypervisor(struct cpu_info *info, cpuid_fn cpuid, void *ctx)
{
    struct cpuid_regs r;
    char vendor[13];
    cpuid(0x40000000u, 0, &r, ctx);
    put_reg(vendor, r.ebx);
    put_reg(vendor + 4, r.ecx);
    put_reg(vendor + 8, r.edx);
    vendor[12] = '\0';
    for (int i = 0; i < 12 && vendor[i]; i++) {
        if (vendor[i] < 0x20 || vendor[i] > 0x7e) {
            return;
        }
    }
    str_copy(info->hypervisor, sizeof info->hypervisor, vendor);
}

void cpuinfo_decode(struct cpu_info *info, cpuid_fn cpuid, void *ctx)
{
    struct cpuid_regs r;
    memset(info, 0, sizeof *info);

    cpuid(0, 0, &r, ctx);
    info->max_leaf = r.eax > MAX_SANE_BASIC_LEAF ? MAX_SANE_BASIC_LEAF : r.eax;
    put_reg(info->vendor_string, r.ebx);
    put_reg(info->vendor_string + 4, r.edx);
    put_reg(info->vendor_string + 8, r.ecx);
    info->vendor_string[12] = '\0';
    if (strcmp(info->vendor_string, "GenuineIntel") == 0) {
        info->vendor = VENDOR_INTEL;
    } else if (strcmp(info->vendor_string, "AuthenticAMD") == 0 ||
               strcmp(info->vendor_string, "HygonGenuine") == 0) {
        /* Hygon's Dhyana is AMD's family 17h core under licence: Linux
         * drives it with AMD's code throughout (X86_VENDOR_HYGON takes
         * amd_pmu_init in arch/x86/events/core.c); vendor_string keeps
         * the name. */
        info->vendor = VENDOR_AMD;
    }

    cpuid(0x80000000u, 0, &r, ctx);
    if ((r.eax & 0xffff0000u) == 0x80000000u && r.eax <= 0x800000ffu) {
        info->max_ext_leaf = r.eax;
    }

    if (info->max_leaf >= 1) {
        cpuid(1, 0, &r, ctx);
        info->signature = r.eax;
        unsigned base_family = (r.eax >> 8) & 0xf;
        unsigned base_model = (r.eax >> 4) & 0xf;
        info->stepping = r.eax & 0xf;
        unsigned logical = (r.edx >> 28) & 1 ? (r.ebx >> 16) & 0xff : 1;
        info->logical_per_package = logical ? logical : 1;
        info->family = base_family;
        info->model = base_model;
        if (base_family == 0xf) {
            info->family += (r.eax >> 20) & 0xff;
        }
        if (base_family == 0x6 || base_family == 0xf) {
            info->model += ((r.eax >> 16) & 0xf) << 4;
        }
    }

    for (unsigned f = 0; f < FEAT_COUNT; f++) {
        const struct feature_bit *fb = &feature_bits[f];
        if (!leaf_present(info, fb->leaf)) {
            continue;
        }
        cpuid(fb->leaf, fb->subleaf, &r, ctx);
        uint32_t reg = fb->reg == 'a'   ? r.eax
                       : fb->reg == 'b' ? r.ebx
                       : fb->reg == 'c' ? r.ecx
                                        : r.edx;
        info->features[f] = (reg >> fb->bit) & 1;
    }
    /* The AMD counter-extension bits mean something else on other vendors. */
    if (info->vendor != VENDOR_AMD) {
        info->features[FEAT_AMD_PERFCTR_CORE] = false;
        info->features[FEAT_AMD_PERFCTR_NB] = false;
        info->features[FEAT_AMD_PERFCTR_L2] = false;
        info->features[FEAT_AMD_PERFMON_V2] = false;
    }
    /* AMD APM vol. 3, CPUID Fn8000_0022_EBX[3:0] NumPerfCtrCore. */
    if (info->features[FEAT_AMD_PERFMON_V2]) {
        cpuid(0x80000022u, 0, &r, ctx);
        info->amd_core_counters = r.ebx & 0xf;
    }

    if (leaf_present(info, 0x80000004u)) {
        decode_brand(info, cpuid, ctx);
    }
    if (info->features[FEAT_HYPERVISOR]) {
        decode_hypervisor(info, cpuid, ctx);
    }
    if (info->vendor == VENDOR_INTEL && leaf_present(info, 0xA)) {
        decode_perfmon(info, cpuid, ctx);
    }
    if (info->features[FEAT_XSAVE] && leaf_present(info, 0xD)) {
        cpuid(0xD, 0, &r, ctx);
        info->xsave_components = (uint64_t)r.edx << 32 | r.eax;
    }
}

bool cpu_is_qemu_tcg(const struct cpu_info *info)
{
    return info->features[FEAT_HYPERVISOR] && strcmp(info->hypervisor, "TCGTCGTCGTCG") == 0;
}
