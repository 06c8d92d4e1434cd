/* The last resort: no usable PMU, cycles come from the time-stamp counter.
 * Every event it accepts is "TSC", so no result can pass for a PMU count. */
#include "pmu/time_counter.h"

static bool tsc_detect(const struct cpu_info *cpu)
{
    (void)cpu;
    return true;
}

static void tsc_describe(const struct pmu *pmu, pmu_line_fn line, void *ctx)
{
    line(ctx, pmu->cpu.features[FEAT_TSC]
                  ? "tsc: no usable PMU; cycles come from the time-stamp counter (RDTSC, 64 bits)"
                  : "tsc: no usable PMU and no time-stamp counter");
}

static const char *const aliases[] = {
    "tsc", "cycles", "cpu-cycles", "UNHALTED_CORE_CYCLES", "CPU_CLK_UNHALTED", NULL};

static const struct pmu_time_counter counter = {
    .name = "TSC",
    .encoding = "tsc",
    .counts = "TSC cycles",
    .aliases = aliases,
};

static void tsc_list(const struct pmu *pmu, pmu_line_fn line, void *ctx)
{
    (void)pmu;
    line(ctx, "TSC                                      time-stamp counter cycles "
              "(also: cycles, cpu-cycles, UNHALTED_CORE_CYCLES, CPU_CLK_UNHALTED)");
}

static const char *tsc_default_events(const struct pmu *pmu)
{
    (void)pmu;
    return "TSC";
}

static int tsc_resolve(const struct pmu *pmu, const struct pmu_plan *plan,
                       const struct pmu_spec *spec, struct pmu_assigned_event *ev, char *err,
                       size_t errlen)
{
    (void)pmu;
    (void)plan;
    return pmu_time_counter_resolve(&counter, spec, ev, err, errlen);
}

static int tsc_place(const struct pmu *pmu, struct pmu_assigned_event *events[], unsigned n,
                     char *err, size_t errlen)
{
    (void)pmu;
    (void)err;
    (void)errlen;
    pmu_time_counter_place(&counter, events, n);
    return 0;
}

const struct pmu_backend pmu_tsc_backend = {
    .name = "tsc",
    .time_counter = true,
    .no_overflow = "there is no event counter (TSC backend)",
    .detect = tsc_detect,
    .describe = tsc_describe,
    .list = tsc_list,
    .default_events = tsc_default_events,
    .resolve = tsc_resolve,
    .place = tsc_place,
    .encode = pmu_time_counter_encode,
    .encode_stop = pmu_time_counter_encode,
};
