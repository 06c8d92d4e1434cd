/* For each selected payload: check what it needs, prepare it, measure each
 * pass inside a trap catch, print the table and the records. */
#include "app/suite.h"

#include "app/provenance.h"
#include "app/run_errors.h"
#include "app/sample.h"
#include "app/suite_arch.h"
#include "app/suite_catch.h"
#include "app/suite_sweep.h"
#include "bench/measure.h"
#include "bench/record.h"
#include "bench/select.h"
#include "bench/stats.h"
#include "kernel/console.h"
#include "kernel/memory.h"
#include "lib/fmt.h"
#include "lib/kstring.h"

static struct measure_result result;
/* One event's repetitions in their order (raw=1), or the shares of a
 * metric: a buffer that both use, one at a time (the PowerPC kernel must
 * fit the 40p's 1 MiB boot ROM). */
static int64_t scratch[MEASURE_MAX_REPS];
static struct selection selection;

static void print_boot_record(const struct suite_context *ctx, enum serializer ser)
{
    const struct cpu_info *cpu = &ctx->pmu->cpu;
    record_begin("boot");
    record_fieldf("%d", RECORD_FORMAT_VERSION);
    record_field(cpu->vendor_string);
    record_fieldf("%u", cpu->family);
    record_fieldf("%u", cpu->model);
    record_fieldf("%u", cpu->stepping);
    record_field(cpu->brand[0] ? cpu->brand : "-");
    record_field(ctx->pmu_detected);
    record_fieldf("%d", ctx->pmu->counting ? 1 : 0);
    record_field(serializer_name(ser));
    record_field(ctx->env_name);
    /* The provenance before the command line, the one field that may be
     * cut at RECORD_MAX. */
    const struct provenance *prov = suite_provenance();
    const struct smbios_info *names = &prov->smbios;
    record_field(provenance_value(prov->microcode));
    record_field(provenance_value(prov->firmware));
    record_field(provenance_value(names->bios_vendor));
    record_field(provenance_value(names->bios_version));
    record_field(provenance_value(names->bios_date));
    record_field(provenance_value(names->system_vendor));
    record_field(provenance_value(names->system_product));
    record_field(provenance_value(names->board_vendor));
    record_field(provenance_value(names->board_product));
    record_field(ctx->cmdline[0] ? ctx->cmdline : "-");
    record_end();
    suite_conditions_record();
}

static void record_bench(const struct payload *p)
{
    record_begin("bench");
    record_field(p->name);
    if (p->insns == PAYLOAD_INSNS_VARIABLE) {
        record_field("-");
    } else {
        record_fieldf("%d", (int)p->insns);
    }
    record_field(p->description);
    record_end();
}

static void print_bench_header(const struct payload *p)
{
    kprintf("\n%s: %s", p->name, p->description);
    if (p->insns != PAYLOAD_INSNS_VARIABLE) {
        kprintf(" [%d instruction%s per iteration]", (int)p->insns, p->insns == 1 ? "" : "s");
    }
    kprintf("\n");
    record_bench(p);
}

/* bench=list: the library on the console and as `bench` records, so that a
 * log (or the screen's QR pages) of it is a sound run that measures nothing. */
static void list_library(void)
{
    const struct payload *p;
    select_print_library();
    for (unsigned i = 0; (p = payload_at(i)); i++) {
        record_bench(p);
    }
}

static void print_skip(const struct payload *p, const char *why)
{
    kprintf("\n%s: skipped: %s\n", p->name, why);
    record_begin("skip");
    record_field(p->name);
    record_field(why);
    record_end();
}

static void print_fault(const struct payload *p, const struct suite_fault *t)
{
    kprintf("  FAULT: %s raised %s (vector %u, error code 0x%x) at %s %08lx; going on\n", p->name,
            t->name, (unsigned)t->vector, (unsigned)t->error, t->pc_name, (unsigned long)t->pc);
    record_begin("fault");
    record_field(p->name);
    record_fieldf("%u", (unsigned)t->vector);
    record_field(t->name);
    record_fieldf("0x%x", (unsigned)t->error);
    record_fieldf("0x%08lx", (unsigned long)t->pc);
    record_end();
}

