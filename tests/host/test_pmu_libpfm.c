#define _POSIX_C_SOURCE 200809L
/* Our encodings against libpfm4's, for every event (and each of its unit
 * masks, and modifier variants) of the tables libpfm4 knows: the
 * architectural events (ix86arch), AMD K7 (amd64_k7), each K8 revision
 * (amd64_k8_revb..revg), each family 10h revision (amd64_fam10h_barcelona,
 * _shanghai, _istanbul), family 15h and family 17h (amd64_fam17h). K8
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
#include "tests/host/check.h"
#include "tests/host/libpfm_child.h"
#include "tests/host/models/model.h"

#define EN_INT ((1ull << 22) | (1ull << 20))

struct tally {
    unsigned compared, agreed; /* specs libpfm4 encodes */
    unsigned both_refuse;      /* specs libpfm4 refuses, and so do we */
    unsigned ours_only;        /* specs libpfm4 refuses that we accept */
};

/* libpfm4's encoding of one event string, or false. */
static bool libpfm_encode(const char *pfm_pmu, const char *spec, uint64_t *code)
{
    char full[256];
    snprintf(full, sizeof full, "%s::%s", pfm_pmu, spec);
    pfm_pmu_encode_arg_t arg;
    memset(&arg, 0, sizeof arg);
    arg.size = sizeof arg;
    if (pfm_get_os_event_encoding(full, PFM_PLM0 | PFM_PLM3, PFM_OS_NONE, &arg) != PFM_SUCCESS) {
        return false;
    }
    bool ok = arg.count >= 1;
    if (ok) {
        *code = arg.codes[0];
    }
    free(arg.codes);
    return ok;
}

static bool ours_encode(struct pmu *pmu, const char *spec, uint64_t *config)
{
    static struct pmu_plan plan;
    char err[PMU_ERR_LEN];
    if (pmu_plan_events(pmu, spec, &plan, err, sizeof err) < 0) {
        return false;
    }
    *config = plan.events[0].config;
    return true;
}

static void compare_one(struct pmu *pmu, const char *pfm_pmu, const char *spec, struct tally *t)
{
    uint64_t theirs, ours = 0;
    if (!libpfm_encode(pfm_pmu, spec, &theirs)) {
        if (ours_encode(pmu, spec, &ours)) {
            t->ours_only++;
        } else {
            t->both_refuse++;
        }
        return;
    }
    t->compared++;
    if (ours_encode(pmu, spec, &ours) && ours == (theirs & ~EN_INT)) {
        t->agreed++;
        return;
    }
    printf("disagree: %s %s: ours 0x%llx, libpfm4 0x%llx\n", pfm_pmu, spec,
           (unsigned long long)ours, (unsigned long long)theirs);
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
    struct tally events = {0, 0, 0, 0}, variants = {0, 0, 0, 0};
    for (unsigned t = 0; t < n_tables; t++) {
        for (unsigned i = 0; i < tables[t]->n_events; i++) {
            compare_event(&pmu, pfm_pmu, &tables[t]->events[i], &events, &variants);
        }
    }
    /* Events libpfm4 has that our tables lack, and libpfm4's own list of
     * this PMU (the events and unit masks of its revision) through ours. */
    pfm_pmu_info_t info;
    memset(&info, 0, sizeof info);
    info.size = sizeof info;
    unsigned missing = 0, theirs = 0;
    struct tally listed = {0, 0, 0, 0};
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
          "%s vs libpfm4 %s: %u of %u events agree; %u refused by both, "
          "%u accepted by us only",
          cpu_name, pfm_pmu, events.agreed, events.compared, events.both_refuse, events.ours_only);
    CHECK(variants.compared > 0 && variants.agreed == variants.compared && variants.ours_only == 0,
          "%s vs libpfm4 %s: %u of %u unit-mask and modifier variants agree; %u refused by "
          "both, %u accepted by us only",
          cpu_name, pfm_pmu, variants.agreed, variants.compared, variants.both_refuse,
          variants.ours_only);
    CHECK(theirs > 0 && missing == 0, "%s: all %u libpfm4 %s events are in our table", cpu_name,
          theirs, pfm_pmu);
    CHECK(listed.compared >= theirs && theirs > 0 && listed.agreed == listed.compared,
          "%s: %u of the %u events and unit masks libpfm4 %s lists encode alike here", cpu_name,
          listed.agreed, listed.compared, pfm_pmu);
}

extern const struct pmu_event_table arch_table;

int main(void)
{
    const struct pmu_event_table *arch_tables[] = {&arch_table};
    libpfm_in_child(compare_tables, "arch", "ix86arch", arch_tables, 1);
    /* K7, each revision PMU of libpfm4 against a CPU of that revision,
     * family 15h and 17h. */
    libpfm_compare_amd(compare_tables);
    return check_summary();
}
