/* Measurement hygiene: LFENCE per AMD's family table, Intel's
 * FREEZE_WHILE_SMM, invariant TSC, turbo. Sources: AMD, "Software
 * Techniques for Managing Speculation on AMD Processors" (LFENCE is
 * dispatch-serializing on families 0Fh and 11h; on 10h, 12h, 14h, 15h, 16h
 * and 17h only with DE_CFG bit 1; Linux, Xen and Fuchsia set it at boot and
 * Xen reads it back, as here); Intel SDM vol. 3B "Freezing Counters on SMI"
 * and vol. 4 (IA32_PERF_CAPABILITIES bit 12, IA32_DEBUGCTL bit 14,
 * IA32_MISC_ENABLE bit 38); CPUID 8000_0007 EDX bits 8 (invariant TSC) and
 * 9 (AMD core performance boost), CPUID 06H EAX bit 1 (Intel turbo). */
#include "pmu/x86/hygiene.h"

#include <stdarg.h>

#include "lib/fmt.h"
#include "lib/kstring.h"
#include "pmu/x86/regs.h"

enum lfence_rule hygiene_lfence_rule(const struct cpu_info *cpu)
{
    if (!cpu->features[FEAT_SSE2]) {
        return LFENCE_ABSENT;
    }
    if (cpu->vendor != VENDOR_AMD || cpu->features[FEAT_LFENCE_SERIALIZING]) {
        return LFENCE_SERIALIZING;
    }
    switch (cpu->family) {
    case 0x0f:
    case 0x11:
        return LFENCE_SERIALIZING;
    case 0x10:
    case 0x12:
    case 0x14:
    case 0x15:
    case 0x16:
    case 0x17:
        return LFENCE_NEEDS_DE_CFG;
    case 0x18: /* Hygon Dhyana: AMD's family 17h core (Linux, Xen: same set-up) */
        return strcmp(cpu->vendor_string, "HygonGenuine") == 0 ? LFENCE_NEEDS_DE_CFG
                                                               : LFENCE_UNKNOWN;
    default:
        return LFENCE_UNKNOWN;
    }
}

bool hygiene_smm_freeze_possible(const struct cpu_info *cpu)
{
    return cpu->vendor == VENDOR_INTEL && cpu->features[FEAT_PDCM];
}

static bool reads_misc_enable(const struct cpu_info *cpu)
{
    return cpu->vendor == VENDOR_INTEL && cpu->max_leaf >= 6;
}

unsigned hygiene_msrs(const struct cpu_info *cpu, bool turbo_off, uint32_t *out, unsigned max)
{
    uint32_t list[5];
    unsigned n = 0;
    (void)turbo_off; /* the same MSR is read either way: only the write is opt-in */
    if (hygiene_lfence_rule(cpu) == LFENCE_NEEDS_DE_CFG) {
        list[n++] = MSR_AMD_DE_CFG;
    }
    if (cpu->vendor == VENDOR_AMD && cpu->features[FEAT_AMD_CPB]) {
        list[n++] = MSR_AMD_HWCR;
    }
    if (hygiene_smm_freeze_possible(cpu)) {
        list[n++] = MSR_IA32_PERF_CAPABILITIES;
        list[n++] = MSR_IA32_DEBUGCTL;
    }
    if (reads_misc_enable(cpu)) {
        list[n++] = MSR_IA32_MISC_ENABLE;
    }
    for (unsigned i = 0; i < n && i < max; i++) {
        out[i] = list[i];
    }
    return n;
}

