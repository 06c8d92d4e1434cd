/* P6 family (Pentium Pro, II, III, M): two 40-bit counters PerfCtr0/1
 * (0xC1/0xC2) programmed through PerfEvtSel0/1 (0x186/0x187). The EN bit
 * exists only in PerfEvtSel0 and starts or stops both counters; writes to
 * a counter load bits 31:0 sign-extended. Chosen by family 6 model only
 * (CPUs with leaf 0xA go to the architectural backend first). */
#include "lib/fmt.h"
#include "lib/kstring.h"
#include "pmu/x86/events_p6.h"
#include "pmu/x86/evtsel.h"
#include "pmu/x86/regs.h"
#include "pmu/x86/registry.h"

#define P6_COUNTERS 2
#define P6_WIDTH    40

/* The model group of a family-6 model, or -1 when it is no P6. */
static int p6_group_of(unsigned model)
{
    switch (model) {
    case 0x1:
        return P6_PPRO;
    case 0x3:
    case 0x5:
    case 0x6:
        return P6_PII;
    case 0x7:
    case 0x8:
    case 0xa:
    case 0xb:
        return P6_PIII;
    case 0x9:
    case 0xd:
        return P6_PM;
    default:
        return -1;
    }
}

static bool p6_detect(const struct cpu_info *cpu)
{
    return cpu->vendor == VENDOR_INTEL && cpu->family == 6 && cpu->features[FEAT_MSR] &&
           p6_group_of(cpu->model) >= 0;
}

/* Pentium Pro erratum 26 concerns RDPMC at CPL 3 on steppings before 9:
 * Linux turns user-mode RDPMC off there (p6_pmu_rdpmc_quirk in
 * arch/x86/events/intel/p6.c: "PPro erratum 26; fixed in stepping 9 and
 * above"), as perfctr's x86 driver did. barebench's ring-3 windows read the
 * counters with RDPMC at CPL 3, so the inventory names the erratum there. */
static const struct pmu_quirk p6_quirks[] = {
    {.name = "Pentium Pro erratum 26",
     .effect = "user-mode RDPMC is not to be trusted before stepping 9: counts that ring-3 "
               "windows read are suspect",
     .source = "Linux arch/x86/events/intel/p6.c, p6_pmu_rdpmc_quirk",
     .model_lo = 1,
     .model_hi = 1,
     .stepping_hi = 8,
     .marks = PMU_QUIRK_USER_RDPMC},
    {.name = "shared enable",
     .effect = "EN exists only in PERFEVTSEL0 and starts or stops both counters",
     .source = "Intel SDM vol. 3B, \"Performance Monitoring (P6 Family Processor)\""},
};

static const struct pmu_caps p6_caps = {
    .n_gp = P6_COUNTERS,
    .gp_width = P6_WIDTH,
    .gp_name = "PMC",
    .gp_reg = MSR_P6_PERFCTR0,
    .sel_name = "PERFEVTSEL",
    .n_sel = P6_COUNTERS,
    .sel_reg = MSR_P6_EVNTSEL0,
    .rdpmc = true,
    .quirks = p6_quirks,
    .n_quirks = PMU_ARRAY_SIZE(p6_quirks),
};

static void p6_init(struct pmu *pmu)
{
    pmu->caps.event_group = (unsigned)p6_group_of(pmu->cpu.model);
    pmu->caps.variant = p6_groups[pmu->caps.event_group].name;
}

static void p6_list(const struct pmu *pmu, pmu_line_fn line, void *ctx)
{
    const struct p6_group_tables *g = &p6_groups[pmu->caps.event_group];
    for (unsigned t = 0; t < g->n_tables; t++) {
        pmu_list_table(g->tables[t], line, ctx);
    }
}

static unsigned p6_event_tables(const struct pmu *pmu, const struct pmu_event_table *out[],
                                unsigned max)
{
    const struct p6_group_tables *g = &p6_groups[pmu->caps.event_group];
    unsigned n = g->n_tables < max ? g->n_tables : max;
    for (unsigned t = 0; t < n; t++) {
        out[t] = g->tables[t];
    }
    return n;
}

static const char *p6_default_events(const struct pmu *pmu)
{
    (void)pmu;
    return "CPU_CLK_UNHALTED,INST_RETIRED,BR_INST_RETIRED,BR_MISS_PRED_RETIRED";
}

/* perf's generic names, as Linux maps them on the P6. */
static const struct pmu_alias p6_aliases[] = {
    {"cycles", "CPU_CLK_UNHALTED"},
    {"cpu-cycles", "CPU_CLK_UNHALTED"},
    {"instructions", "INST_RETIRED"},
    {"branches", "BR_INST_RETIRED"},
    {"branch-instructions", "BR_INST_RETIRED"},
    {"branch-misses", "BR_MISS_PRED_RETIRED"},
    {"cache-references", "L2_RQSTS:I:S:E:M"},
    {"cache-misses", "L2_LINES_IN"},
    {"bus-cycles", "BUS_DRDY_CLOCKS"},
    {NULL, NULL},
};

/* The Pentium M's L2 line events need a unit mask: all states. */
static const struct pmu_alias pm_aliases[] = {
    {"cache-misses", "L2_LINES_IN:I:S:E:M"},
    {NULL, NULL},
};

