/* Intel architectural performance monitoring, versions 1 to 5 (CPUID leaf
 * 0xA): n general-purpose counters IA32_PMCi (0xC1+i) with selectors
 * IA32_PERFEVTSELi (0x186+i), each with its own EN bit; from version 2
 * fixed counters IA32_FIXED_CTRj (0x309+j) controlled by
 * IA32_FIXED_CTR_CTRL (0x38D) and the global registers GLOBAL_STATUS
 * (0x38E), GLOBAL_CTRL (0x38F), GLOBAL_OVF_CTRL (0x390). Counter writes
 * through IA32_PMCi sign-extend bit 31; where IA32_PERF_CAPABILITIES
 * (0x345, readable only when CPUID.1:ECX.PDCM is set) has FW_WRITE (bit
 * 13), the full-width aliases IA32_A_PMCi (0x4C1+i) take all bits. */
#include "lib/fmt.h"
#include "lib/kstring.h"
#include "pmu/x86/arch_constraints.h"
#include "pmu/x86/events_arch.h"
#include "pmu/x86/events_pfm.h"
#include "pmu/x86/evtsel.h"
#include "pmu/x86/regs.h"
#include "pmu/x86/registry.h"

#define ARCH_MAX_GP 8

static bool arch_detect(const struct cpu_info *cpu)
{
    return cpu->vendor == VENDOR_INTEL && cpu->perfmon.version >= 1 &&
           cpu->perfmon.gp_counters >= 1 && cpu->features[FEAT_MSR];
}

/* Bitmap of the fixed counters this CPU has. */
static uint32_t fixed_available(const struct cpu_info *cpu)
{
    const struct cpu_arch_perfmon *pm = &cpu->perfmon;
    if (pm->version < 2) {
        return 0;
    }
    uint32_t bits = pm->fixed_counters >= 32 ? ~0u : (1u << pm->fixed_counters) - 1;
    if (pm->version >= 5) {
        bits |= pm->fixed_mask; /* v5: ECX enumerates them as a bitmap */
    }
    return bits & ((1u << ARCH_N_FIXED) - 1);
}

static uint32_t event_code(const struct pmu_assigned_event *ev)
{
    static const struct evtsel_rules intel = {0};
    return evtsel_event_code(&intel, ev->config);
}

static bool counts_instructions(const struct pmu_assigned_event *ev)
{
    return event_code(ev) == 0xc0;
}

static bool counts_instructions_or_branches(const struct pmu_assigned_event *ev)
{
    return event_code(ev) == 0xc0 || event_code(ev) == 0xc4;
}

/* Intel's E-cores overcount instructions retired (0xC0, FIXED_CTR0) and,
 * before Clearwater Forest, branch instructions retired (0xC4) on far
 * CALL, JMP and RET, IRET and other complex flows (Intel Xeon 6700E
 * specification update, erratum SRF7; the models are those of Linux's KVM
 * selftests, tools/testing/selftests/kvm/lib/x86/pmu.c). A ring-3 window
 * enters and leaves through the monitor gate (INT and IRET): its counts
 * carry the overcount. */
#define E_CORE_SOURCE                                                                              \
    "Intel Xeon 6700E specification update, erratum SRF7; Linux KVM selftests lib/x86/pmu.c"
#define E_CORE(model, what, counted, events)                                                       \
    {.name = "E-core erratum SRF7 (" what ")",                                                     \
     .effect = counted " retired overcount on far transfers and IRET: results of ring-3 "          \
                       "windows, which pass the monitor gate, are marked",                         \
     .source = E_CORE_SOURCE,                                                                      \
     .model_lo = (model),                                                                          \
     .model_hi = (model),                                                                          \
     .marks = PMU_QUIRK_GATE,                                                                      \
     .affects = (events)}

