/* Architectural perfmon model, versions 1-5: PMCs and PERFEVTSELs, fixed
 * counters with FIXED_CTR_CTRL, GLOBAL_CTRL/STATUS/OVF_CTRL (v2+),
 * PERF_CAPABILITIES behind PDCM, full-width writes behind FW_WRITE. */
#include "model.h"

#define SEL_EN   (1ull << 22)
#define FW_WRITE (1ull << 13)

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

static const int fixed_signal[MODEL_MAX_FIXED] = {SIG_INSTR, SIG_CYCLES, SIG_REF, -1};

static bool has_global(const struct model *m)
{
    return m->version >= 2;
}

int model_arch_rdmsr(struct model *m, uint32_t msr, uint64_t *val)
{
    if (msr >= 0xc1 && msr < 0xc1 + m->n_gp)
        *val = m->ctr[msr - 0xc1];
    else if (msr >= 0x4c1 && msr < 0x4c1 + m->n_gp && (m->perf_caps & FW_WRITE))
        *val = m->ctr[msr - 0x4c1];
    else if (msr >= 0x186 && msr < 0x186 + m->n_gp)
        *val = m->sel[msr - 0x186];
    else if (msr >= 0x309 && msr < 0x309 + m->n_fixed)
        *val = m->fixed[msr - 0x309];
    else if (msr == 0x345 && m->cpu.features[FEAT_PDCM])
        *val = m->perf_caps;
    else if (msr == 0x38d && has_global(m))
        *val = m->fixed_ctrl;
    else if (msr == 0x38e && has_global(m))
        *val = m->global_status;
    else if (msr == 0x38f && has_global(m))
        *val = m->global_ctrl;
    else
        return -1;
    return 0;
}

int model_arch_wrmsr(struct model *m, uint32_t msr, uint64_t val)
{
    uint64_t gp_mask = m->gp_width >= 64 ? ~0ull : (1ull << m->gp_width) - 1;
    if (msr >= 0xc1 && msr < 0xc1 + m->n_gp)
        m->ctr[msr - 0xc1] = model_sign_extend32(val, m->gp_width);
    else if (msr >= 0x4c1 && msr < 0x4c1 + m->n_gp && (m->perf_caps & FW_WRITE))
        m->ctr[msr - 0x4c1] = val & gp_mask;
    else if (msr >= 0x186 && msr < 0x186 + m->n_gp)
        m->sel[msr - 0x186] = val;
    else if (msr >= 0x309 && msr < 0x309 + m->n_fixed)
        m->fixed[msr - 0x309] = val & ((1ull << m->fixed_width) - 1);
    else if (msr == 0x38d && has_global(m))
        m->fixed_ctrl = val;
    else if (msr == 0x38f && has_global(m))
        m->global_ctrl = val;
    else if (msr == 0x390 && has_global(m))
        m->global_status &= ~val; /* GLOBAL_OVF_CTRL: write 1 to clear */
    else
        return -1; /* includes GLOBAL_STATUS (read-only) and PERF_CAPABILITIES */
    return 0;
}

int model_arch_rdpmc(struct model *m, uint32_t ecx, uint64_t *val)
{
    if (ecx & 0x40000000u) {
        unsigned j = ecx & 0xffff;
        if (j >= m->n_fixed || (ecx & ~0x4000ffffu))
            return -1;
        *val = m->fixed[j];
        return 0;
    }
    if (ecx >= m->n_gp)
        return -1;
    *val = m->ctr[ecx];
    return 0;
}

void model_arch_clock(struct model *m, const struct model_clock *clk)
{
    for (unsigned c = 0; c < m->n_gp; c++) {
        int sig = arch_signal(m->sel[c]);
        bool enabled = (m->sel[c] & SEL_EN) && (!has_global(m) || ((m->global_ctrl >> c) & 1));
        if (!enabled || sig < 0)
            continue;
        uint64_t inc = model_evtsel_increment(m->sel[c], clk->n[sig], clk->cpl, &m->prev[c]);
        if (model_counter_add(&m->ctr[c], inc, m->gp_width) && has_global(m))
            m->global_status |= 1ull << c;
    }
    for (unsigned j = 0; j < m->n_fixed; j++) {
        unsigned ctrl = (unsigned)(m->fixed_ctrl >> (4 * j)) & 0xf;
        bool cpl_ok = clk->cpl == 3 ? (ctrl & 2) : (ctrl & 1);
        if (!cpl_ok || !((m->global_ctrl >> (32 + j)) & 1) || fixed_signal[j] < 0)
            continue;
        if (model_counter_add(&m->fixed[j], clk->n[fixed_signal[j]], m->fixed_width))
            m->global_status |= 1ull << (32 + j);
    }
}
