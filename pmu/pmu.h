/* The PMU layer: picks one backend from CPUID, turns event specs into
 * counter assignments and register writes, programs and reads counters.
 *
 * It compiles into the kernel and into host programs. All hardware access
 * goes through struct pmu_hw: the kernel implements it with fault-safe
 * instructions, the host tests with a model of each PMU.
 *
 * This header is the contract with bench/ (the harness): everything bench/
 * needs is declared here. Backend internals live in pmu/backend.h. */
#ifndef BAREBENCH_PMU_H
#define BAREBENCH_PMU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/cpuinfo.h"

#define PMU_MAX_COUNTERS 18 /* the Pentium 4 has the most */
#define PMU_MAX_EVENTS   32 /* per event set, over all passes */
#define PMU_MAX_PASSES   16
#define PMU_NAME_LEN     64
/* Register writes that program one pass, at most: the largest of the
 * backends' own bounds, which each backend states next to its encoder and
 * checks against this at compile time. The Pentium 4 needs the most. */
#define PMU_MAX_WRITES 74
#define PMU_ERR_LEN    224 /* room for a spec word and two revision names */

/* On every call whose failure must be handled: the compiler refuses a
 * caller that drops the result. */
#define PMU_MUST_CHECK __attribute__((warn_unused_result))

/* How a backend numbers its registers in struct pmu_hw's rdmsr/wrmsr and
 * struct pmu_write.msr: x86 model-specific registers (RDMSR/WRMSR), or
 * PowerPC special-purpose registers (mfspr/mtspr, the SPR number as the
 * manuals give it, in decimal). The interface stays MSR-named; the number
 * rides in the same field. */
enum pmu_reg_kind { PMU_REG_MSR, PMU_REG_SPR };

struct pmu;
struct pmu_plan;

/* Hardware access. Each returns 0, or a negative value when the access
 * faulted (the kernel's probes catch #GP/#UD) or the model refused it. */
struct pmu_hw {
    int (*rdmsr)(void *ctx, uint32_t msr, uint64_t *val);
    int (*wrmsr)(void *ctx, uint32_t msr, uint64_t val);
    int (*rdpmc)(void *ctx, uint32_t ecx, uint64_t *val);
    void *ctx;
    /* Optional (host models): called by pmu_verify() in place of its own
     * busy loop, so a model can count the loop's events. The kernel leaves
     * it NULL. */
    void (*workload)(void *ctx, uint32_t iterations);
    /* Optional (a Linux process, whose kernel takes events, not register
     * values: perf_event_open): programs or stops a whole pass in place of
     * its register writes, which then never reach wrmsr. NULL: the writes
     * go through wrmsr. */
    int (*start_pass)(void *ctx, const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass);
    int (*stop_pass)(void *ctx, const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass);
    /* Optional: true where the window may not read a counter itself (RDPMC
     * is refused at CPL 3), so the platform reads it around the window
     * (PMU_READ_OUTSIDE). NULL: the window reads it. */
    bool (*reads_outside)(void *ctx);
};

/* How the harness reads one counter inside the measured window. */
enum pmu_read_kind {
    PMU_READ_RDTSC, /* no PMU counter: the time-stamp counter (PowerPC: the time base) */
    PMU_READ_RDPMC, /* RDPMC with ECX = index */
    PMU_READ_RDMSR, /* RDMSR with ECX = index (Pentium without MMX); PowerPC: mfspr index */
    /* Read by the platform just outside the window, before its first
     * serializer and after its last (pmu_hw.reads_outside: a Linux
     * process's read() of a perf event); hw.rdpmc with index reads it. */
    PMU_READ_OUTSIDE,
};

struct pmu_read {
    enum pmu_read_kind kind;
    uint32_t index; /* ECX for RDPMC or RDMSR */
    unsigned width; /* counter width in bits: deltas are taken modulo 2^width */
    /* A metric (Intel's Topdown PERF_METRICS): not a count but byte
     * `metric - 1` of the value read, a fraction in 255ths of what the read
     * with index `of` in the same window counts. 0: a count. */
    unsigned metric;
    uint32_t of;
};

