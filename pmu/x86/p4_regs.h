/* The Pentium 4 (NetBurst, family 15) PMU: register model: the
 * facts every file of the backend (pmu/x86/p4*.c) and its tests read.
 *
 * NetBurst counts through two registers per event: an ESCR (event selection
 * control register) selects the event and its event mask; a CCCR (counter
 * configuration control register) binds one ESCR to its counter, filters
 * what the ESCR delivers (threshold, complement, edge, active thread) and
 * controls overflow and cascading. There are 18 counters in 9
 * pairs, grouped BPU, MS, FLAME and IQ; each ESCR reaches the counters of
 * one pair (IQ: of a pair and one counter of the third pair), and each
 * event may use one of (at most) two ESCRs. Placing a set of events is
 * therefore a search over (ESCR, counter) pairs: an ESCR once, a counter
 * once, the ESCR connected to the counter.
 *
 * Thread bits (our documented choice): unless the event says t0 or t1, the
 * ESCR counts for both logical processors (T0_OS|T1_OS and/or
 * T0_USR|T1_USR), as libpfm4 does. barebench runs on one logical
 * processor and never wakes its Hyper-Threading sibling, which stays in
 * wait-for-SIPI and retires nothing; counting both threads therefore
 * equals counting ours, whichever of the two the BSP is. The CCCR's
 * active-thread field is 11b (any) unless the event asks otherwise: the SDM
 * says it must be 11b on processors without Hyper-Threading.
 *
 * Hyper-Threading is read from CPUID's HTT flag (struct cpu_info has no
 * logical-processor count). Many single-threaded Pentium 4s set that flag
 * too: there t1 and at= are accepted but count nothing useful.
 *
 * Sources: Intel SDM vol. 3B, chapter "Performance Monitoring", section
 * "Performance Monitoring (Processors Based on Intel NetBurst
 * Microarchitecture)": "CCCR MSRs" (the CCCR's fields), the ESCR and
 * counter tables, cascading; libpfm4 events/intel_netburst_events.h and
 * Linux arch/x86/events/intel/p4.c. */
#ifndef BAREBENCH_PMU_X86_P4_REGS_H
#define BAREBENCH_PMU_X86_P4_REGS_H

#include "pmu/backend.h"

/* ---- Register fields ---- */

/* CCCR (SDM vol. 3B, NetBurst section, "CCCR MSRs"). Bits 0-11 and 28-29
 * are reserved, except bit 11 of some IQ CCCRs on models with extended
 * cascading. */
#define P4_CCCR_ENABLE             (1u << 12)
#define P4_CCCR_ESCR_SELECT(s)     ((uint32_t)(s) << 13) /* bits 13-15 */
#define P4_CCCR_ESCR_SELECT_MASK   (7u << 13)
#define P4_CCCR_ACTIVE_THREAD(t)   ((uint32_t)(t) << 16) /* bits 16-17 */
#define P4_CCCR_ACTIVE_THREAD_MASK (3u << 16)
#define P4_CCCR_COMPARE            (1u << 18)
#define P4_CCCR_COMPLEMENT         (1u << 19)
#define P4_CCCR_THRESHOLD(t)       ((uint32_t)(t) << 20) /* bits 20-23 */
#define P4_CCCR_THRESHOLD_MASK     (15u << 20)
#define P4_CCCR_EDGE               (1u << 24)
#define P4_CCCR_FORCE_OVF          (1u << 25)
#define P4_CCCR_OVF_PMI_T0         (1u << 26)
#define P4_CCCR_OVF_PMI_T1         (1u << 27)
#define P4_CCCR_CASCADE            (1u << 30)
#define P4_CCCR_OVF                (1u << 31)
#define P4_CCCR_EXT_CASCADE        (1u << 11) /* CASCNTxINTOy, see p4_cascade_bit() */

