/* Measuring one payload over one pass of events: warm-up runs, then
 * repetitions, each turned into a per-iteration value with the window's
 * own cost removed. */
#ifndef BAREBENCH_MEASURE_H
#define BAREBENCH_MEASURE_H

#include <stdbool.h>
#include <stdint.h>

#include "bench/payload.h"
#include "bench/window.h"
#include "pmu/pmu.h"

#define MEASURE_MAX_REPS 1000

enum measure_method {
    MEASURE_DIFF,  /* (count(2U) - count(U)) / U */
    MEASURE_EMPTY, /* (count(U) - min count(empty window)) / U */
};

/* Kinds of disturbance a platform can see around a repetition, and how
 * often a disturbed repetition is measured again before it is kept. */
#define MEASURE_DISTURB_KINDS 4
#define MEASURE_MAX_REDO      3

/* What may have disturbed a repetition, read around its windows and never
 * inside them (the platform's: SMIs, clock, throttling, pending
 * interrupts). A repetition that saw one of the `redo` kinds is measured
 * again, up to MEASURE_MAX_REDO times. */
struct measure_probe {
    void (*start)(void *ctx);     /* a pass begins */
    void (*before)(void *ctx);    /* before a repetition's windows */
    unsigned (*after)(void *ctx); /* after them: bit k, kind k was seen */
    unsigned redo;                /* the kinds that redo a repetition */
    void *ctx;
    const char *const *names; /* of each kind */
    /* Its reading may leave the caches cold (a system call under a
     * hypervisor): each repetition runs its windows once unmeasured after
     * it, so that the first timed window does not pay to refill what the
     * second finds warm. */
    bool cools;
};

struct measure_config {
    uint32_t unroll, reps, warmup;
    enum serializer ser;
    enum measure_method method;        /* preferred; EMPTY is used when 2U copies do not fit */
    const struct measure_probe *probe; /* NULL: nothing is read around the windows */
    /* Called before each window of pass `pass` (the writes of pmu_encode_window:
     * what its reads must find reset); NULL: nothing. */
    void (*before_window)(const void *ctx, unsigned pass);
    const void *window_ctx;
};

struct measure_result {
    enum measure_method method; /* the one used */
    unsigned n_events;
    unsigned event[WINDOW_MAX_READS]; /* index into the plan */
    /* per event, per repetition: value per iteration times 100 */
    int64_t value[WINDOW_MAX_READS][MEASURE_MAX_REPS];
    unsigned redone;                      /* repetitions measured again */
    unsigned kept;                        /* disturbed ones kept, MEASURE_MAX_REDO reached */
    unsigned seen[MEASURE_DISTURB_KINDS]; /* repetitions (redone ones too) that saw kind k */
};

/* Measures with the pass's counters already running. Returns NULL, or the
 * reason the payload cannot be measured (it is then skipped). A fault in
 * the payload propagates to the caller's trap catch. */
const char *measure_pass(const struct payload *p, const struct pmu_plan *plan, unsigned pass,
                         const struct measure_config *cfg, struct payload_regs *regs,
                         struct measure_result *out);

/* The window's own cost per event of a pass: the minimum raw count of an
 * empty window (no body) over cfg->reps runs, after cfg->warmup. The pass's
 * counters must be running. Returns the number of events (out->event says
 * which); counts go to min_count. */
unsigned measure_overhead(const struct pmu_plan *plan, unsigned pass,
                          const struct measure_config *cfg, struct measure_result *out,
                          uint64_t *min_count);

/* Why the plan's counters cannot be read on this CPU, or NULL. A plan that
 * reads the time-stamp counter (the TSC backend, or the fallback to it when
 * the PMU does not count) needs CPUID.1:EDX.TSC (bit 4): RDTSC raises #UD
 * without it (Intel SDM Vol. 2B, RDTSC), so no window may be built around
 * it. The suite then skips every benchmark with this reason. */
const char *measure_unreadable(const struct pmu *pmu, const struct pmu_plan *plan);

const char *measure_method_name(enum measure_method m);

#endif
