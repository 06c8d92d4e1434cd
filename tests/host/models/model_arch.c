/* Architectural perfmon model, versions 1-5: PMCs and PERFEVTSELs, fixed
 * counters with FIXED_CTR_CTRL, GLOBAL_CTRL/STATUS/OVF_CTRL (v2+),
 * PERF_CAPABILITIES behind PDCM, full-width writes behind FW_WRITE. */
#include "tests/host/models/model.h"

#define SEL_ANY  (1ull << 21)
#define SEL_EN   (1ull << 22)
#define FW_WRITE (1ull << 13)

/* Topdown level 1 (SDM vol. 3B, "Performance Metrics"). */
#define PERF_METRICS_AVAILABLE (1ull << 15)
#define EN_PERF_METRICS        (1ull << 48)
#define RDPMC_METRICS          0x20000000u

static int arch_signal(uint64_t sel)
{
    switch (sel & 0xffff) {
    case 0x003c:
        return SIG_CYCLES;
    case 0x013c:
        return SIG_REF;
    case 0x00c0:
        return SIG_INSTR;
    case 0x00c2:
        return SIG_UOPS;
    case 0x00c4:
        return SIG_BRANCH;
    case 0x00c5:
        return SIG_BRMISS;
    default:
        return -1;
    }
}

/* FIXED_CTR3 (-1) counts the slots of every Topdown category. */
static const int fixed_signal[MODEL_MAX_FIXED] = {SIG_INSTR, SIG_CYCLES, SIG_REF, -1};

static bool has_global(const struct model *m)
{
    return m->version >= 2;
}

static bool has_metrics(const struct model *m)
{
    return has_global(m) && m->n_fixed >= 4 && (m->perf_caps & PERF_METRICS_AVAILABLE);
}

/* The slots a clock issued (FIXED_CTR3's count): every category's. */
static unsigned clock_slots(const struct model_clock *clk)
{
    return (unsigned)clk->n[SIG_TD_RETIRING] + clk->n[SIG_TD_BAD_SPEC] + clk->n[SIG_TD_FE_BOUND] +
           clk->n[SIG_TD_BE_BOUND];
}

/* PERF_METRICS as read: the written fractions where no slot was counted
 * since; else each category's share of the written value's slots plus
 * those counted since, in 255ths, rounded. */
static uint64_t metrics_value(const struct model *m)
{
    uint64_t since = 0, value = 0;
    for (unsigned k = 0; k < 4; k++) {
        since += m->metrics_slots[k];
    }
    if (!since) {
        return m->metrics_written;
    }
    uint64_t total = m->metrics_base + since;
    for (unsigned k = 0; k < 4; k++) {
        uint64_t written = (m->metrics_written >> (8 * k)) & 0xff;
        uint64_t share =
            (m->metrics_base * written + 255 * m->metrics_slots[k] + total / 2) / total;
        value |= share << (8 * k);
    }
    return value;
}

/* The register an MSR address names, as a pointer into the model; NULL
 * for an MSR this CPU does not have. Sets *kind for the access rules. */
enum arch_reg {
    REG_PMC,
    REG_A_PMC,
    REG_SEL,
    REG_FIXED,
    REG_CAPS,
    REG_GLOBAL,
    REG_STATUS,
    REG_OVF,
    REG_METRICS
};

static uint64_t *arch_reg(struct model *m, uint32_t msr, enum arch_reg *kind)
{
    bool fw = (m->perf_caps & FW_WRITE) != 0;
    if (msr >= 0xc1 && msr - 0xc1 < m->n_gp) {
        *kind = REG_PMC;
        return &m->ctr[msr - 0xc1];
    }
    if (fw && msr >= 0x4c1 && msr - 0x4c1 < m->n_gp) {
        *kind = REG_A_PMC;
        return &m->ctr[msr - 0x4c1];
    }
    if (msr >= 0x186 && msr - 0x186 < m->n_gp) {
        *kind = REG_SEL;
        return &m->sel[msr - 0x186];
    }
    if (msr >= 0x309 && msr - 0x309 < m->n_fixed) {
        *kind = REG_FIXED;
        return &m->fixed[msr - 0x309];
    }
    if (msr == 0x345 && m->cpu.features[FEAT_PDCM]) {
        *kind = REG_CAPS;
        return &m->perf_caps;
    }
    if (!has_global(m)) {
        return NULL;
    }
    switch (msr) {
    case 0x38d:
        *kind = REG_GLOBAL;
        return &m->fixed_ctrl;
    case 0x38e:
        *kind = REG_STATUS;
        return &m->global_status;
    case 0x38f:
        *kind = REG_GLOBAL;
        return &m->global_ctrl;
    case 0x390:
        *kind = REG_OVF;
        return &m->global_status;
    case 0x329:
        *kind = REG_METRICS;
        return has_metrics(m) ? &m->metrics_written : NULL;
    default:
        return NULL;
    }
}

