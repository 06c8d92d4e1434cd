#define _POSIX_C_SOURCE 200809L
/* The perf_event_open configurations of pmu/x86/perf_attr.c against
 * libpfm4's (pfm_get_os_event_encoding with PFM_OS_PERF_EVENT: type,
 * config, exclude_user, exclude_kernel), for every event of the
 * architectural-perfmon and AMD tables, each unit mask alone and
 * modifier variants, on the PMUs tests/host/test_pmu_libpfm.c compares
 * the selector values of (the same synthetic CPUs, libpfm4 forced to the
 * same PMU, one child process a PMU: tests/host/libpfm_child.h). Ours go
 * through the plan, the backend's encoder and perf_attr_pass, as the
 * hosted run's will.
 *
 * Where the two differ by design: an event barebench's encoder put on
 * FIXED_CTR2 or FIXED_CTR3 is Linux's fixed-counter pseudo-event (0x0300,
 * 0x0400), which only that counter counts, while libpfm4 gives the
 * architectural GP encoding (0x013c, 0x01a4) that a GP counter counts,
 * in another clock on many models for 0x013c (perf_attr.c cites both).
 * Those are counted apart, each checked to be, on libpfm4's side, the
 * encoding our selector holds; check_privilege checks that ours are
 * Linux's fixed events.
 *
 * Then what no libpfm4 comparison shows: :u and :k on GP and fixed
 * counters, a plan of several passes, the P6, and the backends that have
 * no perf configuration (P4, P5, PowerPC, the TSC), which must give their
 * reason and no configuration. */
#include <perfmon/pfmlib_perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pmu/x86/evtsel.h"
#include "pmu/x86/perf_attr.h"
#include "pmu/x86/regs.h"
#include "tests/host/check.h"
#include "tests/host/libpfm_child.h"
#include "tests/host/pmu_fixture.h"

extern const struct pmu_event_table arch_table;

struct tally {
    unsigned compared, agreed;
    unsigned fixed_pseudo; /* on FIXED2/3: Linux's pseudo-event, libpfm4's GP encoding */
    unsigned both_refuse;  /* libpfm4 refuses it, and so does our planner */
    unsigned ours_only;    /* libpfm4 refuses it, we accept */
    unsigned unconfigured; /* planned, but perf_attr_pass gave no configuration */
};

/* libpfm4's perf_event_attr of one event string, or false. */
static bool libpfm_attr(const char *pfm_pmu, const char *spec, struct perf_event_attr *attr)
{
    char full[256];
    snprintf(full, sizeof full, "%s::%s", pfm_pmu, spec);
    memset(attr, 0, sizeof *attr);
    pfm_perf_encode_arg_t arg;
    memset(&arg, 0, sizeof arg);
    arg.size = sizeof arg;
    arg.attr = attr;
    return pfm_get_os_event_encoding(full, PFM_PLM0 | PFM_PLM3, PFM_OS_PERF_EVENT, &arg) ==
           PFM_SUCCESS;
}

/* Ours: the one event of the spec, planned, encoded and turned into a
 * perf configuration; false when the planner refuses it. */
static bool ours_attr(const char *spec, struct perf_attr *attr, struct tally *t)
{
    if (plan_of(spec) < 0) {
        return false;
    }
    if (perf_attr_pass(&pmu, &plan, 0, attr, 1, err, sizeof err) != 1) {
        printf("no configuration: %s: %s\n", spec, err);
        t->unconfigured++;
        return false;
    }
    return true;
}

static void compare_one(const char *pfm_pmu, const char *spec, struct tally *t)
{
    struct perf_event_attr theirs;
    struct perf_attr ours;
    if (!libpfm_attr(pfm_pmu, spec, &theirs)) {
        if (ours_attr(spec, &ours, t)) {
            printf("accepted by us only: %s %s\n", pfm_pmu, spec);
            t->ours_only++;
        } else {
            t->both_refuse++;
        }
        return;
    }
    t->compared++;
    if (!ours_attr(spec, &ours, t)) {
        printf("refused by us only: %s %s: %s\n", pfm_pmu, spec, err);
        return;
    }
    bool flags = ours.type == theirs.type && ours.exclude_user == theirs.exclude_user &&
                 ours.exclude_kernel == theirs.exclude_kernel;
    const struct pmu_assigned_event *ev = &plan.events[0];
    uint64_t filters = EVTSEL_USR | EVTSEL_OS | EVTSEL_INT;
    if (flags && ours.config == theirs.config) {
        t->agreed++;
    } else if (flags && ev->hw_index >= ARCH_FIXED_BASE + 2 &&
               theirs.config == (ev->config & ~filters) && ours.config != theirs.config) {
        t->fixed_pseudo++;
    } else {
        printf("disagree: %s %s on %s: ours type %u config 0x%llx exclude u%d k%d; libpfm4 type "
               "%u config 0x%llx exclude u%d k%d\n",
               pfm_pmu, spec, ev->counter, ours.type, (unsigned long long)ours.config,
               ours.exclude_user, ours.exclude_kernel, theirs.type,
               (unsigned long long)theirs.config, (int)theirs.exclude_user,
               (int)theirs.exclude_kernel);
    }
}

