/* The 604 and 604e performance monitor (PowerPC 604e RISC Microprocessor
 * User's Manual, chapter "Performance Monitor"): 32-bit counters PMC1-PMC2
 * (604) or PMC1-PMC4 (604e) in SPRs 953, 954, 957, 958, read with mfspr;
 * MMCR0 (SPR 952) holds the freeze controls, the interrupt enables, the
 * threshold, the time-base select and the PMC1/PMC2 event selects; the
 * 604e's MMCR1 (SPR 956) the PMC3/PMC4 selects (pmu/ppc/mmcr.h).
 *
 * The freeze bits are one set for every counter, so events of one pass
 * share their privilege filter: `u` counts in problem state only (FCS
 * freezes the counters in supervisor state), `k` in supervisor state only
 * (FCP); `pm` and `nopm` count only while MSR[PM] is 1 (FCM0) or 0 (FCM1);
 * `thresh=N` sets MMCR0[THRESHOLD] for the miss-over-threshold events.
 * Events with other filters go to another pass.
 *
 * Registers are SPRs: struct pmu_write.msr holds the SPR number
 * (PMU_REG_SPR), a read is mfspr of it (PMU_READ_RDMSR, index = SPR). */
#include "lib/fmt.h"
#include "lib/kstring.h"
#include "pmu/backend.h"
#include "pmu/modifiers.h"
#include "pmu/ppc/events_604e.h"
#include "pmu/ppc/mmcr.h"
#include "pmu/ppc/registry.h"

#define PPC_WIDTH 32

/* PVR upper halves (the manual's "Processor Version Register"). */
#define PVR_604   0x0004
#define PVR_604E  0x0009
#define PVR_604EV 0x000a

static const uint32_t pmc_spr[PPC_PMCS] = {SPR_PMC1, SPR_PMC2, SPR_PMC3, SPR_PMC4};
/* Select field widths: PMC1 7 bits, PMC2 6, PMC3 and PMC4 5. */
static const unsigned sel_max[PPC_PMCS] = {0x7f, 0x3f, 0x1f, 0x1f};

/* The MMCR0 bits an event needs that hold for the whole pass. */
#define FILTER_BITS (MMCR0_FCS | MMCR0_FCP | MMCR0_FCM0 | MMCR0_FCM1 | MMCR0_THRESHOLD_MASK)

static bool ppc604e_detect(const struct cpu_info *cpu)
{
    return cpu->vendor == VENDOR_POWERPC && (cpu->family == PVR_604E || cpu->family == PVR_604EV);
}

static bool ppc604_detect(const struct cpu_info *cpu)
{
    return cpu->vendor == VENDOR_POWERPC && cpu->family == PVR_604;
}

static const uint32_t mmcr_spr[] = {SPR_MMCR0, SPR_MMCR1};

/* The 604e's PMC1-PMC4 with MMCR0 and MMCR1; the 604 has PMC1-PMC2 and
 * MMCR0 only. */
#define PPC_CAPS(pmcs, mmcrs, mmcr_name)                                                           \
    {                                                                                              \
        .n_gp = (pmcs),                                                                            \
        .gp_width = PPC_WIDTH,                                                                     \
        .gp_name = "PMC",                                                                          \
        .gp_first = 1,                                                                             \
        .gp_regs = pmc_spr,                                                                        \
        .sel_name = (mmcr_name),                                                                   \
        .n_sel = (mmcrs),                                                                          \
        .sel_regs = mmcr_spr,                                                                      \
    }

static const struct pmu_caps ppc604e_caps = PPC_CAPS(4, 2, "MMCR");
static const struct pmu_caps ppc604_caps = PPC_CAPS(2, 1, "MMCR0");

static unsigned n_pmcs(const struct pmu *pmu)
{
    return pmu->caps.n_gp;
}

static uint32_t event_mask(const struct pmu *pmu, const struct ppc_event *ev)
{
    uint32_t mask = 0;
    for (unsigned c = 0; c < n_pmcs(pmu); c++) {
        mask |= ev->code[c] >= 0 ? 1u << c : 0;
    }
    return mask;
}

