/* AMD PMU model: legacy PERF_CTL0-3/PERF_CTR0-3 (0xC0010000-7) and, with
 * the core extension, six interleaved pairs from 0xC0010200; 48 bits.
 * PerfMonV2 (AMD APM vol. 2, "Performance Monitoring Counters"; CPUID
 * 0x80000022 EAX[0]): a counter counts while its EN and its bit of
 * PerfCntrGlobalCtl (C000_0301) are set; an overflow sets its bit of
 * PerfCntrGlobalStatus (C000_0300, read only), which a 1 written to
 * PerfCntrGlobalStatusClr (C000_0302) clears. Bits of counters beyond
 * NumPerfCtrCore are reserved (#GP). Without PerfMonV2 the three fault. */
#include "tests/host/models/model.h"

#define SEL_ANY (1ull << 21) /* reserved on AMD */
#define SEL_EN  (1ull << 22)

static int amd_signal(uint64_t sel)
{
    unsigned event = (unsigned)(sel & 0xff) | (unsigned)((sel >> 32) & 0xf) << 8;
    switch (event) {
    case 0x76:
        return SIG_CYCLES; /* CPU_CLK_UNHALTED */
    case 0xc0:
        return SIG_INSTR; /* RETIRED_INSTRUCTIONS */
    case 0xc1:
        return SIG_UOPS; /* RETIRED_UOPS */
    case 0xc2:
        return SIG_BRANCH; /* RETIRED_BRANCH_INSTRUCTIONS */
    case 0xc3:
        return SIG_BRMISS; /* RETIRED_MISPREDICTED_BRANCH_INSTRUCTIONS */
    case 0x40:
        return SIG_LOADS; /* DATA_CACHE_ACCESSES */
    default:
        return -1;
    }
}

/* Whether counter c counts: its EN, and with PerfMonV2 its global enable. */
static bool counts(const struct model *m, unsigned c)
{
    return (m->sel[c] & SEL_EN) && (m->version < 2 || ((m->global_ctrl >> c) & 1));
}

/* Which counter an MSR is, and whether it is the selector; false if none. */
static bool amd_decode(const struct model *m, uint32_t msr, unsigned *c, bool *is_sel)
{
    if (msr >= 0xc0010000 && msr <= 0xc0010007) {
        *c = (msr - 0xc0010000) & 3;
        *is_sel = msr < 0xc0010004;
        return true;
    }
    if (m->core_ext && msr >= 0xc0010200 && msr <= 0xc001020b) {
        *c = (msr - 0xc0010200) / 2;
        *is_sel = (msr & 1) == 0;
        return true;
    }
    return false;
}

#define GLOBAL_STATUS     0xc0000300
#define GLOBAL_CTL        0xc0000301
#define GLOBAL_STATUS_CLR 0xc0000302

static uint64_t counter_bits(const struct model *m)
{
    return (1ull << m->n_gp) - 1;
}

/* The PerfMonV2 registers: 0, -1 for a fault, 1 for another MSR. The
 * kernel never reads PerfCntrGlobalStatusClr; the model refuses it. */
static int global_rdmsr(struct model *m, uint32_t msr, uint64_t *val)
{
    if (msr != GLOBAL_STATUS && msr != GLOBAL_CTL && msr != GLOBAL_STATUS_CLR) {
        return 1;
    }
    if (m->version < 2 || msr == GLOBAL_STATUS_CLR) {
        return -1;
    }
    *val = msr == GLOBAL_STATUS ? m->global_status : m->global_ctrl;
    return 0;
}

static int global_wrmsr(struct model *m, uint32_t msr, uint64_t val)
{
    if (msr != GLOBAL_STATUS && msr != GLOBAL_CTL && msr != GLOBAL_STATUS_CLR) {
        return 1;
    }
    if (m->version < 2 || msr == GLOBAL_STATUS || (val & ~counter_bits(m))) {
        return -1;
    }
    if (msr == GLOBAL_CTL) {
        m->global_ctrl = val;
    } else {
        m->global_status &= ~val;
    }
    return 0;
}

int model_amd_rdmsr(struct model *m, uint32_t msr, uint64_t *val)
{
    int global = global_rdmsr(m, msr, val);
    if (global <= 0) {
        return global;
    }
    unsigned c;
    bool is_sel;
    if (!amd_decode(m, msr, &c, &is_sel)) {
        return -1;
    }
    *val = is_sel ? m->sel[c] : m->ctr[c];
    return 0;
}

/* PERF_CTL's reserved bits, where a 1 raises #GP (AMD APM vol. 2,
 * "Performance Monitoring Counters", the PerfEvtSeln figure, and WRMSR in
 * vol. 3). K7 and K8 (AMD Athlon Processor x86 Code Optimization Guide,
 * and the K8 BKDG, publication 26094, "Performance Event-Select
 * Registers"): bits 63:32 and 21. Family 10h on (BKDG for family 10h,
 * publication 31116, MSRC001_00[03:00]): event select bits 11:8 at 35:32,
 * GuestOnly and HostOnly at 41:40; bits 63:42, 39:36 and 21 reserved. */
static uint64_t amd_ctl_reserved(const struct model *m)
{
    if (m->cpu.family < 0x10) {
        return 0xffffffff00000000ull | SEL_ANY;
    }
    return 0xfffffc0000000000ull | 0xf000000000ull | SEL_ANY;
}

int model_amd_wrmsr(struct model *m, uint32_t msr, uint64_t val)
{
    int global = global_wrmsr(m, msr, val);
    if (global <= 0) {
        return global;
    }
    unsigned c;
    bool is_sel;
    if (!amd_decode(m, msr, &c, &is_sel)) {
        return -1;
    }
    if (is_sel) {
        if (val & amd_ctl_reserved(m)) {
            return -1;
        }
        m->sel[c] = val;
    } else {
        model_note_counter_write(m, msr, counts(m, c));
        m->ctr[c] = val & ((1ull << 48) - 1);
    }
    return 0;
}

void model_amd_clock(struct model *m, const struct model_clock *clk)
{
    for (unsigned c = 0; c < m->n_gp; c++) {
        int sig = amd_signal(m->sel[c]);
        if (!counts(m, c) || sig < 0) {
            continue;
        }
        uint64_t inc = model_evtsel_increment(m->sel[c], clk->n[sig], clk->cpl, &m->prev[c]);
        if (model_counter_add(&m->ctr[c], inc, 48) && m->version >= 2) {
            m->global_status |= 1ull << c;
        }
    }
}
