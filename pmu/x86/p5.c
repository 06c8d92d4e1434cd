/* Pentium (family 5): two 40-bit counters CTR0/CTR1 (MSR 0x12/0x13)
 * controlled by CESR (0x11). Each counter has a 10-bit half of CESR
 * (counter 0 in bits 9:0, counter 1 in bits 25:16): ES, the event (bits
 * 5:0); CC (8:6): 000 off, x01 CPL 0-2, x10 CPL 3, x11 any, with bit 2
 * selecting cycles (duration) instead of occurrences; PC (9): the PMn pin
 * signals overflow instead of increment (Intel SDM vol. 3B, "Performance
 * Monitoring (Pentium Processors)", "Control and Event Select Register
 * (CESR)"). The Pentium with MMX reads the counters with RDPMC; the
 * Pentium without MMX has no RDPMC: RDMSR.
 * Under KVM MSRs 0x11/0x12 are the paravirtual clock, so this backend
 * refuses a CPU that says it runs under a hypervisor, except QEMU's TCG,
 * which reads those MSRs as 0 and drops writes (docs/emulators.md). */
#include "lib/fmt.h"
#include "lib/kstring.h"
#include "pmu/modifiers.h"
#include "pmu/x86/events_p5.h"
#include "pmu/x86/regs.h"
#include "pmu/x86/registry.h"

#define P5_WIDTH      40
#define P5_HALF_SHIFT 16 /* counter 1's half of CESR */
#define CC_OS         0x1
#define CC_USR        0x2
#define CC_CYCLES     0x4
#define CESR_CC_SHIFT 6
#define CESR_PC       (1u << 9)

static bool p5_detect(const struct cpu_info *cpu)
{
    bool safe_msrs = !cpu->features[FEAT_HYPERVISOR] || cpu_is_qemu_tcg(cpu);
    return cpu->vendor == VENDOR_INTEL && cpu->family == 5 && cpu->features[FEAT_MSR] && safe_msrs;
}

static bool has_mmx(const struct pmu *pmu)
{
    return pmu->cpu.features[FEAT_MMX];
}

static const struct pmu_caps p5_caps = {
    .n_gp = 2,
    .gp_width = P5_WIDTH,
    .gp_name = "CTR",
    .gp_reg = MSR_P5_CTR0,
    .sel_name = "CESR",
    .n_sel = 1,
    .sel_reg = MSR_P5_CESR,
};

/* RDPMC came with the Pentium with MMX; before it, RDMSR reads the
 * counters (Intel SDM vol. 2, RDPMC). */
static void p5_init(struct pmu *pmu)
{
    pmu->caps.rdpmc = has_mmx(pmu);
}

static const char *p5_model_name(const struct pmu *pmu)
{
    return has_mmx(pmu) ? "p5mmx" : "p5";
}

/* The event codes of this CPU's table: the Pentium with MMX has more. */
static void p5_describe(const struct pmu *pmu, pmu_line_fn line, void *ctx)
{
    unsigned top = 0;
    for (unsigned i = 0; i < p5_table.n_events; i++) {
        const struct pmu_event_desc *ev = &p5_table.events[i];
        if (has_mmx(pmu) || !(ev->flags & P5_MMX_ONLY)) {
            top = ev->code > top ? ev->code : top;
        }
    }
    char text[64];
    fmt_snprintf(text, sizeof text, "%s: events 0x00-0x%02X", pmu_name(pmu), top);
    line(ctx, text);
}

static void p5_list(const struct pmu *pmu, pmu_line_fn line, void *ctx)
{
    char text[160];
    for (unsigned i = 0; i < p5_table.n_events; i++) {
        const struct pmu_event_desc *ev = &p5_table.events[i];
        if ((ev->flags & P5_MMX_ONLY) && !has_mmx(pmu)) {
            continue;
        }
        fmt_snprintf(text, sizeof text, "%-64s code 0x%02x %s%s", ev->name, (unsigned)ev->code,
                     ev->counters == 0x3 ? "CTR0/CTR1"
                     : ev->counters == 1 ? "CTR0"
                                         : "CTR1",
                     (ev->flags & P5_DURATION) ? " duration" : "");
        line(ctx, text);
    }
    line(ctx, "modifiers: u (CPL 3), k (CPL 0-2), d (count cycles), o (count occurrences), "
              "pc (pin on overflow)");
}

static const char *p5_default_events(const struct pmu *pmu)
{
    return has_mmx(pmu) ? "NUMBER_OF_CYCLES_NOT_IN_HALT_STATE,INSTRUCTIONS_EXECUTED"
                        : "INSTRUCTIONS_EXECUTED,DATA_READ_MISS_OR_WRITE_MISS";
}

