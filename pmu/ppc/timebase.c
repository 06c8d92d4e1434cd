/* The PowerPC's last resort: no usable PMU, time comes from the time base
 * (mftb/mftbu, 64 bits), which advances at a rate of the machine's choosing
 * (a quarter of the bus clock on the 604e; PowerPC 604e RISC Microprocessor
 * User's Manual, "Time Base"). Every event it accepts is "TB", so no result
 * can pass for a PMU count. */
#include "lib/kstring.h"
#include "pmu/backend.h"

static bool timebase_detect(const struct cpu_info *cpu)
{
    return cpu->vendor == VENDOR_POWERPC;
}

static void timebase_describe(const struct pmu *pmu, pmu_line_fn line, void *ctx)
{
    (void)pmu;
    line(ctx, "timebase: no usable PMU; time comes from the time base (mftbu/mftb, 64 bits)");
}

static const char *const time_names[] = {"tb", "timebase", "cycles", "cpu-cycles"};

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
    (void)plan;
    (void)pmu;
    bool known = false;
    for (unsigned i = 0; spec->kind == PMU_SPEC_NAME && i < PMU_ARRAY_SIZE(time_names); i++)
        known = known || str_ieq(spec->name, time_names[i]);
    if (!known)
        return pmu_error(err, errlen,
                         "'%s': not on this CPU: no usable PMU, only time base ticks can be read",
                         spec->text);
    if (spec->n_mods)
        return pmu_error(err, errlen, "'%s': modifier '%s' not allowed on the time base",
                         spec->text, spec->mods[0].key);
    str_copy(ev->name, sizeof ev->name, "TB");
    str_copy(ev->encoding, sizeof ev->encoding, "tb");
    ev->counter_mask = 1;
    return 0;
}

static int timebase_place(const struct pmu *pmu, struct pmu_assigned_event *events[], unsigned n,
                          char *err, size_t errlen)
{
    (void)pmu;
    (void)err;
    (void)errlen;
    for (unsigned i = 0; i < n; i++) {
        events[i]->hw_index = 0;
        str_copy(events[i]->counter, sizeof events[i]->counter, "TB");
        events[i]->read.kind = PMU_READ_RDTSC;
        events[i]->read.index = 0;
        events[i]->read.width = 64;
    }
    return 0;
}

static unsigned timebase_encode(const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass,
                                struct pmu_write *out, unsigned max)
{
    (void)pmu;
    (void)plan;
    (void)pass;
    (void)out;
    (void)max;
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
    .encode = timebase_encode,
    .encode_stop = timebase_encode,
};