static const struct pmu_quirk arch_quirks[] = {
    E_CORE(0x4d, "Avoton/Rangeley", "instructions and branches", counts_instructions_or_branches),
    E_CORE(0x5f, "Denverton", "instructions and branches", counts_instructions_or_branches),
    E_CORE(0x86, "Jacobsville/Snowridge", "instructions and branches",
           counts_instructions_or_branches),
    E_CORE(0xaf, "Sierra Forest", "instructions and branches", counts_instructions_or_branches),
    E_CORE(0xdd, "Clearwater Forest", "instructions", counts_instructions),
};

static const struct pmu_caps arch_caps = {
    .gp_name = "PMC",
    .gp_reg = MSR_IA32_PMC0,
    .sel_name = "PERFEVTSEL",
    .sel_reg = MSR_IA32_PERFEVTSEL0,
    .fixed_reg = MSR_IA32_FIXED_CTR0,
    .fixed_rdpmc = RDPMC_FIXED,
    .rdpmc = true,
    .quirks = arch_quirks,
    .n_quirks = PMU_ARRAY_SIZE(arch_quirks),
};

/* Everything but the register bases comes from CPUID leaf 0xA and, where
 * PDCM is set, IA32_PERF_CAPABILITIES. */
static void arch_init(struct pmu *pmu)
{
    const struct cpu_arch_perfmon *pm = &pmu->cpu.perfmon;
    struct pmu_caps *caps = &pmu->caps;
    caps->perfmon_version = pm->version;
    caps->n_gp = pm->gp_counters > ARCH_MAX_GP ? ARCH_MAX_GP : pm->gp_counters;
    caps->n_sel = caps->n_gp;
    caps->gp_width = pm->gp_width ? pm->gp_width : 40;
    caps->fixed_mask = fixed_available(&pmu->cpu);
    for (unsigned j = 0; j < ARCH_N_FIXED; j++) {
        caps->n_fixed += (caps->fixed_mask >> j) & 1;
    }
    caps->fixed_width = pm->fixed_width ? pm->fixed_width : caps->gp_width;
    uint64_t perf_caps = 0;
    if (pmu->cpu.features[FEAT_PDCM] && pmu->hw.rdmsr &&
        pmu->hw.rdmsr(pmu->hw.ctx, MSR_IA32_PERF_CAPABILITIES, &perf_caps) < 0) {
        perf_caps = 0;
    }
    caps->perf_capabilities = perf_caps;
    if (perf_caps & PERF_CAP_FW_WRITE) {
        caps->gp_reg = MSR_IA32_A_PMC0;
    }
    pfm_pick_table(pmu);
}

static bool full_width_writes(const struct pmu *pmu)
{
    return (pmu->caps.perf_capabilities & PERF_CAP_FW_WRITE) != 0;
}

static bool event_available(const struct cpu_info *cpu, unsigned bit)
{
    return bit < cpu->perfmon.ebx_length && !((cpu->perfmon.unavailable >> bit) & 1);
}

/* The version, how counters are written, the global registers, and the
 * events CPUID says the CPU has. */
static void arch_describe(const struct pmu *pmu, pmu_line_fn line, void *ctx)
{
    char text[200];
    fmt_snprintf(text, sizeof text, "arch: version %u; counter writes %s%s",
                 pmu->caps.perfmon_version,
                 full_width_writes(pmu) ? "full width (IA32_A_PMCi)" : "32 bits sign-extended",
                 pmu->caps.perfmon_version >= 2 ? "; FIXED_CTR_CTRL 0x38d, GLOBAL_STATUS 0x38e, "
                                                  "GLOBAL_CTRL 0x38f, GLOBAL_OVF_CTRL 0x390"
                                                : "");
    line(ctx, text);
    str_copy(text, sizeof text, "arch: events:");
    for (unsigned b = 0; b < ARCH_N_EVENTS; b++) {
        if (event_available(&pmu->cpu, b)) {
            pmu_append(text, sizeof text, " %s", arch_table.events[b].name);
        }
    }
    line(ctx, text);
    pfm_describe_table(pmu, "the architectural events", line, ctx);
}

