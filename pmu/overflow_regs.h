/* What a backend states about how one of its counters overflows and
 * interrupts: the contract between the backends (pmu/backend.h) and
 * sampling (pmu/overflow.h). */
#ifndef BAREBENCH_PMU_OVERFLOW_REGS_H
#define BAREBENCH_PMU_OVERFLOW_REGS_H

#include <stdint.h>

/* How an overflow shows and is cleared. */
enum pmu_ovf_style {
    PMU_OVF_TOP_BIT,       /* P6, arch v1, AMD: the counter's top bit went from 1 to 0 */
    PMU_OVF_GLOBAL_STATUS, /* arch v2+: a bit of a status register, cleared through another */
    PMU_OVF_CONTROL_FLAG,  /* Pentium 4: a sticky flag in the control register (CCCR.OVF) */
    PMU_OVF_NEGATIVE,      /* 604/604e: the counter went negative (bit `width` set) and the
                              interrupt enable cleared itself */
};

/* How one placed counter overflows and interrupts, as its backend states
 * it (struct pmu_backend's overflow_regs): all that sampling needs, so
 * that nothing outside a backend asks which backend it is. */
struct pmu_overflow_regs {
    uint32_t counter_msr;      /* where a preset is written */
    uint32_t counter_alias;    /* the same counter under a second MSR, or 0 */
    unsigned preset_writes;    /* how often a preset is written (P4 erratum N15: twice) */
    unsigned width;            /* the counter's own width (a fast read may show fewer bits;
                                  NEGATIVE: the bits below the sign) */
    unsigned pmi_lag;          /* events counted after the overflow before the PMI comes */
    uint64_t max_period;       /* the largest period one counter write can set */
    uint32_t control_msr;      /* the register that holds the interrupt enable */
    uint64_t pmi_bit;          /* the interrupt enable in control_msr (NEGATIVE: the enable
                                  the hardware clears when it interrupts, and the counter's
                                  condition) */
    enum pmu_ovf_style style;  /* how the overflow shows and is cleared */
    uint32_t status_msr;       /* GLOBAL_STATUS: the register that shows it */
    uint32_t status_reset_msr; /* GLOBAL_STATUS: writing status_bit here clears it */
    uint64_t status_bit;       /* GLOBAL_STATUS: this counter's bit; CONTROL_FLAG: the flag */
};

#endif
