/* P6 PMU model: PerfCtr0/1 (0xC1/0xC2, 40 bits, writes sign-extend bit
 * 31), PerfEvtSel0/1 (0x186/0x187); EN in PerfEvtSel0 enables both. */
#include "tests/host/models/model.h"

#define SEL_ANY (1ull << 21)
#define SEL_EN  (1ull << 22)

static int p6_signal(uint64_t sel)
{
    switch (sel & 0xffff) {
    case 0x0079:
        return SIG_CYCLES; /* CPU_CLK_UNHALTED */
    case 0x00c0:
        return SIG_INSTR; /* INST_RETIRED */
    case 0x00c2:
        return SIG_UOPS; /* UOPS_RETIRED */
    case 0x00c4:
        return SIG_BRANCH; /* BR_INST_RETIRED */
    case 0x00c5:
        return SIG_BRMISS; /* BR_MISS_PRED_RETIRED */
    case 0x0043:
        return SIG_LOADS; /* DATA_MEM_REFS */
    default:
        return -1;
    }
}

int model_p6_rdmsr(struct model *m, uint32_t msr, uint64_t *val)
{
    if (msr == 0xc1 || msr == 0xc2) {
        *val = m->ctr[msr - 0xc1];
    } else if (msr == 0x186 || msr == 0x187) {
        *val = m->sel[msr - 0x186];
    } else {
        return -1;
    }
    return 0;
}

int model_p6_wrmsr(struct model *m, uint32_t msr, uint64_t val)
{
    if (msr == 0xc1 || msr == 0xc2) {
        /* EN in PerfEvtSel0 runs both counters. A write takes EAX
         * sign-extended; EDX is ignored (SDM vol. 3B, "Performance
         * Monitoring (P6 Family Processor)": "PerfCtr0 and PerfCtr1 ...
         * sign-extended"), so no value faults. */
        model_note_counter_write(m, msr, m->sel[0] & SEL_EN);
        m->ctr[msr - 0xc1] = model_sign_extend32(val, 40);
    } else if (msr == 0x186 || msr == 0x187) {
        /* Bits 63:32 are reserved, and WRMSR of a 1 to a reserved bit
         * raises #GP(0) (SDM vol. 3B, the P6 PerfEvtSel0/1 figure; vol. 2,
         * WRMSR). P6 has no AnyThread: bit 21 is reserved too. */
        if ((val >> 32) || (val & SEL_ANY)) {
            return -1;
        }
        m->sel[msr - 0x186] = val;
    } else {
        return -1;
    }
    return 0;
}

void model_p6_clock(struct model *m, const struct model_clock *clk)
{
    if (!(m->sel[0] & SEL_EN)) {
        return; /* the global enable stops both counters */
    }
    for (unsigned c = 0; c < 2; c++) {
        int sig = p6_signal(m->sel[c]);
        if (sig < 0) {
            continue;
        }
        uint64_t inc = model_evtsel_increment(m->sel[c], clk->n[sig], clk->cpl, &m->prev[c]);
        model_counter_add(&m->ctr[c], inc, 40);
    }
}
