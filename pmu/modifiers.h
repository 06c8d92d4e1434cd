/* The event-modifier vocabulary, one for every backend, and how each
 * backend declares which modifiers it has and where they go.
 *
 * A modifier is spelled as libpfm4 spells it (u k e i c t: its
 * intel_x86_mods and amd64_mods; thr cmpl: netburst_mods), with perf's
 * sysfs format name as a second spelling (edge inv cmask any). A backend
 * lists the modifiers its hardware has in a table of struct pmu_mod_format,
 * as Linux declares a PMU's fields with PMU_FORMAT_ATTR(edge, "config:18")
 * (arch/x86/events/intel/core.c): a modifier that is a bit field of the
 * event's config or config2 is written there by pmu_mod_apply(); the others
 * (the P4's cascade, period, ...) carry a range and the backend maps them.
 * A modifier of the vocabulary the backend lacks is refused with a message
 * that names it and the backend. */
#ifndef BAREBENCH_PMU_MODIFIERS_H
#define BAREBENCH_PMU_MODIFIERS_H

#include "pmu/backend.h"

enum pmu_mod {
    PMU_MOD_U,       /* u, usr: count at user level (CPL 3, PowerPC problem state) */
    PMU_MOD_K,       /* k, os: count at kernel level (CPL 0; P5: CPL 0-2; supervisor state) */
    PMU_MOD_E,       /* e, edge: count rising edges of the condition */
    PMU_MOD_I,       /* i, inv, cmpl: invert the counter-mask comparison */
    PMU_MOD_C,       /* c=N, cmask=N: count cycles with at least N events */
    PMU_MOD_T,       /* t, any: count for every thread of the core */
    PMU_MOD_PC,      /* pc: the PM pins toggle on overflow instead of on each increment */
    PMU_MOD_INT,     /* int: interrupt on overflow */
    PMU_MOD_D,       /* d: count cycles (duration), P5 */
    PMU_MOD_O,       /* o: count occurrences, P5 */
    PMU_MOD_T0,      /* t0: logical processor 0 only, P4 */
    PMU_MOD_T1,      /* t1: logical processor 1 only, P4 */
    PMU_MOD_THR,     /* thr=N: compare, count increments above N, P4 */
    PMU_MOD_CMP,     /* cmp: compare with threshold 0, P4 */
    PMU_MOD_AT,      /* at=N: CCCR active-thread field, P4 */
    PMU_MOD_FOVF,    /* fovf: overflow on every increment, P4 */
    PMU_MOD_PMI,     /* pmi: interrupt on overflow, P4 */
    PMU_MOD_PERIOD,  /* period=N: overflow after N events, P4 */
    PMU_MOD_CASCADE, /* cascade: start when the event before overflows, P4 */
    PMU_MOD_CNTR,    /* cntr=N: only on counter N, P4 */
    PMU_MOD_FAST,    /* fast: RDPMC's 32-bit fast read, P4 */
    PMU_MOD_RDMSR,   /* rdmsr: read with RDMSR, P4 */
    PMU_MOD_PM,      /* pm: only while MSR[PM] = 1, 604e */
    PMU_MOD_NOPM,    /* nopm: only while MSR[PM] = 0, 604e */
    PMU_MOD_THRESH,  /* thresh=N: MMCR0 threshold of the miss events, 604e */
    PMU_N_MODS
};

/* Where a backend keeps a modifier. */
enum pmu_mod_reg {
    PMU_MOD_IN_CODE, /* the backend maps the value itself */
    PMU_MOD_CONFIG,  /* a bit field of pmu_assigned_event.config */
    PMU_MOD_CONFIG2, /* a bit field of pmu_assigned_event.config2 */
};

/* One modifier a backend has. */
struct pmu_mod_format {
    enum pmu_mod mod;
    enum pmu_mod_reg reg;
    uint64_t mask;     /* the field in config/config2 (contiguous bits) */
    bool inverted;     /* the bit is set when the modifier is off (freeze bits) */
    uint64_t min, max; /* PMU_MOD_IN_CODE: the values it takes */
};

/* A bit field: PMU_MOD_FORMAT(E, CONFIG, EVTSEL_EDGE). */
#define PMU_MOD_FORMAT(m, r, field) {.mod = PMU_MOD_##m, .reg = PMU_MOD_##r, .mask = (field)}
/* A one-bit field that is set when the modifier is off. */
#define PMU_MOD_FORMAT_NOT(m, r, bit)                                                              \
    {.mod = PMU_MOD_##m, .reg = PMU_MOD_##r, .mask = (bit), .inverted = true}
/* A modifier the backend maps in code, with the values it takes (a flag:
 * 0, 1). */
#define PMU_MOD_CODE(m, lo, hi)                                                                    \
    {.mod = PMU_MOD_##m, .reg = PMU_MOD_IN_CODE, .min = (lo), .max = (hi)}

/* A backend's modifiers on this CPU. */
struct pmu_mod_caps {
    const char *backend; /* named in messages */
    const struct pmu_mod_format *formats;
    unsigned n_formats;
    uint32_t lacking; /* bit m: this CPU lacks formats' modifier m (arch v1-2: t) */
};

/* What the modifiers of one spec set so far. */
struct pmu_mods {
    uint64_t config, config2; /* the backend's fields (start from the event's) */
    uint32_t named;           /* bit m: modifier m was given */
    bool usr, os;             /* after pmu_mod_privilege() */
    enum pmu_mod last;        /* the modifier pmu_mod_apply() just took ... */
    uint64_t value;           /* ... and its value (a flag: 0 or 1) */
};

/* Takes one modifier word: 0 when it is a modifier of the backend (written
 * into st when it is a field; else st->last and st->value are for the
 * backend to map), 1 when the word is no modifier of the vocabulary (the
 * caller's unit mask or field), -1 with err naming the modifier and the
 * backend when the backend lacks it or its value is out of range. */
int pmu_mod_apply(const struct pmu_mod_caps *caps, const struct pmu_spec *spec,
                  const struct pmu_modifier *m, struct pmu_mods *st, char *err, size_t errlen);

/* After the last modifier: the privilege levels as libpfm4 sets them. u
 * and k each name a level and naming one leaves the other off; naming
 * neither keeps the encoding's levels, and where it has none, counts at
 * both. Writes them to the backend's fields; -1 with err when no level is
 * left (u=0). */
int pmu_mod_privilege(const struct pmu_mod_caps *caps, struct pmu_mods *st,
                      const struct pmu_spec *spec, char *err, size_t errlen);

/* Appends the modifiers of a canonical name: ":u" or ":k" where one level
 * counts, then each field the backend declares that is not 0, in the order
 * of its formats (":e", ":c=2"). */
void pmu_mod_suffix(const struct pmu_mod_caps *caps, const struct pmu_mods *st, char *buf,
                    size_t size);

/* Applies the spec's words from mods[first] on, all of which must be
 * modifiers (the Pentium's, the 604e's, a raw event's): a word that is
 * none is refused, listing the modifiers the backend has. 0 or -1. */
int pmu_mod_apply_all(const struct pmu_mod_caps *caps, const struct pmu_spec *spec, unsigned first,
                      struct pmu_mods *st, char *err, size_t errlen);

/* True when s[0..n) spells a modifier of the vocabulary. */
bool pmu_mod_is_word(const char *s, size_t n);

#endif