static void print_pass_header(const struct suite_context *ctx, const struct payload *p,
                              unsigned pass, const struct measure_config *cfg)
{
    const struct pmu_plan *plan = ctx->plan;
    kprintf("  pass %u: unroll %u (%s), %u reps after %u warm-up, %s:", pass, (unsigned)cfg->unroll,
            measure_method_name(result.method), (unsigned)cfg->reps, (unsigned)cfg->warmup,
            serializer_name(cfg->ser));
    record_begin("pass");
    record_field(p->name);
    record_fieldf("%u", pass);
    char events[256];
    size_t at = 0;
    events[0] = '\0';
    for (unsigned i = 0; i < plan->n_events; i++) {
        if (plan->events[i].pass != pass) {
            continue;
        }
        kprintf(" %s", plan->events[i].name);
        at += (size_t)fmt_snprintf(events + at, at < sizeof events ? sizeof events - at : 0, "%s%s",
                                   at ? "+" : "", plan->events[i].name);
    }
    kprintf("\n");
    record_field(events);
    record_end();
    kprintf("  %10s %10s %10s %10s %10s %8s  %-28s %-22s %s\n", bootopts_choice_name("aggregate"),
            "min", "max", "mean", "trimmed", "spread", "event", "encoding", "counter");
}

static int64_t pick(const struct stats *s, unsigned aggregate)
{
    switch (aggregate) {
    case AGG_MIN:
        return s->min;
    case AGG_MEAN:
        return s->mean;
    case AGG_MAX:
        return s->max;
    case AGG_TRIMMED:
        return s->trimmed;
    default:
        return s->median;
    }
}

/* Values per raw record: 16 of at most 21 characters (an int64 with two
 * decimals and its sign) and a space each fit in RECORD_MAX beside the
 * names. */
#define RAW_PER_RECORD 16

/* The repetitions' values in the order they were measured, attached to the
 * result record just written (format 5). */
static void record_raw(const char *bench, const char *event, const int64_t *values, unsigned n)
{
    for (unsigned first = 0; first < n; first += RAW_PER_RECORD) {
        char text[RAW_PER_RECORD * 24];
        size_t at = 0;
        for (unsigned i = first; i < n && i < first + RAW_PER_RECORD; i++) {
            char v[24];
            fmt_fixed(v, sizeof v, values[i], 2);
            at +=
                (size_t)fmt_snprintf(text + at, sizeof text - at, "%s%s", i > first ? " " : "", v);
        }
        record_begin_attached("raw");
        record_field(bench);
        record_field(event);
        record_fieldf("%u", first);
        record_field(text);
        record_end();
    }
}

