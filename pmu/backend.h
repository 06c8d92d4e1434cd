/* Backend interface of the PMU layer: what one family of PMUs (P5, P6,
 * architectural perfmon, AMD, P4, TSC) provides to the core (pmu/core.c).
 *
 * The flow: the core splits the user's event list into words and each word
 * into a struct pmu_spec (pmu/spec.c). The backend's `resolve` turns one
 * spec into a struct pmu_assigned_event (canonical name, encoding, the
 * selector value, the counters it may use). The backend's `place` puts the
 * events of one pass on counters. `encode` turns a pass into register
 * writes (pure). The core writes them through struct pmu_hw. */
#ifndef BAREBENCH_PMU_BACKEND_H
#define BAREBENCH_PMU_BACKEND_H

#include "pmu/overflow_regs.h"
#include "pmu/pmu.h"

#define PMU_MAX_MODS 8 /* modifiers after the event name */

/* An event name as typed may be longer than our canonical names (which
 * fit PMU_NAME_LEN and are what is printed): perfctr's longest P5 name,
 * PIPELINE_FLUSHES_DUE_TO_WRONG_BRANCH_PREDICTIONS_RESOLVED_IN_WB_STAGE, has
 * 69 characters. */
#define PMU_SPEC_NAME_LEN 96

/* One modifier word after the event name: "u", "k", "c=4", a unit mask
 * name ("ALL"), or one field of the `event=0x..,umask=0x..` form. */
struct pmu_modifier {
    char key[PMU_NAME_LEN];
    bool has_value; /* "key=value" */
    uint64_t value;
};

enum pmu_spec_kind {
    PMU_SPEC_NAME,   /* NAME[:MOD...] */
    PMU_SPEC_RAW,    /* perf-style rUUEE (hex after 'r'): `raw` holds it */
    PMU_SPEC_FIELDS, /* event=0x..,umask=0x..,...: everything is in mods */
};

/* One event word as the user typed it, split but not interpreted. */
struct pmu_spec {
    enum pmu_spec_kind kind;
    char text[PMU_NAME_LEN * 2];  /* the whole word, for error messages */
    char name[PMU_SPEC_NAME_LEN]; /* PMU_SPEC_NAME: the event name */
    uint64_t raw;                 /* PMU_SPEC_RAW */
    unsigned n_mods;
    struct pmu_modifier mods[PMU_MAX_MODS];
};

/* Unit mask of an event, as data. */
struct pmu_umask_desc {
    const char *name;
    uint32_t code;
    uint32_t flags; /* PMU_UMF_* */
    const char *desc;
};

#define PMU_UMF_DEFAULT   0x1 /* used when the user names none of its group */
#define PMU_UMF_EXCLUSIVE 0x2 /* cannot be combined with another unit mask of its group */
/* The unit mask replaces the event select with the byte in its code's bits
 * 31:24 (libpfm4's CODE_OVERRIDE). */
#define PMU_UMF_OVERRIDE  0x4
#define PMU_UMF_EXTRA_REG 0x8  /* needs a second register (offcore response, load latency) */
#define PMU_UMF_ALIAS     0x10 /* another name for a unit mask, with or without modifiers */
/* The edge, inv and cmask fields the unit mask sets (code bits 23:8, see
 * pmu/x86/events_pfm.h) take no other value; without it the user's value
 * is ORed in, as libpfm4 does. */
#define PMU_UMF_FIXES 0x20
/* libpfm4 encodes the unit mask (or the event) with event select 00H,
 * which on Intel is no event but the pseudo-encoding of another event's
 * fixed counter: it would count that, or nothing, under this name. */
#define PMU_UMF_NOT_AN_EVENT 0x40
/* Unit masks form groups (e.g. request type, core select): defaults fill
 * each group the user left unnamed. Group 0 unless flagged. */
#define PMU_UMF_GROUP_SHIFT     8
#define PMU_UMF_GROUP(g)        ((uint32_t)(g) << PMU_UMF_GROUP_SHIFT)
#define PMU_UMF_GROUP_OF(flags) (((flags) >> PMU_UMF_GROUP_SHIFT) & 0x1f)