static void ppc_list(const struct pmu *pmu, pmu_line_fn line, void *ctx)
{
    char text[200];
    for (unsigned i = 0; i < ppc604e_n_events; i++) {
        const struct ppc_event *ev = &ppc604e_events[i];
        if (!event_mask(pmu, ev)) {
            continue;
        }
        fmt_snprintf(text, sizeof text, "%-40s", ev->name);
        for (unsigned c = 0; c < n_pmcs(pmu); c++) {
            if (ev->code[c] >= 0) {
                pmu_append(text, sizeof text, " PMC%u:0x%02x", c + 1, (unsigned)ev->code[c]);
            }
        }
        pmu_append(text, sizeof text, "  %s", ev->desc);
        if (ev->perfctr) {
            pmu_append(text, sizeof text, " (perfctr: %s)", ev->perfctr);
        }
        line(ctx, text);
    }
    line(ctx, "raw: rCSS = counter C (1-4), select SS (hex), e.g. r102 = PMC1 select 0x02");
    line(ctx, "modifiers: u (problem state: FCS), k (supervisor: FCP), pm (MSR[PM]=1: FCM0), "
              "nopm (MSR[PM]=0: FCM1), thresh=0..63 (MMCR0 THRESHOLD)");
}

static const char *ppc_default_events(const struct pmu *pmu)
{
    return n_pmcs(pmu) == 4 ? "CYCLES,INSTRUCTIONS_COMPLETED,BRANCHES_COMPLETED,DCACHE_MISSES"
                            : "CYCLES,INSTRUCTIONS_COMPLETED";
}

static const struct pmu_alias ppc_aliases[] = {
    {"cycles", "CYCLES"},
    {"cpu-cycles", "CYCLES"},
    {"instructions", "INSTRUCTIONS_COMPLETED"},
    {"branches", "BRANCHES_COMPLETED"},
    {"branch-instructions", "BRANCHES_COMPLETED"},
    {"branch-misses", "BRANCH_MISPREDICT_CORRECTIONS"},
    {"cache-misses", "DCACHE_MISSES"},
    {NULL, NULL},
};

static const struct ppc_event *find_event(const char *name)
{
    const char *alias = pmu_find_alias(ppc_aliases, name);
    for (unsigned i = 0; i < ppc604e_n_events; i++) {
        const struct ppc_event *ev = &ppc604e_events[i];
        if (str_ieq(name, ev->name) || (ev->perfctr && str_ieq(name, ev->perfctr)) ||
            (alias && str_ieq(alias, ev->name))) {
            return ev;
        }
    }
    return NULL;
}

/* The modifiers MMCR0 has, all pass-wide: u and k are the complements of
 * the freeze bits FCP (freeze in problem state) and FCS (in supervisor
 * state); pm and nopm freeze while MSR[PM] is 0 (FCM0) or 1 (FCM1). */
static const struct pmu_mod_format ppc_formats[] = {
    PMU_MOD_FORMAT_NOT(U, CONFIG2, MMCR0_FCP),
    PMU_MOD_FORMAT_NOT(K, CONFIG2, MMCR0_FCS),
    PMU_MOD_FORMAT(PM, CONFIG2, MMCR0_FCM0),
    PMU_MOD_FORMAT(NOPM, CONFIG2, MMCR0_FCM1),
    PMU_MOD_FORMAT(THRESH, CONFIG2, MMCR0_THRESHOLD_MASK),
};

/* Applies the modifiers to the pass-wide MMCR0 bits in st->config2. */
static int apply_modifiers(const struct pmu_mod_caps *caps, const struct pmu_spec *spec,
                           struct pmu_mods *st, char *err, size_t errlen)
{
    if (pmu_mod_apply_all(caps, spec, 0, st, err, errlen) < 0 ||
        pmu_mod_privilege(caps, st, spec, err, errlen) < 0) {
        return -1;
    }
    if ((st->config2 & (MMCR0_FCM0 | MMCR0_FCM1)) == (MMCR0_FCM0 | MMCR0_FCM1)) {
        return pmu_error(err, errlen, "'%s': pm and nopm together count nothing", spec->text);
    }
    return 0;
}

/* A raw event names one counter: config bits 0-6 the select, 8-15 the
 * counter; a named one keeps its codes in desc. */
#define RAW_COUNTER_SHIFT 8