static void arch_list(const struct pmu *pmu, pmu_line_fn line, void *ctx)
{
    char text[120];
    if (pmu->caps.model_table) {
        pmu_list_table(pmu->caps.model_table, line, ctx);
    }
    for (unsigned b = 0; b < ARCH_N_EVENTS; b++) {
        const struct pmu_event_desc *ev = &arch_table.events[b];
        fmt_snprintf(text, sizeof text, "%-40s code 0x%02x umask 0x%02x%s%s", ev->name,
                     (unsigned)(ev->code & 0xff), (unsigned)(ev->code >> 16),
                     arch_fixed_counter((enum arch_event)b) >= 0 ? " (also a fixed counter)" : "",
                     event_available(&pmu->cpu, b) ? "" : " [not on this CPU]");
        line(ctx, text);
    }
    line(ctx, "any other event: raw rUUEE or event=0x..,umask=0x..");
}

/* Cycles, instructions and branches, and mispredicted branches where leaf
 * 0xA says the CPU has them (an emulator may well not): a default set that
 * the CPU refuses would turn into an error message in every run. */
static const char *arch_default_events(const struct pmu *pmu)
{
    if (event_available(&pmu->cpu, ARCH_BRANCH_MISSES)) {
        return "UNHALTED_CORE_CYCLES,INSTRUCTION_RETIRED,BRANCH_INSTRUCTIONS_RETIRED,"
               "MISPREDICTED_BRANCH_RETIRED";
    }
    return "UNHALTED_CORE_CYCLES,INSTRUCTION_RETIRED,BRANCH_INSTRUCTIONS_RETIRED";
}

static const struct pmu_alias arch_aliases[] = {
    {"cycles", "UNHALTED_CORE_CYCLES"},
    {"cpu-cycles", "UNHALTED_CORE_CYCLES"},
    {"instructions", "INSTRUCTION_RETIRED"},
    {"ref-cycles", "UNHALTED_REFERENCE_CYCLES"},
    {"cache-references", "LLC_REFERENCES"},
    {"cache-misses", "LLC_MISSES"},
    {"branches", "BRANCH_INSTRUCTIONS_RETIRED"},
    {"branch-instructions", "BRANCH_INSTRUCTIONS_RETIRED"},
    {"branch-misses", "MISPREDICTED_BRANCH_RETIRED"},
    {"slots", "TOPDOWN_SLOTS"},
    {"topdown-retiring", "TOPDOWN_RETIRING"},
    {"topdown-bad-spec", "TOPDOWN_BAD_SPEC"},
    {"topdown-fe-bound", "TOPDOWN_FE_BOUND"},
    {"topdown-be-bound", "TOPDOWN_BE_BOUND"},
    {NULL, NULL},
};

/* Event lists by one name: Topdown's level 1, the slots first (its
 * metrics need them in their pass). */
static const struct pmu_alias arch_groups[] = {
    {"topdown",
     "TOPDOWN_SLOTS,TOPDOWN_RETIRING,TOPDOWN_BAD_SPEC,TOPDOWN_FE_BOUND,TOPDOWN_BE_BOUND"},
    {NULL, NULL},
};

/* The model's table generated from libpfm4 holds the uops and port
 * events; the architectural events have neither. */
static unsigned arch_event_tables(const struct pmu *pmu, const struct pmu_event_table *out[],
                                  unsigned max)
{
    if (!pmu->caps.model_table || max == 0) {
        return 0;
    }
    out[0] = pmu->caps.model_table;
    return 1;
}

/* Where a fixed counter counts the event too, it may go there; the
 * pseudo-encodings 00H/0jH go nowhere else. Fixed counters filter by
 * privilege (and any-thread) only. */
