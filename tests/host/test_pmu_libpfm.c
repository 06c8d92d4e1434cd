#define _POSIX_C_SOURCE 200809L
/* Our encodings against libpfm4's, for every event (and each of its unit
 * masks, every pair of its unit masks, and modifier variants) of the tables
 * libpfm4 knows: the architectural events (ix86arch), AMD K7 (amd64_k7),
 * each K8 revision (amd64_k8_revb..revg), each family 10h revision
 * (amd64_fam10h_barcelona, _shanghai, _istanbul), family 15h, and every
 * table generated from libpfm4 (pmu/x86/events_pfm.h: Intel from Nehalem,
 * AMD from Zen), each on a CPU that takes it. A spec that takes a second
 * register (offcore response, load latency), which we refuse, is counted
 * apart, and so is one libpfm4 4.13 encodes with event select 00H though it
 * is no fixed counter's event (Ice Lake's TOPDOWN:BACKEND_BOUND_SLOTS),
 * which we refuse rather than count another event under its name. K8
 * and family 10h unit masks and events differ by revision: each revision
 * PMU of libpfm4 is compared with our encoder on a synthetic CPU of that
 * revision (tools/hostlib/cpus.c), whose CPUID model and stepping choose
 * the revision as libpfm4 does. libpfm4 chooses its own PMU from the host
 * CPU, so every string names the PMU (amd64_k8_revc::PROBE). Both ways:
 * each of our events, unit masks and modifiers, where we must agree with
 * libpfm4 or refuse what it refuses; and each event and unit mask libpfm4
 * lists for the revision, which we must encode alike. libpfm4 adds the EN
 * (22) and INT (20) bits to its PerfEvtSel values; ours leave them to
 * programming time, so they are masked before comparing. A comparison
 * that finds no events fails. Each PMU is compared in a child process
 * (tests/host/libpfm_child.h). */
#include <perfmon/pfmlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pmu/x86/events_amd.h"
#include "pmu/x86/events_pfm.h"
#include "tests/host/check.h"
#include "tests/host/libpfm_child.h"
#include "tests/host/models/model.h"
#include "tools/hostlib/libpfm_encode.h"

#define EN_INT ((1ull << 22) | (1ull << 20))

struct tally {
    unsigned compared, agreed; /* specs libpfm4 encodes */
    unsigned both_refuse;      /* specs libpfm4 refuses, and so do we */
    unsigned ours_only;        /* specs libpfm4 refuses that we accept */
    unsigned extra;            /* specs that take a second register, which we refuse */
    unsigned aliases;          /* pairs with another name of a unit mask, not compared */
    unsigned not_events;       /* libpfm4 encodes them with event select 00H: we refuse */
};

static bool ours_encode(struct pmu *pmu, const char *spec, uint64_t *config, char *err,
                        size_t errlen)
{
    static struct pmu_plan plan;
    if (pmu_plan_events(pmu, spec, &plan, err, errlen) < 0) {
        return false;
    }
    *config = plan.events[0].config;
    return true;
}

static void compare_one(struct pmu *pmu, const char *pfm_pmu, const char *spec, struct tally *t)
{
    uint64_t theirs, ours = 0;
    int count = 1;
    char err[PMU_ERR_LEN] = "";
    if (!libpfm_encode(pfm_pmu, spec, &theirs, &count)) {
        if (ours_encode(pmu, spec, &ours, err, sizeof err)) {
            t->ours_only++;
            printf("ours only: %s %s: 0x%llx\n", pfm_pmu, spec, (unsigned long long)ours);
        } else {
            t->both_refuse++;
        }
        return;
    }
    bool encoded = ours_encode(pmu, spec, &ours, err, sizeof err);
    if (!encoded && count > 1 && strstr(err, "second register")) {
        t->extra++;
        return;
    }
    if (!encoded && (theirs & 0xff) == 0 && strstr(err, "which is no event")) {
        printf("libpfm4 encodes as no event: %s %s: 0x%llx\n", pfm_pmu, spec,
               (unsigned long long)theirs);
        t->not_events++;
        return;
    }
    t->compared++;
    if (encoded && ours == (theirs & ~EN_INT)) {
        t->agreed++;
        return;
    }
    printf("disagree: %s %s: ours 0x%llx%s%s, libpfm4 0x%llx\n", pfm_pmu, spec,
           (unsigned long long)ours, encoded ? "" : ", refused: ", err, (unsigned long long)theirs);
}

