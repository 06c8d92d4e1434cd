/* What can disturb a repetition, read around its windows (never inside
 * them): SMIs (MSR_SMI_COUNT), the effective against the nominal clock
 * (IA32_APERF / IA32_MPERF), thermal and power-limit throttling (the log
 * bits of IA32_THERM_STATUS and IA32_PACKAGE_THERM_STATUS), and an
 * interrupt pending in the local APIC (its IRR). Which of them a CPU
 * defines, reading the MSRs through the platform's fault-safe access
 * (struct pmu_hw), and how two readings are judged; the platform reads the
 * IRR. */
#ifndef BAREBENCH_PMU_X86_DISTURB_H
#define BAREBENCH_PMU_X86_DISTURB_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/cpuinfo.h"
#include "pmu/pmu.h"

#define MSR_SMI_COUNT                 0x34
#define MSR_IA32_MPERF                0xe7
#define MSR_IA32_APERF                0xe8
#define MSR_IA32_THERM_STATUS         0x19c
#define MSR_IA32_PACKAGE_THERM_STATUS 0x1b1

/* The kinds, bit k of a judgement; DISTURB_REDO: those that make a
 * repetition be measured again (a pending interrupt is only counted). */
enum { DISTURB_SMI, DISTURB_FREQ, DISTURB_THROTTLE, DISTURB_IRR, DISTURB_KINDS };
#define DISTURB_REDO ((1u << DISTURB_SMI) | (1u << DISTURB_FREQ) | (1u << DISTURB_THROTTLE))

/* A change of APERF/MPERF against the pass's first repetition beyond this,
 * in thousandths, is a frequency change. */
#define DISTURB_FREQ_PERMILLE 50

struct disturb_caps {
    bool smi_count;   /* MSR 0x34 */
    bool aperf_mperf; /* MSRs 0xE7, 0xE8 */
    bool therm;       /* IA32_THERM_STATUS, its log bits 1 and 3 (and 11 with PLN) */
    bool pln;         /* IA32_THERM_STATUS bit 11, power limitation log */
    bool pkg_therm;   /* IA32_PACKAGE_THERM_STATUS */
    bool irr;         /* a local APIC to read */
};

/* Which readings this CPU defines: MSR_SMI_COUNT on Intel family 6 from
 * Nehalem on, Atoms from Silvermont on (SDM vol. 4, "MSRs in the Intel
 * Core i7 processor family", and on; Linux's turbostat reads it there);
 * APERF/MPERF where CPUID.06H:ECX bit 0 (Intel and AMD); the thermal
 * status MSRs on Intel where CPUID.06H:EAX bits 0 and 6 (SDM vol. 3B,
 * "Thermal Monitoring and Protection"); the IRR wherever there is an APIC. */
void disturb_caps_of(const struct cpu_info *cpu, struct disturb_caps *caps);

/* The MSRs the readings touch (read; the thermal ones also written, to
 * clear their logs), into out[0..max): how many. */
unsigned disturb_msrs(const struct disturb_caps *caps, uint32_t *out, unsigned max);

/* One reading, before or after a repetition. */
struct disturb_reading {
    uint64_t smi, aperf, mperf;
    uint64_t therm, pkg_therm; /* after: their log bits since the clear before */
    bool irr;                  /* after: an interrupt pending */
};

/* Reads every MSR the caps name into r through hw (its irr is left to the
 * caller); one that faults is left out from then on (its cap cleared).
 * Returns the MSR that faulted last, or 0. */
uint32_t disturb_read(struct disturb_caps *caps, const struct pmu_hw *hw,
                      struct disturb_reading *r);

/* Clears the log bits of the thermal status MSRs the caps name (they are
 * write-0-to-clear), so that what they hold later happened since; a write
 * that faults leaves that MSR out. Returns the MSR that faulted, or 0. */
uint32_t disturb_clear_logs(struct disturb_caps *caps, const struct pmu_hw *hw);

/* The log bits of a thermal status MSR that mean throttling happened:
 * thermal status (1), PROCHOT# (3), power limitation (11, with PLN). */
uint64_t disturb_throttle_logs(const struct disturb_caps *caps);

/* The disturbances between two readings (bit k: kind k). ref_ratio is the
 * APERF/MPERF ratio of the pass's first repetition in thousandths (0: not
 * known yet); *ratio gets this one's (0 where not read). */
unsigned disturb_judge(const struct disturb_caps *caps, const struct disturb_reading *before,
                       const struct disturb_reading *after, uint64_t ref_ratio, uint64_t *ratio);

/* The readings the CPU gives, joined by '+' ("smi+irr"), or "-". */
void disturb_describe(const struct disturb_caps *caps, char *out, unsigned size);

#endif