static void say(struct hygiene_cond *c, const char *value, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void say(struct hygiene_cond *c, const char *value, const char *fmt, ...)
{
    va_list ap;
    str_copy(c->value, sizeof c->value, value);
    va_start(ap, fmt);
    fmt_vsnprintf(c->detail, sizeof c->detail, fmt, ap);
    va_end(ap);
}

/* Sets `bit` in `msr` unless it is set already, and reads it back: 0 when
 * the bit is set afterwards. `what` says what happened either way. */
static int set_bit_checked(const struct pmu_hw *hw, uint32_t msr, uint64_t bit, char *what,
                           size_t n)
{
    uint64_t value = 0;
    if (hw->rdmsr(hw->ctx, msr, &value) < 0) {
        fmt_snprintf(what, n, "reading it faulted");
        return -1;
    }
    if (value & bit) {
        fmt_snprintf(what, n, "already set (read 0x%llx)", (unsigned long long)value);
        return 0;
    }
    if (hw->wrmsr(hw->ctx, msr, value | bit) < 0) {
        fmt_snprintf(what, n, "writing it faulted");
        return -1;
    }
    if (hw->rdmsr(hw->ctx, msr, &value) < 0) {
        fmt_snprintf(what, n, "reading it back faulted");
        return -1;
    }
    bool stuck = (value & bit) != 0;
    fmt_snprintf(what, n, "%s 0x%llx",
                 stuck ? "set and read back" : "the write was dropped: read back",
                 (unsigned long long)value);
    return stuck ? 0 : -1;
}

static void setup_lfence(struct hygiene *h, const struct cpu_info *cpu, const struct pmu_hw *hw)
{
    char what[64];
    h->lfence_ok = false;
    switch (hygiene_lfence_rule(cpu)) {
    case LFENCE_ABSENT:
        say(&h->lfence, "absent", "no SSE2: no LFENCE");
        return;
    case LFENCE_SERIALIZING:
        h->lfence_ok = true;
        if (cpu->vendor != VENDOR_AMD) {
            say(&h->lfence, "serializing", "%s: LFENCE waits for all earlier instructions",
                cpu->vendor_string);
        } else if (cpu->features[FEAT_LFENCE_SERIALIZING]) {
            say(&h->lfence, "serializing",
                "always dispatch-serializing (CPUID 8000_0021 EAX bit 2)");
        } else {
            say(&h->lfence, "serializing", "dispatch-serializing on family %02Xh as it is",
                cpu->family);
        }
        return;
    case LFENCE_UNKNOWN:
        say(&h->lfence, "unknown",
            "family %02Xh is not in AMD's LFENCE table and CPUID does not say LFENCE serializes",
            cpu->family);
        return;
    case LFENCE_NEEDS_DE_CFG:
        break;
    }
    if (set_bit_checked(hw, MSR_AMD_DE_CFG, DE_CFG_LFENCE_SERIAL, what, sizeof what) == 0) {
        h->lfence_ok = true;
        say(&h->lfence, "serializing", "family %02Xh: DE_CFG (MSR C001_1029) bit 1 %s", cpu->family,
            what);
        return;
    }
    say(&h->lfence, "not-serializing",
        "family %02Xh needs DE_CFG (MSR C001_1029) bit 1 and it did not stick: %s", cpu->family,
        what);
}

static void setup_smm_freeze(struct hygiene *h, const struct cpu_info *cpu, const struct pmu_hw *hw)
{
    uint64_t caps = 0;
    char what[64];
    if (cpu->vendor != VENDOR_INTEL) {
        say(&h->smm_freeze, "-", "Intel's control; this vendor defines none");
        return;
    }
    if (!cpu->features[FEAT_PDCM]) {
        say(&h->smm_freeze, "unsupported",
            "no IA32_PERF_CAPABILITIES (CPUID.1:ECX.PDCM clear): counters count in SMM");
        return;
    }
    if (hw->rdmsr(hw->ctx, MSR_IA32_PERF_CAPABILITIES, &caps) < 0) {
        say(&h->smm_freeze, "unsupported", "reading IA32_PERF_CAPABILITIES faulted");
        return;
    }
    if (!(caps & PERF_CAP_FREEZE_IN_SMM)) {
        say(&h->smm_freeze, "unsupported",
            "IA32_PERF_CAPABILITIES 0x%llx: bit 12 (FREEZE_WHILE_SMM) clear",
            (unsigned long long)caps);
        return;
    }
    if (set_bit_checked(hw, MSR_IA32_DEBUGCTL, DEBUGCTL_FREEZE_IN_SMM, what, sizeof what) == 0) {
        say(&h->smm_freeze, "on", "IA32_DEBUGCTL bit 14 %s", what);
    } else {
        say(&h->smm_freeze, "off", "IA32_DEBUGCTL bit 14 did not stick: %s", what);
    }
}

static void setup_invariant_tsc(struct hygiene *h, const struct cpu_info *cpu)
{
    if (!cpu->features[FEAT_TSC]) {
        say(&h->invariant_tsc, "-", "no time-stamp counter");
    } else if (cpu->max_ext_leaf < 0x80000007u) {
        say(&h->invariant_tsc, "no", "no CPUID leaf 8000_0007 to say so");
    } else if (cpu->features[FEAT_INVARIANT_TSC]) {
        say(&h->invariant_tsc, "yes", "CPUID 8000_0007 EDX bit 8: constant rate in every state");
    } else {
        say(&h->invariant_tsc, "no",
            "CPUID 8000_0007 EDX bit 8 clear: the rate may follow P-states");
    }
}

static void setup_intel_turbo(struct hygiene *h, const struct cpu_info *cpu,
                              const struct pmu_hw *hw, bool turbo_off)
{
    uint64_t misc = 0;
    char what[64];
    bool readable = reads_misc_enable(cpu) && hw->rdmsr(hw->ctx, MSR_IA32_MISC_ENABLE, &misc) == 0;
    if (!cpu->features[FEAT_TURBO]) {
        /* Firmware that sets bit 38 also clears CPUID.06H:EAX bit 1. */
        if (readable && (misc & MISC_ENABLE_TURBO_OFF)) {
            say(&h->turbo, "off", "IA32_MISC_ENABLE bit 38 set (by the firmware)");
        } else {
            say(&h->turbo, "-", "CPUID leaf 6 reports no turbo%s",
                turbo_off ? "; turbo=off has nothing to disable" : "");
        }
        return;
    }
    if (!turbo_off) {
        say(&h->turbo, "on", "CPUID 06H EAX bit 1%s",
            readable ? " and IA32_MISC_ENABLE bit 38 clear" : "; IA32_MISC_ENABLE unreadable");
        return;
    }
    if (set_bit_checked(hw, MSR_IA32_MISC_ENABLE, MISC_ENABLE_TURBO_OFF, what, sizeof what) == 0) {
        say(&h->turbo, "off", "turbo=off: IA32_MISC_ENABLE bit 38 %s", what);
    } else {
        say(&h->turbo, "on", "turbo=off: IA32_MISC_ENABLE bit 38 did not stick: %s", what);
    }
}

static void setup_turbo(struct hygiene *h, const struct cpu_info *cpu, const struct pmu_hw *hw,
                        bool turbo_off)
{
    uint64_t hwcr = 0;
    if (cpu->vendor == VENDOR_INTEL) {
        setup_intel_turbo(h, cpu, hw, turbo_off);
        return;
    }
    const char *note = turbo_off ? "; turbo=off acts on Intel only" : "";
    if (cpu->vendor != VENDOR_AMD || !cpu->features[FEAT_AMD_CPB]) {
        say(&h->turbo, "-", "CPUID reports no boost%s", note);
    } else if (hw->rdmsr(hw->ctx, MSR_AMD_HWCR, &hwcr) < 0) {
        say(&h->turbo, "unknown", "core performance boost; reading HWCR faulted%s", note);
    } else if (hwcr & HWCR_CPB_DISABLE) {
        say(&h->turbo, "off", "HWCR bit 25 (CpbDis) set%s", note);
    } else {
        say(&h->turbo, "on",
            "core performance boost (CPUID 8000_0007 EDX bit 9) with HWCR.CpbDis "
            "clear%s",
            note);
    }
}

void hygiene_setup(struct hygiene *h, const struct cpu_info *cpu, const struct pmu_hw *hw,
                   bool turbo_off)
{
    memset(h, 0, sizeof *h);
    setup_lfence(h, cpu, hw);
    setup_smm_freeze(h, cpu, hw);
    setup_invariant_tsc(h, cpu);
    setup_turbo(h, cpu, hw, turbo_off);
}

int64_t hygiene_ratio_x100(uint64_t cycles, uint64_t ticks)
{
    if (!ticks) {
        return -1;
    }
    return (int64_t)((cycles * 100 + ticks / 2) / ticks);
}
