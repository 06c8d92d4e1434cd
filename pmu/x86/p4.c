/* The NetBurst backend's operations: detection, inventory, listing and
 * the register writes of a pass. Register model and events: p4_regs.c,
 * p4_events.c; specs: p4_resolve.c; placement: p4_place.c. */
#include "lib/fmt.h"
#include "lib/kstring.h"
#include "pmu/x86/p4_place.h"
#include "pmu/x86/p4_resolve.h"
#include "pmu/x86/registry.h"

static bool p4_detect(const struct cpu_info *cpu)
{
    return cpu->vendor == VENDOR_INTEL && cpu->family == 15 && cpu->features[FEAT_MSR];
}

static bool is_prescott(const struct cpu_info *cpu)
{
    return cpu->model == 3 || cpu->model == 4 || cpu->model == 6;
}

/* Erratum N15: a write to a counter may not take; Linux wrote every
 * preset twice for it (x86_pmu.perfctr_second_write, arch/x86/events/
 * intel/p4.c), and so does this backend (p4_encode, p4_overflow_regs). */
static const struct pmu_quirk p4_quirks[] = {
    {.name = "erratum N15",
     .effect = "a counter write may not take: every preset is written twice",
     .source = "Linux arch/x86/events/intel/p4.c, perfctr_second_write"},
};

/* Counters and CCCRs are numbered alike; the ESCRs and the groups that
 * tie them together p4_describe prints. */
static const struct pmu_caps p4_caps = {
    .n_gp = P4_N_COUNTERS,
    .gp_width = P4_COUNTER_WIDTH,
    .gp_reg = P4_COUNTER_MSR(0),
    .sel_name = "CCCR",
    .n_sel = P4_N_COUNTERS,
    .sel_reg = P4_CCCR_MSR(0),
    .rdpmc = true,
    .quirks = p4_quirks,
    .n_quirks = PMU_ARRAY_SIZE(p4_quirks),
};

static void p4_init(struct pmu *pmu)
{
    /* IA32_MISC_ENABLE bit 7 says whether performance monitoring is
     * there; read for the inventory only (detection stays on CPUID). */
    uint64_t misc;
    if (pmu->hw.rdmsr && pmu->hw.rdmsr(pmu->hw.ctx, P4_MSR_MISC_ENABLE, &misc) == 0) {
        pmu->caps.misc_enable_read = true;
        pmu->caps.misc_enable = (uint32_t)misc;
    }
}

static const char *p4_model_name(const struct pmu *pmu)
{
    return is_prescott(&pmu->cpu) ? "p4-prescott" : "p4";
}

static const char *const group_names[] = {"BPU", "MS", "FLAME", "IQ"};
static const uint8_t group_first[] = {0, 4, 8, 12, 18};

/* Length of an ESCR name's unit prefix ("CRU" of "CRU_ESCR3"). */
static size_t unit_len(const char *name)
{
    size_t n = 0;
    while (name[n] && name[n] != '_') {
        n++;
    }
    return n;
}

/* One line per group: its counters and its ESCRs, "CRU_ESCR0/1/2". */
static void describe_group(const struct pmu *pmu, unsigned g, pmu_line_fn line, void *ctx)
{
    char text[160];
    unsigned first = group_first[g], last = group_first[g + 1] - 1u;
    size_t len = (size_t)fmt_snprintf(
        text, sizeof text, "  %-5s counters %2u-%2u, ESCRs:", group_names[g], first, last);
    const char *prev = "";
    for (unsigned e = 0; e < P4_N_ESCRS && len < sizeof text; e++) {
        const char *name = p4_escrs[e].name;
        uint32_t group = p4_escrs[e].counters | p4_escrs[e].counters >> 2;
        if (!(group >> first & 1) || !p4_escr_present(&p4_escrs[e], &pmu->cpu)) {
            continue;
        }
        bool same_unit = unit_len(name) == unit_len(prev) && !strncmp(name, prev, unit_len(name));
        if (same_unit) {
            len +=
                (size_t)fmt_snprintf(text + len, sizeof text - len, "/%s", name + strlen(name) - 1);
        } else {
            len += (size_t)fmt_snprintf(text + len, sizeof text - len, " %s", name);
        }
        prev = name;
    }
    line(ctx, text);
}

