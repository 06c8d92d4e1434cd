/* AMD PMU model: legacy PERF_CTL0-3/PERF_CTR0-3 (0xC0010000-7) and, with
 * the core extension, six interleaved pairs from 0xC0010200; 48 bits. */
#include "tests/host/models/model.h"

#define SEL_EN (1ull << 22)

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

int model_amd_rdmsr(struct model *m, uint32_t msr, uint64_t *val)
{
    unsigned c;
    bool is_sel;
    if (!amd_decode(m, msr, &c, &is_sel)) {
        return -1;
    }
    *val = is_sel ? m->sel[c] : m->ctr[c];
    return 0;
}

int model_amd_wrmsr(struct model *m, uint32_t msr, uint64_t val)
{
    unsigned c;
    bool is_sel;
    if (!amd_decode(m, msr, &c, &is_sel)) {
        return -1;
    }
    if (is_sel) {
        m->sel[c] = val;
    } else {
        m->ctr[c] = val & ((1ull << 48) - 1);
    }
    return 0;
}

void model_amd_clock(struct model *m, const struct model_clock *clk)
{
    for (unsigned c = 0; c < m->n_gp; c++) {
        int sig = amd_signal(m->sel[c]);
        if (!(m->sel[c] & SEL_EN) || sig < 0) {
            continue;
        }
        uint64_t inc = model_evtsel_increment(m->sel[c], clk->n[sig], clk->cpl, &m->prev[c]);
        model_counter_add(&m->ctr[c], inc, 48);
    }
}