static int place_fixed(const struct pmu *pmu, const struct pmu_spec *spec,
                       struct pmu_assigned_event *ev, char *err, size_t errlen)
{
    bool only;
    uint32_t umask = (uint32_t)(ev->config >> EVTSEL_UMASK_SHIFT) & 0xff;
    int j = arch_fixed_of((uint32_t)(ev->config & EVTSEL_EVENT_MASK), umask, &only);
    uint64_t filters =
        EVTSEL_EDGE | EVTSEL_INV | EVTSEL_PC | EVTSEL_INT | (0xffull << EVTSEL_CMASK_SHIFT);
    bool on_fixed = j >= 0 && ((pmu->caps.fixed_mask >> j) & 1) && !(ev->config & filters);
    if (only && !on_fixed) {
        return pmu_error(err, errlen, "'%s': only FIXED_CTR%d counts it, %s", spec->text, j,
                         ((pmu->caps.fixed_mask >> j) & 1)
                             ? "which filters by privilege only (no e, i, c, pc, int)"
                             : "which this CPU lacks");
    }
    if (on_fixed) {
        ev->counter_mask = (only ? 0 : ev->counter_mask) | 1u << (ARCH_FIXED_BASE + j);
    }
    return 0;
}

#define PRIVILEGE (EVTSEL_USR | EVTSEL_OS)

static bool perf_metrics(const struct pmu *pmu)
{
    return (pmu->caps.perf_capabilities & PERF_CAP_PERF_METRICS) &&
           ((pmu->caps.fixed_mask >> 3) & 1);
}

/* A Topdown metric is no counter but a byte of PERF_METRICS: it filters
 * nothing itself (FIXED_CTR3's privilege filter is its own), and its
 * window reads it with RDPMC's ECX bit 29. */
static int resolve_metric(const struct pmu *pmu, const struct pmu_plan *plan,
                          const struct pmu_spec *spec, struct pmu_assigned_event *ev, int field,
                          char *err, size_t errlen)
{
    uint64_t filters = EVTSEL_EDGE | EVTSEL_INV | EVTSEL_PC | EVTSEL_INT | EVTSEL_ANY |
                       (0xffull << EVTSEL_CMASK_SHIFT);
    if (!perf_metrics(pmu)) {
        return pmu_error(err, errlen,
                         "'%s': PERF_METRICS is not on this CPU (IA32_PERF_CAPABILITIES bit 15 "
                         "and FIXED_CTR3: Ice Lake and later)",
                         spec->text);
    }
    if (pmu->hw.reads_outside && pmu->hw.reads_outside(pmu->hw.ctx)) {
        return pmu_error(err, errlen,
                         "'%s': a Topdown metric is read with RDPMC inside the window, which this "
                         "platform does not allow",
                         spec->text);
    }
    if (ev->config & filters) {
        return pmu_error(err, errlen,
                         "'%s': a Topdown metric takes only u and k, which must be those of "
                         "TOPDOWN_SLOTS",
                         spec->text);
    }
    const struct pmu_assigned_event *slots = NULL;
    for (unsigned i = 0; i < plan->n_events; i++) {
        if (plan->events[i].hw_index == ARCH_FIXED_BASE + 3) {
            slots = &plan->events[i];
        }
    }
    if (!slots) {
        return pmu_error(err, errlen,
                         "'%s': a Topdown metric is a fraction of the slots FIXED_CTR3 counts: "
                         "list TOPDOWN_SLOTS before it (events=topdown does)",
                         spec->text);
    }
    if ((slots->config & PRIVILEGE) != (ev->config & PRIVILEGE)) {
        return pmu_error(err, errlen,
                         "'%s': a Topdown metric counts at the privilege levels of %s, which "
                         "differ",
                         spec->text, slots->name);
    }
    ev->counter_mask = 1u << (ARCH_METRIC_BASE + field);
    ev->flags &= ~PMU_EVF_ADVANCES;
    return 0;
}