static void print_row(const struct suite_context *ctx, const struct payload *p, unsigned pass,
                      unsigned slot, const struct measure_config *cfg)
{
    const struct pmu_assigned_event *ev = &ctx->plan->events[result.event[slot]];
    struct stats s;
    char v[6][24];
    if (ctx->opts->raw) {
        memcpy(scratch, result.value[slot], cfg->reps * sizeof scratch[0]);
    }
    stats_compute(result.value[slot], cfg->reps, &s);
    int64_t shown[6] = {
        pick(&s, ctx->opts->aggregate), s.min, s.max, s.mean, s.trimmed, s.max - s.min};
    for (int i = 0; i < 6; i++) {
        fmt_fixed(v[i], sizeof v[i], shown[i], 2);
    }
    kprintf("  %10s %10s %10s %10s %10s %8s  %-28s %-22s %s\n", v[0], v[1], v[2], v[3], v[4], v[5],
            ev->name, ev->encoding, ev->counter);

    record_begin("result");
    record_field(p->name);
    record_field(ev->name);
    record_field(ev->encoding);
    record_field(ev->counter);
    record_fieldf("%u", pass);
    record_field(ev->read.kind == PMU_READ_RDTSC ? "ticks" : "events");
    record_fieldf("%u", (unsigned)cfg->reps);
    record_fieldf("%u", (unsigned)cfg->unroll);
    record_field_x100(s.min);
    record_field_x100(s.median);
    record_field_x100(s.mean);
    record_field_x100(s.max);
    record_field_x100(s.trimmed);
    record_end();
    if (ctx->opts->raw) {
        record_raw(p->name, ev->name, scratch, cfg->reps);
    }

    int64_t ticks_per_cycle = suite_ticks_per_cycle_x100();
    if (ev->read.kind == PMU_READ_RDTSC && ticks_per_cycle > 0) {
        char c[4][24];
        int64_t cycles[3] = {s.min, s.median, s.max};
        for (int i = 0; i < 3; i++) {
            fmt_fixed(c[i], sizeof c[i], cycles[i] * 100 / ticks_per_cycle, 2);
        }
        fmt_fixed(c[3], sizeof c[3], ticks_per_cycle, 2);
        kprintf("  %10s %10s %10s  cycles, calibrated: ticks / %s ticks per cycle of an ADD chain "
                "(median, min, max)\n",
                c[1], c[0], c[2], c[3]);
    }

    const struct pmu_quirk *erratum = pmu_quirk_marking(ctx->pmu, ev, suite_window_traits());
    if (erratum) {
        kprintf("  %s: %s: %s\n", ev->name, erratum->name, erratum->effect);
        record_begin("erratum");
        record_field(p->name);
        record_field(ev->name);
        record_field(erratum->name);
        record_end();
    }

    const char *unmodelled = pmu_not_modelled(ctx->pmu, ev);
    if (unmodelled) {
        kprintf("  %s: %s\n", ev->name, unmodelled);
        record_begin("unmodelled");
        record_field(p->name);
        record_field(ev->name);
        record_field(unmodelled);
        record_end();
    }
}

/* Each metric of the pass (Topdown's) as the share of its base count
 * (the slots) that it is in each repetition, the median of those: the
 * breakdown of one window, which the per-iteration medians of its rows,
 * each the median of another repetition, need not add up to. Taken before
 * the rows' statistics sort each event's repetitions apart. */
static int metric_base[WINDOW_MAX_READS]; /* the base's slot, or -1 */
static int64_t metric_share[WINDOW_MAX_READS];

static void take_metrics(const struct suite_context *ctx, const struct measure_config *cfg)
{
    for (unsigned slot = 0; slot < result.n_events; slot++) {
        const struct pmu_read *r = &ctx->plan->events[result.event[slot]].read;
        metric_base[slot] = -1;
        for (unsigned b = 0; r->metric && b < result.n_events; b++) {
            const struct pmu_read *base = &ctx->plan->events[result.event[b]].read;
            if (base->metric || base->index != r->of) {
                continue;
            }
            for (uint32_t i = 0; i < cfg->reps; i++) {
                int64_t of = result.value[b][i];
                scratch[i] = of > 0 ? result.value[slot][i] * 10000 / of : 0;
            }
            struct stats s;
            stats_compute(scratch, cfg->reps, &s);
            metric_base[slot] = (int)b;
            metric_share[slot] = s.median;
            break;
        }
    }
}

static void print_metrics(const struct suite_context *ctx)
{
    for (unsigned slot = 0; slot < result.n_events; slot++) {
        if (metric_base[slot] >= 0) {
            char v[24];
            fmt_fixed(v, sizeof v, metric_share[slot], 2);
            kprintf("  %s: %s%% of %s (median of the repetitions' shares)\n",
                    ctx->plan->events[result.event[slot]].name, v,
                    ctx->plan->events[result.event[metric_base[slot]]].name);
        }
    }
}

/* What disturbed the pass's repetitions (format 5), where anything did:
 * how many were measured again, how many kept disturbed (the redo limit
 * reached), and per kind how many saw it ("smi 1; pending interrupt 2"). */