static int ppc_resolve(const struct pmu *pmu, const struct pmu_plan *plan,
                       const struct pmu_spec *spec, struct pmu_assigned_event *ev, char *err,
                       size_t errlen)
{
    (void)plan;
    struct pmu_mod_caps caps = {pmu_name(pmu), ppc_formats, PMU_ARRAY_SIZE(ppc_formats), 0};
    struct pmu_mods st;
    memset(&st, 0, sizeof st);
    if (spec->kind == PMU_SPEC_NAME) {
        const struct ppc_event *desc = find_event(spec->name);
        if (!desc) {
            return pmu_error(err, errlen, "'%s': unknown event '%s' (pmu-encode --list)",
                             spec->text, spec->name);
        }
        ev->counter_mask = event_mask(pmu, desc);
        if (!ev->counter_mask) {
            return pmu_error(err, errlen, "'%s': not on this CPU (%s is a 604e PMC3/PMC4 event)",
                             spec->text, desc->name);
        }
        ev->desc = desc;
        ev->flags = desc->flags;
        str_copy(ev->name, sizeof ev->name, desc->name);
        ev->encoding[0] = '\0';
    } else if (spec->kind == PMU_SPEC_RAW) {
        unsigned counter = (unsigned)(spec->raw >> RAW_COUNTER_SHIFT);
        unsigned select = (unsigned)spec->raw & 0xff;
        if (counter < 1 || counter > n_pmcs(pmu) || select > sel_max[counter - 1]) {
            return pmu_error(err, errlen,
                             "'%s': raw is rCSS: counter C 1-%u, select SS up to PMC1 0x7f, "
                             "PMC2 0x3f, PMC3/PMC4 0x1f",
                             spec->text, n_pmcs(pmu));
        }
        ev->counter_mask = 1u << (counter - 1);
        ev->desc = NULL;
        ev->config = spec->raw;
        str_copy(ev->name, sizeof ev->name, spec->text);
        /* The user's modifiers are added below; keep only the raw word. */
        char *colon = strchr(ev->name, ':');
        if (colon) {
            *colon = '\0';
        }
    } else {
        return pmu_error(err, errlen, "'%s': the 604/604e takes event names or rCSS", spec->text);
    }
    if (apply_modifiers(&caps, spec, &st, err, errlen) < 0) {
        return -1;
    }
    ev->config2 = st.config2;
    if (!st.os) {
        ev->flags |= PMU_EVF_USER_ONLY;
    }
    /* The kernel runs with MSR[PM] = 0: a `pm` event need not move over
     * its check loop. */
    if (st.config2 & MMCR0_FCM0) {
        ev->flags &= ~(uint32_t)PMU_EVF_ADVANCES;
    }
    pmu_mod_suffix(&caps, &st, ev->name, sizeof ev->name);
    return 0;
}

/* The select code of an event on the counter it was placed on. */
static unsigned select_of(const struct pmu_assigned_event *ev)
{
    const struct ppc_event *desc = ev->desc;
    return desc ? (unsigned)desc->code[ev->hw_index] : (unsigned)ev->config & 0xff;
}

static int ppc_place(const struct pmu *pmu, struct pmu_assigned_event *events[], unsigned n,
                     char *err, size_t errlen)
{
    for (unsigned i = 1; i < n; i++) {
        if (events[i]->config2 != events[0]->config2) {
            return pmu_error(err, errlen,
                             "'%s': its privilege/PM filter or threshold differs from '%s' "
                             "(MMCR0 has one for all counters)",
                             events[i]->name, events[0]->name);
        }
    }
    if (pmu_place_by_mask(events, n, n_pmcs(pmu), 0, err, errlen) < 0) {
        return -1;
    }
    for (unsigned i = 0; i < n; i++) {
        struct pmu_assigned_event *ev = events[i];
        fmt_snprintf(ev->counter, sizeof ev->counter, "PMC%u", ev->hw_index + 1);
        fmt_snprintf(ev->encoding, sizeof ev->encoding, "r%u%02x", ev->hw_index + 1, select_of(ev));
        ev->read.kind = PMU_READ_RDMSR;
        ev->read.index = pmu_gp_reg(&pmu->caps, ev->hw_index);
        ev->read.width = pmu->caps.gp_width;
    }
    return 0;
}

/* Freeze, zero up to four counters, MMCR1, MMCR0 (unfreezes). */
#define PPC_MAX_PASS_WRITES 7
_Static_assert(PPC_MAX_PASS_WRITES <= PMU_MAX_WRITES, "a 604e pass fits PMU_MAX_WRITES");