/* One event of a set, after parsing and assignment. */
struct pmu_assigned_event {
    char name[PMU_NAME_LEN];     /* canonical name with modifiers, e.g. "INST_RETIRED:u" */
    char encoding[PMU_NAME_LEN]; /* raw encoding as the user could type it back */
    char counter[24];            /* counter name, e.g. "PMC0", "FIXED1", "IQ_COUNTER4", "TSC" */
    unsigned pass;               /* which pass counts it */
    struct pmu_read read;

    /* Backend data, filled by planning and used by encoding. */
    const void *desc;      /* the backend's table entry, or NULL for raw */
    uint64_t config;       /* selector value (P5: CESR half; P6/arch/AMD: PerfEvtSel
                              without enable; P4: ESCR) */
    uint64_t config2;      /* second register where there is one (P4: CCCR) */
    uint32_t counter_mask; /* counters that can count it (bit i = counter i) */
    uint32_t flags;        /* PMU_EVF_* (pmu/backend.h) */
    unsigned hw_index;     /* the backend's counter number once placed */
    uint32_t hw_aux;       /* backend-specific placement data (P4: ESCR) */
};

/* A parsed and assigned event set, split into passes when it does not fit. */
struct pmu_plan {
    unsigned n_events;
    unsigned n_passes;
    struct pmu_assigned_event events[PMU_MAX_EVENTS];
};

struct pmu_backend;     /* pmu/backend.h */
struct pmu_event_table; /* pmu/backend.h */

/* A known erratum or quirk of a PMU that bears on what barebench
 * measures, with the document that gives it. It applies to the backend's
 * CPUs whose model and stepping lie in the ranges (a zero upper bound:
 * no upper bound). pmu_describe prints the ones that apply; results it
 * makes suspect (`marks`, and `affects` where only some events are) carry
 * its name (pmu_quirk_marking). */
struct pmu_quirk {
    const char *name;   /* "Pentium Pro erratum 26" */
    const char *effect; /* what it does, and what barebench does about it */
    const char *source; /* where it is documented */
    unsigned model_lo, model_hi;
    unsigned stepping_lo, stepping_hi;
    unsigned marks; /* PMU_QUIRK_*: the windows whose results it makes suspect; 0: none */
    /* The events it makes suspect; NULL: every event. */
    bool (*affects)(const struct pmu_assigned_event *ev);
};

/* How a window runs, as far as a quirk cares (bits of `marks`). */
#define PMU_QUIRK_USER_RDPMC 1u /* it reads its counters with RDPMC at CPL 3 */
#define PMU_QUIRK_GATE       2u /* it passes the monitor gate (INT and IRET: far transfers) */

/* What one PMU is, as data: Linux keeps these facts in struct x86_pmu
 * (.num_counters, .cntval_bits, .perfctr, .eventsel), kvm-unit-tests in
 * struct pmu_caps. A backend states what is fixed in a static one
 * (pmu_backend.caps); pmu_init copies it and the backend's init fills
 * in, once, what CPUID and the PMU's registers say about this CPU.
 * pmu_describe prints the counter inventory from it. Registers are MSRs
 * or SPRs (pmu_reg_kind). */
struct pmu_caps {
    const char *variant; /* the CPU's model group ("ppro", "k8"), printed with the name, or NULL */

    /* General-purpose (programmable) counters. */
    unsigned n_gp;
    unsigned gp_width;       /* bits */
    const char *gp_name;     /* counter names are gp_name + number ("PMC0"); NULL: numbers */
    unsigned gp_first;       /* the first one's number: 0; the PowerPC's PMC1: 1 */
    uint32_t gp_reg;         /* the first one's register */
    const uint32_t *gp_regs; /* or, where they are not evenly spaced, each one's register */

    /* Their control registers: one per counter, or fewer for them all. */
    const char *sel_name; /* numbered from 0 when there are several ("PERFEVTSEL0") */
    unsigned n_sel;
    uint32_t sel_reg;
    const uint32_t *sel_regs;

    /* Registers from one counter (and one control register) to the next:
     * 0 or 1, or 2 where counters and controls interleave (AMD's core
     * extension). */
    unsigned stride;

