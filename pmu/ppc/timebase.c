/* The PowerPC's last resort: no usable PMU, time comes from the time base
 * (mftb/mftbu, 64 bits), which advances at a rate of the machine's choosing
 * (a quarter of the bus clock on the 604e; PowerPC 604e RISC Microprocessor
 * User's Manual, "Time Base"). Every event it accepts is "TB", so no result
 * can pass for a PMU count. */
#include "pmu/time_counter.h"

static bool timebase_detect(const struct cpu_info *cpu)
{
    return cpu->vendor == VENDOR_POWERPC;
}

static void timebase_describe(const struct pmu *pmu, pmu_line_fn line, void *ctx)
{
    (void)pmu;
    line(ctx, "timebase: no usable PMU; time comes from the time base (mftbu/mftb, 64 bits)");
}

static const char *const aliases[] = {"tb", "timebase", "cycles", "cpu-cycles", NULL};

static const struct pmu_time_counter counter = {
    .name = "TB",
    .encoding = "tb",
    .counts = "time base ticks",
    .list_line = "TB                                       time base ticks (also: timebase, "
                 "cycles, cpu-cycles)",
    .aliases = aliases,
};

const struct pmu_backend pmu_timebase_backend = {
    .name = "timebase",
    .time_counter = &counter,
    .reg_kind = PMU_REG_SPR,
    .no_overflow = "there is no event counter (time base backend)",
    .detect = timebase_detect,
    .describe = timebase_describe,
    .list = pmu_time_counter_list,
    .default_events = pmu_time_counter_default_events,
    .resolve = pmu_time_counter_resolve,
    .place = pmu_time_counter_place,
    .encode = pmu_time_counter_encode,
    .encode_stop = pmu_time_counter_encode,
};