static int arch_resolve(const struct pmu *pmu, const struct pmu_plan *plan,
                        const struct pmu_spec *spec, struct pmu_assigned_event *ev, char *err,
                        size_t errlen)
{
    struct evtsel_rules rules;
    memset(&rules, 0, sizeof rules);
    /* The model's table first: where both name an event (libpfm4's tables
     * repeat the architectural ones), it encodes as libpfm4 does for the
     * model. */
    if (pmu->caps.model_table) {
        rules.tables[rules.n_tables++] = pmu->caps.model_table;
    }
    rules.tables[rules.n_tables++] = &arch_table;
    rules.tables[rules.n_tables++] = &arch_metric_table;
    rules.aliases[0] = arch_aliases;
    rules.all_counters = (1u << pmu->caps.n_gp) - 1;
    rules.any_thread = pmu->caps.perfmon_version >= 3;
    rules.pin_control = true;
    rules.interrupt = true;
    rules.backend = pmu_name(pmu);
    if (evtsel_resolve(&rules, spec, ev, err, errlen) < 0) {
        return -1;
    }
    const struct pmu_event_desc *desc = ev->desc;
    if (desc >= arch_table.events && desc < arch_table.events + ARCH_N_EVENTS) {
        unsigned bit = (unsigned)(desc - arch_table.events);
        if (!event_available(&pmu->cpu, bit)) {
            return pmu_error(err, errlen, "'%s': %s is not on this CPU (CPUID leaf 0xA EBX)",
                             spec->text, desc->name);
        }
    }
    uint32_t select = (uint32_t)(ev->config & EVTSEL_EVENT_MASK);
    uint32_t umask = (uint32_t)(ev->config >> EVTSEL_UMASK_SHIFT) & 0xff;
    int field = arch_metric_of(select, umask);
    if (field >= 0) {
        return resolve_metric(pmu, plan, spec, ev, field, err, errlen);
    }
    /* The model's counter constraints (Linux's), on the GP counters. */
    uint32_t gp =
        arch_gp_counters(pmu->caps.model_table ? pmu->caps.model_table->name : NULL, select, umask);
    ev->counter_mask &= gp | ~rules.all_counters;
    if (!(ev->counter_mask & rules.all_counters)) {
        return pmu_error(err, errlen, "'%s': it counts only on PMC counters this CPU lacks (0x%x)",
                         spec->text, (unsigned)gp);
    }
    return place_fixed(pmu, spec, ev, err, errlen);
}

/* The event of the pass on FIXED_CTR3 (the slots), or NULL. */
static const struct pmu_assigned_event *slots_of(struct pmu_assigned_event *events[], unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        if (events[i]->hw_index == ARCH_FIXED_BASE + 3) {
            return events[i];
        }
    }
    return NULL;
}

/* A metric is a fraction of the slots FIXED_CTR3 counts in its pass, with
 * the privilege filter FIXED_CTR3 has. */
static int place_metric(struct pmu_assigned_event *ev, struct pmu_assigned_event *events[],
                        unsigned n, char *err, size_t errlen)
{
    unsigned field = ev->hw_index - ARCH_METRIC_BASE;
    const struct pmu_assigned_event *slots = slots_of(events, n);
    if (!slots || (slots->config & PRIVILEGE) != (ev->config & PRIVILEGE)) {
        return pmu_error(err, errlen,
                         "%s: a Topdown metric needs TOPDOWN_SLOTS on FIXED_CTR3 in its pass, "
                         "with the same privilege levels",
                         ev->name);
    }
    fmt_snprintf(ev->counter, sizeof ev->counter, "PERF_METRICS%u", field);
    ev->read = (struct pmu_read){PMU_READ_RDPMC, RDPMC_METRICS, 64, field + 1, RDPMC_FIXED | 3};
    return 0;
}

static int arch_place(const struct pmu *pmu, struct pmu_assigned_event *events[], unsigned n,
                      char *err, size_t errlen)
{
    uint32_t fixed_bits = ((1u << ARCH_N_FIXED) - 1) << ARCH_FIXED_BASE;
    if (pmu_place_by_mask(events, n, ARCH_METRIC_BASE + ARCH_N_METRICS, fixed_bits, err, errlen) <
        0) {
        return -1;
    }
    for (unsigned i = 0; i < n; i++) {
        struct pmu_assigned_event *ev = events[i];
        ev->read.kind = PMU_READ_RDPMC;
        if (ev->hw_index >= ARCH_METRIC_BASE) {
            if (place_metric(ev, events, n, err, errlen) < 0) {
                return -1;
            }
        } else if (ev->hw_index >= ARCH_FIXED_BASE) {
            unsigned j = ev->hw_index - ARCH_FIXED_BASE;
            fmt_snprintf(ev->counter, sizeof ev->counter, "FIXED%u", j);
            ev->read.index = RDPMC_FIXED | j;
            ev->read.width = pmu->caps.fixed_width;
        } else {
            fmt_snprintf(ev->counter, sizeof ev->counter, "PMC%u", ev->hw_index);
            ev->read.index = ev->hw_index;
            ev->read.width = pmu->caps.gp_width;
        }
    }
    return 0;
}

