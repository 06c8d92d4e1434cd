/* The NetBurst register model: counters, CCCRs and ESCRs as the SDM's
 * table of performance counter MSRs lists them. */
#include "pmu/x86/p4_regs.h"

static const char *const counter_names[P4_N_COUNTERS] = {
    "BPU_COUNTER0",   "BPU_COUNTER1",   "BPU_COUNTER2", "BPU_COUNTER3",   "MS_COUNTER0",
    "MS_COUNTER1",    "MS_COUNTER2",    "MS_COUNTER3",  "FLAME_COUNTER0", "FLAME_COUNTER1",
    "FLAME_COUNTER2", "FLAME_COUNTER3", "IQ_COUNTER0",  "IQ_COUNTER1",    "IQ_COUNTER2",
    "IQ_COUNTER3",    "IQ_COUNTER4",    "IQ_COUNTER5",
};

static const char *const cccr_names[P4_N_COUNTERS] = {
    "BPU_CCCR0", "BPU_CCCR1", "BPU_CCCR2",   "BPU_CCCR3",   "MS_CCCR0",    "MS_CCCR1",
    "MS_CCCR2",  "MS_CCCR3",  "FLAME_CCCR0", "FLAME_CCCR1", "FLAME_CCCR2", "FLAME_CCCR3",
    "IQ_CCCR0",  "IQ_CCCR1",  "IQ_CCCR2",    "IQ_CCCR3",    "IQ_CCCR4",    "IQ_CCCR5",
};

/* Counters each side of a group reaches: an ESCR0 feeds the first pair
 * of its group, an ESCR1 the second; in the IQ group ESCR0s also feed
 * counter 16 and ESCR1s counter 17. */
#define BPU0   0x00003u /* BPU_COUNTER0, 1 */
#define BPU1   0x0000cu /* BPU_COUNTER2, 3 */
#define MS0    0x00030u /* MS_COUNTER0, 1 */
#define MS1    0x000c0u /* MS_COUNTER2, 3 */
#define FLAME0 0x00300u /* FLAME_COUNTER0, 1 */
#define FLAME1 0x00c00u /* FLAME_COUNTER2, 3 */
#define IQ0    0x13000u /* IQ_COUNTER0, 1, 4 */
#define IQ1    0x2c000u /* IQ_COUNTER2, 3, 5 */

/* Grouped by counter group, ESCR0 then ESCR1 of each unit. MSR_SSU_ESCR1
 * (0x3bf) is left out: no counter reaches it. */
