/* Topdown level 1 (Intel SDM vol. 3B, "Performance Metrics"): events=topdown
 * on an Ice Lake against the arch model's SLOTS (FIXED_CTR3) and
 * PERF_METRICS, read and reset as the SDM says, and refused with a reason
 * where the CPU lacks them. */
#include <stdlib.h>
#include <string.h>

#include "pmu/overflow.h"
#include "pmu/x86/regs.h"
#include "tests/host/check.h"
#include "tests/host/pmu_fixture.h"

#define LOOPS 1000u /* the known loop: 12 slots an iteration, 6 of them retiring */

/* What the model's known loop gives each category, in slots per iteration
 * (tests/host/models/model.h): retiring, bad speculation, front-end bound,
 * back-end bound. */
static const unsigned loop_slots[4] = {6, 1, 1, 4};

/* An Ice Lake, with PERF_METRICS where `metrics` (IA32_PERF_CAPABILITIES
 * bit 15; FW_WRITE too, as Ice Lake has it). */
static void icelake(bool metrics)
{
    model_pmu(&m, &pmu, MODEL_ARCH, "icl", NULL);
    m.perf_caps = PERF_CAP_FW_WRITE | (metrics ? PERF_CAP_PERF_METRICS : 0);
    struct pmu_hw hw = model_hw(&m);
    pmu_init(&pmu, &m.cpu, &hw, NULL);
}

/* What the harness writes before each window of pass 0. */
static int reset_window(void)
{
    struct pmu_write writes[PMU_MAX_WRITES];
    unsigned n = pmu_encode_window(&pmu, &plan, 0, writes, PMU_MAX_WRITES);
    return pmu_write_all(&pmu, writes, n);
}

/* Reads pass 0's events as the window does, in plan order. */
static unsigned read_pass(struct pmu_read *reads, uint64_t *values)
{
    unsigned n = 0;
    for (unsigned i = 0; i < plan.n_events; i++) {
        if (plan.events[i].pass == 0) {
            reads[n] = plan.events[i].read;
            values[n++] = model_read(&m, &plan.events[i]);
        }
    }
    return n;
}

/* Runs `clocks` clocks in which every slot is front-end bound: a long
 * stretch of other work before a window. */
static void front_end_stall(unsigned clocks)
{
    struct model_clock clk = {0, {[SIG_CYCLES] = 1, [SIG_REF] = 1, [SIG_TD_FE_BOUND] = 4}};
    for (unsigned c = 0; c < clocks; c++) {
        model_clock(&m, &clk);
    }
}

/* One window over `loops` iterations of the known loop at CPL cpl: the
 * deltas of pass 0's reads, after the per-window reset when `reset`. */
static void window(bool reset, unsigned loops, unsigned cpl, uint64_t *delta)
{
    struct pmu_read reads[PMU_MAX_EVENTS];
    uint64_t start[PMU_MAX_EVENTS], end[PMU_MAX_EVENTS];
    if (reset) {
        CHECK_OK(reset_window());
    }
    unsigned n = read_pass(reads, start);
    model_run_loop(&m, loops, cpl);
    read_pass(reads, end);
    pmu_window_deltas(reads, n, start, end, delta);
}

/* True when each metric is its category's slots to within the 8-bit
 * fraction's rounding: half a 255th of the window's slots, plus one. */
static bool breakdown_is(const uint64_t *delta, unsigned loops, char *said, size_t len)
{
    bool ok = delta[0] == 12ull * loops;
    snprintf(said, len, "slots %llu", (unsigned long long)delta[0]);
    for (unsigned k = 0; k < 4; k++) {
        long long off = (long long)delta[1 + k] - (long long)(loop_slots[k] * loops);
        ok = ok && (unsigned long long)llabs(off) <= delta[0] / 510 + 1;
        size_t at = strlen(said);
        snprintf(said + at, len - at, ", %s %llu (%+lld)", plan.events[1 + k].name,
                 (unsigned long long)delta[1 + k], off);
    }
    return ok;
}

static void refused_without_perf_metrics(void)
{
    icelake(false);
    CHECK(plan_of("topdown") < 0 && strstr(err, "PERF_METRICS is not on this CPU"),
          "no PERF_CAPABILITIES bit 15: events=topdown is refused: %s", err);
    CHECK(plan_of("slots") == 0 && !strcmp(plan.events[0].counter, "FIXED3"),
          "the slots alone still count, on FIXED_CTR3");
    CHECK(m.faults == 0, "PERF_METRICS is never touched where it is absent (%u faults)", m.faults);
}

