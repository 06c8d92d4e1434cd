/* The sampler: the option, PMI handling and the per-payload histogram,
 * the same on every architecture; how the interrupt arrives is the
 * architecture's (struct sample_delivery). */
#include "app/sample.h"

#include "app/bootopts.h"
#include "app/run_errors.h"
#include "bench/record.h"
#include "bench/window.h"
#include "kernel/console.h"
#include "lib/fmt.h"
#include "lib/kstring.h"
#include "pmu/overflow.h"
#include "pmu/overflow_samples.h"

static char asked_event[96];
static uint64_t asked_period; /* 0: sample= not given, or malformed */
static const struct sample_delivery *delivery;
static struct pmu *spmu;
static const struct pmu_plan *splan;
static struct pmu_overflow ovf;
static bool active;
static bool rearm_failed;        /* since the payload began: its histogram is incomplete */
static volatile uint64_t rearms; /* since the pass armed the counter (by the PMI handler) */
static uint64_t counted;         /* events the sampled counter counted during this payload */
static bool read_failed;         /* reading it at the end of a pass faulted */

static struct pmu_sample_hist hist;

const char *sample_plan_events(void)
{
    if (!boot_opts.sample[0]) {
        return boot_opts.events;
    }
    if (pmu_sample_parse(boot_opts.sample, asked_event, sizeof asked_event, &asked_period)) {
        return asked_event;
    }
    run_error("sample",
              "sample=%s: expected EVENT:PERIOD with PERIOD a positive number; not sampling",
              boot_opts.sample);
    return boot_opts.events;
}

void sample_setup(struct pmu *pmu, const struct pmu_plan *plan, const struct cpu_info *cpu,
                  const struct sample_delivery *how)
{
    char err[PMU_ERR_LEN];
    const char *why = pmu_overflow_unsupported(pmu);
    uint64_t asked = asked_period, period = asked_period;
    if (!asked) {
        return;
    }
    uint64_t least = plan->n_events ? pmu_overflow_min_period(plan, 0) : 1;
    if (period < least) {
        period = least;
    }
    struct pmu detected;
    pmu_init(&detected, cpu, &pmu->hw, NULL);
    if (pmu_overflow_unsupported(&detected) == 0 && !pmu->counting) {
        why = "the PMU's counters do not count on this machine (an emulator?), so no counter "
              "can overflow";
    } else if (!why && (why = how->init(cpu)) == 0 &&
               pmu_overflow_setup(pmu, plan, 0, period, &ovf, err, sizeof err) < 0) {
        why = err;
    }
    if (why) {
        run_error("sample", "sampling unavailable: %s; no samples will be printed", why);
        return;
    }
    if (asked < least) {
        run_error(
            "sample",
            "%s every %llu events: it counts in the privilege level the PMI handler runs at and "
            "would overflow again inside it: sampling every %llu events instead",
            plan->events[0].name, (unsigned long long)asked, (unsigned long long)least);
    }
    delivery = how;
    spmu = pmu;
    splan = plan;
    active = true;
    kprintf("sample: %s every %llu events on %s, %s; no values per iteration are printed (the "
            "counter is re-armed at each PMI)\n",
            plan->events[0].name, (unsigned long long)period, plan->events[0].counter, how->how);
}

const char *sample_pass_started(unsigned pass)
{
    if (!active || pass != ovf.pass) {
        return NULL;
    }
    if (pmu_overflow_start(spmu, splan, &ovf) < 0) {
        return "sample: a register write faulted while arming the sampled counter";
    }
    rearms = 0;
    delivery->pass_armed();
    return NULL;
}

bool sample_owns_pass(unsigned pass)
{
    return active && pass == ovf.pass;
}

