/* The two overhead-removal methods share one loop: run window A and window
 * B per repetition, take B - A per event. DIFF: A = U copies, B = 2U.
 * EMPTY: A = the empty window, whose minimum over all repetitions is
 * subtracted (Agner Fog's way), B = U copies. */
#include "bench/measure.h"

#include "bench/stats.h"

#define CODE_CAP (256u << 10)

static uint8_t code_a[CODE_CAP] __attribute__((aligned(64)));
static uint8_t code_b[CODE_CAP] __attribute__((aligned(64)));
static uint64_t count_a[WINDOW_MAX_READS][MEASURE_MAX_REPS];

const char *measure_method_name(enum measure_method m)
{
    return m == MEASURE_DIFF ? "diff" : "empty";
}

const char *measure_unreadable(const struct pmu *pmu, const struct pmu_plan *plan)
{
    if (pmu->cpu.features[FEAT_TSC]) {
        return 0;
    }
    for (unsigned i = 0; i < plan->n_events; i++) {
        if (plan->events[i].read.kind == PMU_READ_RDTSC) {
            return "nothing to read: no working performance counters and no time-stamp counter "
                   "(CPUID.1:EDX.TSC = 0)";
        }
    }
    return 0;
}

static unsigned pass_reads(const struct pmu_plan *plan, unsigned pass, struct measure_result *out,
                           struct pmu_read *reads)
{
    unsigned n = 0;
    for (unsigned i = 0; i < plan->n_events && n < WINDOW_MAX_READS; i++) {
        if (plan->events[i].pass == pass) {
            out->event[n] = i;
            reads[n++] = plan->events[i].read;
        }
    }
    return n;
}

/* Runs one window of the pass, after what must precede each, and takes
 * its reads' deltas. */
static void run_window(const struct measure_config *cfg, unsigned pass, const struct window *w,
                       struct payload_regs *regs, uint64_t *delta)
{
    uint64_t start[WINDOW_MAX_READS], end[WINDOW_MAX_READS];
    if (cfg->before_window) {
        cfg->before_window(cfg->window_ctx, pass);
    }
    window_run(w, regs, start, end);
    pmu_window_deltas(w->reads, w->n_reads, start, end, delta);
}

unsigned measure_overhead(const struct pmu_plan *plan, unsigned pass,
                          const struct measure_config *cfg, struct measure_result *out,
                          uint64_t *min_count)
{
    static const struct payload nothing = {.name = "(window)"};
    struct payload_regs regs = {0};
    struct pmu_read reads[WINDOW_MAX_READS];
    unsigned n = pass_reads(plan, pass, out, reads);
    uint64_t count[WINDOW_MAX_READS];
    struct window w;

    /* An empty window always fits; were it not to, no event is reported. */
    out->n_events = 0;
    if (!window_build(&w, &nothing, 0, reads, n, cfg->ser, code_a, CODE_CAP)) {
        return 0;
    }
    out->n_events = n;
    for (uint32_t r = 0; r < cfg->warmup + cfg->reps; r++) {
        run_window(cfg, pass, &w, &regs, count);
        for (unsigned i = 0; i < n; i++) {
            if (r == cfg->warmup || (r > cfg->warmup && count[i] < min_count[i])) {
                min_count[i] = count[i];
            }
        }
    }
    return n;
}

static unsigned probe_redo(const struct measure_probe *probe)
{
    return probe ? probe->redo : 0;
}

const char *measure_pass(const struct payload *p, const struct pmu_plan *plan, unsigned pass,
                         const struct measure_config *cfg, struct payload_regs *regs,
                         struct measure_result *out)
{
    struct pmu_read reads[WINDOW_MAX_READS];
    unsigned n = pass_reads(plan, pass, out, reads);
    struct window a, b;
    uint32_t u = cfg->unroll;

    out->n_events = n;
    out->method = MEASURE_DIFF;
    if (cfg->method != MEASURE_DIFF ||
        !window_build(&a, p, u, reads, n, cfg->ser, code_a, CODE_CAP) ||
        !window_build(&b, p, 2 * u, reads, n, cfg->ser, code_b, CODE_CAP)) {
        out->method = MEASURE_EMPTY; /* asked for, or 2U copies do not fit */
        if (!window_build(&a, p, 0, reads, n, cfg->ser, code_a, CODE_CAP) ||
            !window_build(&b, p, u, reads, n, cfg->ser, code_b, CODE_CAP)) {
            return "the body does not fit in the code buffer at this unroll";
        }
    }

    uint64_t count[WINDOW_MAX_READS];
    const struct measure_probe *probe = cfg->probe;
    for (uint32_t w = 0; w < cfg->warmup; w++) {
        run_window(cfg, pass, &a, regs, count);
        run_window(cfg, pass, &b, regs, count);
    }
    out->redone = out->kept = 0;
    for (unsigned k = 0; k < MEASURE_DISTURB_KINDS; k++) {
        out->seen[k] = 0;
    }
    if (probe) {
        probe->start(probe->ctx);
    }
    for (uint32_t r = 0; r < cfg->reps; r++) {
        for (unsigned attempt = 0;; attempt++) {
            if (probe) {
                probe->before(probe->ctx);
                if (probe->cools) {
                    run_window(cfg, pass, &a, regs, count);
                    run_window(cfg, pass, &b, regs, count);
                }
            }
            run_window(cfg, pass, &a, regs, count);
            for (unsigned i = 0; i < n; i++) {
                count_a[i][r] = count[i];
            }
            run_window(cfg, pass, &b, regs, count);
            for (unsigned i = 0; i < n; i++) {
                out->value[i][r] = (int64_t)count[i];
            }
            unsigned seen = probe ? probe->after(probe->ctx) : 0;
            for (unsigned k = 0; k < MEASURE_DISTURB_KINDS; k++) {
                out->seen[k] += (seen >> k) & 1;
            }
            if (!(seen & probe_redo(probe))) {
                break;
            }
            if (attempt == MEASURE_MAX_REDO) {
                out->kept++;
                break;
            }
            out->redone++;
        }
    }

    for (unsigned i = 0; i < n; i++) {
        uint64_t empty_min = count_a[i][0];
        for (uint32_t r = 1; r < cfg->reps; r++) {
            empty_min = count_a[i][r] < empty_min ? count_a[i][r] : empty_min;
        }
        for (uint32_t r = 0; r < cfg->reps; r++) {
            int64_t base =
                out->method == MEASURE_DIFF ? (int64_t)count_a[i][r] : (int64_t)empty_min;
            out->value[i][r] = stats_per_iteration_x100(out->value[i][r] - base, u);
        }
    }
    return 0;
}