    /* Fixed-function counters (architectural perfmon from version 2). */
    unsigned n_fixed;
    unsigned fixed_width;
    uint32_t fixed_mask;  /* which ones the CPU has (bit j: FIXED_CTRj) */
    uint32_t fixed_reg;   /* FIXED_CTR0's register */
    uint32_t fixed_rdpmc; /* RDPMC index of FIXED_CTR0 */

    /* How the harness reads a counter: RDPMC with its number, or else
     * RDMSR (PowerPC: mfspr) of its register. */
    bool rdpmc;

    /* Errata and quirks of this PMU (struct pmu_quirk). */
    const struct pmu_quirk *quirks;
    unsigned n_quirks;

    /* What the backend's init learned about this CPU that only the
     * backend's code reads, one fact a field. */
    unsigned event_group; /* P6, AMD: which of the backend's event-table groups */
    /* arch, AMD: the CPU's model-specific event table, generated from
     * libpfm4 (pmu/x86/events_pfm.h), or NULL; model_table_unknown where
     * the CPU is one that no such table covers. */
    const struct pmu_event_table *model_table;
    bool model_table_unknown;
    unsigned perfmon_version;   /* arch: CPUID leaf 0xA version, 1 to 5; AMD: 2 with PerfMonV2 */
    uint64_t perf_capabilities; /* arch: IA32_PERF_CAPABILITIES, 0 where PDCM is clear */
    bool misc_enable_read;      /* P4: IA32_MISC_ENABLE could be read into misc_enable */
    uint32_t misc_enable;       /* P4: its low half (bit 7: performance monitoring) */
};

/* One detected PMU; fill with pmu_init(). */
struct pmu {
    const struct pmu_backend *backend;
    struct cpu_info cpu;
    struct pmu_hw hw;
    bool counting;            /* false until pmu_verify() saw counters advance */
    const char *not_counting; /* why pmu_verify() found they do not, or NULL */
    struct pmu_caps caps;     /* the backend's, completed for this CPU */
};

/* Picks the backend from CPUID alone (vendor, family, model, leaf 0xA).
 * `force` names a backend to use instead ("tsc", "p6", ...) or is NULL.
 * Never fails: the TSC backend is the last resort. */
void pmu_init(struct pmu *pmu, const struct cpu_info *cpu, const struct pmu_hw *hw,
              const char *force);

/* How the backend numbers its registers. */
enum pmu_reg_kind pmu_reg_kind(const struct pmu *pmu);

/* Backend name ("p5", "p5mmx", "p6", "arch", "amd", "p4", "tsc"). */
const char *pmu_name(const struct pmu *pmu);

/* Whether `name` names this PMU's backend, generally ("p5") or for this
 * CPU ("p5mmx"): what a user who forced a backend can check. */
bool pmu_is_named(const struct pmu *pmu, const char *name);

/* Writes lines describing the counter inventory (pmu->caps, then what
 * only the backend can say) and the errata that apply, through `line`
 * (no trailing newline). pmu/ never prints results itself. */
void pmu_describe(const struct pmu *pmu, void (*line)(void *ctx, const char *text), void *ctx);

/* Whether a quirk of this PMU's backend applies to this CPU. */
bool pmu_quirk_applies(const struct pmu *pmu, const struct pmu_quirk *q);

/* The first quirk that makes this CPU's result of ev suspect in a window
 * that runs as `window` says (PMU_QUIRK_* bits); NULL: none does. */
const struct pmu_quirk *pmu_quirk_marking(const struct pmu *pmu,
                                          const struct pmu_assigned_event *ev, unsigned window);

/* Parses a comma-separated event list (NULL or "" = the backend's default
 * set), validates every event for this CPU and assigns counters, splitting
 * into passes. Returns 0, or -1 with a message naming the bad word in err;
 * on error *plan holds the events accepted before the bad one. */
PMU_MUST_CHECK int pmu_plan_events(const struct pmu *pmu, const char *spec, struct pmu_plan *plan,
                                   char *err, size_t errlen);

/* Programs and enables the counters of one pass (counters start from 0). */
PMU_MUST_CHECK int pmu_start_pass(struct pmu *pmu, const struct pmu_plan *plan, unsigned pass);