/* An event of any of the tables, or NULL. */
static const struct pmu_event_desc *find_in(const struct pmu_event_table *const tables[],
                                            unsigned n_tables, const char *name)
{
    const struct pmu_event_desc *ev = NULL;
    for (unsigned t = 0; !ev && t < n_tables; t++) {
        ev = pmu_find_event(tables[t], name);
    }
    return ev;
}

/* One event, each of its unit masks alone, and modifiers. */
static void compare_event(struct pmu *pmu, const char *pfm_pmu, const struct pmu_event_desc *ev,
                          struct tally *events, struct tally *variants)
{
    char spec[200];
    compare_one(pmu, pfm_pmu, ev->name, events);
    for (unsigned u = 0; u < ev->n_umasks; u++) {
        snprintf(spec, sizeof spec, "%s:%s", ev->name, ev->umasks[u].name);
        compare_one(pmu, pfm_pmu, spec, variants);
    }
    const char *mods[] = {"u", "k", "c=3:e:i", "c=1"};
    for (unsigned k = 0; k < 4; k++) {
        snprintf(spec, sizeof spec, "%s:%s", ev->name, mods[k]);
        compare_one(pmu, pfm_pmu, spec, variants);
    }
}

/* Every pair of an event's unit masks: combined, or refused alike. A pair
 * with an alias is left out: libpfm4 replaces the alias by what it names
 * (perhaps with modifiers) and takes a unit mask named twice as once, which
 * the tables do not record. */
static void compare_pairs(struct pmu *pmu, const char *pfm_pmu, const struct pmu_event_desc *ev,
                          struct tally *pairs)
{
    char spec[300];
    for (unsigned a = 0; a < ev->n_umasks; a++) {
        for (unsigned b = a + 1; b < ev->n_umasks; b++) {
            if ((ev->umasks[a].flags | ev->umasks[b].flags) & PMU_UMF_ALIAS) {
                pairs->aliases++;
                continue;
            }
            if (!strcmp(ev->umasks[a].name, ev->umasks[b].name)) {
                continue; /* one name, two silicon revisions */
            }
            snprintf(spec, sizeof spec, "%s:%s:%s", ev->name, ev->umasks[a].name,
                     ev->umasks[b].name);
            compare_one(pmu, pfm_pmu, spec, pairs);
        }
    }
}

/* Every event of our tables (their union is the PMU's event list), each
 * unit mask alone, and modifiers. */