int model_arch_rdmsr(struct model *m, uint32_t msr, uint64_t *val)
{
    enum arch_reg kind;
    uint64_t *reg = arch_reg(m, msr, &kind);
    if (!reg) {
        return -1;
    }
    /* IA32_PERF_GLOBAL_OVF_CTRL is R/W in the SDM's MSR table (vol. 4,
     * "Architectural MSRs", 390H), but no manual says what a read returns:
     * 0 here, as the counting QEMU and KVM read it. */
    *val = kind == REG_OVF ? 0 : kind == REG_METRICS ? metrics_value(m) : *reg;
    return 0;
}

/* The bits of each register a WRMSR may set; a 1 anywhere else is a
 * reserved bit and raises #GP(0) (SDM vol. 2, WRMSR). Intel SDM vol. 3B,
 * "Architectural Performance Monitoring": */

/* IA32_PERFEVTSELx (figure "Layout of IA32_PERFEVTSELx MSRs"): bits 63:32
 * reserved; AnyThread (bit 21) only from version 3 ("AnyThread" in
 * "Architectural Performance Monitoring Version 3"). */
static uint64_t sel_valid(const struct model *m)
{
    return 0xffffffffull & ~(m->version >= 3 ? 0 : SEL_ANY);
}

/* IA32_FIXED_CTR_CTRL ("Architectural Performance Monitoring Version 2",
 * its figure; the version 3 figure adds AnyThread): per fixed counter four
 * bits, ring-0 and ring-3 enables, AnyThread (version 3 on), PMI; the
 * fields of counters the CPU lacks are reserved. */
static uint64_t fixed_ctrl_valid(const struct model *m)
{
    uint64_t field = m->version >= 3 ? 0xf : 0xb;
    uint64_t valid = 0;
    for (unsigned j = 0; j < m->n_fixed; j++) {
        valid |= field << (4 * j);
    }
    return valid;
}

/* A bit per counter the CPU has: PMCi at bit i, FIXED_CTRj at 32 + j;
 * and PERF_METRICS's at 48 where it has them. */
static uint64_t counter_bits(const struct model *m)
{
    return ((1ull << m->n_gp) - 1) | (((1ull << m->n_fixed) - 1) << 32) |
           (has_metrics(m) ? EN_PERF_METRICS : 0);
}

/* IA32_PERF_GLOBAL_OVF_CTRL (version 2 figure; IA32_PERF_GLOBAL_STATUS_RESET
 * from version 4): a clear bit per counter, ClrOvfBuffer (62) and
 * ClrCondChgd (63); version 3 adds ClrOvfUncore (61), version 4 Trace ToPA
 * (55), LBR_Frz (58), CTR_Frz (59). */
static uint64_t ovf_ctrl_valid(const struct model *m)
{
    uint64_t valid = counter_bits(m) | 3ull << 62;
    if (m->version >= 3) {
        valid |= 1ull << 61;
    }
    if (m->version >= 4) {
        valid |= 1ull << 55 | 3ull << 58;
    }
    return valid;
}

/* Whether GP counter c or fixed counter j counts now. */
static bool gp_counting(const struct model *m, unsigned c)
{
    return (m->sel[c] & SEL_EN) && (!has_global(m) || ((m->global_ctrl >> c) & 1));
}

static bool fixed_counting(const struct model *m, unsigned j)
{
    return ((m->fixed_ctrl >> (4 * j)) & 3) && ((m->global_ctrl >> (32 + j)) & 1);
}

