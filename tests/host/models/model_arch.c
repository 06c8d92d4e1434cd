/* Architectural perfmon model, versions 1-5: PMCs and PERFEVTSELs, fixed
 * counters with FIXED_CTR_CTRL, GLOBAL_CTRL/STATUS/OVF_CTRL (v2+),
 * PERF_CAPABILITIES behind PDCM, full-width writes behind FW_WRITE. */
#include "tests/host/models/model.h"

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

/* The register an MSR address names, as a pointer into the model; NULL
 * for an MSR this CPU does not have. Sets *kind for the access rules. */
enum arch_reg { REG_PMC, REG_A_PMC, REG_SEL, REG_FIXED, REG_CAPS, REG_GLOBAL, REG_STATUS, REG_OVF };

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
    default:
        return NULL;
    }
}

int model_arch_rdmsr(struct model *m, uint32_t msr, uint64_t *val)
{
    enum arch_reg kind;
    uint64_t *reg = arch_reg(m, msr, &kind);
    if (!reg || kind == REG_OVF) {
        return -1; /* GLOBAL_OVF_CTRL is write-only */
    }
    *val = *reg;
    return 0;
}

int model_arch_wrmsr(struct model *m, uint32_t msr, uint64_t val)
{
    enum arch_reg kind;
    uint64_t *reg = arch_reg(m, msr, &kind);
    uint64_t gp_mask = m->gp_width >= 64 ? ~0ull : (1ull << m->gp_width) - 1;
    if (!reg) {
        return -1;
    }
    switch (kind) {
    case REG_PMC:
        *reg = model_sign_extend32(val, m->gp_width);
        return 0;
    case REG_A_PMC:
        *reg = val & gp_mask;
        return 0;
    case REG_FIXED:
        *reg = val & ((1ull << m->fixed_width) - 1);
        return 0;
    case REG_OVF:
        *reg &= ~val; /* GLOBAL_OVF_CTRL: write 1 to clear a status bit */
        return 0;
    case REG_CAPS:
    case REG_STATUS:
        return -1; /* read-only */
    case REG_SEL:
    case REG_GLOBAL:
        *reg = val;
        return 0;
    }
    return -1;
}

int model_arch_rdpmc(struct model *m, uint32_t ecx, uint64_t *val)
{
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
        bool enabled = (m->sel[c] & SEL_EN) && (!has_global(m) || ((m->global_ctrl >> c) & 1));
        if (!enabled || sig < 0) {
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
        if (!cpl_ok || !((m->global_ctrl >> (32 + j)) & 1) || fixed_signal[j] < 0) {
            continue;
        }
        if (model_counter_add(&m->fixed[j], clk->n[fixed_signal[j]], m->fixed_width)) {
            m->global_status |= 1ull << (32 + j);
        }
    }
}
