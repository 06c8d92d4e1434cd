/* The NetBurst event table (p4_events.c): events, their mask bits and the
 * replay-tagging metrics. */
#ifndef BAREBENCH_PMU_X86_P4_EVENTS_H
#define BAREBENCH_PMU_X86_P4_EVENTS_H

#include "pmu/x86/p4_regs.h"

/* ---- Events ---- */

/* One named bit of an event mask. Real mask bits are 0-15; a tag bit sets
 * the ESCR tag value; a replay metric programs IA32_PEBS_ENABLE and
 * MSR_PEBS_MATRIX_VERT instead of an ESCR bit. */
struct p4_mask {
    const char *name;
    uint8_t bit;   /* mask bit, tag bit (P4_MF_TAG) or metric (P4_MF_REPLAY) */
    uint8_t flags; /* P4_MF_* */
    const char *desc;
};

#define P4_MF_DEFAULT  0x1 /* used when the user names no mask */
#define P4_MF_TAG      0x2 /* sets tag value bit `bit` and the tag enable */
#define P4_MF_REPLAY   0x4 /* replay-tagging metric number `bit` */
#define P4_MF_ADVANCES 0x8 /* counts over any busy loop (cycles, retired instructions) */

/* One event: ESCR event select, the one or two ESCRs that can count it
 * (indexes in p4_escrs; the CCCR's ESCR select follows from the ESCR). */
struct p4_event {
    const char *name;
    uint8_t event_select;
    uint8_t escrs[2]; /* second is P4_NO_ESCR for single-ESCR events */
    uint8_t flags;    /* P4_EVF_* */
    const struct p4_mask *masks;
    uint8_t n_masks;
    const char *desc;
};

#define P4_EVF_PRESCOTT 0x1 /* models 3, 4 and 6 only (instr_completed) */

extern const struct p4_event p4_events[];
extern const unsigned p4_n_events;

/* The event of that name (case-insensitive), or NULL. */
const struct p4_event *p4_find_event(const char *name);

/* True when the event exists on this CPU. */
bool p4_event_present(const struct p4_event *ev, const struct cpu_info *cpu);

/* The replay-tagging metrics, numbered as the SDM's table numbers them
 * (and as the `metric=N` field takes them). */
enum p4_replay {
    P4_REPLAY_L1_LD_MISS,
    P4_REPLAY_L2_LD_MISS,
    P4_REPLAY_DTLB_LD_MISS,
    P4_REPLAY_DTLB_ST_MISS,
    P4_REPLAY_DTLB_ALL_MISS,
    P4_REPLAY_BR_MSP,
    P4_REPLAY_MOB_LD_REPLAY,
    P4_REPLAY_SP_LD_RET,
    P4_REPLAY_SP_ST_RET,
    P4_N_REPLAY
};

/* A replay-tagging metric: what replay_event's virtual masks program. */
struct p4_replay_metric {
    uint32_t pebs_enable; /* IA32_PEBS_ENABLE bits (with P4_PEBS_UOP_TAG) */
    uint32_t matrix_vert; /* MSR_PEBS_MATRIX_VERT bits */
};

/* Indexed by enum p4_replay. */
extern const struct p4_replay_metric p4_replay_metrics[P4_N_REPLAY];

#endif
