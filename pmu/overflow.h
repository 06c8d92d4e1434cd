/* Counter overflow for sampling: preset a counter so that it overflows
 * after N events, enable its interrupt (PerfEvtSel INT on P6, arch and
 * AMD; FIXED_CTR_CTRL PMI on arch fixed counters; CCCR OVF_PMI_T0 on the
 * Pentium 4), see whether it overflowed, re-arm it.
 *
 * Built only on the PMU layer's public API (pmu.h) and its hardware
 * access (struct pmu_hw), so it compiles for the host and runs against
 * the PMU models. /work/notes/pmi-api.md proposes moving the per-backend
 * facts below into the backends' ops table. */
#ifndef BAREBENCH_PMU_OVERFLOW_H
#define BAREBENCH_PMU_OVERFLOW_H

#include "pmu/pmu.h"

/* How a backend shows and clears an overflow. */
enum pmu_ovf_style {
    PMU_OVF_TOP_BIT,       /* P6, arch v1, AMD: the counter's top bit went from 1 to 0 */
    PMU_OVF_GLOBAL_STATUS, /* arch v2+: IA32_PERF_GLOBAL_STATUS, cleared through OVF_CTRL */
    PMU_OVF_CCCR,          /* Pentium 4: the sticky CCCR.OVF flag, cleared by a CCCR write */
};

/* One sampled counter, filled by pmu_overflow_setup(). */
struct pmu_overflow {
    unsigned event;       /* index into the plan */
    unsigned pass;        /* the event's pass */
    uint64_t period;      /* events between two interrupts */
    uint64_t preset;      /* value written to the counter: 2^width - period */
    unsigned width;       /* counter width in bits */
    uint32_t counter_msr; /* where the preset is written */
    uint32_t control_msr; /* selector, FIXED_CTR_CTRL or CCCR that holds the enable */
    uint64_t pmi_bit;     /* the interrupt enable in control_msr */
    uint64_t status_bit;  /* PMU_OVF_GLOBAL_STATUS: this counter's status bit */
    enum pmu_ovf_style style;
};

/* Why this PMU cannot interrupt on overflow, or NULL when it can. */
const char *pmu_overflow_unsupported(const struct pmu *pmu);

/* The value that makes a width-bit counter overflow after `period`
 * events: 2^width - period (period >= 1, < 2^width). */
uint64_t pmu_overflow_preset(uint64_t period, unsigned width);

/* The largest period a counter write can express: counters written
 * through the 32-bit sign-extending MSRs (P6, arch without full-width
 * writes) take at most 2^31: the preset 0x80000000 sign-extends to ones
 * above bit 31. */
uint64_t pmu_overflow_max_period(const struct pmu *pmu, const struct pmu_assigned_event *ev);

/* Prepares sampling of plan event `event` every `period` events.
 * Returns 0, or -1 with the reason in err. */
int pmu_overflow_setup(const struct pmu *pmu, const struct pmu_plan *plan, unsigned event,
                       uint64_t period, struct pmu_overflow *ovf, char *err, size_t errlen);

/* The writes that program the sampled event's pass with its counter
 * preset and its interrupt enabled: pmu_encode_pass() with the counter
 * writes replaced by the preset and the interrupt bit added. Pure. */
unsigned pmu_overflow_encode(const struct pmu *pmu, const struct pmu_plan *plan,
                             const struct pmu_overflow *ovf, struct pmu_write *out, unsigned max);

/* Programs the pass as pmu_overflow_encode() says. 0 or -1. */
int pmu_overflow_start(struct pmu *pmu, const struct pmu_plan *plan,
                       const struct pmu_overflow *ovf);

/* Whether the sampled counter overflowed since it was (re-)armed.
 * 0, or -1 when the registers cannot be read. */
int pmu_overflow_pending(struct pmu *pmu, const struct pmu_overflow *ovf, bool *pending);

/* Re-arms after an overflow: the counter gets the preset again and the
 * overflow state is cleared. 0 or -1. */
int pmu_overflow_rearm(struct pmu *pmu, const struct pmu_overflow *ovf);

#endif
