/* Our NetBurst encodings against libpfm4's `netburst` (Pentium 4 models
 * 0-2) and `netburst_p` (Prescott, models 3, 4, 6): for every event libpfm4
 * knows, the event alone (its default mask), each of its masks, up to four
 * masks together, and the filter modifiers libpfm4 has (u, k, e, cmpl,
 * thr). The ESCR and CCCR values must be equal.
 *
 * Thread bits agree: both sides set T0 and T1 (see pmu/x86/p4_regs.h). Where we
 * differ on purpose, the difference is listed in `known` with its reason;
 * any other difference fails. A comparison that compared nothing fails. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <perfmon/pfmlib.h>
#include <stdlib.h>
#include <string.h>

#include "pmu/x86/p4_events.h"
#include "tests/host/check.h"
#include "tools/hostlib/cpus.h"

struct result {
    unsigned compared, agree, known, unknown;
    unsigned both_refuse;               /* agreements where both sides refuse the spec */
    unsigned libpfm_events, our_events; /* libpfm4's events we have */
};

/* Differences we keep, and why. */
static const struct {
    const char *event;
    const char *why;
} known[] = {
    /* The SDM's event tables give these four FSB events CCCR select 03H,
     * but FSB_ESCR0/1 are select 6 in the SDM's counter table (3 selects
     * ITLB_ESCR0/1): libpfm4 and Linux copy the 03H. We derive the select
     * from the ESCR. A real Pentium 4 must say which one counts. */
    {"b2b_cycles", "CCCR ESCR select 6 (FSB_ESCR), libpfm4 3; BIT5/BIT6 at bits 5/6, libpfm4 4"},
    {"bnr", "CCCR ESCR select 6 (FSB_ESCR), libpfm4 3"},
    {"snoop", "CCCR ESCR select 6 (FSB_ESCR), libpfm4 3"},
    {"response", "CCCR ESCR select 6 (FSB_ESCR), libpfm4 3"},
};

/* True when libpfm4's values equal ours once the documented differences
 * are taken out: the select field of the four FSB events, and for
 * b2b_cycles:BIT5/BIT6 the event-mask bits 4-6. */
static bool known_difference(const char *event, const char *spec, uint64_t pe, uint64_t pc,
                             uint64_t oe, uint64_t oc)
{
    bool listed = false;
    for (unsigned i = 0; i < sizeof known / sizeof known[0]; i++) {
        listed = listed || !strcmp(event, known[i].event);
    }
    if (!listed || (pc & P4_CCCR_ESCR_SELECT_MASK) != P4_CCCR_ESCR_SELECT(3)) {
        return false;
    }
    pc = (pc & ~(uint64_t)P4_CCCR_ESCR_SELECT_MASK) | P4_CCCR_ESCR_SELECT(6);
    uint64_t ignore = 0;
    if (!strcmp(event, "b2b_cycles") && (strstr(spec, "BIT5") || strstr(spec, "BIT6"))) {
        ignore = P4_ESCR_EMASK(0x70);
    }
    return (pe & ~ignore) == (oe & ~ignore) && pc == oc;
}

/* libpfm4 spells one mask the other way round: bit 0 of
 * mispred_branch_retired is NBOGUS in the SDM, "BOGUS" in libpfm4. */
static const char *our_mask_name(const char *event, const char *mask)
{
    if (!strcmp(event, "mispred_branch_retired") && !strcmp(mask, "BOGUS")) {
        return "NBOGUS";
    }
    return mask;
}

static int libpfm_encode(const char *pmu, const char *spec, uint64_t *escr, uint64_t *cccr)
{
    char text[256];
    uint64_t codes[4] = {0};
    pfm_pmu_encode_arg_t arg;
    memset(&arg, 0, sizeof arg);
    arg.size = sizeof arg;
    arg.codes = codes;
    arg.count = 4;
    snprintf(text, sizeof text, "%s::%s", pmu, spec);
    if (pfm_get_os_event_encoding(text, PFM_PLM0 | PFM_PLM3, PFM_OS_NONE, &arg) != PFM_SUCCESS) {
        return -1;
    }
    *escr = codes[0];
    *cccr = codes[1];
    return 0;
}

static int our_encode(const struct pmu *pmu, const char *spec, uint64_t *escr, uint64_t *cccr)
{
    static struct pmu_plan plan;
    char err[PMU_ERR_LEN];
    if (pmu_plan_events(pmu, spec, &plan, err, sizeof err) < 0) {
        return -1;
    }
    *escr = p4_escr_value(&plan.events[0]);
    *cccr = p4_cccr_value(&plan.events[0]);
    return 0;
}