static const struct pmu_alias p5_aliases[] = {
    {"cycles", "NUMBER_OF_CYCLES_NOT_IN_HALT_STATE"},
    {"cpu-cycles", "NUMBER_OF_CYCLES_NOT_IN_HALT_STATE"},
    {"instructions", "INSTRUCTIONS_EXECUTED"},
    {"branches", "BRANCHES"},
    {"branch-instructions", "BRANCHES"},
    {"branch-misses", "PIPELINE_FLUSHES_DUE_TO_WRONG_BRANCH_PREDICTIONS"},
    {"cache-references", "DATA_READ_OR_WRITE"},
    {"cache-misses", "DATA_READ_MISS_OR_WRITE_MISS"},
    {NULL, NULL},
};

/* Is code a defined event on counter mask `counters` of this CPU? */
static const struct pmu_event_desc *p5_event_by_code(const struct pmu *pmu, unsigned code,
                                                     uint32_t *counters)
{
    const struct pmu_event_desc *found = NULL;
    *counters = 0;
    for (unsigned i = 0; i < p5_table.n_events; i++) {
        const struct pmu_event_desc *ev = &p5_table.events[i];
        if (ev->code == code && (has_mmx(pmu) || !(ev->flags & P5_MMX_ONLY))) {
            *counters |= ev->counters;
            found = ev;
        }
    }
    return found;
}

/* The modifiers a CESR half has (SDM vol. 3B, CESR): CC bit 0 counts at
 * CPL 0-2, CC bit 1 at CPL 3, CC bit 2 cycles instead of occurrences
 * (o clears it), PC the pin. */
static const struct pmu_mod_format p5_formats[] = {
    PMU_MOD_FORMAT(U, CONFIG, CC_USR << CESR_CC_SHIFT),
    PMU_MOD_FORMAT(K, CONFIG, CC_OS << CESR_CC_SHIFT),
    PMU_MOD_FORMAT(D, CONFIG, CC_CYCLES << CESR_CC_SHIFT),
    PMU_MOD_FORMAT_NOT(O, CONFIG, CC_CYCLES << CESR_CC_SHIFT),
    PMU_MOD_FORMAT(PC, CONFIG, CESR_PC),
};

/* The event of a raw or event= word: its CESR half as given. */
static int resolve_raw(const struct pmu *pmu, const struct pmu_spec *spec,
                       struct pmu_assigned_event *ev, uint64_t *half, char *err, size_t errlen)
{
    uint64_t raw = spec->raw;
    if (spec->kind == PMU_SPEC_FIELDS) {
        if (!str_ieq(spec->mods[0].key, "event") || !spec->mods[0].has_value) {
            return pmu_error(err, errlen, "'%s': event= is missing", spec->text);
        }
        raw = spec->mods[0].value;
    }
    if (raw & ~(uint64_t)0x3ff) {
        return pmu_error(err, errlen, "'%s': a CESR half has 10 bits (ES 5:0, CC 8:6, PC 9)",
                         spec->text);
    }
    unsigned code = (unsigned)raw & 0x3f;
    if (!p5_event_by_code(pmu, code, &ev->counter_mask)) {
        return pmu_error(err, errlen, "'%s': event 0x%02x is not on this CPU", spec->text, code);
    }
    str_copy(ev->name, sizeof ev->name, spec->text);
    *half = raw;
    return 0;
}

static int p5_resolve(const struct pmu *pmu, const struct pmu_plan *plan,
                      const struct pmu_spec *spec, struct pmu_assigned_event *ev, char *err,
                      size_t errlen)
{
    (void)plan;
    const struct pmu_event_desc *desc = NULL;
    struct pmu_mod_caps caps = {p5_model_name(pmu), p5_formats, PMU_ARRAY_SIZE(p5_formats), 0};
    struct pmu_mods st;
    memset(&st, 0, sizeof st);
    if (spec->kind == PMU_SPEC_NAME) {
        desc = pmu_find_event(&p5_table, spec->name);
        if (!desc) {
            const char *alias = pmu_find_alias(p5_aliases, spec->name);
            if (!alias) {
                alias = pmu_find_alias(p5_perfctr_aliases, spec->name);
            }
            if (alias) {
                desc = pmu_find_event(&p5_table, alias);
            }
        }
        if (!desc) {
            return pmu_error(err, errlen, "'%s': unknown event '%s' (pmu-encode --list)",
                             spec->text, spec->name);
        }
        if ((desc->flags & P5_MMX_ONLY) && !has_mmx(pmu)) {
            return pmu_error(err, errlen, "'%s': not on this CPU (%s needs a Pentium with MMX)",
                             spec->text, desc->name);
        }
        st.config = desc->code | ((desc->flags & P5_DURATION) ? CC_CYCLES << CESR_CC_SHIFT : 0);
        ev->counter_mask = desc->counters;
        str_copy(ev->name, sizeof ev->name, desc->name);
        ev->flags = desc->flags;
    } else if (resolve_raw(pmu, spec, ev, &st.config, err, errlen) < 0) {
        return -1;
    }
    /* No CPL named, or a raw half with CC bits 7:6 = 00 (CC 000 and 100
     * count nothing, SDM vol. 3B, CESR): count at every privilege level. */
    if (pmu_mod_apply_all(&caps, spec, spec->kind == PMU_SPEC_FIELDS, &st, err, errlen) < 0 ||
        pmu_mod_privilege(&caps, &st, spec, err, errlen) < 0) {
        return -1;
    }
    unsigned half = (unsigned)st.config;
    unsigned cc_mode = (half >> CESR_CC_SHIFT) & CC_CYCLES;
    /* Counting occurrences of a duration event (or the reverse) may rightly
     * give zero: pmu_verify must not take that for a dead PMU. */
    if (desc && cc_mode != ((desc->flags & P5_DURATION) ? CC_CYCLES : 0u)) {
        ev->flags &= ~(uint32_t)PMU_EVF_ADVANCES;
    }
    ev->config = half;
    ev->desc = desc;
    if (!st.os) {
        ev->flags |= PMU_EVF_USER_ONLY;
    }
    fmt_snprintf(ev->encoding, sizeof ev->encoding, "r%03x", half);
    if (desc) {
        size_t used = strlen(ev->name);
        fmt_snprintf(ev->name + used, sizeof ev->name - used, "%s%s%s%s",
                     st.usr == st.os ? ""
                     : st.usr        ? ":u"
                                     : ":k",
                     (cc_mode && !(desc->flags & P5_DURATION)) ? ":d" : "",
                     (!cc_mode && (desc->flags & P5_DURATION)) ? ":o" : "",
                     (half & CESR_PC) ? ":pc" : "");
    }
    return 0;
}