/* Silicon revisions. A backend whose events or unit masks differ by
 * revision numbers its revisions 1-15, oldest first, and bounds an entry
 * with the first and the last revision that has it, in the top byte of
 * the entry's flags (unit mask or event alike; 0 = unbounded): the scheme
 * of libpfm4's AMD64_FROM_REV/AMD64_TILL_REV (pfmlib_amd64_priv.h). Two
 * entries of one name with disjoint ranges (e.g. an ALL whose bits grew)
 * are one per revision. Revision 0 ("not numbered") has every entry. */
#define PMU_REV_FROM(rev)      ((uint32_t)(rev) << 24)
#define PMU_REV_TILL(rev)      ((uint32_t)(rev) << 28)
#define PMU_REV_FROM_OF(flags) (((flags) >> 24) & 0xf)
#define PMU_REV_TILL_OF(flags) (((flags) >> 28) & 0xf)
#define PMU_REV_MAX            15

/* True when revision rev has the entry with these flags. */
static inline bool pmu_rev_has(uint32_t flags, unsigned rev)
{
    unsigned till = PMU_REV_TILL_OF(flags);
    return rev == 0 || (rev >= PMU_REV_FROM_OF(flags) && (till == 0 || rev <= till));
}

/* One event of a backend's table, as data. Backends with another register
 * model (P4) keep their own descriptor type and point to it from
 * pmu_assigned_event.desc. */
struct pmu_event_desc {
    const char *name;
    uint32_t code;     /* event select */
    uint32_t counters; /* bitmap of the counters that can count it; 0 = all */
    uint32_t flags;    /* PMU_EVF_*, backend-specific bits 16-23, PMU_REV_* range */
    const struct pmu_umask_desc *umasks;
    unsigned n_umasks;
    const char *desc;
};

#define PMU_EVF_ADVANCES  0x1 /* always advances over a busy loop (cycles, instructions) */
#define PMU_EVF_USER_ONLY 0x4 /* counts at CPL 3 only: never moves in the kernel */
#define PMU_EVF_EXTRA_REG 0x8 /* needs a second register (offcore response, front end) */
/* Modifiers the event does not take (a generated table says which libpfm4
 * lists for it): 'e', 'i', 'c', 'u', 'k'. */
#define PMU_EVF_NO_EDGE  0x10
#define PMU_EVF_NO_INV   0x20
#define PMU_EVF_NO_CMASK 0x40
#define PMU_EVF_NO_USR   0x100
#define PMU_EVF_NO_OS    0x200
/* Listed, but encodable with none of the unit masks this model has. */
#define PMU_EVF_NO_ENCODING  0x80
#define PMU_EVF_NOT_AN_EVENT 0x400   /* as PMU_UMF_NOT_AN_EVENT, for an event without unit masks */
#define PMU_EVF_BACKEND      0x10000 /* bits 16-23; 24-31 hold the PMU_REV_* range */

#define PMU_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* An event entry with all counters allowed, or with unit masks. */
#define PMU_EVENT(n, c, cnt) {.name = (n), .code = (c), .counters = (cnt)}
#define PMU_EVENT_UM(n, c, cnt, um)                                                                \
    {.name = (n), .code = (c), .counters = (cnt), .umasks = (um), .n_umasks = PMU_ARRAY_SIZE(um)}

/* The same, valid in a range of revisions only (flags: PMU_REV_*). */
#define PMU_EVENT_F(n, c, cnt, f) {.name = (n), .code = (c), .counters = (cnt), .flags = (f)}
#define PMU_EVENT_UM_F(n, c, cnt, um, f)                                                           \
    {.name = (n),                                                                                  \
     .code = (c),                                                                                  \
     .counters = (cnt),                                                                            \
     .flags = (f),                                                                                 \
     .umasks = (um),                                                                               \
     .n_umasks = PMU_ARRAY_SIZE(um)}

/* An event table: a family's events with its count. */
struct pmu_event_table {
    const char *name; /* e.g. "ppro", "k8" */
    const struct pmu_event_desc *events;
    unsigned n_events;
};

/* The table of a static array of events. */
#define PMU_TABLE(n, a) {.name = (n), .events = (a), .n_events = PMU_ARRAY_SIZE(a)}

/* A perf-style alias ("cycles") mapped to a spec in the backend's names. */
struct pmu_alias {
    const char *alias;
    const char *spec;
};