static unsigned ppc_encode(const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass,
                           struct pmu_write *out, unsigned max)
{
    unsigned n = 0;
    uint32_t mmcr0 = 0, mmcr1 = 0;
    pmu_emit(out, max, &n, SPR_MMCR0, MMCR0_FC, "MMCR0 = FC: freeze every counter");
    for (unsigned i = 0; i < plan->n_events; i++) {
        const struct pmu_assigned_event *ev = &plan->events[i];
        if (ev->pass != pass) {
            continue;
        }
        unsigned sel = select_of(ev);
        pmu_emit(out, max, &n, pmu_gp_reg(&pmu->caps, ev->hw_index), 0, "PMC%u = 0",
                 ev->hw_index + 1);
        mmcr0 |= (uint32_t)ev->config2;
        if (ev->hw_index == 0) {
            mmcr0 |= sel << MMCR0_PMC1SEL_SHIFT;
        } else if (ev->hw_index == 1) {
            mmcr0 |= sel << MMCR0_PMC2SEL_SHIFT;
        } else if (ev->hw_index == 2) {
            mmcr1 |= (uint32_t)sel << MMCR1_PMC3SEL_SHIFT;
        } else {
            mmcr1 |= (uint32_t)sel << MMCR1_PMC4SEL_SHIFT;
        }
    }
    if (n_pmcs(pmu) == 4) {
        pmu_emit(out, max, &n, SPR_MMCR1, mmcr1, "MMCR1: PMC3SEL 0x%02x PMC4SEL 0x%02x",
                 (unsigned)(mmcr1 >> MMCR1_PMC3SEL_SHIFT),
                 (unsigned)((mmcr1 & MMCR1_PMC4SEL_MASK) >> MMCR1_PMC4SEL_SHIFT));
    }
    pmu_emit(out, max, &n, SPR_MMCR0, mmcr0, "MMCR0: PMC1SEL 0x%02x PMC2SEL 0x%02x%s%s",
             (unsigned)((mmcr0 & MMCR0_PMC1SEL_MASK) >> MMCR0_PMC1SEL_SHIFT),
             (unsigned)(mmcr0 & MMCR0_PMC2SEL_MASK), (mmcr0 & MMCR0_FCS) ? " FCS" : "",
             (mmcr0 & MMCR0_FCP) ? " FCP" : "");
    return n;
}

static unsigned ppc_encode_stop(const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass,
                                struct pmu_write *out, unsigned max)
{
    (void)pmu;
    (void)plan;
    (void)pass;
    unsigned n = 0;
    pmu_emit(out, max, &n, SPR_MMCR0, MMCR0_FC, "MMCR0 = FC: freeze every counter");
    return n;
}

/* A counter signals the performance-monitor interrupt when it goes
 * negative with its condition enabled (MMCR0 PMC1CE for PMC1, PMCnCE for
 * the others) and MMCR0[PMXE] (the 604e manual's ENINT) set, and the
 * signal clears PMXE (604e manual, "Performance Monitor", MMCR0 bit 5): it
 * overflows out of the 31 bits below its sign, with no lag. */
static void ppc_overflow_regs(const struct pmu *pmu, const struct pmu_assigned_event *ev,
                              struct pmu_overflow_regs *regs)
{
    (void)pmu;
    regs->counter_msr = ev->read.index;
    regs->preset_writes = 1;
    regs->width = 31;
    regs->max_period = 1ull << 31;
    regs->control_msr = SPR_MMCR0;
    regs->pmi_bit = MMCR0_PMXE | (ev->hw_index == 0 ? MMCR0_PMC1CE : MMCR0_PMCNCE);
    regs->style = PMU_OVF_NEGATIVE;
}

const struct pmu_backend pmu_ppc604e_backend = {
    .name = "ppc604e",
    .caps = &ppc604e_caps,
    .reg_kind = PMU_REG_SPR,
    .overflow_regs = ppc_overflow_regs,
    .detect = ppc604e_detect,
    .list = ppc_list,
    .default_events = ppc_default_events,
    .resolve = ppc_resolve,
    .place = ppc_place,
    .encode = ppc_encode,
    .encode_stop = ppc_encode_stop,
};

const struct pmu_backend pmu_ppc604_backend = {
    .name = "ppc604",
    .caps = &ppc604_caps,
    .reg_kind = PMU_REG_SPR,
    .overflow_regs = ppc_overflow_regs,
    .detect = ppc604_detect,
    .list = ppc_list,
    .default_events = ppc_default_events,
    .resolve = ppc_resolve,
    .place = ppc_place,
    .encode = ppc_encode,
    .encode_stop = ppc_encode_stop,
};