static void p4_describe(const struct pmu *pmu, pmu_line_fn line, void *ctx)
{
    char text[160];
    const struct cpu_info *cpu = &pmu->cpu;
    unsigned n_escrs = 0;
    for (unsigned e = 0; e < P4_N_ESCRS; e++) {
        n_escrs += p4_escr_present(&p4_escrs[e], cpu);
    }
    fmt_snprintf(text, sizeof text,
                 "NetBurst PMU (family 15 model %u): counters in 9 pairs, %u ESCRs; RDPMC bit 31: "
                 "fast 32-bit read",
                 cpu->model, n_escrs);
    line(ctx, text);
    for (unsigned g = 0; g < 4; g++) {
        describe_group(pmu, g, line, ctx);
    }
    fmt_snprintf(text, sizeof text,
                 "  cascading: alternate counters (0<->2, 1<->3, ... 13<->15); extended "
                 "(16->12, 17->15, 17->16, 16->17): %s",
                 p4_has_ext_cascade(cpu) ? "yes" : "no");
    line(ctx, text);
    fmt_snprintf(text, sizeof text,
                 "  CPUID HTT flag: %s; ESCR thread bits: both logical processors",
                 cpu->features[FEAT_HTT] ? "yes" : "no");
    line(ctx, text);
    if (pmu->caps.misc_enable_read) {
        fmt_snprintf(text, sizeof text,
                     "  IA32_MISC_ENABLE 0x%x: performance monitoring %s, PEBS %s",
                     (unsigned)pmu->caps.misc_enable,
                     pmu->caps.misc_enable & (1u << 7) ? "available" : "NOT available",
                     pmu->caps.misc_enable & (1u << 12) ? "unavailable" : "available");
        line(ctx, text);
    }
}

static void p4_list(const struct pmu *pmu, pmu_line_fn line, void *ctx)
{
    char text[160];
    for (unsigned i = 0; i < p4_n_events; i++) {
        const struct p4_event *ev = &p4_events[i];
        if (!p4_event_present(ev, &pmu->cpu)) {
            continue;
        }
        const struct p4_escr *e0 = &p4_escrs[ev->escrs[0]];
        fmt_snprintf(text, sizeof text, "%-28s event 0x%02x %s%s%s select %u  %s", ev->name,
                     (unsigned)ev->event_select, e0->name, ev->escrs[1] == P4_NO_ESCR ? "" : "/",
                     ev->escrs[1] == P4_NO_ESCR ? "" : p4_escrs[ev->escrs[1]].name,
                     (unsigned)e0->select, ev->desc);
        line(ctx, text);
        for (unsigned m = 0; m < ev->n_masks; m++) {
            const struct p4_mask *mask = &ev->masks[m];
            const char *kind = mask->flags & P4_MF_TAG      ? "tag bit"
                               : mask->flags & P4_MF_REPLAY ? "replay metric"
                                                            : "bit";
            fmt_snprintf(text, sizeof text, "    :%-20s %s %u%s  %s", mask->name, kind,
                         (unsigned)mask->bit, mask->flags & P4_MF_DEFAULT ? " (default)" : "",
                         mask->desc);
            line(ctx, text);
        }
    }
}

static const char *p4_default_events(const struct pmu *pmu)
{
    (void)pmu;
    return "cycles,instructions,uops,branches,branch-misses";
}

/* The CCCR value one placed event of a pass is programmed with: its
 * filters, the cascade bit its placement needs, enable unless it is a
 * cascade follower. `leader_counter` is the counter of the event it
 * cascades from (ignored for other events). */
static uint32_t p4_cccr_for(const struct pmu *pmu, const struct pmu_assigned_event *ev,
                            unsigned leader_counter)
{
    uint32_t cccr = p4_cccr_value(ev);
    if (!(cccr & P4_CCCR_CASCADE)) {
        return cccr;
    }
    return (cccr & ~P4_CCCR_CASCADE) | p4_cascade_bit(leader_counter, ev->hw_index, &pmu->cpu);
}

/* The events of one pass, in plan order. */
static unsigned pass_events(const struct pmu_plan *plan, unsigned pass,
                            const struct pmu_assigned_event *evs[])
{
    unsigned n = 0;
    for (unsigned i = 0; i < plan->n_events; i++) {
        if (plan->events[i].pass == pass) {
            evs[n++] = &plan->events[i];
        }
    }
    return n;
}

static unsigned pass_metric(const struct pmu_assigned_event *const evs[], unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        if (p4_metric(evs[i])) {
            return p4_metric(evs[i]);
        }
    }
    return 0;
}

