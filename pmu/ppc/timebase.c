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
    .aliases = aliases,
};

static void timebase_list(const struct pmu *pmu, pmu_line_fn line, void *ctx)
{
    (void)pmu;
    line(ctx, "TB                                       time base ticks (also: timebase, "
              "cycles, cpu-cycles)");
}

static const char *timebase_default_events(const struct pmu *pmu)
{
    (void)pmu;
    return "TB";
}

static int timebase_resolve(const struct pmu *pmu, const struct pmu_plan *plan,
                            const struct pmu_spec *spec, struct pmu_assigned_event *ev, char *err,
                            size_t errlen)
{
    (void)pmu;
    (void)plan;
    return pmu_time_counter_resolve(&counter, spec, ev, err, errlen);
}

static int timebase_place(const struct pmu *pmu, struct pmu_assigned_event *events[], unsigned n,
                          char *err, size_t errlen)
{
    (void)pmu;
    (void)err;
    (void)errlen;
    pmu_time_counter_place(&counter, events, n);
    return 0;
}

const struct pmu_backend pmu_timebase_backend = {
    .name = "timebase",
    .time_counter = true,
    .reg_kind = PMU_REG_SPR,
    .no_overflow = "there is no event counter (time base backend)",
    .detect = timebase_detect,
    .describe = timebase_describe,
    .list = timebase_list,
    .default_events = timebase_default_events,
    .resolve = timebase_resolve,
    .place = timebase_place,
    .encode = pmu_time_counter_encode,
    .encode_stop = pmu_time_counter_encode,
};