/* Compares one spec: libpfm4's text and ours (they differ only in mask names). */
static void compare(const struct pmu *pmu, const char *pfm_pmu, const char *event,
                    const char *pfm_spec, const char *our_spec, struct result *r)
{
    uint64_t pe = 0, pc = 0, oe = 0, oc = 0;
    int prc = libpfm_encode(pfm_pmu, pfm_spec, &pe, &pc);
    int orc = our_encode(pmu, our_spec, &oe, &oc);
    r->compared++;
    if (prc == orc && (prc < 0 || (pe == oe && pc == oc))) {
        r->agree++;
        r->both_refuse += prc < 0;
    } else if (prc == 0 && orc == 0 && known_difference(event, pfm_spec, pe, pc, oe, oc)) {
        r->known++;
    } else {
        r->unknown++;
        printf("differ: %s: libpfm4 %s 0x%llx 0x%llx, ours %s 0x%llx 0x%llx\n", pfm_spec,
               prc < 0 ? "refuses" : "gives", (unsigned long long)pe, (unsigned long long)pc,
               orc < 0 ? "refuses" : "gives", (unsigned long long)oe, (unsigned long long)oc);
    }
}

struct mask_list {
    unsigned n;
    char pfm[16][32];   /* libpfm4's names */
    char ours[16][32];  /* ours */
    bool qualifier[16]; /* a tag or replay metric: compared with a real mask */
};

static void masks_of(int idx, const char *event, const pfm_event_info_t *info, struct mask_list *ml)
{
    ml->n = 0;
    for (int a = 0; a < info->nattrs && ml->n < 16; a++) {
        pfm_event_attr_info_t ai;
        memset(&ai, 0, sizeof ai);
        ai.size = sizeof ai;
        if (pfm_get_event_attr_info(idx, a, PFM_OS_NONE, &ai) != PFM_SUCCESS ||
            ai.type != PFM_ATTR_UMASK) {
            continue;
        }
        snprintf(ml->pfm[ml->n], 32, "%s", ai.name);
        snprintf(ml->ours[ml->n], 32, "%s", our_mask_name(event, ai.name));
        /* Tag bits (16-19) and replay_event's virtual masks (2-10). */
        ml->qualifier[ml->n] = ai.code >= 16 || (!strcmp(event, "replay_event") && ai.code >= 2);
        ml->n++;
    }
}

/* Every comparison for one event. */
static void compare_event(const struct pmu *pmu, const char *pfm_pmu, int idx,
                          const pfm_event_info_t *info, struct result *r)
{
    static const char *const mods[] = {"u", "k", "e", "cmpl", "thr=5", "thr=15:cmpl:e", "u:thr=3"};
    const char *ev = info->name;
    struct mask_list ml;
    char ps[200], os[200];
    masks_of(idx, ev, info, &ml);
    compare(pmu, pfm_pmu, ev, ev, ev, r);
    unsigned first_real = 0;
    while (first_real < ml.n && ml.qualifier[first_real]) {
        first_real++;
    }
    for (unsigned i = 0; i < ml.n; i++) {
        if (ml.qualifier[i] && first_real < ml.n) {
            snprintf(ps, sizeof ps, "%s:%s:%s", ev, ml.pfm[first_real], ml.pfm[i]);
            snprintf(os, sizeof os, "%s:%s:%s", ev, ml.ours[first_real], ml.ours[i]);
        } else {
            snprintf(ps, sizeof ps, "%s:%s", ev, ml.pfm[i]);
            snprintf(os, sizeof os, "%s:%s", ev, ml.ours[i]);
        }
        compare(pmu, pfm_pmu, ev, ps, os, r);
    }
    /* Up to four real masks together. */
    snprintf(ps, sizeof ps, "%s", ev);
    snprintf(os, sizeof os, "%s", ev);
    for (unsigned i = 0, used = 0; i < ml.n && used < 4; i++) {
        if (ml.qualifier[i]) {
            continue;
        }
        strcat(ps, ":"), strcat(ps, ml.pfm[i]);
        strcat(os, ":"), strcat(os, ml.ours[i]);
        used++;
    }
    compare(pmu, pfm_pmu, ev, ps, os, r);
    /* The filters, on the event's first mask (or its default). */
    for (unsigned m = 0; m < sizeof mods / sizeof mods[0]; m++) {
        if (first_real < ml.n) {
            snprintf(ps, sizeof ps, "%s:%s:%s", ev, ml.pfm[first_real], mods[m]);
            snprintf(os, sizeof os, "%s:%s:%s", ev, ml.ours[first_real], mods[m]);
        } else {
            snprintf(ps, sizeof ps, "%s:%s", ev, mods[m]);
            snprintf(os, sizeof os, "%s:%s", ev, mods[m]);
        }
        compare(pmu, pfm_pmu, ev, ps, os, r);
    }
}