static void emit_cccr(const struct pmu *pmu, const struct pmu_assigned_event *const evs[],
                      unsigned n, unsigned i, struct pmu_write *out, unsigned max, unsigned *count)
{
    const struct pmu_assigned_event *ev = evs[i];
    unsigned counter = ev->hw_index;
    const char *escr = p4_escrs[P4_AUX_PLACED(ev->hw_aux)].name;
    if (p4_cccr_value(ev) & P4_CCCR_CASCADE) {
        int lead = p4_find_leader(evs, n, i);
        unsigned from = lead >= 0 ? evs[lead]->hw_index : counter;
        pmu_emit(out, max, count, P4_CCCR_MSR(counter), p4_cccr_for(pmu, ev, from),
                 "%s: %s, cascade from %s", p4_cccr_name(counter), escr, p4_counter_name(from));
    } else {
        pmu_emit(out, max, count, P4_CCCR_MSR(counter), p4_cccr_for(pmu, ev, 0), "%s: %s, enable",
                 p4_cccr_name(counter), escr);
    }
}

/* ESCRs first, then counters, then the CCCRs: cascade followers before
 * the leaders that enable counting. A preset counter is written twice
 * (erratum N15: a counter write may not take, Linux p4.c). At most: the
 * two replay-metric registers, then per counter its ESCR, two counter
 * writes and its CCCR. That is the largest pass of any backend. */
#define P4_MAX_PASS_WRITES (2 + 4 * P4_N_COUNTERS)
_Static_assert(P4_MAX_PASS_WRITES == PMU_MAX_WRITES, "the Pentium 4 sets PMU_MAX_WRITES");

static unsigned p4_encode(const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass,
                          struct pmu_write *out, unsigned max)
{
    const struct pmu_assigned_event *evs[PMU_MAX_EVENTS];
    unsigned n = pass_events(plan, pass, evs), count = 0;
    unsigned metric = pass_metric(evs, n);
    if (metric) {
        const struct p4_replay_metric *rm = &p4_replay_metrics[metric - 1];
        pmu_emit(out, max, &count, P4_MSR_PEBS_ENABLE, rm->pebs_enable,
                 "IA32_PEBS_ENABLE: replay metric %u", metric - 1);
        pmu_emit(out, max, &count, P4_MSR_PEBS_MATRIX_VERT, rm->matrix_vert,
                 "PEBS_MATRIX_VERT: replay metric %u", metric - 1);
    }
    for (unsigned i = 0; i < n; i++) {
        const struct p4_escr *escr = &p4_escrs[P4_AUX_PLACED(evs[i]->hw_aux)];
        pmu_emit(out, max, &count, escr->msr, p4_escr_value(evs[i]), "%s: %s", escr->name,
                 evs[i]->name);
    }
    for (unsigned i = 0; i < n; i++) {
        unsigned counter = evs[i]->hw_index;
        uint64_t period = p4_period(evs[i]);
        uint64_t start = period ? ((1ull << P4_COUNTER_WIDTH) - period) : 0;
        for (unsigned w = 0; w < (period ? 2u : 1u); w++) {
            pmu_emit(out, max, &count, P4_COUNTER_MSR(counter), start, "%s: start at %s%s",
                     p4_counter_name(counter), period ? "2^40-period" : "0",
                     w ? " (again, N15)" : "");
        }
    }
    for (unsigned round = 0; round < 2; round++) {
        for (unsigned i = 0; i < n; i++) {
            bool follower = p4_cccr_value(evs[i]) & P4_CCCR_CASCADE;
            if (follower == (round == 0)) {
                emit_cccr(pmu, evs, n, i, out, max, &count);
            }
        }
    }
    return count;
}

/* The CCCR's disabled value clears enable, cascade and the sticky OVF
 * flag; the active-thread field stays 11b, which the SDM requires on
 * processors without Hyper-Threading (vol. 3B, NetBurst "CCCR MSRs"). */
static unsigned p4_encode_stop(const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass,
                               struct pmu_write *out, unsigned max)
{
    (void)pmu;
    const struct pmu_assigned_event *evs[PMU_MAX_EVENTS];
    unsigned n = pass_events(plan, pass, evs), count = 0;
    for (unsigned i = 0; i < n; i++) {
        pmu_emit(out, max, &count, P4_CCCR_MSR(evs[i]->hw_index), P4_CCCR_ACTIVE_THREAD(P4_AT_ANY),
                 "%s: disable", p4_cccr_name(evs[i]->hw_index));
    }
    if (pass_metric(evs, n)) {
        pmu_emit(out, max, &count, P4_MSR_PEBS_ENABLE, 0, "IA32_PEBS_ENABLE: off");
        pmu_emit(out, max, &count, P4_MSR_PEBS_MATRIX_VERT, 0, "PEBS_MATRIX_VERT: off");
    }
    return count;
}