/* GLOBAL_CTRL bit of a placed counter: PMCi -> i, FIXEDj -> 32 + j, a
 * metric -> EN_PERF_METRICS. */
static uint64_t global_bit(unsigned hw_index)
{
    if (hw_index >= ARCH_METRIC_BASE) {
        return GLOBAL_EN_PERF_METRICS;
    }
    return hw_index >= ARCH_FIXED_BASE ? 1ull << (32 + hw_index - ARCH_FIXED_BASE)
                                       : 1ull << hw_index;
}

/* The GLOBAL_CTRL bits of a pass's counters (bit 48 where it has metrics). */
static uint64_t pass_enable(const struct pmu_plan *plan, unsigned pass)
{
    uint64_t enable = 0;
    for (unsigned i = 0; i < plan->n_events; i++) {
        if (plan->events[i].pass == pass) {
            enable |= global_bit(plan->events[i].hw_index);
        }
    }
    return enable;
}

/* The SDM's reset of the metrics ("Performance Metrics"): FIXED_CTR3 and
 * PERF_METRICS cleared together, with the counters stopped. */
static void emit_metrics_reset(struct pmu_write *out, unsigned max, unsigned *n)
{
    pmu_emit(out, max, n, MSR_IA32_FIXED_CTR0 + 3, 0, "FIXED_CTR3 = 0 (slots)");
    pmu_emit(out, max, n, MSR_PERF_METRICS, 0, "PERF_METRICS = 0");
}

static uint64_t fixed_ctrl_bits(const struct pmu_assigned_event *ev)
{
    uint64_t bits = ((ev->config & EVTSEL_OS) ? FIXED_OS : 0) |
                    ((ev->config & EVTSEL_USR) ? FIXED_USR : 0) |
                    ((ev->config & EVTSEL_ANY) ? FIXED_ANY : 0);
    return bits << (4 * (ev->hw_index - ARCH_FIXED_BASE));
}

/* At most: GLOBAL_CTRL off, three writes per GP counter, one per fixed
 * counter, PERF_METRICS, FIXED_CTR_CTRL, GLOBAL_OVF_CTRL and GLOBAL_CTRL. */
#define ARCH_MAX_PASS_WRITES (1 + 3 * ARCH_MAX_GP + ARCH_N_FIXED + 4)
_Static_assert(ARCH_MAX_PASS_WRITES <= PMU_MAX_WRITES, "an arch pass fits PMU_MAX_WRITES");