/* One event, each of its unit masks alone, and modifiers ("t" where the
 * PMU has AnyThread: libpfm4's ix86arch takes it). */
static void compare_event(const char *pfm_pmu, const struct pmu_event_desc *ev, bool any_thread,
                          struct tally *t)
{
    char spec[200];
    compare_one(pfm_pmu, ev->name, t);
    for (unsigned u = 0; u < ev->n_umasks; u++) {
        snprintf(spec, sizeof spec, "%s:%s", ev->name, ev->umasks[u].name);
        compare_one(pfm_pmu, spec, t);
    }
    const char *mods[] = {"u", "k", "c=3:e:i", "c=1", "t", "t:u"};
    for (unsigned k = 0; k < (any_thread ? 6u : 4u); k++) {
        snprintf(spec, sizeof spec, "%s:%s", ev->name, mods[k]);
        compare_one(pfm_pmu, spec, t);
    }
}

static void compare_tables(const char *cpu_name, const char *pfm_pmu,
                           const struct pmu_event_table *const tables[], unsigned n_tables)
{
    if (!libpfm_force(pfm_pmu)) {
        return;
    }
    model_pmu(&m, &pmu, MODEL_DEAD, cpu_name, NULL);
    CHECK(perf_attr_pmu_name(&pmu) && !strcmp(perf_attr_pmu_name(&pmu), "cpu") &&
              !perf_attr_why_not(&pmu),
          "%s: Linux's \"cpu\" PMU takes its events", cpu_name);
    bool any_thread = pmu.caps.perfmon_version >= 3;
    struct tally t = {0, 0, 0, 0, 0, 0};
    for (unsigned i = 0; i < n_tables; i++) {
        for (unsigned e = 0; e < tables[i]->n_events; e++) {
            compare_event(pfm_pmu, &tables[i]->events[e], any_thread, &t);
        }
    }
    CHECK(t.compared > 0 && t.agreed + t.fixed_pseudo == t.compared && t.ours_only == 0 &&
              t.unconfigured == 0,
          "%s vs libpfm4 %s perf_event: %u of %u specs agree on type, config, exclude_user and "
          "exclude_kernel, %u more are Linux's fixed-counter pseudo-events where libpfm4 gives "
          "the GP encoding; %u refused by both, %u accepted by us only",
          cpu_name, pfm_pmu, t.agreed, t.compared, t.fixed_pseudo, t.both_refuse, t.ours_only);
}

/* The configurations of every pass of a list, by event. */
static struct perf_attr attrs[PMU_MAX_EVENTS];

static int attrs_of(unsigned pass)
{
    return perf_attr_pass(&pmu, &plan, pass, attrs, PMU_MAX_EVENTS, err, sizeof err);
}

/* :u and :k on a GP counter, on each fixed counter, and on AMD. */
static void check_privilege(void)
{
    struct pmu_cpu_opts v5 = {.arch_version = 5, .has_fixed = true, .fixed = 4};
    model_pmu(&m, &pmu, MODEL_ARCH, "arch", &v5);
    CHECK_OK(plan_of("INSTRUCTION_RETIRED:u,UNHALTED_CORE_CYCLES:k,UNHALTED_REFERENCE_CYCLES,"
                     "TOPDOWN_SLOTS:u,LLC_MISSES:k,LLC_REFERENCES:u"));
    int n = attrs_of(0);
    CHECK(n == 6 && plan.n_passes == 1, "arch v5: six events, one pass, six configurations");
    static const struct {
        const char *counter;
        bool exclude_user, exclude_kernel;
    } want[] = {{"FIXED0", false, true}, {"FIXED1", true, false}, {"FIXED2", false, false},
                {"FIXED3", false, true}, {"PMC0", true, false},   {"PMC1", false, true}};
    for (int i = 0; i < n && i < 6; i++) {
        const struct pmu_assigned_event *ev = &plan.events[attrs[i].event];
        CHECK(attrs[i].event == (unsigned)i && !strcmp(ev->counter, want[i].counter) &&
                  attrs[i].exclude_user == want[i].exclude_user &&
                  attrs[i].exclude_kernel == want[i].exclude_kernel &&
                  attrs[i].type == PERF_ATTR_TYPE_RAW,
              "arch v5: %s on %s: exclude_user %d, exclude_kernel %d", ev->name, ev->counter,
              attrs[i].exclude_user, attrs[i].exclude_kernel);
    }
    /* libpfm4 4.13's ix86arch has no TOPDOWN_SLOTS: Linux's own name for
     * FIXED_CTR3 (arch/x86/events/intel/core.c, the SLOTS constraint). */
    CHECK(n == 6 && attrs[3].config == 0x0400 && attrs[2].config == 0x0300,
          "arch v5: FIXED_CTR3 is Linux's slots event 0x0400, FIXED_CTR2 its ref-cycles 0x0300");

    model_pmu(&m, &pmu, MODEL_AMD, "fam10h", NULL);
    CHECK_OK(plan_of("RETIRED_INSTRUCTIONS:u,CPU_CLK_UNHALTED:k,L3_CACHE_MISSES"));
    n = attrs_of(0);
    CHECK(n == 3 && attrs[0].exclude_kernel && !attrs[0].exclude_user && attrs[1].exclude_user &&
              !attrs[1].exclude_kernel && !attrs[2].exclude_user && !attrs[2].exclude_kernel,
          "fam10h: :u excludes the kernel, :k the user, neither counts both");
    CHECK(n == 3 && (attrs[2].config >> EVTSEL_AMD_EVENT_HI_SHIFT) == 0x4,
          "fam10h: event select bits 11:8 stay at config bits 35:32 (L3_CACHE_MISSES, 0x4e1)");
}