/* A counter overflows at 2^40 and sets the CCCR's sticky OVF flag, which
 * a CCCR write clears; OVF_PMI_T0 asks for the interrupt, which comes "on
 * the next event count after the counter has overflowed" (Intel SDM vol.
 * 3B, "CCCR MSRs"): "Generating an Interrupt on Overflow" presets -N+1
 * to interrupt on the Nth event. A preset is written twice: erratum N15,
 * a counter write may not take. */
static void p4_overflow_regs(const struct pmu *pmu, const struct pmu_assigned_event *ev,
                             struct pmu_overflow_regs *regs)
{
    (void)pmu;
    *regs = (struct pmu_overflow_regs){
        .counter_msr = P4_COUNTER_MSR(ev->hw_index),
        .preset_writes = 2,
        .width = P4_COUNTER_WIDTH,
        .pmi_lag = 1,
        .max_period = 1ull << (P4_COUNTER_WIDTH - 1),
        .control_msr = P4_CCCR_MSR(ev->hw_index),
        .pmi_bit = P4_CCCR_OVF_PMI_T0,
        .style = PMU_OVF_CONTROL_FLAG,
        .status_bit = P4_CCCR_OVF,
    };
}

/* What QEMU's counting model counts on NetBurst (emu/README.md, "What
 * counts"): instr_retired on CRU_ESCR0/1 (non-bogus; nothing is tagged
 * unless the kernel tags it), branch_retired on CRU_ESCR2/3 where a
 * direction's predicted and mispredicted bits go together (the model
 * predicts every branch, so only their sum is exact), global_power_events'
 * RUNNING on FSB_ESCR0/1. Bogus instructions and mispredictions alone read
 * 0 there, and so does edge detection with compare. */
static bool p4_tcg_counts(const struct pmu_assigned_event *ev)
{
    unsigned escr = P4_AUX_PLACED(ev->hw_aux);
    uint32_t value = p4_escr_value(ev);
    unsigned select = (value & P4_ESCR_EVENT_MASK) >> 25;
    unsigned emask = (value & P4_ESCR_EMASK_MASK) >> 9;
    uint32_t edge = P4_CCCR_COMPARE | P4_CCCR_EDGE;
    if (escr >= P4_N_ESCRS || !emask || (p4_cccr_value(ev) & edge) == edge) {
        return false;
    }
    if (escr == P4_CRU_ESCR0 || escr == P4_CRU_ESCR1) { /* NBOGUSNTAG, NBOGUSTAG */
        return select == 0x02 && (emask & 0x1) && !(emask & ~0x3u);
    }
    if (escr == P4_CRU_ESCR2 || escr == P4_CRU_ESCR3) { /* MMNP, MMNM, MMTP, MMTM */
        bool not_taken = emask & 0x3, taken = emask & 0xc;
        return select == 0x06 && !(emask & ~0xfu) && (!not_taken || (emask & 0x3) == 0x3) &&
               (!taken || (emask & 0xc) == 0xc);
    }
    if (escr == P4_FSB_ESCR0 || escr == P4_FSB_ESCR1) { /* RUNNING */
        return select == 0x13 && emask == 0x1;
    }
    return false;
}

/* events=uops: NetBurst has no per-port counts, and its uops retired are
 * an ESCR event of its own scheme, which pmu/uops_events.c does not read:
 * uops_retired with NBOGUS, the uops of the path that retired (Intel SDM
 * vol. 3B, "Non-Retirement Events" for processors based on Intel NetBurst
 * microarchitecture). */
static const struct pmu_alias p4_groups[] = {
    {"uops", "uops_retired:NBOGUS"},
    {NULL, NULL},
};

const struct pmu_backend pmu_p4_backend = {
    .name = "p4",
    .caps = &p4_caps,
    .detect = p4_detect,
    .init = p4_init,
    .model_name = p4_model_name,
    .describe = p4_describe,
    .list = p4_list,
    .groups = p4_groups,
    .default_events = p4_default_events,
    .resolve = p4_resolve,
    .place = p4_place,
    .encode = p4_encode,
    .overflow_regs = p4_overflow_regs,
    .encode_stop = p4_encode_stop,
    .tcg_counts = p4_tcg_counts,
};
