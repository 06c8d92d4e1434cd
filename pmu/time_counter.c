/* The time counter of the last-resort backends: listing, resolution,
 * placement and (no) programming, shared by every architecture. */
#include "pmu/time_counter.h"

#include "lib/fmt.h"
#include "lib/kstring.h"

/* "TSC    TSC cycles (also: cycles, cpu-cycles, ...)": the name, what it
 * counts and the other names an event list may use. */
void pmu_time_counter_list(const struct pmu *pmu, pmu_line_fn line, void *ctx)
{
    const struct pmu_time_counter *tc = pmu->backend->time_counter;
    char text[200];
    fmt_snprintf(text, sizeof text, "%-40s %s (also:", tc->name, tc->counts);
    const char *sep = " ";
    for (const char *const *a = tc->aliases; *a; a++) {
        if (!str_ieq(*a, tc->name)) {
            pmu_append(text, sizeof text, "%s%s", sep, *a);
            sep = ", ";
        }
    }
    pmu_append(text, sizeof text, ")");
    line(ctx, text);
}

const char *pmu_time_counter_default_events(const struct pmu *pmu)
{
    return pmu->backend->time_counter->name;
}

int pmu_time_counter_resolve(const struct pmu *pmu, const struct pmu_plan *plan,
                             const struct pmu_spec *spec, struct pmu_assigned_event *ev, char *err,
                             size_t errlen)
{
    (void)plan;
    const struct pmu_time_counter *tc = pmu->backend->time_counter;
    bool known = false;
    for (const char *const *a = tc->aliases; spec->kind == PMU_SPEC_NAME && *a; a++) {
        known = known || str_ieq(spec->name, *a);
    }
    if (!known) {
        return pmu_error(err, errlen, "'%s': not on this CPU: no usable PMU, only %s can be read",
                         spec->text, tc->counts);
    }
    if (spec->n_mods) {
        return pmu_error(err, errlen, "'%s': modifier '%s' not allowed on %s", spec->text,
                         spec->mods[0].key, tc->counts);
    }
    str_copy(ev->name, sizeof ev->name, tc->name);
    str_copy(ev->encoding, sizeof ev->encoding, tc->encoding);
    ev->counter_mask = 1;
    return 0;
}

int pmu_time_counter_place(const struct pmu *pmu, struct pmu_assigned_event *events[], unsigned n,
                           char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    for (unsigned i = 0; i < n; i++) {
        events[i]->hw_index = 0;
        str_copy(events[i]->counter, sizeof events[i]->counter, pmu->backend->time_counter->name);
        events[i]->read.kind = PMU_READ_RDTSC;
        events[i]->read.index = 0;
        events[i]->read.width = 64;
    }
    return 0;
}

unsigned pmu_time_counter_encode(const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass,
                                 struct pmu_write *out, unsigned max)
{
    (void)pmu;
    (void)plan;
    (void)pass;
    (void)out;
    (void)max;
    return 0;
}