void sample_pass_ending(unsigned pass)
{
    uint64_t value, before;
    if (!active || pass != ovf.pass) {
        return;
    }
    if (delivery->pass_ending) {
        delivery->pass_ending();
    }
    /* The counter still runs: a PMI between the read and the count of
     * re-armings would pair a value with the wrong count, so read again. */
    do {
        before = rearms;
        if (pmu_overflow_read(spmu, &ovf, &value) < 0) {
            read_failed = true;
            return;
        }
    } while (before != rearms);
    counted += pmu_overflow_counted(&ovf, value, before);
}

void sample_payload_begin(void)
{
    memset(&hist, 0, sizeof hist);
    rearm_failed = false;
    read_failed = false;
    counted = 0;
}

static void record(uintptr_t pc)
{
    const struct window *w = window_running();
    struct pmu_sample_layout at;
    if (w) {
        at = (struct pmu_sample_layout){(uintptr_t)w->code, (uint32_t)w->len, (uint32_t)w->body_at,
                                        w->body_len, w->unroll};
    }
    pmu_sample_add(&hist, w ? &at : 0, pc);
}

bool sample_pmi(uintptr_t pc)
{
    bool pending = false;
    if (!active || pmu_overflow_pending(spmu, &ovf, &pending) < 0 || !pending) {
        return false;
    }
    record(pc);
    if (pmu_overflow_rearm(spmu, &ovf) < 0) {
        rearm_failed = true; /* said at the payload's end: no printing in the handler */
    } else {
        rearms++;
    }
    if (delivery->rearmed) {
        delivery->rearmed();
    }
    return true;
}

static void record_bucket(const char *bench, const char *where, unsigned count)
{
    record_begin("hist");
    record_field(bench);
    record_field(where);
    record_fieldf("%u", count);
    record_end();
}

/* The machine records of one payload's samples: the totals, then one
 * `hist` record per bucket that has samples. */
static void record_samples(const struct payload *p)
{
    char where[16];
    record_begin("samples");
    record_field(p->name);
    record_field(splan->events[ovf.event].name);
    record_fieldf("%llu", (unsigned long long)ovf.period);
    record_fieldf("%u", hist.total);
    if (read_failed) {
        record_field("-");
    } else {
        record_fieldf("%llu", (unsigned long long)counted);
    }
    record_end();
    for (unsigned i = 0; i < PMU_SAMPLE_BUCKETS; i++) {
        if (hist.body[i]) {
            fmt_snprintf(where, sizeof where, "0x%x%s", i, i == PMU_SAMPLE_BUCKETS - 1 ? "+" : "");
            record_bucket(p->name, where, hist.body[i]);
        }
    }
    if (hist.reads) {
        record_bucket(p->name, "reads", hist.reads);
    }
    if (hist.outside) {
        record_bucket(p->name, "outside", hist.outside);
    }
}

void sample_payload_end(const struct payload *p)
{
    if (!active) {
        return;
    }
    if (rearm_failed) {
        run_error("sample",
                  "%s: re-arming the sampled counter faulted after a PMI; no histogram: it "
                  "would be incomplete",
                  p->name);
        return;
    }
    record_samples(p);
    kprintf("  samples of %s: %u (every %llu events", p->name, hist.total,
            (unsigned long long)ovf.period);
    if (read_failed) {
        kprintf("; reading the sampled counter faulted, so its count is unknown)\n");
    } else {
        kprintf("; the sampled counter counted %llu while it ran)\n", (unsigned long long)counted);
    }
    for (unsigned i = 0; i < PMU_SAMPLE_BUCKETS; i++) {
        if (hist.body[i]) {
            kprintf("  %8u  %s+0x%x%s (%08lx)\n", hist.body[i], p->name, i,
                    i == PMU_SAMPLE_BUCKETS - 1 ? " and beyond" : "",
                    p->body ? (unsigned long)((uintptr_t)p->body + i) : 0ul);
        }
    }
    if (hist.reads) {
        kprintf("  %8u  (the window's counter reads)\n", hist.reads);
    }
    if (hist.outside) {
        kprintf("  %8u  (outside the window: a C payload's function or the kernel)\n",
                hist.outside);
    }
}
