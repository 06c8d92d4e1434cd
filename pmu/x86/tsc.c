/* The last resort: no usable PMU, cycles come from the time-stamp counter.
 * Every event it accepts is "TSC", so no result can pass for a PMU count. */
#include "lib/kstring.h"
#include "pmu/backend.h"

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

static const char *const cycle_names[] = {
    "tsc", "cycles", "cpu-cycles", "UNHALTED_CORE_CYCLES", "CPU_CLK_UNHALTED",
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
    (void)plan;
    (void)pmu;
    bool known = false;
    for (unsigned i = 0; spec->kind == PMU_SPEC_NAME && i < PMU_ARRAY_SIZE(cycle_names); i++)
        known = known || str_ieq(spec->name, cycle_names[i]);
    if (!known)
        return pmu_error(err, errlen,
                         "'%s': not on this CPU: no usable PMU, only TSC cycles can be counted",
                         spec->text);
    if (spec->n_mods)
        return pmu_error(err, errlen, "'%s': modifier '%s' not allowed on the TSC", spec->text,
                         spec->mods[0].key);
    str_copy(ev->name, sizeof ev->name, "TSC");
    str_copy(ev->encoding, sizeof ev->encoding, "tsc");
    ev->counter_mask = 1;
    return 0;
}

static int tsc_place(const struct pmu *pmu, struct pmu_assigned_event *events[], unsigned n,
                     char *err, size_t errlen)
{
    (void)pmu;
    (void)err;
    (void)errlen;
    /* Any number of TSC reads fit in one pass. */
    for (unsigned i = 0; i < n; i++) {
        events[i]->hw_index = 0;
        str_copy(events[i]->counter, sizeof events[i]->counter, "TSC");
        events[i]->read.kind = PMU_READ_RDTSC;
        events[i]->read.index = 0;
        events[i]->read.width = 64;
    }
    return 0;
}

static unsigned tsc_encode(const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass,
                           struct pmu_write *out, unsigned max)
{
    (void)pmu;
    (void)plan;
    (void)pass;
    (void)out;
    (void)max;
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
    .encode = tsc_encode,
    .encode_stop = tsc_encode,
};