/* Compares every libpfm4 event of `pfm_pmu` whose name starts with
 * `only` ("" for all) against our backend on the synthetic CPU `cpu`. */
static struct result compare_pmu(const char *pfm_pmu, const char *cpu, const char *only)
{
    struct result r = {0, 0, 0, 0, 0, 0, 0};
    setenv("LIBPFM_FORCE_PMU", pfm_pmu, 1);
    if (pfm_initialize() != PFM_SUCCESS) {
        return r;
    }
    struct cpu_info info;
    struct pmu_hw hw = {0};
    static struct pmu pmu;
    pmu_cpu_by_name(cpu, NULL, &info);
    pmu_init(&pmu, &info, &hw, NULL);

    pfm_pmu_info_t pinfo;
    memset(&pinfo, 0, sizeof pinfo);
    pinfo.size = sizeof pinfo;
    pfm_pmu_t id = !strcmp(pfm_pmu, "netburst") ? PFM_PMU_INTEL_NETBURST : PFM_PMU_INTEL_NETBURST_P;
    if (pfm_get_pmu_info(id, &pinfo) == PFM_SUCCESS && pinfo.is_present) {
        for (int i = pinfo.first_event; i != -1; i = pfm_get_event_next(i)) {
            pfm_event_info_t ev;
            memset(&ev, 0, sizeof ev);
            ev.size = sizeof ev;
            if (pfm_get_event_info(i, PFM_OS_NONE, &ev) != PFM_SUCCESS ||
                strncmp(ev.name, only, strlen(only)) != 0) {
                continue;
            }
            r.libpfm_events++;
            r.our_events += p4_find_event(ev.name) != NULL;
            compare_event(&pmu, pfm_pmu, i, &ev, &r);
        }
    }
    pfm_terminate();
    return r;
}

/* A deliberately wrong pair (NBOGUS against BOGUS) must count as a
 * difference: the comparison can see one. */
static bool mismatch_detected(void)
{
    struct result r = {0, 0, 0, 0, 0, 0, 0};
    struct cpu_info info;
    struct pmu_hw hw = {0};
    static struct pmu pmu;
    setenv("LIBPFM_FORCE_PMU", "netburst", 1);
    if (pfm_initialize() != PFM_SUCCESS) {
        return false;
    }
    pmu_cpu_by_name("p4", NULL, &info);
    pmu_init(&pmu, &info, &hw, NULL);
    compare(&pmu, "netburst", "uops_retired", "uops_retired:NBOGUS", "uops_retired:BOGUS", &r);
    pfm_terminate();
    return r.unknown == 1;
}

/* A comparison passes only when it compared something and every
 * difference is a documented one. */
static bool passed(const struct result *r)
{
    return r->compared > 0 && r->unknown == 0 && r->agree > 0;
}

static void report(const char *pfm_pmu, const struct result *r, unsigned want_events)
{
    CHECK(r->libpfm_events == want_events && r->our_events == r->libpfm_events,
          "%s: all %u libpfm4 events are in our table (%u found)", pfm_pmu, r->libpfm_events,
          r->our_events);
    CHECK(passed(r),
          "%s: %u encodings compared, %u agree (%u of them refused by both), %u differ as "
          "documented, %u differ otherwise",
          pfm_pmu, r->compared, r->agree, r->both_refuse, r->known, r->unknown);
}

int main(void)
{
    struct result nb = compare_pmu("netburst", "p4", "");
    report("netburst", &nb, 45);
    struct result nbp = compare_pmu("netburst_p", "p4-prescott", "");
    report("netburst_p", &nbp, 46);
    for (unsigned i = 0; i < sizeof known / sizeof known[0]; i++) {
        printf("documented difference: %s: %s\n", known[i].event, known[i].why);
    }

    /* The comparison itself must not pass vacuously. */
    struct result none = compare_pmu("netburst", "p4", "no_such_event");
    CHECK(none.compared == 0 && !passed(&none), "a comparison of 0 events fails");
    CHECK(mismatch_detected(), "a wrong encoding shows up as a difference");
    return check_summary();
}
