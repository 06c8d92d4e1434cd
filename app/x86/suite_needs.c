/* The suite's x86 side, on every x86 platform: what a payload needs of the
 * CPU (CPUID features, and what only trying tells). */
#include "app/suite_arch.h"
#include "kernel/x86/cpu.h"
#include "kernel/x86/probe.h"
#include "kernel/x86/user.h"
#include "lib/fmt.h"
#include "lib/xsave.h"

/* The needs a CPUID feature flag answers, keyed by the need. */
static const struct cpuid_need {
    uint32_t need;
    enum cpu_feature feature;
    const char *missing;
} cpuid_needs[] = {
    {PAYLOAD_NEEDS_MMX, FEAT_MMX, "the CPU has no MMX"},
    {PAYLOAD_NEEDS_SSE, FEAT_SSE, "the CPU has no SSE"},
    {PAYLOAD_NEEDS_SSE2, FEAT_SSE2, "the CPU has no SSE2"},
    {PAYLOAD_NEEDS_CMOV, FEAT_CMOV, "the CPU has no CMOV"},
    {PAYLOAD_NEEDS_TSC, FEAT_TSC, "the CPU has no TSC"},
};

/* The vector needs: the CPUID bit, and the state XCR0 must enable, as the
 * SDM asks software to check both before using AVX (vol. 1, 14.3
 * "Detection of AVX instructions") and AVX-512 (15.2). */
static const struct vector_need {
    uint32_t need;
    enum cpu_feature feature;
    uint64_t state;
    const char *name;
} vector_needs[] = {
    {PAYLOAD_NEEDS_AVX, FEAT_AVX, XSAVE_AVX_STATE, "AVX"},
    {PAYLOAD_NEEDS_AVX2, FEAT_AVX2, XSAVE_AVX_STATE, "AVX2"},
    {PAYLOAD_NEEDS_FMA, FEAT_FMA, XSAVE_AVX_STATE, "FMA"},
    {PAYLOAD_NEEDS_AVX512F, FEAT_AVX512F, XSAVE_AVX512_STATE, "AVX512F"},
};

static const char *missing_vector(uint32_t flags, const struct cpu_info *cpu)
{
    static char why[96];
    for (unsigned i = 0; i < sizeof vector_needs / sizeof vector_needs[0]; i++) {
        const struct vector_need *n = &vector_needs[i];
        uint64_t xcr0;
        if (!(flags & n->need)) {
            continue;
        }
        if (!cpu->features[n->feature]) {
            fmt_snprintf(why, sizeof why, "the CPU has no %s", n->name);
            return why;
        }
        if (((xcr0 = xcr0_enabled()) & n->state) != n->state) {
            fmt_snprintf(why, sizeof why, "%s state is not enabled: XCR0 0x%llx, it needs 0x%llx",
                         n->name, (unsigned long long)xcr0, (unsigned long long)n->state);
            return why;
        }
    }
    return 0;
}

/* FEATURE "name" (bench/x86/payload.mac): a CPUID bit by the name the CPU
 * report prints. A name this kernel does not know is refused: the payload
 * might need what the CPU lacks. */
static const char *missing_named(const char *name, const struct cpu_info *cpu)
{
    static char why[96];
    if (!name) {
        return 0;
    }
    enum cpu_feature f = cpu_feature_named(name);
    if (f == FEAT_COUNT) {
        fmt_snprintf(why, sizeof why, "it needs %.40s, a feature this kernel does not know", name);
        return why;
    }
    if (!cpu->features[f]) {
        fmt_snprintf(why, sizeof why, "the CPU has no %s", name);
        return why;
    }
    return 0;
}

/* The needs that only trying tells: the probes catch the #GP. */
static const char *missing_by_probe(uint32_t flags)
{
    uint64_t value;
    if ((flags & PAYLOAD_NEEDS_MSR) && user_active()) {
        return "RDMSR faults at CPL 3 (ring=3, or a hosted run)";
    }
    if ((flags & PAYLOAD_NEEDS_MSR) && rdmsr_safe(0x10, &value)) {
        return "RDMSR of MSR 0x10 faults here";
    }
    if ((flags & PAYLOAD_NEEDS_RDPMC) && rdpmc_safe(0, &value)) {
        return "RDPMC of counter 0 faults here";
    }
    return 0;
}

const char *suite_missing_feature(const struct payload *p, const struct cpu_info *cpu)
{
    uint32_t tested = PAYLOAD_NEEDS_MSR | PAYLOAD_NEEDS_RDPMC;
    for (unsigned i = 0; i < sizeof cpuid_needs / sizeof cpuid_needs[0]; i++) {
        const struct cpuid_need *n = &cpuid_needs[i];
        tested |= n->need;
        if ((p->flags & n->need) && !cpu->features[n->feature]) {
            return n->missing;
        }
    }
    if ((p->flags & PAYLOAD_NEEDS_MSR) && !cpu->features[FEAT_MSR]) {
        return "the CPU has no MSRs";
    }
    for (unsigned i = 0; i < sizeof vector_needs / sizeof vector_needs[0]; i++) {
        tested |= vector_needs[i].need;
    }
    const char *vector = missing_vector(p->flags, cpu);
    if (vector) {
        return vector;
    }
    const char *named = missing_named(p->feature, cpu);
    if (named) {
        return named;
    }
    tested |= PAYLOAD_NEEDS_GATE;
    if ((p->flags & PAYLOAD_NEEDS_GATE) && !suite_has_monitor_gate()) {
        return "it needs the kernel's monitor gate: in a hosted run int 0x80 is a Linux system "
               "call";
    }
    /* A need declared in bench/payload.def that nothing here tests yet: the
     * payload might fault or measure something else, so it does not run. */
    if (p->flags & PAYLOAD_NEEDS_ALL & ~tested) {
        return "it needs a feature this kernel does not test yet";
    }
    return missing_by_probe(p->flags);
}