/* Callback that receives one line of text (no trailing newline). */
typedef void (*pmu_line_fn)(void *ctx, const char *text);

struct pmu_time_counter; /* pmu/time_counter.h */

/* The operations table of one backend. Optional ops may be NULL. */
struct pmu_backend {
    const char *name; /* "p5", "p6", "arch", "amd", "p4", "tsc", "ppc604e", "timebase" */

    /* Set where the backend counts time, not events (the TSC, the PowerPC
     * time base; pmu/time_counter.h): the last resort where nothing else
     * detects the CPU or its counters do not count. The registry lists one
     * per architecture, after the others. */
    const struct pmu_time_counter *time_counter;

    /* How its registers are numbered (pmu/pmu.h); PMU_REG_MSR when unset. */
    enum pmu_reg_kind reg_kind;

    /* What the PMU is, as far as it is the same on every CPU the backend
     * takes: pmu_init copies it into pmu->caps before `init`. NULL for a
     * time counter. */
    const struct pmu_caps *caps;

    /* True when this backend is right for the CPU (CPUID data only). */
    bool (*detect)(const struct cpu_info *cpu);

    /* Completes pmu->caps for this CPU (counter inventory, which event
     * table); may read MSRs that CPUID promises (e.g.
     * IA32_PERF_CAPABILITIES where PDCM is set). Optional. */
    void (*init)(struct pmu *pmu);

    /* Name refined for this CPU ("p5mmx", "pii"...); optional, else `name`. */
    const char *(*model_name)(const struct pmu *pmu);

    /* What the inventory pmu_describe prints from pmu->caps leaves out
     * and only the backend knows (the P4's ESCRs, the architectural
     * events CPUID lists); optional. */
    void (*describe)(const struct pmu *pmu, pmu_line_fn line, void *ctx);

    /* Lists the events and unit masks (pmu-encode --list). */
    void (*list)(const struct pmu *pmu, pmu_line_fn line, void *ctx);

    /* Event lists a word in an event list may name ("topdown"), as
     * aliases whose spec is a list; optional. */
    const struct pmu_alias *groups;

    /* The tables of the CPU's own events, in which events=uops looks for
     * its events (pmu/uops_events.h): fills out, returns how many;
     * optional (NULL: the group is refused). */
    unsigned (*event_tables)(const struct pmu *pmu, const struct pmu_event_table *out[],
                             unsigned max);

    /* The default event set, as a spec list. */
    const char *(*default_events)(const struct pmu *pmu);

    /* Resolves one spec: fills ev's name, encoding, config/config2,
     * counter_mask, desc, flags and read.width. `plan` holds the events
     * of the list accepted before this one (an event may depend on the
     * one before it: the P4's cascade). Returns 0, or -1 with a message
     * naming the word in err. */
    int (*resolve)(const struct pmu *pmu, const struct pmu_plan *plan, const struct pmu_spec *spec,
                   struct pmu_assigned_event *ev, char *err, size_t errlen);

    /* Places the n events of one pass on counters, all at once (the last
     * one is new; the others may move): fills hw_index, hw_aux, counter
     * and read. Returns 0, or -1 with the conflict in err. Backends with
     * one selector per counter call pmu_place_by_mask(). */
    int (*place)(const struct pmu *pmu, struct pmu_assigned_event *events[], unsigned n, char *err,
                 size_t errlen);

    /* Register writes that program and enable one pass, in order. */
    unsigned (*encode)(const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass,
                       struct pmu_write *out, unsigned max);

    /* How a placed event's counter overflows and interrupts: its
     * registers, width, largest period, interrupt enable and overflow
     * flag (pmu/overflow.c). NULL where a counter cannot interrupt; then
     * no_overflow says why. */
    void (*overflow_regs)(const struct pmu *pmu, const struct pmu_assigned_event *ev,
                          struct pmu_overflow_regs *regs);
    const char *no_overflow;

    /* Whether QEMU's TCG, with barebench's counting model (emu/README.md,
     * "What counts"), counts the event: the model counts instructions
     * retired, unhalted cycles and branch instructions retired, and every
     * other event reads 0 there, which must not pass for a real zero.
     * NULL: every event of the backend counts there (a time counter). */
    bool (*tcg_counts)(const struct pmu_assigned_event *ev);