static void planned(void)
{
    icelake(true);
    CHECK(plan_of("topdown") == 0 && plan.n_events == 5 && plan.n_passes == 1,
          "events=topdown: the slots and four metrics in one pass (%s)", err);
    bool placed = !strcmp(plan.events[0].counter, "FIXED3") && !plan.events[0].read.metric;
    for (unsigned k = 0; k < 4; k++) {
        const struct pmu_read *r = &plan.events[1 + k].read;
        placed = placed && r->kind == PMU_READ_RDPMC && r->index == RDPMC_METRICS &&
                 r->metric == k + 1 && r->of == (RDPMC_FIXED | 3);
    }
    CHECK(placed,
          "SLOTS on FIXED3; %s, %s, %s, %s each a byte of RDPMC 0x20000000 (PERF_METRICS), a "
          "fraction of RDPMC 0x40000003",
          plan.events[1].name, plan.events[2].name, plan.events[3].name, plan.events[4].name);
    unsigned from = m.n_log;
    CHECK_OK(pmu_start_pass(&pmu, &plan, 0));
    CHECK(model_log_is_encoding(&m, from, &pmu, &plan, 0) &&
              m.global_ctrl == (GLOBAL_EN_PERF_METRICS | 1ull << 35),
          "the pass enables FIXED_CTR3 and EN_PERF_METRICS (GLOBAL_CTRL 0x%llx)",
          (unsigned long long)m.global_ctrl);
    struct pmu_write w[PMU_MAX_WRITES];
    unsigned n = pmu_encode_window(&pmu, &plan, 0, w, PMU_MAX_WRITES);
    CHECK(n == 4 && w[0].msr == MSR_IA32_PERF_GLOBAL_CTRL && w[0].value == 0 &&
              w[1].msr == MSR_IA32_FIXED_CTR0 + 3 && w[1].value == 0 &&
              w[2].msr == MSR_PERF_METRICS && w[2].value == 0 &&
              w[3].msr == MSR_IA32_PERF_GLOBAL_CTRL && w[3].value == m.global_ctrl,
          "before each window: counters stopped, FIXED_CTR3 and PERF_METRICS cleared together, "
          "counters on (%u writes)",
          n);
    CHECK(plan_of("cycles,instructions") == 0 &&
              pmu_encode_window(&pmu, &plan, 0, w, PMU_MAX_WRITES) == 0,
          "a pass without metrics resets nothing before its windows");
}

static void measured(void)
{
    char said[320];
    uint64_t delta[PMU_MAX_EVENTS];
    icelake(true);
    CHECK_OK(plan_of("topdown"));
    CHECK_OK(pmu_start_pass(&pmu, &plan, 0));
    window(true, LOOPS, 0, delta);
    CHECK(breakdown_is(delta, LOOPS, said, sizeof said),
          "a window of %u known loops: %s; 6/12 retiring, 1/12 bad speculation, 1/12 front-end "
          "bound, 4/12 back-end bound",
          LOOPS, said);
    /* A long stall before the window: without the reset, its fractions
     * are the whole run's, and the window's share vanishes in 1/255. */
    front_end_stall(1000000);
    window(false, LOOPS, 0, delta);
    bool lost = !breakdown_is(delta, LOOPS, said, sizeof said);
    CHECK(lost,
          "without the reset, a window after 4,000,000 front-end-bound slots is lost in the "
          "fractions: %s",
          said);
    front_end_stall(1000000);
    window(true, LOOPS, 0, delta);
    CHECK(breakdown_is(delta, LOOPS, said, sizeof said),
          "with the reset before it (the SDM's: both registers cleared), the same window reads "
          "its own: %s",
          said);
    CHECK(m.running_writes == 0 && m.faults == 0,
          "no counter written while it counts, no fault (%u, %u)", m.running_writes, m.faults);
}

static void privilege(void)
{
    char said[320];
    uint64_t delta[PMU_MAX_EVENTS];
    icelake(true);
    CHECK_OK(plan_of("slots:u,topdown-retiring:u,topdown-bad-spec:u,topdown-fe-bound:u,"
                     "topdown-be-bound:u"));
    CHECK_OK(pmu_start_pass(&pmu, &plan, 0));
    CHECK_OK(reset_window());
    struct pmu_read reads[PMU_MAX_EVENTS];
    uint64_t start[PMU_MAX_EVENTS], end[PMU_MAX_EVENTS];
    unsigned n = read_pass(reads, start);
    model_run_loop(&m, LOOPS, 3);
    model_run_loop(&m, LOOPS, 0);
    read_pass(reads, end);
    pmu_window_deltas(reads, n, start, end, delta);
    CHECK(breakdown_is(delta, LOOPS, said, sizeof said),
          "with :u, the metrics are fractions of the user slots only: %s", said);
}

static void refusals(void)
{
    icelake(true);
    static const struct {
        const char *spec, *says;
    } bad[] = {
        {"topdown-retiring", "list TOPDOWN_SLOTS before it"},
        {"slots:u,topdown-retiring", "privilege levels of TOPDOWN_SLOTS:u"},
        {"slots,topdown-retiring:c=1", "takes only u and k"},
        {"slots,topdown-fe-bound:e", "takes only u and k"},
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK(plan_of(bad[i].spec) < 0 && strstr(err, bad[i].says), "'%s' is refused: %s",
              bad[i].spec, err);
    }
    CHECK(plan_of("slots,event=0x00,umask=0x82") == 0 && plan.events[1].read.metric == 3,
          "event=0x00,umask=0x82 (Linux's topdown-fe-bound) is the front-end-bound metric");
    struct pmu_overflow ovf;
    CHECK(plan_of("topdown") == 0 &&
              pmu_overflow_setup(&pmu, &plan, 1, 100000, &ovf, err, sizeof err) < 0 &&
              strstr(err, "no overflow"),
          "a metric cannot be sampled: %s", err);
    CHECK(m.faults == 0, "no fault (%u)", m.faults);
}

int main(void)
{
    refused_without_perf_metrics();
    planned();
    measured();
    privilege();
    refusals();
    return check_summary();
}