/* Disables the counters of one pass. */
PMU_MUST_CHECK int pmu_stop_pass(struct pmu *pmu, const struct pmu_plan *plan, unsigned pass);

/* Programs the pass, runs a known loop (or hw.workload), stops the pass,
 * and checks that the counters advanced: every cycle or instruction event
 * that counts at CPL 0 (the kernel's). A pass without such an event (only
 * cache misses, or only CPL-3 events, which may rightly stay at 0) is
 * checked with the backend's default set instead. Returns true when they did and sets
 * pmu->counting; when not (every emulator), pmu->not_counting says why
 * (a write or read faulted, or nothing moved), and the caller must say so
 * and fall back to the TSC (pmu_fallback_tsc). Always true for the TSC. */
bool pmu_verify(struct pmu *pmu, const struct pmu_plan *plan, unsigned pass);

/* Why the event's results are no measurement on this machine, or NULL:
 * under QEMU's TCG the counting model counts three events, and any other
 * reads 0 like a real zero would. */
const char *pmu_not_modelled(const struct pmu *pmu, const struct pmu_assigned_event *ev);

/* Falls back to the TSC backend (after pmu_verify() failed): later plans
 * count TSC cycles and every event says so. */
void pmu_fallback_tsc(struct pmu *pmu);

/* One register write of a pass. */
struct pmu_write {
    uint32_t msr;
    uint64_t value;
    char what[48]; /* e.g. "PERFEVTSEL0 INST_RETIRED:u" */
};

/* The register writes that program and enable one pass, in order: exactly
 * what pmu_start_pass() writes through hw->wrmsr. Pure: no hardware access.
 * Returns the number of writes (may exceed max: only max are stored). The
 * kernel's debug option reads each listed MSR back and prints it; an MSR
 * may be listed more than once (first cleared, then programmed), and a
 * read-back after pmu_start_pass() shows its last write. pmu-encode prints
 * the same list. */
unsigned pmu_encode_pass(const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass,
                         struct pmu_write *out, unsigned max);

/* The writes that disable one pass (what pmu_stop_pass() writes). */
unsigned pmu_encode_stop(const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass,
                         struct pmu_write *out, unsigned max);

/* What must be reset before each window of a running pass, where its
 * events say so (Topdown's SLOTS and PERF_METRICS, whose fractions cover
 * everything since their reset): the register writes, as pmu_encode_pass
 * lists them (pure; 0 for most passes). The same for every window of the
 * pass: encode them once, write them (pmu_write_all) before each. */
unsigned pmu_encode_window(const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass,
                           struct pmu_write *out, unsigned max);
#define PMU_MAX_WINDOW_WRITES 8 /* each backend checks its own bound against it */

/* Performs n register writes in order (n <= PMU_MAX_WRITES); 0, or -1 when
 * one faulted or there were too many. */
PMU_MUST_CHECK int pmu_write_all(struct pmu *pmu, const struct pmu_write *w, unsigned n);

/* Lists the events and unit masks of the PMU (pmu-encode --list). */
void pmu_list_events(const struct pmu *pmu, void (*line)(void *ctx, const char *text), void *ctx);

/* Reads one counter the way pmu_verify does, through pmu->hw (a time
 * counter's read is the caller's): 0, or negative when the read faulted. */
PMU_MUST_CHECK int pmu_read_counter(struct pmu *pmu, const struct pmu_read *read, uint64_t *value);

/* Delta of a counter between two raw reads, modulo its width. */
static inline uint64_t pmu_delta(const struct pmu_read *read, uint64_t start, uint64_t end)
{
    uint64_t mask = read->width >= 64 ? ~0ull : (1ull << read->width) - 1;
    return (end - start) & mask;
}

/* The deltas of one window's n reads: pmu_delta for a count; for a
 * metric, the part of its base count's delta that the metric's fractions
 * give: base x fraction at the end less base x fraction at the start
 * (0 where quantization makes it negative), so that a window need not
 * start from a reset base, though one that does is exact to 1/255. */
void pmu_window_deltas(const struct pmu_read *reads, unsigned n, const uint64_t *start,
                       const uint64_t *end, uint64_t *delta);

#endif