    /* Register writes that reset what the pass's windows read afresh
     * each time (pmu_encode_window); optional, NULL where nothing is. */
    unsigned (*encode_window)(const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass,
                              struct pmu_write *out, unsigned max);

    /* Register writes that disable one pass, in order. */
    unsigned (*encode_stop)(const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass,
                            struct pmu_write *out, unsigned max);
};

/* The registry, in detection order: the kernel's in pmu/<arch>/registry.c,
 * the host's (every architecture) in tools/hostlib/registry.c, both
 * expanded from the lists in pmu/<arch>/registry.h, which also declare
 * each backend (pmu_<name>_backend). */
#define PMU_DECLARE_BACKEND(name) extern const struct pmu_backend pmu_##name##_backend;
extern const struct pmu_backend *const pmu_backends[];
extern const unsigned pmu_n_backends;

/* ---- Helpers shared by backends (pmu/helpers.c) ---- */

/* Formats into err (like snprintf); returns -1 for `return pmu_error(...)`. */
int pmu_error(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Appends one write to out[*n] when it fits (always counts *n). */
void pmu_emit(struct pmu_write *out, unsigned max, unsigned *n, uint32_t msr, uint64_t value,
              const char *what_fmt, ...) __attribute__((format(printf, 6, 7)));

/* The register of general-purpose counter i, and of control register i
 * (pmu->caps: listed, or `stride` apart from the first). */
uint32_t pmu_gp_reg(const struct pmu_caps *caps, unsigned i);
uint32_t pmu_sel_reg(const struct pmu_caps *caps, unsigned i);

/* Looks an event up by name, case-insensitive. */
const struct pmu_event_desc *pmu_find_event(const struct pmu_event_table *table, const char *name);

/* Looks a unit mask of an event up by name, case-insensitive. */
const struct pmu_umask_desc *pmu_find_umask(const struct pmu_event_desc *ev, const char *name);

/* The same among the unit masks revision rev has (pmu_rev_has). */
const struct pmu_umask_desc *pmu_find_umask_rev(const struct pmu_event_desc *ev, const char *name,
                                                unsigned rev);

/* Appends formatted text to a NUL-terminated buffer, as far as it fits. */
void pmu_append(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Generic placement: bipartite matching of events to counters by
 * counter_mask (bit i = counter i) among n_counters counters, trying the
 * counters in `prefer` first (e.g. fixed counters, to keep the GP ones
 * free). Fills
 * hw_index only; the backend then names the counter and fills read. */
int pmu_place_by_mask(struct pmu_assigned_event *events[], unsigned n, unsigned n_counters,
                      uint32_t prefer, char *err, size_t errlen);

/* pmu_place_by_mask for counters named PMC<n> and read with RDPMC <n>,
 * each `width` bits wide (P6, AMD). */
int pmu_place_pmcs(struct pmu_assigned_event *events[], unsigned n, unsigned n_counters,
                   unsigned width, char *err, size_t errlen);

/* Lists a table: one line per event, then its unit masks indented. */
void pmu_list_table(const struct pmu_event_table *table, pmu_line_fn line, void *ctx);

/* The same, only the events and unit masks revision rev has. */
void pmu_list_table_rev(const struct pmu_event_table *table, unsigned rev, pmu_line_fn line,
                        void *ctx);

/* ---- Event specs (pmu/spec.c) ---- */

/* Splits a spec word (pmu/spec.c); returns 0 or -1 with a message. */
int pmu_spec_parse(const char *word, size_t len, struct pmu_spec *spec, char *err, size_t errlen);

/* Length of the next event word of a list at s: up to the next ',' that
 * starts a new event (commas between `key=value` fields stay inside). */
size_t pmu_spec_word_len(const char *s);

/* Resolves an alias; returns the spec text or NULL. */
const char *pmu_find_alias(const struct pmu_alias *aliases, const char *name);

/* Parses an alias's text into out, appends the modifiers the user gave to
 * the alias (cycles:u), and keeps the user's text. 0, or -1 with err. */
int pmu_expand_alias(const char *alias, const struct pmu_spec *spec, struct pmu_spec *out,
                     char *err, size_t errlen);

#endif