/* Active-thread field values (meaningful with Hyper-Threading only). */
enum p4_active_thread {
    P4_AT_NONE = 0,   /* count when neither logical processor is active */
    P4_AT_SINGLE = 1, /* exactly one is active */
    P4_AT_BOTH = 2,   /* both are active */
    P4_AT_ANY = 3,    /* at least one: required without Hyper-Threading */
};

/* ESCR. Bit 31 and bits 32-63 are reserved. */
#define P4_ESCR_EVENT(e)   ((uint32_t)(e) << 25) /* event select, bits 25-30 */
#define P4_ESCR_EVENT_MASK (0x3fu << 25)
#define P4_ESCR_EMASK(m)   ((uint32_t)(m) << 9) /* event mask, bits 9-24 */
#define P4_ESCR_EMASK_MASK (0xffffu << 9)
#define P4_ESCR_TAG(t)     ((uint32_t)(t) << 5) /* tag value, bits 5-8 */
#define P4_ESCR_TAG_MASK   (15u << 5)
#define P4_ESCR_TAG_ENABLE (1u << 4)
#define P4_ESCR_T0_OS      (1u << 3)
#define P4_ESCR_T0_USR     (1u << 2)
#define P4_ESCR_T1_OS      (1u << 1)
#define P4_ESCR_T1_USR     (1u << 0)

/* ---- Counters and ESCRs ---- */

#define P4_N_COUNTERS           18
#define P4_COUNTER_MSR(n)       (0x300u + (n)) /* MSR_BPU_COUNTER0 ... MSR_IQ_COUNTER5 */
#define P4_CCCR_MSR(n)          (0x360u + (n)) /* MSR_BPU_CCCR0 ... MSR_IQ_CCCR5 */
#define P4_COUNTER_WIDTH        40
#define P4_RDPMC_FAST           0x80000000u /* ECX bit 31: read bits 31:0 only */
#define P4_MSR_MISC_ENABLE      0x1a0u      /* bit 7: performance monitoring available */
#define P4_MSR_PEBS_ENABLE      0x3f1u      /* IA32_PEBS_ENABLE: replay tagging */
#define P4_MSR_PEBS_MATRIX_VERT 0x3f2u
#define P4_PEBS_UOP_TAG         (1u << 24) /* IA32_PEBS_ENABLE: enable replay tagging */
#define P4_NO_ESCR              0xff

/* ESCR identifiers: indexes in p4_escrs. */
enum p4_escr_id {
    P4_BSU_ESCR0,
    P4_BSU_ESCR1,
    P4_FSB_ESCR0,
    P4_FSB_ESCR1,
    P4_MOB_ESCR0,
    P4_MOB_ESCR1,
    P4_PMH_ESCR0,
    P4_PMH_ESCR1,
    P4_BPU_ESCR0,
    P4_BPU_ESCR1,
    P4_IS_ESCR0,
    P4_IS_ESCR1,
    P4_ITLB_ESCR0,
    P4_ITLB_ESCR1,
    P4_IX_ESCR0,
    P4_IX_ESCR1,
    P4_MS_ESCR0,
    P4_MS_ESCR1,
    P4_TBPU_ESCR0,
    P4_TBPU_ESCR1,
    P4_TC_ESCR0,
    P4_TC_ESCR1,
    P4_FIRM_ESCR0,
    P4_FIRM_ESCR1,
    P4_FLAME_ESCR0,
    P4_FLAME_ESCR1,
    P4_DAC_ESCR0,
    P4_DAC_ESCR1,
    P4_SAAT_ESCR0,
    P4_SAAT_ESCR1,
    P4_U2L_ESCR0,
    P4_U2L_ESCR1,
    P4_CRU_ESCR0,
    P4_CRU_ESCR1,
    P4_CRU_ESCR2,
    P4_CRU_ESCR3,
    P4_CRU_ESCR4,
    P4_CRU_ESCR5,
    P4_IQ_ESCR0,
    P4_IQ_ESCR1,
    P4_RAT_ESCR0,
    P4_RAT_ESCR1,
    P4_SSU_ESCR0,
    P4_ALF_ESCR0,
    P4_ALF_ESCR1,
    P4_N_ESCRS /* 45 */
};