int model_arch_wrmsr(struct model *m, uint32_t msr, uint64_t val)
{
    enum arch_reg kind;
    uint64_t *reg = arch_reg(m, msr, &kind);
    uint64_t gp_mask = m->gp_width >= 64 ? ~0ull : (1ull << m->gp_width) - 1;
    uint64_t valid;
    if (!reg) {
        return -1;
    }
    switch (kind) {
    case REG_PMC:
        /* EAX sign-extended, EDX ignored ("Full-Width Writes to Performance
         * Counter Registers"): no value faults. */
        model_note_counter_write(m, msr, gp_counting(m, msr - 0xc1));
        *reg = model_sign_extend32(val, m->gp_width);
        return 0;
    case REG_A_PMC:
        /* The full-width alias takes the counter's width and no more. */
        if (val & ~gp_mask) {
            return -1;
        }
        model_note_counter_write(m, msr, gp_counting(m, msr - 0x4c1));
        *reg = val;
        return 0;
    case REG_FIXED:
        model_note_counter_write(m, msr, fixed_counting(m, msr - 0x309));
        *reg = val & ((1ull << m->fixed_width) - 1);
        return 0;
    case REG_OVF:
        if (val & ~ovf_ctrl_valid(m)) {
            return -1;
        }
        *reg &= ~val; /* GLOBAL_OVF_CTRL: write 1 to clear a status bit */
        return 0;
    case REG_METRICS:
        m->metrics_written = val;
        m->metrics_base = m->fixed[3];
        for (unsigned k = 0; k < 4; k++) {
            m->metrics_slots[k] = 0;
        }
        return 0;
    case REG_CAPS:
    case REG_STATUS:
        return -1; /* read-only */
    case REG_SEL:
        valid = sel_valid(m);
        break;
    case REG_GLOBAL:
        /* IA32_PERF_GLOBAL_CTRL: an enable per counter the CPU has. */
        valid = reg == &m->fixed_ctrl ? fixed_ctrl_valid(m) : counter_bits(m);
        break;
    default:
        return -1;
    }
    if (val & ~valid) {
        return -1;
    }
    *reg = val;
    return 0;
}

int model_arch_rdpmc(struct model *m, uint32_t ecx, uint64_t *val)
{
    if (ecx & RDPMC_METRICS) {
        if (ecx != RDPMC_METRICS || !has_metrics(m)) {
            return -1;
        }
        *val = metrics_value(m);
        return 0;
    }
    if (ecx & 0x40000000u) {
        unsigned j = ecx & 0xffff;
        if (j >= m->n_fixed || (ecx & ~0x4000ffffu)) {
            return -1;
        }
        *val = m->fixed[j];
        return 0;
    }
    if (ecx >= m->n_gp) {
        return -1;
    }
    *val = m->ctr[ecx];
    return 0;
}

void model_arch_clock(struct model *m, const struct model_clock *clk)
{
    for (unsigned c = 0; c < m->n_gp; c++) {
        int sig = arch_signal(m->sel[c]);
        if (!gp_counting(m, c) || sig < 0) {
            continue;
        }
        uint64_t inc = model_evtsel_increment(m->sel[c], clk->n[sig], clk->cpl, &m->prev[c]);
        if (model_counter_add(&m->ctr[c], inc, m->gp_width) && has_global(m)) {
            m->global_status |= 1ull << c;
        }
    }
    for (unsigned j = 0; j < m->n_fixed; j++) {
        unsigned ctrl = (unsigned)(m->fixed_ctrl >> (4 * j)) & 0xf;
        bool cpl_ok = clk->cpl == 3 ? (ctrl & 2) : (ctrl & 1);
        if (!cpl_ok || !((m->global_ctrl >> (32 + j)) & 1)) {
            continue;
        }
        unsigned n = fixed_signal[j] >= 0 ? clk->n[fixed_signal[j]] : clock_slots(clk);
        if (model_counter_add(&m->fixed[j], n, m->fixed_width)) {
            m->global_status |= 1ull << (32 + j);
        }
        if (j == 3 && has_metrics(m) && (m->global_ctrl & EN_PERF_METRICS)) {
            for (unsigned k = 0; k < 4; k++) {
                m->metrics_slots[k] += clk->n[SIG_TD_RETIRING + k];
            }
        }
    }
}