static int p5_place(const struct pmu *pmu, struct pmu_assigned_event *events[], unsigned n,
                    char *err, size_t errlen)
{
    if (pmu_place_by_mask(events, n, pmu->caps.n_gp, 0, err, errlen) < 0) {
        return -1;
    }
    for (unsigned i = 0; i < n; i++) {
        struct pmu_assigned_event *ev = events[i];
        fmt_snprintf(ev->counter, sizeof ev->counter, "CTR%u", ev->hw_index);
        ev->read.kind = pmu->caps.rdpmc ? PMU_READ_RDPMC : PMU_READ_RDMSR;
        ev->read.index = pmu->caps.rdpmc ? ev->hw_index : pmu->caps.gp_reg + ev->hw_index;
        ev->read.width = pmu->caps.gp_width;
    }
    return 0;
}

/* At most: CESR off, both counters reset, CESR. */
#define P5_MAX_PASS_WRITES 4
_Static_assert(P5_MAX_PASS_WRITES <= PMU_MAX_WRITES, "a P5 pass fits PMU_MAX_WRITES");

static unsigned p5_encode(const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass,
                          struct pmu_write *out, unsigned max)
{
    (void)pmu;
    unsigned n = 0;
    uint64_t cesr = 0;
    pmu_emit(out, max, &n, MSR_P5_CESR, 0, "CESR = 0: both counters off");
    for (unsigned i = 0; i < plan->n_events; i++) {
        const struct pmu_assigned_event *ev = &plan->events[i];
        if (ev->pass != pass) {
            continue;
        }
        pmu_emit(out, max, &n, MSR_P5_CTR0 + ev->hw_index, 0, "CTR%u = 0", ev->hw_index);
        cesr |= ev->config << (ev->hw_index * P5_HALF_SHIFT);
    }
    pmu_emit(out, max, &n, MSR_P5_CESR, cesr, "CESR");
    return n;
}

static unsigned p5_encode_stop(const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass,
                               struct pmu_write *out, unsigned max)
{
    (void)pmu;
    (void)plan;
    (void)pass;
    unsigned n = 0;
    pmu_emit(out, max, &n, MSR_P5_CESR, 0, "CESR = 0: both counters off");
    return n;
}

/* What QEMU's counting model counts on the Pentium (emu/README.md, "What
 * counts"): BRANCHES (0x12) and INSTRUCTIONS_EXECUTED (0x16) in either mode,
 * NUMBER_OF_CYCLES_NOT_IN_HALT_STATE (0x30) in duration mode only. */
static bool p5_tcg_counts(const struct pmu_assigned_event *ev)
{
    unsigned code = (unsigned)ev->config & 0x3f;
    bool duration = (ev->config >> CESR_CC_SHIFT) & CC_CYCLES;
    return code == 0x12 || code == 0x16 || (code == 0x30 && duration);
}

const struct pmu_backend pmu_p5_backend = {
    .name = "p5",
    .caps = &p5_caps,
    .no_overflow = "the Pentium signals a counter overflow on its PM0/PM1 pins only (CESR PC "
                   "bit), never as an interrupt",
    .detect = p5_detect,
    .init = p5_init,
    .model_name = p5_model_name,
    .describe = p5_describe,
    .list = p5_list,
    .default_events = p5_default_events,
    .resolve = p5_resolve,
    .place = p5_place,
    .encode = p5_encode,
    .encode_stop = p5_encode_stop,
    .tcg_counts = p5_tcg_counts,
};