static unsigned arch_encode(const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass,
                            struct pmu_write *out, unsigned max)
{
    unsigned n = 0;
    bool global = pmu->caps.perfmon_version >= 2;
    uint32_t pmc = pmu->caps.gp_reg;
    uint64_t enable = 0, fixed_ctrl = 0;
    bool metrics = (pass_enable(plan, pass) & GLOBAL_EN_PERF_METRICS) != 0;
    if (global) {
        pmu_emit(out, max, &n, MSR_IA32_PERF_GLOBAL_CTRL, 0, "GLOBAL_CTRL = 0: all counters stop");
    }
    for (unsigned i = 0; i < plan->n_events; i++) {
        const struct pmu_assigned_event *ev = &plan->events[i];
        if (ev->pass != pass) {
            continue;
        }
        enable |= global_bit(ev->hw_index);
        if (ev->hw_index >= ARCH_METRIC_BASE) {
            continue; /* FIXED_CTR3, the slots, is in the pass and resets them */
        }
        if (ev->hw_index >= ARCH_FIXED_BASE) {
            unsigned j = ev->hw_index - ARCH_FIXED_BASE;
            fixed_ctrl |= fixed_ctrl_bits(ev);
            if (j == 3 && metrics) {
                emit_metrics_reset(out, max, &n);
            } else {
                pmu_emit(out, max, &n, MSR_IA32_FIXED_CTR0 + j, 0, "FIXED_CTR%u = 0 (%s)", j,
                         ev->name);
            }
            continue;
        }
        unsigned c = ev->hw_index;
        if (!global) {
            pmu_emit(out, max, &n, MSR_IA32_PERFEVTSEL0 + c, 0, "PERFEVTSEL%u = 0", c);
        }
        pmu_emit(out, max, &n, pmc + c, 0, "%sPMC%u = 0", full_width_writes(pmu) ? "A_" : "", c);
        pmu_emit(out, max, &n, MSR_IA32_PERFEVTSEL0 + c, ev->config | EVTSEL_EN,
                 "PERFEVTSEL%u %s +EN", c, ev->name);
    }
    if (fixed_ctrl) {
        pmu_emit(out, max, &n, MSR_IA32_FIXED_CTR_CTRL, fixed_ctrl, "FIXED_CTR_CTRL");
    }
    if (global) {
        pmu_emit(out, max, &n, MSR_IA32_PERF_GLOBAL_OVF_CTRL, enable,
                 "GLOBAL_OVF_CTRL: clear overflow");
        pmu_emit(out, max, &n, MSR_IA32_PERF_GLOBAL_CTRL, enable, "GLOBAL_CTRL: start");
    }
    return n;
}

/* Before each window of a pass with metrics: their fractions cover all
 * since the last reset, so a window that began long after it would read
 * a long run's fractions, to 1/255 of it. The counters stop for it. */
/* GLOBAL_CTRL off, FIXED_CTR3, PERF_METRICS, GLOBAL_CTRL on. */
_Static_assert(4 <= PMU_MAX_WINDOW_WRITES, "the arch window reset fits PMU_MAX_WINDOW_WRITES");

static unsigned arch_encode_window(const struct pmu *pmu, const struct pmu_plan *plan,
                                   unsigned pass, struct pmu_write *out, unsigned max)
{
    (void)pmu;
    unsigned n = 0;
    uint64_t enable = pass_enable(plan, pass);
    if (enable & GLOBAL_EN_PERF_METRICS) {
        pmu_emit(out, max, &n, MSR_IA32_PERF_GLOBAL_CTRL, 0, "GLOBAL_CTRL = 0: all counters stop");
        emit_metrics_reset(out, max, &n);
        pmu_emit(out, max, &n, MSR_IA32_PERF_GLOBAL_CTRL, enable, "GLOBAL_CTRL: start");
    }
    return n;
}

static unsigned arch_encode_stop(const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass,
                                 struct pmu_write *out, unsigned max)
{
    unsigned n = 0;
    bool fixed = false;
    if (pmu->caps.perfmon_version >= 2) {
        pmu_emit(out, max, &n, MSR_IA32_PERF_GLOBAL_CTRL, 0, "GLOBAL_CTRL = 0: all counters stop");
    }
    for (unsigned i = 0; i < plan->n_events; i++) {
        const struct pmu_assigned_event *ev = &plan->events[i];
        if (ev->pass != pass) {
            continue;
        }
        if (ev->hw_index >= ARCH_METRIC_BASE) {
            continue; /* GLOBAL_CTRL's EN_PERF_METRICS, cleared above */
        }
        if (ev->hw_index >= ARCH_FIXED_BASE) {
            fixed = true;
        } else {
            pmu_emit(out, max, &n, MSR_IA32_PERFEVTSEL0 + ev->hw_index, 0, "PERFEVTSEL%u = 0",
                     ev->hw_index);
        }
    }
    if (fixed) {
        pmu_emit(out, max, &n, MSR_IA32_FIXED_CTR_CTRL, 0, "FIXED_CTR_CTRL = 0");
    }
    return n;
}

