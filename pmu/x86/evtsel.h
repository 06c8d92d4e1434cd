/* The PerfEvtSel register layout that the P6, the architectural perfmon
 * and AMD share, and the resolver that turns a spec into its value. */
#ifndef BAREBENCH_PMU_EVTSEL_H
#define BAREBENCH_PMU_EVTSEL_H

#include "pmu/backend.h"

#define EVTSEL_EVENT_MASK         0xffull
#define EVTSEL_UMASK_SHIFT        8
#define EVTSEL_USR                (1ull << 16) /* count at CPL 3 */
#define EVTSEL_OS                 (1ull << 17) /* count at CPL 0 */
#define EVTSEL_EDGE               (1ull << 18) /* count rising edges of the condition */
#define EVTSEL_PC                 (1ull << 19) /* PMi pins toggle on overflow instead of increment */
#define EVTSEL_INT                (1ull << 20) /* overflow interrupt: sampling (pmu/overflow.c), :int */
#define EVTSEL_ANY                (1ull << 21) /* any thread of the core (arch v3+) */
#define EVTSEL_EN                 (1ull << 22) /* enable (P6: in PerfEvtSel0 only, for both counters) */
#define EVTSEL_INV                (1ull << 23) /* invert the cmask comparison */
#define EVTSEL_CMASK_SHIFT        24           /* 8 bits: count cycles with >= cmask events */
#define EVTSEL_AMD_EVENT_HI_SHIFT 32           /* AMD: event select bits 11:8 in 35:32 */

/* What a backend's PerfEvtSel allows. */
#define EVTSEL_MAX_TABLES 9

struct evtsel_rules {
    const char *backend; /* named in messages (pmu_name) */
    unsigned n_tables;   /* the event list is the union of these tables */
    const struct pmu_event_table *tables[EVTSEL_MAX_TABLES];
    const struct pmu_alias *aliases[5]; /* searched in order; NULL slots are skipped */
    uint32_t all_counters;              /* counter_mask of an event without constraints */
    bool any_thread;                    /* 't' / any= allowed (arch v3 and later) */
    bool pin_control;                   /* 'pc' allowed (P6, arch) */
    bool interrupt;                     /* 'int' allowed (P6, arch) */
    bool amd;                           /* 12-bit event select (bits 11:8 at 35:32; AMD 10h on) */
    /* The CPU's silicon revision (PMU_REV_*, pmu/backend.h; 0 = not
     * numbered): events and unit masks of other revisions are refused,
     * with the message naming both revisions through revision_name. */
    unsigned revision;
    const char *(*revision_name)(unsigned revision);
};

/* Resolves a spec against the rules: fills ev->name, encoding, config
 * (without EN; INT only when asked for), counter_mask, desc, flags.
 * Returns 0 or -1. */
int evtsel_resolve(const struct evtsel_rules *rules, const struct pmu_spec *spec,
                   struct pmu_assigned_event *ev, char *err, size_t errlen);

/* The event-select code (12 bits on AMD) of a resolved config. */
uint32_t evtsel_event_code(const struct evtsel_rules *rules, uint64_t config);

/* An event QEMU's counting model counts: its event select and unit mask. */
struct evtsel_tcg_event {
    uint16_t code;
    uint8_t umask;
};

/* True when the config selects one of the n events (the model also takes
 * CMASK and INV exactly, but edge detection reads 0 there). */
bool evtsel_tcg_counts(bool amd, uint64_t config, const struct evtsel_tcg_event *events,
                       unsigned n);

#endif
