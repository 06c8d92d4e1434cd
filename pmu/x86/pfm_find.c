/* Finding the generated table of a CPU (pmu/x86/events_pfm.h). */
#include "lib/fmt.h"
#include "lib/kstring.h"
#include "pmu/x86/events_pfm.h"

const struct pfm_table *pfm_table_named(const char *pfm_name)
{
    for (unsigned i = 0; pfm_name && i < pfm_n_tables; i++) {
        if (str_ieq(pfm_tables[i].pfm_name, pfm_name)) {
            return &pfm_tables[i];
        }
    }
    return NULL;
}

/* An AMD CPU that no row names takes the first table of its family, or,
 * in a family newer than every table, the newest one: each AMD family kept
 * most of its predecessor's core events. */
static const char *amd_stand_in(const struct cpu_info *cpu)
{
    const char *newest = NULL;
    for (unsigned i = 0; i < pfm_n_cpus; i++) {
        const struct pfm_cpu *c = &pfm_cpus[i];
        if (c->vendor == VENDOR_AMD && c->family == cpu->family) {
            return c->pfm_name;
        }
        if (c->vendor == VENDOR_AMD && c->family < cpu->family) {
            newest = c->pfm_name;
        }
    }
    return newest;
}

void pfm_pick_table(struct pmu *pmu)
{
    const char *name = pfm_pmu_of(&pmu->cpu);
    pmu->caps.model_table_unknown = name == NULL;
    if (!name && pmu->cpu.vendor == VENDOR_AMD) {
        name = amd_stand_in(&pmu->cpu);
    }
    const struct pfm_table *t = pfm_table_named(name);
    pmu->caps.model_table = t ? &t->table : NULL;
    if (t) {
        pmu->caps.variant = t->pfm_name;
    }
}

void pfm_describe_table(const struct pmu *pmu, const char *instead, pmu_line_fn line, void *ctx)
{
    char text[240];
    const struct pmu_event_table *table = pmu->caps.model_table;
    const struct pfm_table *t = table ? pfm_table_named(table->name) : NULL;
    const char *vendor = pmu->cpu.vendor == VENDOR_AMD ? "AMD" : "Intel";
    if (pmu->caps.model_table_unknown) {
        fmt_snprintf(text, sizeof text,
                     "%s: event table unknown: libpfm4 %s has none for %s family %02xh model "
                     "0x%02x stepping %u; it needs one for that model; using %s%s%s and raw codes",
                     pmu_name(pmu), pfm_version, vendor, pmu->cpu.family, pmu->cpu.model,
                     pmu->cpu.stepping, t ? "the events of " : instead, t ? t->desc : "",
                     t ? " (its family's nearest table)" : "");
    } else if (t) {
        fmt_snprintf(text, sizeof text, "%s: event table %s (%s), from libpfm4 %s: %u events",
                     pmu_name(pmu), t->pfm_name, t->desc, pfm_version, table->n_events);
    } else {
        return;
    }
    line(ctx, text);
}