static void record_disturbed(const struct payload *p, unsigned pass,
                             const struct measure_probe *probe)
{
    char why[128];
    size_t at = 0;
    why[0] = '\0';
    for (unsigned k = 0; k < MEASURE_DISTURB_KINDS; k++) {
        if (result.seen[k]) {
            at += (size_t)fmt_snprintf(why + at, sizeof why - at, "%s%s %u", at ? "; " : "",
                                       probe->names[k], result.seen[k]);
        }
    }
    if (!at) {
        return;
    }
    kprintf("  pass %u: %u repetition(s) measured again, %u kept disturbed: %s\n", pass,
            result.redone, result.kept, why);
    record_begin("disturbed");
    record_field(p->name);
    record_fieldf("%u", pass);
    record_fieldf("%u", result.redone);
    record_fieldf("%u", result.kept);
    record_field(why);
    record_end();
}

/* Programs the counters of one pass (and the sampler's overflow, where it
 * samples this pass): NULL, or why the pass cannot be measured. A pass
 * that failed half-way is stopped again, so nothing half-programmed runs. */
static const char *start_pass(const struct suite_context *ctx, unsigned pass)
{
    static char why[96];
    const char *sampler = NULL;
    if (pmu_start_pass(ctx->pmu, ctx->plan, pass) == 0 && !(sampler = sample_pass_started(pass))) {
        return NULL;
    }
    if (pmu_stop_pass(ctx->pmu, ctx->plan, pass) < 0) {
        kprintf("pmu: stopping pass %u faulted too\n", pass);
    }
    if (sampler) {
        return sampler;
    }
    fmt_snprintf(why, sizeof why,
                 "pass %u: a register write faulted while programming the counters", pass);
    return why;
}

/* Before each window: what the pass's reads must find reset (Topdown's
 * SLOTS and PERF_METRICS). A write that faults is remembered, and the
 * pass then gives no values. */
static bool reset_faulted;

/* The writes before each window of one pass, encoded once for all of its
 * windows. */
static struct {
    bool valid;
    unsigned pass, n;
    struct pmu_write writes[PMU_MAX_WINDOW_WRITES];
} window_reset;

static unsigned window_writes(const struct suite_context *ctx, unsigned pass)
{
    if (!window_reset.valid || window_reset.pass != pass) {
        window_reset.n = pmu_encode_window(ctx->pmu, ctx->plan, pass, window_reset.writes,
                                           PMU_MAX_WINDOW_WRITES);
        window_reset.pass = pass;
        window_reset.valid = true;
    }
    return window_reset.n;
}

static void reset_window(const void *arg, unsigned pass)
{
    const struct suite_context *ctx = arg;
    /* The sampler's preset must stand; that pass's windows give no values. */
    if (sample_owns_pass(pass)) {
        return;
    }
    unsigned n = window_writes(ctx, pass);
    if (n > PMU_MAX_WINDOW_WRITES || pmu_write_all(ctx->pmu, window_reset.writes, n) < 0) {
        reset_faulted = true;
    }
}

static bool resets_each_window;

/* Before each window of a cold payload: the idle, then what must be reset
 * right before the window. */
static void before_cold_window(const void *arg, unsigned pass)
{
    suite_idle_cold();
    if (resets_each_window) {
        reset_window(arg, pass);
    }
}

/* Whether any pass has what must be reset before each window: only then
 * does the harness call out before each. Elsewhere the code between two
 * windows stays what it was: under -icount the PowerPC time base ticks
 * once per 10 instructions, so what a window reads depends on where
 * between two ticks it starts, which that code decides. */
static bool resets_windows(const struct suite_context *ctx)
{
    for (unsigned pass = 0; pass < ctx->plan->n_passes; pass++) {
        if (window_writes(ctx, pass)) {
            return true;
        }
    }
    return false;
}

static const char *reset_failure(unsigned pass)
{
    static char why[96];
    if (!reset_faulted) {
        return NULL;
    }
    fmt_snprintf(why, sizeof why,
                 "pass %u: a register write faulted while resetting the counters before a window",
                 pass);
    return why;
}

/* Stops one pass; a failure is said, and the next pass reprograms every
 * counter it uses, so results already taken stand. */