const struct p4_escr p4_escrs[P4_N_ESCRS] = {
    /* BPU group */
    [P4_BSU_ESCR0] = {"BSU_ESCR0", 0x3a0, 7, 0, BPU0},
    [P4_BSU_ESCR1] = {"BSU_ESCR1", 0x3a1, 7, 0, BPU1},
    [P4_FSB_ESCR0] = {"FSB_ESCR0", 0x3a2, 6, 0, BPU0},
    [P4_FSB_ESCR1] = {"FSB_ESCR1", 0x3a3, 6, 0, BPU1},
    [P4_MOB_ESCR0] = {"MOB_ESCR0", 0x3aa, 2, 0, BPU0},
    [P4_MOB_ESCR1] = {"MOB_ESCR1", 0x3ab, 2, 0, BPU1},
    [P4_PMH_ESCR0] = {"PMH_ESCR0", 0x3ac, 4, 0, BPU0},
    [P4_PMH_ESCR1] = {"PMH_ESCR1", 0x3ad, 4, 0, BPU1},
    [P4_BPU_ESCR0] = {"BPU_ESCR0", 0x3b2, 0, 0, BPU0},
    [P4_BPU_ESCR1] = {"BPU_ESCR1", 0x3b3, 0, 0, BPU1},
    [P4_IS_ESCR0] = {"IS_ESCR0", 0x3b4, 1, 0, BPU0},
    [P4_IS_ESCR1] = {"IS_ESCR1", 0x3b5, 1, 0, BPU1},
    [P4_ITLB_ESCR0] = {"ITLB_ESCR0", 0x3b6, 3, 0, BPU0},
    [P4_ITLB_ESCR1] = {"ITLB_ESCR1", 0x3b7, 3, 0, BPU1},
    [P4_IX_ESCR0] = {"IX_ESCR0", 0x3c8, 5, 0, BPU0},
    [P4_IX_ESCR1] = {"IX_ESCR1", 0x3c9, 5, 0, BPU1},
    /* MS group */
    [P4_MS_ESCR0] = {"MS_ESCR0", 0x3c0, 0, 0, MS0},
    [P4_MS_ESCR1] = {"MS_ESCR1", 0x3c1, 0, 0, MS1},
    [P4_TBPU_ESCR0] = {"TBPU_ESCR0", 0x3c2, 2, 0, MS0},
    [P4_TBPU_ESCR1] = {"TBPU_ESCR1", 0x3c3, 2, 0, MS1},
    [P4_TC_ESCR0] = {"TC_ESCR0", 0x3c4, 1, 0, MS0},
    [P4_TC_ESCR1] = {"TC_ESCR1", 0x3c5, 1, 0, MS1},
    /* FLAME group */
    [P4_FIRM_ESCR0] = {"FIRM_ESCR0", 0x3a4, 1, 0, FLAME0},
    [P4_FIRM_ESCR1] = {"FIRM_ESCR1", 0x3a5, 1, 0, FLAME1},
    [P4_FLAME_ESCR0] = {"FLAME_ESCR0", 0x3a6, 0, 0, FLAME0},
    [P4_FLAME_ESCR1] = {"FLAME_ESCR1", 0x3a7, 0, 0, FLAME1},
    [P4_DAC_ESCR0] = {"DAC_ESCR0", 0x3a8, 5, 0, FLAME0},
    [P4_DAC_ESCR1] = {"DAC_ESCR1", 0x3a9, 5, 0, FLAME1},
    [P4_SAAT_ESCR0] = {"SAAT_ESCR0", 0x3ae, 2, 0, FLAME0},
    [P4_SAAT_ESCR1] = {"SAAT_ESCR1", 0x3af, 2, 0, FLAME1},
    [P4_U2L_ESCR0] = {"U2L_ESCR0", 0x3b0, 3, 0, FLAME0},
    [P4_U2L_ESCR1] = {"U2L_ESCR1", 0x3b1, 3, 0, FLAME1},
    /* IQ group */
    [P4_CRU_ESCR0] = {"CRU_ESCR0", 0x3b8, 4, 0, IQ0},
    [P4_CRU_ESCR1] = {"CRU_ESCR1", 0x3b9, 4, 0, IQ1},
    [P4_CRU_ESCR2] = {"CRU_ESCR2", 0x3cc, 5, 0, IQ0},
    [P4_CRU_ESCR3] = {"CRU_ESCR3", 0x3cd, 5, 0, IQ1},
    [P4_CRU_ESCR4] = {"CRU_ESCR4", 0x3e0, 6, 0, IQ0},
    [P4_CRU_ESCR5] = {"CRU_ESCR5", 0x3e1, 6, 0, IQ1},
    [P4_IQ_ESCR0] = {"IQ_ESCR0", 0x3ba, 0, P4_ESCRF_EARLY, IQ0},
    [P4_IQ_ESCR1] = {"IQ_ESCR1", 0x3bb, 0, P4_ESCRF_EARLY, IQ1},
    [P4_RAT_ESCR0] = {"RAT_ESCR0", 0x3bc, 2, 0, IQ0},
    [P4_RAT_ESCR1] = {"RAT_ESCR1", 0x3bd, 2, 0, IQ1},
    [P4_SSU_ESCR0] = {"SSU_ESCR0", 0x3be, 3, 0, IQ0},
    [P4_ALF_ESCR0] = {"ALF_ESCR0", 0x3ca, 1, 0, IQ0},
    [P4_ALF_ESCR1] = {"ALF_ESCR1", 0x3cb, 1, 0, IQ1},
};

const char *p4_counter_name(unsigned counter)
{
    return counter < P4_N_COUNTERS ? counter_names[counter] : "?";
}

const char *p4_cccr_name(unsigned counter)
{
    return counter < P4_N_COUNTERS ? cccr_names[counter] : "?";
}

int p4_escr_by_msr(uint32_t msr)
{
    for (int i = 0; i < P4_N_ESCRS; i++) {
        if (p4_escrs[i].msr == msr) {
            return i;
        }
    }
    return -1;
}

bool p4_escr_present(const struct p4_escr *escr, const struct cpu_info *cpu)
{
    return !(escr->flags & P4_ESCRF_EARLY) || cpu->model < 3;
}

bool p4_has_ext_cascade(const struct cpu_info *cpu)
{
    return cpu->model == 2 || cpu->model == 3 || cpu->model == 4 || cpu->model == 6;
}

/* Extended cascading (SDM "Extended Cascading"): IQ_CCCR0 bit 11 lets
 * counter 16 start counter 12, IQ_CCCR3 17 -> 15, IQ_CCCR4 17 -> 16,
 * IQ_CCCR5 16 -> 17. Counters 16 and 17 cannot start others otherwise. */
static const uint8_t ext_links[][2] = {{16, 12}, {17, 15}, {17, 16}, {16, 17}};

uint32_t p4_cascade_bit(unsigned from, unsigned to, const struct cpu_info *cpu)
{
    if (from < 16 && to == (from ^ 2)) {
        return P4_CCCR_CASCADE;
    }
    if (!p4_has_ext_cascade(cpu)) {
        return 0;
    }
    for (unsigned i = 0; i < sizeof ext_links / sizeof ext_links[0]; i++) {
        if (ext_links[i][0] == from && ext_links[i][1] == to) {
            return P4_CCCR_EXT_CASCADE;
        }
    }
    return 0;
}