/* The per-counter PMI enable nibble of FIXED_CTR_CTRL. */
#define ARCH_FIXED_PMI 0x8u

/* From version 2 an overflow shows in IA32_PERF_GLOBAL_STATUS (GP counter
 * i at bit i, fixed counter j at bit 32 + j) and is cleared through
 * GLOBAL_OVF_CTRL; version 1 has only the counter's top bit. GP counters
 * written through IA32_PMCx take 32 bits sign-extended, so 2^31 is their
 * largest period unless PERF_CAPABILITIES allows full-width writes
 * through IA32_A_PMCx (Intel SDM vol. 3B, "Architectural Performance
 * Monitoring"). */
static void arch_overflow_regs(const struct pmu *pmu, const struct pmu_assigned_event *ev,
                               struct pmu_overflow_regs *regs)
{
    bool global = pmu->caps.perfmon_version >= 2;
    *regs = (struct pmu_overflow_regs){
        .preset_writes = 1,
        .style = global ? PMU_OVF_GLOBAL_STATUS : PMU_OVF_TOP_BIT,
        .status_msr = global ? MSR_IA32_PERF_GLOBAL_STATUS : 0,
        .status_reset_msr = global ? MSR_IA32_PERF_GLOBAL_OVF_CTRL : 0,
    };
    if (ev->hw_index >= ARCH_FIXED_BASE) {
        unsigned j = ev->hw_index - ARCH_FIXED_BASE;
        regs->counter_msr = MSR_IA32_FIXED_CTR0 + j;
        regs->width = pmu->caps.fixed_width;
        regs->max_period = 1ull << (pmu->caps.fixed_width - 1);
        regs->control_msr = MSR_IA32_FIXED_CTR_CTRL;
        regs->pmi_bit = (uint64_t)ARCH_FIXED_PMI << (4 * j);
        regs->status_bit = global ? 1ull << (32 + j) : 0;
        return;
    }
    unsigned i = ev->hw_index;
    bool full = full_width_writes(pmu);
    regs->counter_msr = pmu->caps.gp_reg + i;
    regs->counter_alias = full ? MSR_IA32_PMC0 + i : 0;
    regs->width = pmu->caps.gp_width;
    regs->max_period = full ? 1ull << (pmu->caps.gp_width - 1) : 1ull << 31;
    regs->control_msr = MSR_IA32_PERFEVTSEL0 + i;
    regs->pmi_bit = EVTSEL_INT;
    regs->status_bit = global ? 1ull << i : 0;
}

/* The architectural events QEMU's counting model counts (emu/README.md,
 * "What counts"), on a GP or a fixed counter: instructions retired, core and
 * reference cycles, topdown slots (FIXED_CTR3), branch instructions retired. */
static const struct evtsel_tcg_event arch_tcg_events[] = {
    {0xc0, 0},
    {0x3c, 0},
    {0x3c, 1},
    {0xa4, 1},
    {0xc4, 0},
    /* Topdown level 1, where the model has PERF_METRICS: every slot of
     * its one-wide machine retires an instruction. */
    {0x00, 0x80},
    {0x00, 0x81},
    {0x00, 0x82},
    {0x00, 0x83},
};

static bool arch_tcg_counts(const struct pmu_assigned_event *ev)
{
    return evtsel_tcg_counts(false, ev->config, arch_tcg_events, PMU_ARRAY_SIZE(arch_tcg_events));
}

const struct pmu_backend pmu_arch_backend = {
    .name = "arch",
    .caps = &arch_caps,
    .detect = arch_detect,
    .init = arch_init,
    .describe = arch_describe,
    .list = arch_list,
    .groups = arch_groups,
    .event_tables = arch_event_tables,
    .default_events = arch_default_events,
    .resolve = arch_resolve,
    .place = arch_place,
    .encode = arch_encode,
    .encode_window = arch_encode_window,
    .overflow_regs = arch_overflow_regs,
    .encode_stop = arch_encode_stop,
    .tcg_counts = arch_tcg_counts,
};