static void stop_pass(const struct suite_context *ctx, unsigned pass)
{
    sample_pass_ending(pass);
    if (pmu_stop_pass(ctx->pmu, ctx->plan, pass) < 0) {
        kprintf("pmu: a register write faulted while stopping pass %u; the counters may run on "
                "until the next pass reprograms them\n",
                pass);
    }
}

/* Prints what the empty window costs in each pass: the constant that
 * differencing or the empty-window subtraction removes. */
static void print_overhead(const struct suite_context *ctx, const struct measure_config *cfg)
{
    uint64_t min_count[WINDOW_MAX_READS];
    for (unsigned pass = 0; pass < ctx->plan->n_passes; pass++) {
        /* No value could come of the empty windows: do not run them. */
        if (sample_owns_pass(pass)) {
            kprintf("window overhead, pass %u: no value: the sampled counter is re-armed at "
                    "each PMI\n",
                    pass);
            continue;
        }
        const char *why = start_pass(ctx, pass);
        if (why) {
            kprintf("window overhead, pass %u: not measured: %s\n", pass, why);
            continue;
        }
        reset_faulted = false;
        unsigned n = measure_overhead(ctx->plan, pass, cfg, &result, min_count);
        stop_pass(ctx, pass);
        if ((why = reset_failure(pass))) {
            kprintf("window overhead, pass %u: not measured: %s\n", pass, why);
            continue;
        }
        kprintf("window overhead, pass %u (minimum of %u empty windows):", pass,
                (unsigned)cfg->reps);
        for (unsigned i = 0; i < n; i++) {
            kprintf(" %s %llu", ctx->plan->events[result.event[i]].name,
                    (unsigned long long)min_count[i]);
        }
        kprintf("\n");
    }
}

struct pass_job {
    const struct payload *p;
    const struct pmu_plan *plan;
    unsigned pass;
    const struct measure_config *cfg;
    struct payload_regs *regs;
};

static const char *run_pass_job(void *arg)
{
    const struct pass_job *j = arg;
    return measure_pass(j->p, j->plan, j->pass, j->cfg, j->regs, &result);
}

/* Measures every pass of one payload inside a trap catch. Returns false
 * (with *fault filled) when the payload faulted. */
static bool measure_payload(const struct suite_context *ctx, const struct payload *p,
                            const struct measure_config *cfg, struct payload_regs *regs,
                            struct suite_fault *fault)
{
    for (unsigned pass = 0; pass < ctx->plan->n_passes; pass++) {
        const char *why = start_pass(ctx, pass);
        if (why) {
            print_skip(p, why);
            return true;
        }
        struct pass_job job = {p, ctx->plan, pass, cfg, regs};
        reset_faulted = false;
        bool ok = suite_catch(run_pass_job, &job, &why, fault);
        stop_pass(ctx, pass);
        if (!ok) {
            return false;
        }
        if (!why) {
            why = reset_failure(pass);
        }
        if (why) {
            print_skip(p, why);
            return true;
        }
        if (sample_owns_pass(pass)) {
            /* A window's two reads may straddle a re-arming: no value is sound. */
            kprintf("  pass %u: no values: the sampled counter is re-armed at each PMI\n", pass);
            continue;
        }
        print_pass_header(ctx, p, pass, cfg);
        take_metrics(ctx, cfg);
        for (unsigned slot = 0; slot < result.n_events; slot++) {
            print_row(ctx, p, pass, slot, cfg);
        }
        print_metrics(ctx);
        if (cfg->probe) {
            record_disturbed(p, pass, cfg->probe);
        }
    }
    return true;
}

/* Checks, prepares and measures one payload (or one point of a sweep);
 * returns 1 when it faulted. */
