/* What CPUID says about the processor, decoded once at boot.
 * Pure data: filled by cpuinfo_decode() from any CPUID source, so the host
 * tests and pmu-encode can describe a CPU they are not running on. */
#ifndef BAREBENCH_CPUINFO_H
#define BAREBENCH_CPUINFO_H

#include <stdbool.h>
#include <stdint.h>

/* VENDOR_POWERPC: a PowerPC, identified by its processor version register
 * (PVR) rather than CPUID; struct cpu_info then holds the PVR in
 * `signature`, its version (upper half: 0x0004 the 604, 0x0009 the 604e) in
 * `family`, the revision's major and minor bytes in `model` and `stepping`;
 * FEAT_TSC stands for the time base, which every PowerPC has (PowerPC
 * Operating Environment Architecture, "Time Base"). */
enum cpu_vendor { VENDOR_OTHER, VENDOR_INTEL, VENDOR_AMD, VENDOR_POWERPC };

/* Feature flags a benchmark or a PMU backend depends on. */
enum cpu_feature {
    FEAT_TSC,
    FEAT_MSR,
    FEAT_MMX,
    FEAT_CMOV,
    FEAT_SSE,
    FEAT_SSE2,
    FEAT_SSE3,
    FEAT_SSSE3,
    FEAT_SSE41,
    FEAT_SSE42,
    FEAT_AVX,
    FEAT_XSAVE, /* CPUID.1:ECX bit 26: XSAVE, XSETBV and XCR0 */
    FEAT_FMA,
    FEAT_AVX2,
    FEAT_AVX512F,
    FEAT_RDTSCP,
    FEAT_INVARIANT_TSC,
    FEAT_TURBO,              /* CPUID.06H:EAX bit 1, Intel Turbo Boost available */
    FEAT_AMD_CPB,            /* CPUID 0x80000007 EDX bit 9, AMD core performance boost */
    FEAT_LFENCE_SERIALIZING, /* CPUID 0x80000021 EAX bit 2, AMD: LFENCE always serializing */
    FEAT_SERIALIZE,
    FEAT_PDCM,
    FEAT_APIC,
    FEAT_HYPERVISOR,
    FEAT_HTT,
    FEAT_DS,
    FEAT_AMD_PERFCTR_CORE, /* CPUID 0x80000001 ECX bit 23 */
    FEAT_AMD_PERFCTR_NB,   /* CPUID 0x80000001 ECX bit 24 */
    FEAT_AMD_PERFCTR_L2,   /* CPUID 0x80000001 ECX bit 28 */
    FEAT_DTS,              /* CPUID.06H:EAX bit 0: digital thermal sensor, IA32_THERM_STATUS */
    FEAT_PLN,              /* CPUID.06H:EAX bit 4: power limit notification */
    FEAT_PTM,              /* CPUID.06H:EAX bit 6: package thermal management */
    FEAT_APERFMPERF,       /* CPUID.06H:ECX bit 0: IA32_APERF and IA32_MPERF */
    FEAT_AMD_PERFMON_V2,   /* CPUID 0x80000022 EAX bit 0: AMD PerfMonV2, global registers */
    /* Instruction set extensions that generated payloads name (FEATURE in
     * bench/x86/payload.mac), by their CPUID bits (Intel SDM Vol. 2A,
     * CPUID, tables 3-8 and 3-17; AMD APM Vol. 3, appendix E). */
    FEAT_PCLMULQDQ,
    FEAT_MOVBE,
    FEAT_POPCNT,
    FEAT_AES,
    FEAT_F16C,
    FEAT_BMI1,
    FEAT_BMI2,
    FEAT_ADX,
    FEAT_SHA,
    FEAT_AVX512DQ,
    FEAT_AVX512IFMA,
    FEAT_AVX512CD,
    FEAT_AVX512BW,
    FEAT_AVX512VL,
    FEAT_AVX512VBMI,
    FEAT_AVX512VBMI2,
    FEAT_GFNI,
    FEAT_VAES,
    FEAT_VPCLMULQDQ,
    FEAT_AVX512VNNI,
    FEAT_AVX512BITALG,
    FEAT_AVX512VPOPCNTDQ,
    FEAT_AVX512FP16,
    FEAT_AVXVNNI,
    FEAT_AVX512BF16,
    FEAT_LZCNT,
    FEAT_SSE4A,
    FEAT_CLFLUSHOPT,
    FEAT_CLWB,
    FEAT_CLDEMOTE,
    FEAT_MOVDIRI,
    FEAT_COUNT
};

/* CPUID leaf 0xA, architectural performance monitoring. */
struct cpu_arch_perfmon {
    uint8_t version;        /* 0: no architectural perfmon */
    uint8_t gp_counters;    /* EAX[15:8] */
    uint8_t gp_width;       /* EAX[23:16] */
    uint8_t ebx_length;     /* EAX[31:24]: valid bits of the EBX vector */
    uint32_t unavailable;   /* EBX: bit set = architectural event NOT available */
    uint8_t fixed_counters; /* EDX[4:0] (version >= 2) */
    uint8_t fixed_width;    /* EDX[12:5] */
    uint32_t fixed_mask;    /* ECX: supported fixed counters bitmap (v5) */
};

struct cpu_info {
    enum cpu_vendor vendor;
    char vendor_string[13];
    char brand[49]; /* empty where the CPU has no brand string */
    /* CPUID 0x40000000's vendor ("KVMKVMKVM", "TCGTCGTCGTCG", ...) where the
     * hypervisor bit is set and the leaf answers with text; else empty. */
    char hypervisor[13];
    uint32_t max_leaf;
    uint32_t max_ext_leaf; /* 0 where the extended range is absent or garbage */
    uint32_t signature;    /* CPUID.1:EAX */
    unsigned family;       /* extended family folded in */
    unsigned model;        /* extended model folded in */
    unsigned stepping;
    unsigned logical_per_package; /* CPUID.1:EBX[23:16] where HTT is set, else 1 */
    bool features[FEAT_COUNT];
    struct cpu_arch_perfmon perfmon;
    /* AMD PerfMonV2: the core counters CPUID 0x80000022 EBX[3:0] reports,
     * 0 without it. */
    unsigned amd_core_counters;
    /* The state components XCR0 may enable (CPUID leaf 0xD subleaf 0,
     * EDX:EAX; 0 without XSAVE): bit i is component i (SDM vol. 1, 13.2). */
    uint64_t xsave_components;
};

/* One CPUID query: leaf and subleaf in, four registers out. */
struct cpuid_regs {
    uint32_t eax, ebx, ecx, edx;
};
typedef void (*cpuid_fn)(uint32_t leaf, uint32_t subleaf, struct cpuid_regs *out, void *ctx);

/* Fills *info from the CPUID source; sanity-checks the maximum leaves. */
void cpuinfo_decode(struct cpu_info *info, cpuid_fn cpuid, void *ctx);

/* Short name of a feature flag, as the boot report prints it. */
const char *cpu_feature_name(enum cpu_feature feat);

/* The feature with that short name, or FEAT_COUNT when there is none. */
enum cpu_feature cpu_feature_named(const char *name);

/* True under QEMU's TCG (CPUID leaf 0x40000000 says "TCGTCGTCGTCG"). */
bool cpu_is_qemu_tcg(const struct cpu_info *info);

/* Name of an architectural perfmon event by its EBX bit position, or NULL. */
const char *cpu_arch_event_name(unsigned bit);

#endif