static void compare_tables(const char *cpu_name, const char *pfm_pmu,
                           const struct pmu_event_table *const tables[], unsigned n_tables)
{
    if (!libpfm_force(pfm_pmu)) {
        return;
    }
    struct model m;
    struct pmu pmu;
    model_pmu(&m, &pmu, MODEL_DEAD, cpu_name, NULL);
    struct tally events = {0}, variants = {0}, pairs = {0};
    for (unsigned t = 0; t < n_tables; t++) {
        for (unsigned i = 0; i < tables[t]->n_events; i++) {
            compare_event(&pmu, pfm_pmu, &tables[t]->events[i], &events, &variants);
            compare_pairs(&pmu, pfm_pmu, &tables[t]->events[i], &pairs);
        }
    }
    /* Events libpfm4 has that our tables lack, and libpfm4's own list of
     * this PMU (the events and unit masks of its revision) through ours. */
    pfm_pmu_info_t info;
    memset(&info, 0, sizeof info);
    info.size = sizeof info;
    unsigned missing = 0, theirs = 0;
    struct tally listed = {0};
    for (int p = 0; p < PFM_PMU_MAX; p++) {
        if (pfm_get_pmu_info(p, &info) != PFM_SUCCESS || strcmp(info.name, pfm_pmu) != 0) {
            continue;
        }
        for (int e = info.first_event; e != -1; e = pfm_get_event_next(e)) {
            pfm_event_info_t ei;
            memset(&ei, 0, sizeof ei);
            ei.size = sizeof ei;
            if (pfm_get_event_info(e, PFM_OS_NONE, &ei) != PFM_SUCCESS) {
                continue;
            }
            theirs++;
            if (!find_in(tables, n_tables, ei.name)) {
                printf("missing from ours: %s %s\n", pfm_pmu, ei.name);
                missing++;
            }
            compare_one(&pmu, pfm_pmu, ei.name, &listed);
            for (int a = 0; a < ei.nattrs; a++) {
                pfm_event_attr_info_t ai;
                memset(&ai, 0, sizeof ai);
                ai.size = sizeof ai;
                if (pfm_get_event_attr_info(e, a, PFM_OS_NONE, &ai) != PFM_SUCCESS ||
                    ai.type != PFM_ATTR_UMASK) {
                    continue;
                }
                char spec[200];
                snprintf(spec, sizeof spec, "%s:%s", ei.name, ai.name);
                compare_one(&pmu, pfm_pmu, spec, &listed);
            }
        }
        memset(&info, 0, sizeof info);
        info.size = sizeof info;
    }
    CHECK(events.compared > 0 && events.agreed == events.compared && events.ours_only == 0,
          "%s vs libpfm4 %s: %u of %u events agree; %u refused by both, %u accepted by us "
          "only, %u refused for their second register, %u as no event",
          cpu_name, pfm_pmu, events.agreed, events.compared, events.both_refuse, events.ours_only,
          events.extra, events.not_events);
    CHECK(variants.compared > 0 && variants.agreed == variants.compared && variants.ours_only == 0,
          "%s vs libpfm4 %s: %u of %u unit-mask and modifier variants agree; %u refused by "
          "both, %u accepted by us only, %u refused for their second register, %u as no event",
          cpu_name, pfm_pmu, variants.agreed, variants.compared, variants.both_refuse,
          variants.ours_only, variants.extra, variants.not_events);
    CHECK(pairs.agreed == pairs.compared && pairs.ours_only == 0,
          "%s vs libpfm4 %s: %u of %u pairs of unit masks agree; %u refused by both, %u "
          "accepted by us only, %u refused for their second register (%u with an alias left "
          "out)",
          cpu_name, pfm_pmu, pairs.agreed, pairs.compared, pairs.both_refuse, pairs.ours_only,
          pairs.extra, pairs.aliases);
    CHECK(theirs > 0 && missing == 0, "%s: all %u libpfm4 %s events are in our table", cpu_name,
          theirs, pfm_pmu);
    CHECK(listed.compared + listed.extra + listed.not_events >= theirs && theirs > 0 &&
              listed.agreed == listed.compared,
          "%s: %u of the %u events and unit masks libpfm4 %s lists encode alike here (%u "
          "refused for their second register, %u as no event)",
          cpu_name, listed.agreed, listed.compared, pfm_pmu, listed.extra, listed.not_events);
}

extern const struct pmu_event_table arch_table;

int main(void)
{
    const struct pmu_event_table *arch_tables[] = {&arch_table};
    libpfm_in_child(compare_tables, "arch", "ix86arch", arch_tables, 1);
    /* K7, each revision PMU of libpfm4 against a CPU of that revision,
     * family 15h and 17h. */
    libpfm_compare_amd(compare_tables);
    /* The tables generated from libpfm4, each on a CPU of its own. */
    for (unsigned i = 0; i < pfm_n_tables; i++) {
        const struct pmu_event_table *tables[] = {&pfm_tables[i].table};
        libpfm_in_child(compare_tables, pfm_tables[i].pfm_name, pfm_tables[i].pfm_name, tables, 1);
    }
    return check_summary();
}
