/* Pentium (P5) PMU model: CESR 0x11 and CTR0/CTR1 0x12/0x13 (Intel SDM
 * vol. 3B, "Performance Monitoring (Pentium Processors)"). */
#include "tests/host/models/model.h"

/* CESR: ES0 (bits 5:0), CC0 (8:6), PC0 (9) for CTR0, and ES1, CC1, PC1 at
 * 16 bits more for CTR1; the rest is reserved, and WRMSR of a 1 to a
 * reserved bit raises #GP(0) (SDM vol. 3B, "Performance Monitoring
 * (Pentium Processors)", the CESR figure; vol. 2, WRMSR). */
#define CESR_VALID 0x03ff03ffull

/* The signal a P5 event code selects on counter c, or -1. Codes 0x2A and
 * up select a different event on each counter (MMX only). */
static int p5_signal(unsigned code, unsigned c, bool mmx)
{
    switch (code) {
    case 0x00:
        return SIG_LOADS; /* DATA_READ */
    case 0x12:
        return SIG_BRANCH; /* BRANCHES */
    case 0x16:
        return SIG_INSTR; /* INSTRUCTIONS_EXECUTED */
    case 0x30:
        /* CTR0: cycles not in HALT; CTR1: a stall duration */
        return mmx && c == 0 ? SIG_CYCLES : -1;
    default:
        return -1;
    }
}

int model_p5_rdmsr(struct model *m, uint32_t msr, uint64_t *val)
{
    if (msr == 0x11) {
        *val = m->cesr;
    } else if (msr == 0x12 || msr == 0x13) {
        *val = m->ctr[msr - 0x12];
    } else {
        return -1;
    }
    return 0;
}

int model_p5_wrmsr(struct model *m, uint32_t msr, uint64_t val)
{
    if (msr == 0x11) {
        if (val & ~CESR_VALID) {
            return -1; /* reserved bits */
        }
        m->cesr = val;
    } else if (msr == 0x12 || msr == 0x13) {
        unsigned c = msr - 0x12;
        /* CC = 000 stops a counter; anything else counts. */
        model_note_counter_write(m, msr, (m->cesr >> (16 * c + 6)) & 7);
        m->ctr[c] = val & ((1ull << 40) - 1);
    } else {
        return -1;
    }
    return 0;
}

void model_p5_clock(struct model *m, const struct model_clock *clk)
{
    for (unsigned c = 0; c < 2; c++) {
        unsigned half = (unsigned)(m->cesr >> (16 * c)) & 0x3ff;
        unsigned cc = (half >> 6) & 7;
        bool cpl_ok = clk->cpl == 3 ? (cc & 2) : (cc & 1);
        int sig = p5_signal(half & 0x3f, c, m->mmx);
        if (!cpl_ok || sig < 0) {
            continue;
        }
        unsigned count = clk->n[sig];
        /* CC bit 2: count clocks in which the event is active. */
        uint64_t inc = (cc & 4) ? (count > 0) : count;
        model_counter_add(&m->ctr[c], inc, 40);
    }
}