static unsigned run_payload(const struct suite_context *ctx, const struct payload *p,
                            const struct measure_config *cfg, const struct payload_env *env,
                            const char *unreadable, unsigned index)
{
    struct payload_regs regs = {0};
    char status[96];
    fmt_snprintf(status, sizeof status, "barebench: benchmark %u of %u: %s", index + 1, selection.n,
                 p->name);
    if (ctx->show_status) {
        ctx->show_status(status);
    }
    const char *why = unreadable ? unreadable : suite_missing_feature(p, &ctx->pmu->cpu);
    mem_reset(); /* what the previous payload's prepare allocated */
    if (!why && p->prepare) {
        why = p->prepare(&regs, env);
    }
    if (why) {
        print_skip(p, why);
        return 0;
    }
    print_bench_header(p);
    struct suite_fault fault;
    struct measure_config payload_cfg = *cfg;
    if (p->flags & PAYLOAD_COLD) {
        payload_cfg.method = MEASURE_EMPTY;
        payload_cfg.before_window = before_cold_window;
        payload_cfg.window_ctx = ctx;
    }
    unsigned faulted = 0;
    sample_payload_begin();
    if (!measure_payload(ctx, p, &payload_cfg, &regs, &fault)) {
        print_fault(p, &fault);
        faulted = 1;
    }
    sample_payload_end(p);
    return faulted;
}

static void unmatched(const char *word, size_t len)
{
    run_error("bench", "'%.*s' matches no benchmark (bench=list shows them); skipped", (int)len,
              word);
}

unsigned suite_run(const struct suite_context *ctx)
{
    const struct boot_options *o = ctx->opts;
    struct measure_config cfg = {
        .unroll = o->unroll,
        .reps = o->reps,
        .warmup = o->warmup,
        .method = o->method == METHOD_EMPTY ? MEASURE_EMPTY : MEASURE_DIFF,
    };
    struct payload_env env = {
        .max_copies = (cfg.method == MEASURE_DIFF ? 2 : 1) * o->unroll,
        .working_set = o->wss << 10,
    };
    unsigned faults = 0;
    struct suite_sweep sweep;

    select_payloads(o->bench, &selection, unmatched);
    suite_sweep_setup(o->sweep, &sweep);
    if (selection.n == 0 && !selection.list_only) {
        run_error("bench", "bench=%s selects no benchmark: none is measured", o->bench);
    }
    if (selection.dropped) {
        run_error("bench",
                  "bench=%s selects %u benchmarks more than the %u a run takes: they are "
                  "not measured",
                  o->bench, selection.dropped, (unsigned)SELECT_MAX);
    }
    cfg.ser = suite_conditions_setup(ctx->pmu, o->serialize, o->turbo == TURBO_OFF);
    cfg.probe = suite_probe();
    resets_each_window = resets_windows(ctx);
    if (resets_each_window) {
        cfg.before_window = reset_window;
        cfg.window_ctx = ctx;
    }
    if (selection.list_only) {
        print_boot_record(ctx, cfg.ser);
        run_errors_record();
        list_library();
        return 0;
    }
    kprintf("\nbench: %u benchmark(s), serialize %s, unroll %u, %u reps, %u warm-up, "
            "overhead removal %s\n",
            selection.n, serializer_name(cfg.ser), (unsigned)cfg.unroll, (unsigned)cfg.reps,
            (unsigned)cfg.warmup, measure_method_name(cfg.method));
    print_boot_record(ctx, cfg.ser);
    suite_conditions_calibrate(ctx->pmu, "before");
    run_errors_record();
    /* No TSC and nothing else to read: RDTSC would raise #UD in every window. */
    const char *unreadable = measure_unreadable(ctx->pmu, ctx->plan);
    if (unreadable) {
        kprintf("bench: %s: every benchmark is skipped\n", unreadable);
    } else if (selection.n) {
        print_overhead(ctx, &cfg);
    }

    for (unsigned i = 0; i < selection.n; i++) {
        for (unsigned point = 0; point < suite_sweep_count(&sweep); point++) {
            struct measure_config point_cfg = cfg;
            struct payload_env point_env = env;
            struct payload p;
            char name[SUITE_SWEEP_NAME_MAX];
            suite_sweep_apply(&sweep, point, selection.payloads[i], &point_cfg, &point_env, &p,
                              name);
            faults += run_payload(ctx, &p, &point_cfg, &point_env, unreadable, i);
        }
    }
    suite_conditions_calibrate(ctx->pmu, "after");
    return faults;
}