/* A list larger than the counters: each pass lists its own events. */
static void check_passes(void)
{
    struct pmu_cpu_opts two = {.arch_version = 1, .has_gp = true, .gp = 2};
    model_pmu(&m, &pmu, MODEL_ARCH, "arch", &two);
    CHECK_OK(plan_of("LLC_MISSES,LLC_REFERENCES,BRANCH_INSTRUCTIONS_RETIRED:u"));
    unsigned seen = 0;
    bool right = plan.n_passes == 2;
    for (unsigned p = 0; p < plan.n_passes; p++) {
        int n = attrs_of(p);
        right = right && n > 0;
        for (int i = 0; i < n; i++) {
            const struct pmu_assigned_event *ev = &plan.events[attrs[i].event];
            right = right && ev->pass == p;
            seen |= 1u << attrs[i].event;
        }
    }
    CHECK(right && seen == 0x7,
          "arch v1, two counters: three events over two passes, each configuration in its own "
          "pass and each event once");
    CHECK(perf_attr_pass(&pmu, &plan, 0, attrs, 1, err, sizeof err) < 0 &&
              strstr(err, "more than 1 events"),
          "a pass of two events refuses room for one: %s", err);
}

/* The P6: the raw encoding its planner prints for perf (rUUEE[:u|:k]) is
 * the configuration, USR/OS become the exclusions. */
static void check_p6(void)
{
    model_pmu(&m, &pmu, MODEL_P6, "piii", NULL);
    CHECK_OK(plan_of("INST_RETIRED:u,DATA_MEM_REFS:k"));
    int n = attrs_of(0);
    bool right = n == 2;
    for (int i = 0; i < n; i++) {
        const struct pmu_assigned_event *ev = &plan.events[attrs[i].event];
        uint64_t raw = strtoull(ev->encoding + 1, NULL, 16);
        bool u = strstr(ev->encoding, ":u") != NULL, k = strstr(ev->encoding, ":k") != NULL;
        right = right && ev->encoding[0] == 'r' && attrs[i].config == raw &&
                attrs[i].exclude_kernel == u && attrs[i].exclude_user == k;
    }
    CHECK(right && perf_attr_pmu_name(&pmu) && !strcmp(perf_attr_pmu_name(&pmu), "cpu"),
          "piii: both counters' configurations are the encodings perf takes back, on \"cpu\"");
}

/* The backends without one: the reason, and no configuration. */
static void check_refused(const char *cpu_name, enum model_kind kind, const char *spec,
                          const char *reason_part)
{
    model_pmu(&m, &pmu, kind, cpu_name, NULL);
    CHECK_OK(plan_of(spec));
    const char *why = perf_attr_why_not(&pmu);
    attrs[0].type = 0;
    int n = attrs_of(0);
    CHECK(n < 0 && why && strstr(why, reason_part) && !strcmp(err, why) && attrs[0].type == 0 &&
              !perf_attr_pmu_name(&pmu),
          "%s (%s): no perf configuration, because %s", cpu_name, pmu_name(&pmu),
          why ? why : "(none given)");
}

int main(void)
{
    const struct pmu_event_table *arch_tables[] = {&arch_table};
    libpfm_in_child(compare_tables, "arch", "ix86arch", arch_tables, 1);
    libpfm_compare_amd(compare_tables);
    check_privilege();
    check_passes();
    check_p6();
    check_refused("p4", MODEL_DEAD, "instructions", "Pentium 4");
    check_refused("p5", MODEL_P5, "INSTRUCTIONS_EXECUTED", "P5 CESR");
    check_refused("ppc604e", MODEL_PPC604, "instructions", "PowerPC");
    check_refused("tsc", MODEL_DEAD, "", "time-stamp counter");
    return check_summary();
}
