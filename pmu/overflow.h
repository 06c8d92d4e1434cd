/* Counter overflow for sampling: preset a counter so that it overflows
 * after N events, enable its interrupt (PerfEvtSel INT on P6, arch and
 * AMD; FIXED_CTR_CTRL PMI on arch fixed counters; CCCR OVF_PMI_T0 on the
 * Pentium 4), see whether it overflowed, re-arm it.
 *
 * Every fact about a counter comes from its backend (struct
 * pmu_overflow_regs); the code here only presets, enables, checks and
 * re-arms through struct pmu_hw, so it compiles for the host and runs
 * against the PMU models. */
#ifndef BAREBENCH_PMU_OVERFLOW_H
#define BAREBENCH_PMU_OVERFLOW_H

#include "pmu/overflow_regs.h"
#include "pmu/pmu.h"

/* One sampled counter, filled by pmu_overflow_setup(). */
struct pmu_overflow {
    unsigned event;  /* index into the plan */
    unsigned pass;   /* the event's pass */
    uint64_t period; /* events between two interrupts */
    uint64_t preset; /* value written to the counter: 2^width - (period - regs.pmi_lag) */
    struct pmu_overflow_regs regs;
};

/* Why this PMU cannot interrupt on overflow, or NULL when it can. */
const char *pmu_overflow_unsupported(const struct pmu *pmu);

/* The value that makes a width-bit counter overflow after `period`
 * events: 2^width - period (period >= 1, < 2^width). A PMU whose PMI
 * comes pmi_lag events after the overflow is preset for period - pmi_lag
 * (pmu_overflow_setup). */
uint64_t pmu_overflow_preset(uint64_t period, unsigned width);

/* The least period an event may be sampled at. One that counts in ring 0
 * counts the PMI handler too: re-armed for fewer events than the handler
 * spends after the re-arming, the counter overflows again before the
 * handler returns, and every PMI brings the next (the interrupted code
 * then barely moves). Under the counting QEMU that takes periods below
 * about 160 instructions on P6 and AMD and 300 on architectural perfmon
 * v4; PMU_OVERFLOW_MIN_RING0 leaves room above them for the cycles and
 * slower paths of real CPUs. An event that counts ring 3 only may take 1. */
#define PMU_OVERFLOW_MIN_RING0 1000
uint64_t pmu_overflow_min_period(const struct pmu_plan *plan, unsigned event);

/* Prepares sampling of plan event `event` every `period` events.
 * Returns 0, or -1 with the reason in err. */
PMU_MUST_CHECK int pmu_overflow_setup(const struct pmu *pmu, const struct pmu_plan *plan,
                                      unsigned event, uint64_t period, struct pmu_overflow *ovf,
                                      char *err, size_t errlen);

/* The writes that program the sampled event's pass with its counter
 * preset and its interrupt enabled: pmu_encode_pass() with the counter
 * writes replaced by the preset and the interrupt bit added. Pure. */
unsigned pmu_overflow_encode(const struct pmu *pmu, const struct pmu_plan *plan,
                             const struct pmu_overflow *ovf, struct pmu_write *out, unsigned max);

/* Programs the pass as pmu_overflow_encode() says. 0 or -1. */
PMU_MUST_CHECK int pmu_overflow_start(struct pmu *pmu, const struct pmu_plan *plan,
                                      const struct pmu_overflow *ovf);

/* Whether the sampled counter overflowed since it was (re-)armed.
 * 0, or -1 when the registers cannot be read. */
PMU_MUST_CHECK int pmu_overflow_pending(struct pmu *pmu, const struct pmu_overflow *ovf,
                                        bool *pending);

/* Re-arms after an overflow: the counter gets the preset again and the
 * overflow state is cleared. 0 or -1. */
PMU_MUST_CHECK int pmu_overflow_rearm(struct pmu *pmu, const struct pmu_overflow *ovf);

/* The events the sampled counter counted since it was armed, when it now
 * reads `value` and was re-armed `rearms` times: a full period per
 * re-arming, plus what it counted since the last preset (past an overflow
 * not yet re-armed too). Exact when nothing was counted between an
 * overflow and its re-arming (the counter counts only ring 3, say). Pure. */
uint64_t pmu_overflow_counted(const struct pmu_overflow *ovf, uint64_t value, uint64_t rearms);

/* Reads the sampled counter's value. 0 or -1. */
PMU_MUST_CHECK int pmu_overflow_read(struct pmu *pmu, const struct pmu_overflow *ovf,
                                     uint64_t *value);

#endif
