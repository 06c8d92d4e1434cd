/* The conditions a measurement is taken under, decided from CPUID and set
 * up through struct pmu_hw: whether LFENCE serializes the window's counter
 * reads (AMD), whether the counters stop during SMM (Intel), whether the
 * TSC is invariant, and the turbo state.
 *
 * The decisions are pure functions of struct cpu_info; the set-up writes
 * an MSR only on a family whose manuals define it, with a fault-safe write
 * read back afterwards, so a hypervisor or emulator that drops the write
 * (or raises #GP) is seen and said. Host tests drive it with models of the
 * MSRs (tests/host/test_hygiene.c); the kernel with its probes. */
#ifndef BAREBENCH_PMU_X86_HYGIENE_H
#define BAREBENCH_PMU_X86_HYGIENE_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/cpuinfo.h"
#include "pmu/pmu.h"

/* AMD: DE_CFG, "Software Techniques for Managing Speculation on AMD
 * Processors" (mitigation G-2), bit 1 makes LFENCE dispatch-serializing. */
#define MSR_AMD_DE_CFG       0xc0011029u
#define DE_CFG_LFENCE_SERIAL (1ull << 1)
/* AMD: HWCR bit 25, CpbDis (BKDG for families 10h-16h, PPR for 17h). */
#define MSR_AMD_HWCR     0xc0010015u
#define HWCR_CPB_DISABLE (1ull << 25)
/* Intel SDM vol. 3B, "Freezing Counters on SMI" and vol. 4 (MSRs). */
#define MSR_IA32_DEBUGCTL      0x1d9u
#define DEBUGCTL_FREEZE_IN_SMM (1ull << 14)
#define PERF_CAP_FREEZE_IN_SMM (1ull << 12) /* IA32_PERF_CAPABILITIES */
/* Intel SDM vol. 4: IA32_MISC_ENABLE bit 38, Turbo Mode Disable. */
#define MSR_IA32_MISC_ENABLE  0x1a0u
#define MISC_ENABLE_TURBO_OFF (1ull << 38)

/* What AMD's table says about LFENCE on this CPU. */
enum lfence_rule {
    LFENCE_ABSENT,       /* no SSE2, so no LFENCE */
    LFENCE_SERIALIZING,  /* dispatch-serializing as it is (Intel; AMD 0Fh, 11h; CPUID says so) */
    LFENCE_NEEDS_DE_CFG, /* AMD 10h, 12h, 14h-17h, Hygon 18h: only with DE_CFG bit 1 */
    LFENCE_UNKNOWN,      /* an AMD-like family the table does not cover */
};

/* One condition: a short value for records and tables ("on", "yes",
 * "serializing", "-"), and a sentence saying why or how it was learned. */
struct hygiene_cond {
    char value[24];
    char detail[136];
};

struct hygiene {
    bool lfence_ok; /* LFENCE may serialize the window's reads */
    struct hygiene_cond lfence, smm_freeze, invariant_tsc, turbo;
};

enum lfence_rule hygiene_lfence_rule(const struct cpu_info *cpu);

/* The Intel counters may be frozen in SMM: IA32_PERF_CAPABILITIES exists
 * (CPUID.1:ECX.PDCM) to say whether FREEZE_WHILE_SMM is supported. */
bool hygiene_smm_freeze_possible(const struct cpu_info *cpu);

/* The MSRs hygiene_setup() may read or write on this CPU (writes only
 * where `turbo_off` asks, for IA32_MISC_ENABLE); returns how many (at
 * most max are stored). Pure: the list the host test holds per family. */
unsigned hygiene_msrs(const struct cpu_info *cpu, bool turbo_off, uint32_t *out, unsigned max);

/* Sets up what this CPU needs and learns the conditions: DE_CFG bit 1 on
 * AMD families that need it, FREEZE_WHILE_SMM where Intel supports it,
 * IA32_MISC_ENABLE turbo disable only when turbo_off asks and CPUID leaf 6
 * reports turbo. Every write is read back; nothing else is changed. */
void hygiene_setup(struct hygiene *h, const struct cpu_info *cpu, const struct pmu_hw *hw,
                   bool turbo_off);

/* Cycles per TSC tick times 100, rounded: the ratio over a calibration
 * loop; -1 when no tick passed. */
int64_t hygiene_ratio_x100(uint64_t cycles, uint64_t ticks);

#endif
