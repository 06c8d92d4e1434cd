/* PowerPC 604/604e performance-monitor model (PowerPC 604e RISC
 * Microprocessor User's Manual, "Performance Monitor"): MMCR0 (SPR 952),
 * PMC1/PMC2 (953/954) and, on the 604e, MMCR1 (956) and PMC3/PMC4
 * (957/958); 32-bit counters; FC freezes all, FCS freezes in supervisor
 * state (modelled as CPL 0), FCP in problem state (CPL 3), FCM0 while
 * MSR[PM] = 0 (always, here). Counted: select 1 (cycles) and 2
 * (instructions completed) on every counter, PMC2 select 8 (branches
 * completed). A counter that goes negative with its condition enabled
 * (MMCR0 PMC1CE for PMC1, PMCnCE for the others) while MMCR0[PMXE] is set
 * signals the performance-monitor interrupt, which clears PMXE ("cleared
 * by hardware when a performance monitor interrupt is signaled"). SIA
 * (955) and SDA (959) read 0; other SPRs fail. */
#include "tests/host/models/model.h"

#define MMCR0_FC     0x80000000u
#define MMCR0_FCS    0x40000000u
#define MMCR0_FCP    0x20000000u
#define MMCR0_FCM0   0x08000000u
#define MMCR0_PMXE   0x04000000u
#define MMCR0_PMC1CE 0x00008000u
#define MMCR0_PMCNCE 0x00004000u

static int pmc_of(const struct model *m, uint32_t spr)
{
    static const uint32_t sprs[4] = {953, 954, 957, 958};
    for (unsigned c = 0; c < m->n_gp; c++) {
        if (sprs[c] == spr) {
            return (int)c;
        }
    }
    return -1;
}

int model_ppc_rdspr(struct model *m, uint32_t spr, uint64_t *val)
{
    int c = pmc_of(m, spr);
    if (c >= 0) {
        *val = m->ctr[c];
    } else if (spr == 952) {
        *val = m->mmcr0;
    } else if (spr == 956 && m->n_gp == 4) {
        *val = m->mmcr1;
    } else if (spr == 955 || spr == 959) {
        *val = 0;
    } else {
        return -1;
    }
    return 0;
}

int model_ppc_wrspr(struct model *m, uint32_t spr, uint64_t val)
{
    int c = pmc_of(m, spr);
    if (val >> 32) {
        return -1; /* SPRs are 32 bits */
    }
    if (c >= 0) {
        m->ctr[c] = val;
    } else if (spr == 952) {
        m->mmcr0 = (uint32_t)val;
    } else if (spr == 956 && m->n_gp == 4) {
        m->mmcr1 = (uint32_t)val;
    } else {
        return -1;
    }
    return 0;
}

static unsigned select_of(const struct model *m, unsigned c)
{
    switch (c) {
    case 0:
        return (m->mmcr0 >> 6) & 0x7f;
    case 1:
        return m->mmcr0 & 0x3f;
    case 2:
        return m->mmcr1 >> 27;
    default:
        return (m->mmcr1 >> 22) & 0x1f;
    }
}

void model_ppc_clock(struct model *m, const struct model_clock *clk)
{
    if ((m->mmcr0 & (MMCR0_FC | MMCR0_FCM0)) || (clk->cpl == 0 && (m->mmcr0 & MMCR0_FCS)) ||
        (clk->cpl == 3 && (m->mmcr0 & MMCR0_FCP))) {
        return;
    }
    for (unsigned c = 0; c < m->n_gp; c++) {
        unsigned sel = select_of(m, c);
        int sig = sel == 1               ? SIG_CYCLES
                  : sel == 2             ? SIG_INSTR
                  : (c == 1 && sel == 8) ? SIG_BRANCH
                                         : -1;
        if (sig >= 0) {
            uint64_t before = m->ctr[c];
            uint32_t condition = c == 0 ? MMCR0_PMC1CE : MMCR0_PMCNCE;
            model_counter_add(&m->ctr[c], clk->n[sig], 32);
            if ((m->mmcr0 & MMCR0_PMXE) && (m->mmcr0 & condition) && !(before >> 31) &&
                (m->ctr[c] >> 31)) {
                m->mmcr0 &= ~MMCR0_PMXE;
            }
        }
    }
}
