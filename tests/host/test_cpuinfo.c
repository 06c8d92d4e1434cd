/* CPUID decoding against recorded CPUID tables: family/model folding, the
 * sanity check of the maximum leaves, leaf 0xA, vendor-specific bits. */
#include <string.h>

#include "lib/cpuinfo.h"
#include "tests/host/check.h"

struct leaf {
    uint32_t leaf;
    struct cpuid_regs r;
};

struct table {
    const struct leaf *leaves;
    unsigned n;
    struct cpuid_regs beyond; /* what an absent leaf returns */
};

static void from_table(uint32_t leaf, uint32_t subleaf, struct cpuid_regs *out, void *ctx)
{
    const struct table *t = ctx;
    (void)subleaf;
    *out = t->beyond;
    for (unsigned i = 0; i < t->n; i++) {
        if (t->leaves[i].leaf == leaf) {
            *out = t->leaves[i].r;
        }
    }
}

/* "GenuineIntel" in EBX, EDX, ECX order. */
#define INTEL   0x756e6547u, 0x6c65746eu, 0x49656e69u
#define AMD_EBX 0x68747541u
#define AMD_ECX 0x444d4163u
#define AMD_EDX 0x69746e65u

int main(void)
{
    struct cpu_info c;

    /* QEMU -cpu pentium: max leaf 1, and leaf 0x80000000 answers with leaf 1's data. */
    static const struct leaf pentium[] = {
        {0, {1, 0x756e6547u, 0x6c65746eu, 0x49656e69u}},
        {1, {0x543, 0, 0, 0x008001bf}},
    };
    struct table t = {pentium, 2, {0x543, 0, 0, 0x008001bf}};
    cpuinfo_decode(&c, from_table, &t);
    CHECK(c.vendor == VENDOR_INTEL && c.family == 5 && c.model == 4 && c.stepping == 3,
          "Pentium MMX identity 5/4/3 (got %u/%u/%u)", c.family, c.model, c.stepping);
    CHECK(c.max_ext_leaf == 0, "a garbage extended maximum (0x543) is ignored");
    CHECK(c.features[FEAT_TSC] && c.features[FEAT_MSR] && c.features[FEAT_MMX] &&
              !c.features[FEAT_SSE] && !c.features[FEAT_CMOV],
          "leaf 1 EDX features: tsc msr mmx, no sse, no cmov");
    CHECK(c.brand[0] == '\0' && c.perfmon.version == 0, "no brand string, no arch perfmon");

    /* A Core 2 (family 6, extended model 1 -> model 23) with arch perfmon v2. */
    static const struct leaf penryn[] = {
        {0, {0xa, INTEL}},
        {1, {0x10676, 0, 0x0008e3fd, 0xbfebfbff}},
        {0xa, {0x07280202, 0, 0, 0x503}},
        {0x80000000u, {0x80000008u, 0, 0, 0}},
        {0x80000001u, {0, 0, 1, 0x20100000}},
        {0x80000002u, {0}},
        {0x80000003u, {0}},
        {0x80000004u, {0}},
    };
    static struct leaf penryn_with_brand[8];
    memcpy(penryn_with_brand, penryn, sizeof penryn);
    /* Leaves 0x80000002-4 hold the brand string, 16 bytes each, EAX..EDX. */
    static const char brand[48] = "  Intel(R) Core(TM)2 Duo CPU   T9600 @ 2.80GHz";
    for (unsigned i = 0; i < 3; i++) {
        memcpy(&penryn_with_brand[5 + i].r, brand + 16 * i, 16);
    }
    t = (struct table){penryn_with_brand, 8, {0, 0, 0, 0}};
    cpuinfo_decode(&c, from_table, &t);
    CHECK(c.family == 6 && c.model == 23 && c.stepping == 6, "extended model folded in: 6/23/6");
    CHECK(c.perfmon.version == 2 && c.perfmon.gp_counters == 2 && c.perfmon.gp_width == 40 &&
              c.perfmon.fixed_counters == 3 && c.perfmon.fixed_width == 40 &&
              c.perfmon.ebx_length == 7,
          "leaf 0xA: v2, 2 GP x 40, 3 fixed x 40, 7 event bits");
    CHECK(strcmp(c.brand, "Intel(R) Core(TM)2 Duo CPU   T9600 @ 2.80GHz") == 0,
          "brand string, leading spaces trimmed: '%s'", c.brand);
    CHECK(c.features[FEAT_SSE41] && c.features[FEAT_PDCM] && !c.features[FEAT_SSE42] &&
              !c.features[FEAT_AMD_PERFCTR_CORE],
          "sse4.1 and pdcm, no sse4.2; ECX bit 23 of 0x80000001 is not AMD's on Intel");
    CHECK(strcmp(cpu_arch_event_name(1), "INSTRUCTION_RETIRED") == 0 && !cpu_arch_event_name(8),
          "architectural event names by EBX bit");

    /* A Pentium 4: base family 15 takes the extended family (0) and model. */
    static const struct leaf p4[] = {
        {0, {2, INTEL}},
        {1, {0x00000f29, 0, 0, 0x3febfbff}},
    };
    t = (struct table){p4, 2, {0, 0, 0, 0}};
    cpuinfo_decode(&c, from_table, &t);
    CHECK(c.family == 15 && c.model == 2 && c.stepping == 9, "Pentium 4 15/2/9");
    CHECK(c.logical_per_package == 1, "HTT flag with a zero count in EBX: one logical processor");
    static const struct leaf p4_ht[] = {
        {0, {2, INTEL}},
        {1, {0x00000f34, 0x00020800, 0, 0x1febfbff}},
    };
    t = (struct table){p4_ht, 2, {0, 0, 0, 0}};
    cpuinfo_decode(&c, from_table, &t);
    CHECK(c.features[FEAT_HTT] && c.logical_per_package == 2,
          "HTT flag: EBX[23:16] logical processors per package (got %u)", c.logical_per_package);

    /* An AMD K8 with the core counter extension bit. */
    static const struct leaf k8[] = {
        {0, {1, AMD_EBX, AMD_ECX, AMD_EDX}},
        {1, {0x00100f22, 0, 0, 0x178bfbff}},
        {0x80000000u, {0x80000001u, 0, 0, 0}},
        {0x80000001u, {0, 0, 1u << 23, 0}},
    };
    t = (struct table){k8, 4, {0, 0, 0, 0}};
    cpuinfo_decode(&c, from_table, &t);
    CHECK(c.vendor == VENDOR_AMD && c.family == 16 && c.model == 2,
          "AMD extended family folded in: 16/2 (got %u/%u)", c.family, c.model);
    CHECK(c.features[FEAT_AMD_PERFCTR_CORE] && !c.features[FEAT_AMD_PERFCTR_NB],
          "AMD perfctr_core from 0x80000001 ECX bit 23");

    /* The conditions' bits, two of them in EAX: leaf 6 turbo (Intel SDM vol. 2A
     * CPUID), 8000_0007 EDX invariant TSC and boost, 8000_0021 EAX bit 2 (AMD
     * APM vol. 3: LFENCE always serializing). */
    static const struct leaf zen[] = {
        {0, {6, AMD_EBX, AMD_ECX, AMD_EDX}},
        {1, {0x00a20f10, 0, 0, 0x178bfbff}},
        {6, {0x4, 0, 0, 0}},
        {0x80000000u, {0x80000021u, 0, 0, 0}},
        {0x80000007u, {0, 0, 0, 0x300}},
        {0x80000021u, {0x4, 0, 0, 0}},
    };
    t = (struct table){zen, 6, {0, 0, 0, 0}};
    cpuinfo_decode(&c, from_table, &t);
    CHECK(c.features[FEAT_INVARIANT_TSC] && c.features[FEAT_AMD_CPB] &&
              c.features[FEAT_LFENCE_SERIALIZING] && !c.features[FEAT_TURBO],
          "8000_0007 EDX bits 8 and 9, 8000_0021 EAX bit 2; leaf 6 EAX bit 2 is not turbo");
    static const struct leaf skylake[] = {
        {0, {0x16, INTEL}},
        {1, {0x000506e3, 0, 0, 0}},
        {6, {0x77, 0, 0, 0}},
    };
    t = (struct table){skylake, 3, {0, 0, 0, 0}};
    cpuinfo_decode(&c, from_table, &t);
    CHECK(c.features[FEAT_TURBO] && !c.features[FEAT_LFENCE_SERIALIZING],
          "leaf 6 EAX bit 1: Intel turbo; no extended leaves, no AMD bits");
    return check_summary();
}
