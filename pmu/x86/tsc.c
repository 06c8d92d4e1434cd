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
    .list_line = "TSC                                      time-stamp counter cycles "
                 "(also: cycles, cpu-cycles, UNHALTED_CORE_CYCLES, CPU_CLK_UNHALTED)",
    .aliases = aliases,
};

const struct pmu_backend pmu_tsc_backend = {
    .name = "tsc",
    .time_counter = &counter,
    .no_overflow = "there is no event counter (TSC backend)",
    .detect = tsc_detect,
    .describe = tsc_describe,
    .list = pmu_time_counter_list,
    .default_events = pmu_time_counter_default_events,
    .resolve = pmu_time_counter_resolve,
    .place = pmu_time_counter_place,
    .encode = pmu_time_counter_encode,
    .encode_stop = pmu_time_counter_encode,
};