static void p6_rules(const struct pmu *pmu, struct evtsel_rules *rules)
{
    const struct p6_group_tables *g = &p6_groups[pmu->caps.event_group];
    memset(rules, 0, sizeof *rules);
    rules->n_tables = g->n_tables;
    for (unsigned t = 0; t < g->n_tables; t++) {
        rules->tables[t] = g->tables[t];
    }
    rules->aliases[0] = pmu->caps.event_group == P6_PM ? pm_aliases : NULL;
    rules->aliases[1] = p6_aliases;
    rules->aliases[2] = p6_perfctr_aliases;
    rules->aliases[3] = p6_oprofile_aliases;
    rules->aliases[4] = pmu->caps.event_group == P6_PM ? pm_oprofile_aliases : NULL;
    rules->all_counters = 0x3;
    rules->pin_control = true;
    rules->interrupt = true;
    rules->backend = pmu_name(pmu);
}

static int p6_resolve(const struct pmu *pmu, const struct pmu_plan *plan,
                      const struct pmu_spec *spec, struct pmu_assigned_event *ev, char *err,
                      size_t errlen)
{
    (void)plan;
    struct evtsel_rules rules;
    p6_rules(pmu, &rules);
    return evtsel_resolve(&rules, spec, ev, err, errlen);
}

static int p6_place(const struct pmu *pmu, struct pmu_assigned_event *events[], unsigned n,
                    char *err, size_t errlen)
{
    return pmu_place_pmcs(events, n, pmu->caps.n_gp, pmu->caps.gp_width, err, errlen);
}

/* The event of a pass on counter c, or NULL. */
static const struct pmu_assigned_event *on_counter(const struct pmu_plan *plan, unsigned pass,
                                                   unsigned c)
{
    for (unsigned i = 0; i < plan->n_events; i++) {
        if (plan->events[i].pass == pass && plan->events[i].hw_index == c) {
            return &plan->events[i];
        }
    }
    return NULL;
}

/* At most: PERFEVTSEL0 off, then per counter its reset and its selector. */
#define P6_MAX_PASS_WRITES (1 + 2 * P6_COUNTERS)
_Static_assert(P6_MAX_PASS_WRITES <= PMU_MAX_WRITES, "a P6 pass fits PMU_MAX_WRITES");

static unsigned p6_encode(const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass,
                          struct pmu_write *out, unsigned max)
{
    (void)pmu;
    unsigned n = 0;
    const struct pmu_assigned_event *ev0 = on_counter(plan, pass, 0);
    const struct pmu_assigned_event *ev1 = on_counter(plan, pass, 1);
    pmu_emit(out, max, &n, MSR_P6_EVNTSEL0, 0, "PERFEVTSEL0 = 0: both counters stop");
    for (unsigned c = 0; c < P6_COUNTERS; c++) {
        if (on_counter(plan, pass, c)) {
            pmu_emit(out, max, &n, MSR_P6_PERFCTR0 + c, 0, "PMC%u = 0", c);
        }
    }
    if (ev1) {
        pmu_emit(out, max, &n, MSR_P6_EVNTSEL0 + 1, ev1->config, "PERFEVTSEL1 %s", ev1->name);
    }
    /* EN in PerfEvtSel0 starts both; with no event on PMC0 it selects
     * nothing at no privilege level, so PMC0 stays still. */
    if (ev0) {
        pmu_emit(out, max, &n, MSR_P6_EVNTSEL0, ev0->config | EVTSEL_EN, "PERFEVTSEL0 %s +EN",
                 ev0->name);
    } else {
        pmu_emit(out, max, &n, MSR_P6_EVNTSEL0, EVTSEL_EN, "PERFEVTSEL0 global enable only");
    }
    return n;
}

static unsigned p6_encode_stop(const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass,
                               struct pmu_write *out, unsigned max)
{
    (void)pmu;
    unsigned n = 0;
    pmu_emit(out, max, &n, MSR_P6_EVNTSEL0, 0, "PERFEVTSEL0 = 0: both counters stop");
    if (on_counter(plan, pass, 1)) {
        pmu_emit(out, max, &n, MSR_P6_EVNTSEL0 + 1, 0, "PERFEVTSEL1 = 0");
    }
    return n;
}

/* A write to a counter takes its low 32 bits sign-extended (Intel SDM
 * vol. 3B, P6 family performance monitoring), so 2^31 is the largest
 * preset that keeps the top bit set until the overflow clears it. */
static void p6_overflow_regs(const struct pmu *pmu, const struct pmu_assigned_event *ev,
                             struct pmu_overflow_regs *regs)
{
    *regs = (struct pmu_overflow_regs){
        .counter_msr = MSR_P6_PERFCTR0 + ev->hw_index,
        .preset_writes = 1,
        .width = pmu->caps.gp_width,
        .max_period = 1ull << 31,
        .control_msr = MSR_P6_EVNTSEL0 + ev->hw_index,
        .pmi_bit = EVTSEL_INT,
        .style = PMU_OVF_TOP_BIT,
    };
}

/* The P6 events QEMU's counting model counts (emu/README.md, "What counts"):
 * INST_RETIRED, CPU_CLK_UNHALTED, BR_INST_RETIRED. */
static const struct evtsel_tcg_event p6_tcg_events[] = {{0xc0, 0}, {0x79, 0}, {0xc4, 0}};

static bool p6_tcg_counts(const struct pmu_assigned_event *ev)
{
    return evtsel_tcg_counts(false, ev->config, p6_tcg_events, PMU_ARRAY_SIZE(p6_tcg_events));
}

const struct pmu_backend pmu_p6_backend = {
    .name = "p6",
    .caps = &p6_caps,
    .detect = p6_detect,
    .init = p6_init,
    .list = p6_list,
    .event_tables = p6_event_tables,
    .default_events = p6_default_events,
    .resolve = p6_resolve,
    .place = p6_place,
    .encode = p6_encode,
    .overflow_regs = p6_overflow_regs,
    .encode_stop = p6_encode_stop,
    .tcg_counts = p6_tcg_counts,
};