/* One ESCR: its name, MSR address, the value of a CCCR's ESCR-select
 * field that picks it, and the counters it reaches (bit i = counter i). */
struct p4_escr {
    const char *name;
    uint16_t msr;
    uint8_t select;
    uint8_t flags; /* P4_ESCRF_* */
    uint32_t counters;
};

#define P4_ESCRF_EARLY 0x1 /* IQ_ESCR0/1: family 15 models 0-2 only */

extern const struct p4_escr p4_escrs[P4_N_ESCRS];

/* Counter and CCCR names by counter number ("IQ_COUNTER4", "IQ_CCCR4"). */
const char *p4_counter_name(unsigned counter);
const char *p4_cccr_name(unsigned counter);

/* Index in p4_escrs of the ESCR at `msr`, or -1. */
int p4_escr_by_msr(uint32_t msr);

/* True when the ESCR exists on this CPU (IQ_ESCR0/1: models below 3). */
bool p4_escr_present(const struct p4_escr *escr, const struct cpu_info *cpu);

/* True when the model has extended cascading (family 15 models 2, 3, 4, 6). */
bool p4_has_ext_cascade(const struct cpu_info *cpu);

/* The CCCR bit to set in counter `to`'s CCCR so that it starts counting
 * when counter `from` overflows: P4_CCCR_CASCADE between alternate
 * counters of a group (0<->2, 1<->3, ... 13<->15: the first counter of one
 * pair starts the first of the other pair), P4_CCCR_EXT_CASCADE for the
 * extended pairs (16->12, 17->15, 17->16, 16->17) where the model has
 * them; 0 when `from` cannot start `to`. */
uint32_t p4_cascade_bit(unsigned from, unsigned to, const struct cpu_info *cpu);

/* ---- What resolve stores in struct pmu_assigned_event ----
 * config:  bits 0-31 the ESCR value; bits 32-63 the overflow period
 *          (period=N: the counter starts at 2^40 - N), 0 for none.
 * config2: bits 0-31 the CCCR value (P4_CCCR_CASCADE asks to cascade from
 *          the event before it in its list, placement picks the real bit);
 *          bits 32-47 its position in the list, from 1; P4_X_* flags above. */
#define P4_X_SEQ_SHIFT    32
#define P4_X_SEQ_MASK     0xffffull
#define P4_X_PIN_SHIFT    48 /* pinned counter + 1, 0 = not pinned */
#define P4_X_PIN_MASK     0x1full
#define P4_X_FAST_READ    (1ull << 53) /* RDPMC fast read (32 bits) */
#define P4_X_READ_MSR     (1ull << 54) /* read with RDMSR */
#define P4_X_METRIC_SHIFT 56           /* replay metric + 1, 0 = none */
#define P4_X_METRIC_MASK  0xfull
/* hw_aux: bits 0-7 the placed ESCR, bits 8-15 and 16-23 the candidates. */
#define P4_AUX(placed, c0, c1) ((uint32_t)(placed) | (uint32_t)(c0) << 8 | (uint32_t)(c1) << 16)
#define P4_AUX_PLACED(aux)     ((aux) & 0xffu)
#define P4_AUX_CAND(aux, i)    (((aux) >> (8 + 8 * (i))) & 0xffu)

static inline uint32_t p4_escr_value(const struct pmu_assigned_event *ev)
{
    return (uint32_t)ev->config;
}

static inline uint32_t p4_cccr_value(const struct pmu_assigned_event *ev)
{
    return (uint32_t)ev->config2;
}

static inline uint64_t p4_period(const struct pmu_assigned_event *ev)
{
    return ev->config >> 32;
}

static inline unsigned p4_metric(const struct pmu_assigned_event *ev)
{
    return (unsigned)((ev->config2 >> P4_X_METRIC_SHIFT) & P4_X_METRIC_MASK);
}

#endif
