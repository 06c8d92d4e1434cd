/* Turns one event spec into NetBurst register values: the ESCR (event,
 * mask, tag, privilege and thread bits) and the CCCR (ESCR select,
 * filters, overflow and cascade bits). Placement comes later (p4_place.c).
 *
 * Words: NAME[:MASK...][:MOD...] with libpfm4's names, or
 * cpu/event=0x..,escr=0x3..,umask=0x..[,MOD...]/ for any event of any ESCR.
 * Modifiers:
 *   u, k          user / kernel only (default: both)
 *   t0, t1        logical processor 0 / 1 only (default: both, see p4_regs.h)
 *   thr=N         compare: count cycles where the increment exceeds N (0-15)
 *   c=N           compare: cycles with at least N (thr=N-1), as perf's cmask
 *   cmpl, i       complement: count cycles where the increment is <= thr
 *   e             edge: count rising edges of the comparison
 *   cmp           compare with thr=0 (cycles with at least one event)
 *   at=N          active-thread mode 0 none, 1 single, 2 both, 3 any
 *   fovf          FORCE_OVF: overflow on every increment
 *   pmi           OVF_PMI for the counted threads (T1 only with HT): the
 *                 PMI comes on the event after the overflow (SDM vol. 3B,
 *                 "CCCR MSRs")
 *   period=N      start the counter at 2^40-N: it overflows after N events
 *                 (N < 2^32), and with pmi interrupts after N + 1
 *   cascade       count on the alternate counter of the event before this
 *                 one; start when it overflows (own enable clear)
 *   cntr=N        only on counter N (0-17)
 *   fast, rdmsr   read with RDPMC's fast form (32 bits) or with RDMSR */
#include "lib/fmt.h"
#include "lib/kstring.h"
#include "pmu/modifiers.h"
#include "pmu/x86/p4_resolve.h"

/* What the modifiers asked for, before it becomes register values. */
struct request {
    const struct p4_event *event; /* NULL for a raw cpu/.../ event */
    uint8_t escrs[2];
    uint32_t event_select;
    uint32_t mask_bits; /* bit i = mask entry i of the event (named events) */
    uint32_t emask;     /* raw events */
    uint32_t tag;
    bool tag_set, has_emask, has_escr, has_event;
    unsigned metric;      /* replay metric + 1 */
    struct pmu_mods mods; /* u and k: mods.usr, mods.os */
    bool t0, t1, compare, complement, edge, fovf, pmi, cascade, fast, rdmsr;
    bool ht; /* the CPU has Hyper-Threading: OVF_PMI_T1 means something */
    unsigned threshold, active_thread, pin; /* pin: counter + 1 */
    uint64_t period;
};

/* perf-style names for the common events; the default set uses them. */
static const struct pmu_alias aliases[] = {
    {"cycles", "global_power_events:RUNNING"},
    {"instructions", "instr_retired:NBOGUSNTAG:NBOGUSTAG"},
    {"uops", "uops_retired:NBOGUS"},
    {"branches", "branch_retired:MMNP:MMNM:MMTP:MMTM"},
    {"branch-misses", "branch_retired:MMNM:MMTM"},
    {NULL, NULL},
};

/* A cascade follower counts on after the event before it in its list
 * (its leader) overflows: one of the leader's counters must be able to
 * start one of the follower's (Intel SDM vol. 3B, "Cascading Counters"). */
static int check_leader(const struct pmu *pmu, const struct pmu_plan *plan,
                        const struct pmu_assigned_event *ev, char *err, size_t errlen)
{
    if (plan->n_events == 0) {
        return pmu_error(err, errlen, "'%s': cascade needs an event written before it", ev->name);
    }
    const struct pmu_assigned_event *leader = &plan->events[plan->n_events - 1];
    for (unsigned from = 0; from < P4_N_COUNTERS; from++) {
        for (unsigned to = 0; to < P4_N_COUNTERS; to++) {
            if ((leader->counter_mask >> from & 1) && (ev->counter_mask >> to & 1) &&
                p4_cascade_bit(from, to, &pmu->cpu)) {
                return 0;
            }
        }
    }
    return pmu_error(err, errlen,
                     "'%s': cannot cascade from '%s': none of its counters can start one of ours",
                     ev->name, leader->name);
}

static int mask_by_name(const struct p4_event *ev, const char *name)
{
    for (unsigned i = 0; ev && i < ev->n_masks; i++) {
        if (str_ieq(name, ev->masks[i].name)) {
            return (int)i;
        }
    }
    return -1;
}

static int set_mask(struct request *rq, unsigned i, const char *text, char *err, size_t errlen)
{
    const struct p4_mask *m = &rq->event->masks[i];
    if (m->flags & P4_MF_REPLAY) {
        if (rq->metric && rq->metric != m->bit + 1u) {
            return pmu_error(err, errlen, "'%s': one replay metric per event", text);
        }
        rq->metric = m->bit + 1u;
    }
    rq->mask_bits |= 1u << i;
    return 0;
}

static bool need_value(const struct pmu_modifier *mod, uint64_t max)
{
    return mod->has_value && mod->value <= max;
}

/* The NetBurst modifiers: all mapped in code, since one modifier sets
 * bits of both the ESCR and the CCCR (Intel SDM vol. 3B, "ESCR MSRs",
 * "CCCR MSRs"). */
static const struct pmu_mod_format p4_formats[] = {
    PMU_MOD_CODE(U, 0, 1),
    PMU_MOD_CODE(K, 0, 1),
    PMU_MOD_CODE(T0, 0, 1),
    PMU_MOD_CODE(T1, 0, 1),
    PMU_MOD_CODE(THR, 0, 15),
    PMU_MOD_CODE(C, 1, 16),
    PMU_MOD_CODE(I, 0, 1),
    PMU_MOD_CODE(E, 0, 1),
    PMU_MOD_CODE(CMP, 0, 1),
    PMU_MOD_CODE(AT, 0, 3),
    PMU_MOD_CODE(FOVF, 0, 1),
    PMU_MOD_CODE(PMI, 0, 1),
    PMU_MOD_CODE(CASCADE, 0, 1),
    PMU_MOD_CODE(PERIOD, 1, 0xffffffffu),
    PMU_MOD_CODE(CNTR, 0, P4_N_COUNTERS - 1),
    PMU_MOD_CODE(FAST, 0, 1),
    PMU_MOD_CODE(RDMSR, 0, 1),
};

static struct pmu_mod_caps p4_caps(const struct pmu *pmu)
{
    struct pmu_mod_caps caps = {pmu_name(pmu), p4_formats, PMU_ARRAY_SIZE(p4_formats), 0};
    return caps;
}

/* Applies one modifier to rq. Returns 0 when applied; -1, with the reason
 * in err, when the backend lacks it, its value is out of range or this
 * CPU cannot honour it (t1 or at= without Hyper-Threading); 1, with rq
 * untouched, when the key is no modifier, which the caller reports. */
static int apply_modifier(const struct pmu *pmu, struct request *rq, const struct pmu_modifier *m,
                          const struct pmu_spec *spec, char *err, size_t errlen)
{
    struct pmu_mod_caps caps = p4_caps(pmu);
    int r = pmu_mod_apply(&caps, spec, m, &rq->mods, err, errlen);
    if (r != 0) {
        return r;
    }
    uint64_t v = rq->mods.value;
    bool on = v != 0;
    switch (rq->mods.last) {
    case PMU_MOD_T0:
        rq->t0 = on;
        break;
    case PMU_MOD_T1:
        if (on && !pmu->cpu.features[FEAT_HTT]) {
            return pmu_error(err, errlen, "'%s': t1 needs a second logical processor", spec->text);
        }
        rq->t1 = on;
        break;
    case PMU_MOD_THR:
        rq->threshold = (unsigned)v;
        rq->compare = rq->compare || on;
        break;
    case PMU_MOD_C:
        rq->threshold = (unsigned)v - 1; /* c=N: at least N, thr=N-1: more than N-1 */
        rq->compare = true;
        break;
    case PMU_MOD_I:
        rq->complement = on;
        rq->compare = rq->compare || on;
        break;
    case PMU_MOD_E:
        rq->edge = on;
        rq->compare = rq->compare || on;
        break;
    case PMU_MOD_CMP:
        rq->compare = rq->compare || on;
        break;
    case PMU_MOD_AT:
        if (v != P4_AT_ANY && !pmu->cpu.features[FEAT_HTT]) {
            return pmu_error(err, errlen,
                             "'%s': active-thread filtering needs Hyper-Threading; "
                             "without it the field must stay 3",
                             spec->text);
        }
        rq->active_thread = (unsigned)v;
        break;
    case PMU_MOD_FOVF:
        rq->fovf = on;
        break;
    case PMU_MOD_PMI:
        rq->pmi = on;
        break;
    case PMU_MOD_CASCADE:
        rq->cascade = on;
        break;
    case PMU_MOD_PERIOD:
        rq->period = v;
        break;
    case PMU_MOD_CNTR:
        rq->pin = (unsigned)v + 1;
        break;
    case PMU_MOD_FAST:
        rq->fast = on;
        break;
    case PMU_MOD_RDMSR:
        rq->rdmsr = on;
        break;
    default: /* u and k: pmu_mod_privilege, after the last modifier */
        break;
    }
    return 0;
}

/* The raw form's own fields. Returns 1 when the key is not one. */
static int apply_field(struct request *rq, const struct pmu_modifier *m, const char *text,
                       char *err, size_t errlen)
{
    const char *key = m->key;
    if (str_ieq(key, "event")) {
        if (!need_value(m, 0x3f)) {
            return pmu_error(err, errlen, "'%s': event wants 0-0x3f", text);
        }
        rq->event_select = (uint32_t)m->value;
        rq->has_event = true;
    } else if (str_ieq(key, "escr")) {
        int escr = m->has_value ? p4_escr_by_msr((uint32_t)m->value) : -1;
        if (escr < 0) {
            return pmu_error(err, errlen, "'%s': escr wants an ESCR address (0x3a0-0x3e1)", text);
        }
        rq->escrs[0] = (uint8_t)escr;
        rq->has_escr = true;
    } else if (str_ieq(key, "umask") || str_ieq(key, "emask")) {
        if (!need_value(m, 0xffff)) {
            return pmu_error(err, errlen, "'%s': %s wants 0-0xffff", text, key);
        }
        rq->emask = (uint32_t)m->value;
        rq->has_emask = true;
    } else if (str_ieq(key, "tag")) {
        if (!need_value(m, 15)) {
            return pmu_error(err, errlen, "'%s': tag wants 0-15", text);
        }
        rq->tag = (uint32_t)m->value;
        rq->tag_set = true;
    } else if (str_ieq(key, "metric")) {
        if (!need_value(m, 8)) {
            return pmu_error(err, errlen, "'%s': metric wants 0-8", text);
        }
        rq->metric = (unsigned)m->value + 1;
    } else {
        return 1;
    }
    return 0;
}

/* Named events: masks first, then modifiers. */
static int apply_named(const struct pmu *pmu, struct request *rq, const struct pmu_spec *spec,
                       char *err, size_t errlen)
{
    for (unsigned i = 0; i < spec->n_mods; i++) {
        const struct pmu_modifier *m = &spec->mods[i];
        int mask = m->has_value ? -1 : mask_by_name(rq->event, m->key);
        int rc = mask >= 0 ? set_mask(rq, (unsigned)mask, spec->text, err, errlen)
                           : apply_modifier(pmu, rq, m, spec, err, errlen);
        if (rc < 0) {
            return -1;
        }
        if (rc > 0) {
            return pmu_error(err, errlen,
                             "'%s': '%s' is neither an event mask of %s nor a modifier", spec->text,
                             m->key, rq->event->name);
        }
    }
    return 0;
}

static int apply_fields(const struct pmu *pmu, struct request *rq, const struct pmu_spec *spec,
                        char *err, size_t errlen)
{
    for (unsigned i = 0; i < spec->n_mods; i++) {
        const struct pmu_modifier *m = &spec->mods[i];
        int rc = apply_field(rq, m, spec->text, err, errlen);
        if (rc > 0) {
            rc = apply_modifier(pmu, rq, m, spec, err, errlen);
        }
        if (rc < 0) {
            return -1;
        }
        if (rc > 0) {
            return pmu_error(err, errlen, "'%s': unknown field '%s'", spec->text, m->key);
        }
    }
    if (!rq->has_event || !rq->has_escr || !rq->has_emask) {
        return pmu_error(err, errlen,
                         "'%s': the raw form needs event=, escr= and umask=", spec->text);
    }
    if (!p4_escr_present(&p4_escrs[rq->escrs[0]], &pmu->cpu)) {
        return pmu_error(err, errlen, "'%s': %s is not on this CPU (models below 3 only)",
                         spec->text, p4_escrs[rq->escrs[0]].name);
    }
    return 0;
}

/* The event mask and tag of a named event from the masks it names. */
static int named_mask(struct request *rq, const char *text, char *err, size_t errlen)
{
    const struct p4_event *ev = rq->event;
    /* Tags and replay metrics qualify a mask, they are not one: with no
     * real mask bit named the default applies (libpfm4 would leave the
     * event mask empty, which counts nothing). */
    bool real = false;
    for (unsigned i = 0; i < ev->n_masks; i++) {
        if ((rq->mask_bits >> i & 1) && !(ev->masks[i].flags & (P4_MF_TAG | P4_MF_REPLAY))) {
            real = true;
        }
    }
    for (unsigned i = 0; i < ev->n_masks && !real; i++) {
        if (ev->masks[i].flags & P4_MF_DEFAULT) {
            rq->mask_bits |= 1u << i;
        }
    }
    for (unsigned i = 0; i < ev->n_masks; i++) {
        const struct p4_mask *m = &ev->masks[i];
        if (!((rq->mask_bits >> i) & 1) || (m->flags & P4_MF_REPLAY)) {
            continue;
        }
        if (m->flags & P4_MF_TAG) {
            rq->tag |= 1u << m->bit;
            rq->tag_set = true;
        } else {
            rq->emask |= 1u << m->bit;
        }
    }
    /* A replay metric counts the tagged uops that retire: with no bit of
     * its own the ESCR would count nothing, so NBOGUS (the SDM's mask for
     * every metric) is implied. */
    if (rq->metric && !rq->emask) {
        rq->mask_bits |= 1u, rq->emask = 1u;
    }
    if (!rq->emask) {
        return pmu_error(err, errlen, "'%s': %s needs an event mask (see --list)", text, ev->name);
    }
    return 0;
}

static uint32_t escr_bits(const struct request *rq)
{
    bool both = !rq->t0 && !rq->t1;
    bool os = rq->mods.os, usr = rq->mods.usr;
    uint32_t v = P4_ESCR_EVENT(rq->event_select) | P4_ESCR_EMASK(rq->emask);
    if (rq->tag_set) {
        v |= P4_ESCR_TAG(rq->tag) | P4_ESCR_TAG_ENABLE;
    }
    if (rq->t0 || both) {
        v |= (os ? P4_ESCR_T0_OS : 0) | (usr ? P4_ESCR_T0_USR : 0);
    }
    if (rq->t1 || both) {
        v |= (os ? P4_ESCR_T1_OS : 0) | (usr ? P4_ESCR_T1_USR : 0);
    }
    return v;
}

static uint32_t cccr_bits(const struct request *rq)
{
    bool both = !rq->t0 && !rq->t1;
    uint32_t v = P4_CCCR_ESCR_SELECT(p4_escrs[rq->escrs[0]].select) |
                 P4_CCCR_ACTIVE_THREAD(rq->active_thread);
    if (rq->compare) {
        v |= P4_CCCR_COMPARE | P4_CCCR_THRESHOLD(rq->threshold);
    }
    if (rq->complement) {
        v |= P4_CCCR_COMPLEMENT;
    }
    if (rq->edge) {
        v |= P4_CCCR_EDGE;
    }
    if (rq->fovf) {
        v |= P4_CCCR_FORCE_OVF;
    }
    if (rq->pmi) {
        v |= (rq->t0 || both ? P4_CCCR_OVF_PMI_T0 : 0) |
             (rq->t1 || (both && rq->ht) ? P4_CCCR_OVF_PMI_T1 : 0);
    }
    /* A cascade follower waits for its leader: enable stays clear. */
    v |= rq->cascade ? P4_CCCR_CASCADE : P4_CCCR_ENABLE;
    return v;
}

/* Appends ":text" (or ",text") to buf. */
static void append(char *buf, size_t size, char sep, const char *text, uint64_t value,
                   bool has_value)
{
    if (has_value) {
        pmu_append(buf, size, "%c%s=%llu", sep, text, (unsigned long long)value);
    } else {
        pmu_append(buf, size, "%c%s", sep, text);
    }
}

/* The modifiers that differ from the defaults, in one fixed order. */
static void append_modifiers(char *buf, size_t size, char sep, const struct request *rq)
{
    if (rq->mods.usr != rq->mods.os) {
        append(buf, size, sep, rq->mods.usr ? "u" : "k", 0, false);
    }
    if (rq->t0 != rq->t1) {
        append(buf, size, sep, rq->t0 ? "t0" : "t1", 0, false);
    }
    if (rq->compare && !rq->complement && !rq->edge && rq->threshold == 0) {
        append(buf, size, sep, "cmp", 0, false);
    }
    if (rq->compare && rq->threshold) {
        append(buf, size, sep, "thr", rq->threshold, true);
    }
    if (rq->complement) {
        append(buf, size, sep, "cmpl", 0, false);
    }
    if (rq->edge) {
        append(buf, size, sep, "e", 0, false);
    }
    if (rq->active_thread != P4_AT_ANY) {
        append(buf, size, sep, "at", rq->active_thread, true);
    }
    if (rq->fovf) {
        append(buf, size, sep, "fovf", 0, false);
    }
    if (rq->pmi) {
        append(buf, size, sep, "pmi", 0, false);
    }
    if (rq->period) {
        append(buf, size, sep, "period", rq->period, true);
    }
    if (rq->cascade) {
        append(buf, size, sep, "cascade", 0, false);
    }
    if (rq->pin) {
        append(buf, size, sep, "cntr", rq->pin - 1, true);
    }
    if (rq->fast) {
        append(buf, size, sep, "fast", 0, false);
    }
    if (rq->rdmsr) {
        append(buf, size, sep, "rdmsr", 0, false);
    }
}

static void canonical_name(char *buf, size_t size, const struct request *rq)
{
    if (rq->event) {
        str_copy(buf, size, rq->event->name);
        for (unsigned i = 0; i < rq->event->n_masks; i++) {
            if ((rq->mask_bits >> i) & 1) {
                append(buf, size, ':', rq->event->masks[i].name, 0, false);
            }
        }
    } else {
        fmt_snprintf(buf, size, "%s:0x%02x:0x%04x", p4_escrs[rq->escrs[0]].name,
                     (unsigned)rq->event_select, (unsigned)rq->emask);
    }
    append_modifiers(buf, size, ':', rq);
}

/* The modifiers back from the register values of a resolved event. */
static void decode_modifiers(const struct pmu_assigned_event *ev, struct request *rq)
{
    uint32_t escr = p4_escr_value(ev), cccr = p4_cccr_value(ev);
    bool os = escr & (P4_ESCR_T0_OS | P4_ESCR_T1_OS);
    bool usr = escr & (P4_ESCR_T0_USR | P4_ESCR_T1_USR);
    bool t0 = escr & (P4_ESCR_T0_OS | P4_ESCR_T0_USR);
    bool t1 = escr & (P4_ESCR_T1_OS | P4_ESCR_T1_USR);
    memset(rq, 0, sizeof *rq);
    rq->mods.usr = usr;
    rq->mods.os = os;
    rq->t0 = t0 && !t1;
    rq->t1 = t1 && !t0;
    rq->compare = cccr & P4_CCCR_COMPARE;
    rq->threshold = (cccr & P4_CCCR_THRESHOLD_MASK) >> 20;
    rq->complement = cccr & P4_CCCR_COMPLEMENT;
    rq->edge = cccr & P4_CCCR_EDGE;
    rq->active_thread = (cccr & P4_CCCR_ACTIVE_THREAD_MASK) >> 16;
    rq->fovf = cccr & P4_CCCR_FORCE_OVF;
    rq->pmi = cccr & (P4_CCCR_OVF_PMI_T0 | P4_CCCR_OVF_PMI_T1);
    rq->period = p4_period(ev);
    rq->cascade = cccr & P4_CCCR_CASCADE;
    rq->pin = (unsigned)((ev->config2 >> P4_X_PIN_SHIFT) & P4_X_PIN_MASK);
    rq->fast = ev->config2 & P4_X_FAST_READ;
    rq->rdmsr = ev->config2 & P4_X_READ_MSR;
}

void p4_format_encoding(char *buf, size_t size, const struct pmu_assigned_event *ev, unsigned escr)
{
    struct request rq;
    uint32_t v = p4_escr_value(ev);
    decode_modifiers(ev, &rq);
    fmt_snprintf(buf, size, "cpu/event=0x%x,escr=0x%x,umask=0x%x",
                 (unsigned)((v & P4_ESCR_EVENT_MASK) >> 25), (unsigned)p4_escrs[escr].msr,
                 (unsigned)((v & P4_ESCR_EMASK_MASK) >> 9));
    if (v & P4_ESCR_TAG_ENABLE) {
        append(buf, size, ',', "tag", (v & P4_ESCR_TAG_MASK) >> 5, true);
    }
    if (p4_metric(ev)) {
        append(buf, size, ',', "metric", p4_metric(ev) - 1, true);
    }
    append_modifiers(buf, size, ',', &rq);
    append(buf, size, '/', "", 0, false);
}

static bool advances(const struct request *rq)
{
    if (!rq->event || rq->compare || rq->cascade || (rq->mods.usr && !rq->mods.os) ||
        (rq->t1 && !rq->t0)) {
        return false;
    }
    for (unsigned i = 0; i < rq->event->n_masks; i++) {
        if (((rq->mask_bits >> i) & 1) && (rq->event->masks[i].flags & P4_MF_ADVANCES)) {
            return true;
        }
    }
    return false;
}

static int resolve_request(const struct pmu *pmu, const struct pmu_spec *spec, struct request *rq,
                           char *err, size_t errlen)
{
    memset(rq, 0, sizeof *rq);
    rq->active_thread = P4_AT_ANY;
    rq->escrs[1] = P4_NO_ESCR;
    rq->ht = pmu->cpu.features[FEAT_HTT];
    if (spec->kind == PMU_SPEC_RAW) {
        return pmu_error(err, errlen,
                         "'%s': the Pentium 4 has no rUUEE form; write "
                         "cpu/event=0x..,escr=0x3..,umask=0x../",
                         spec->text);
    }
    if (spec->kind == PMU_SPEC_FIELDS) {
        return apply_fields(pmu, rq, spec, err, errlen);
    }
    rq->event = p4_find_event(spec->name);
    if (!rq->event) {
        return pmu_error(err, errlen, "'%s': unknown event", spec->text);
    }
    if (!p4_event_present(rq->event, &pmu->cpu)) {
        return pmu_error(err, errlen, "'%s': not on this CPU (family 15 models 3, 4, 6 only)",
                         spec->text);
    }
    rq->event_select = rq->event->event_select;
    rq->escrs[0] = rq->event->escrs[0];
    rq->escrs[1] = rq->event->escrs[1];
    if (apply_named(pmu, rq, spec, err, errlen) < 0) {
        return -1;
    }
    return named_mask(rq, spec->text, err, errlen);
}

/* Replaces an alias by its spec, keeping the user's modifiers. */
static int expand_alias(const struct pmu_spec *spec, struct pmu_spec *out, char *err, size_t errlen)
{
    const char *text = spec->kind == PMU_SPEC_NAME ? pmu_find_alias(aliases, spec->name) : NULL;
    if (!text) {
        *out = *spec;
        return 0;
    }
    return pmu_expand_alias(text, spec, out, err, errlen);
}

int p4_resolve(const struct pmu *pmu, const struct pmu_plan *plan, const struct pmu_spec *spec,
               struct pmu_assigned_event *ev, char *err, size_t errlen)
{
    struct pmu_spec expanded;
    struct request rq;
    struct pmu_mod_caps caps = p4_caps(pmu);
    if (expand_alias(spec, &expanded, err, errlen) < 0 ||
        resolve_request(pmu, &expanded, &rq, err, errlen) < 0 ||
        pmu_mod_privilege(&caps, &rq.mods, &expanded, err, errlen) < 0) {
        return -1;
    }
    if (rq.fast && rq.rdmsr) {
        return pmu_error(err, errlen, "'%s': fast and rdmsr exclude each other", spec->text);
    }
    canonical_name(ev->name, sizeof ev->name, &rq);
    ev->desc = rq.event;
    ev->config = escr_bits(&rq) | rq.period << 32;
    ev->config2 = cccr_bits(&rq) | (uint64_t)(plan->n_events + 1) << P4_X_SEQ_SHIFT |
                  (uint64_t)rq.pin << P4_X_PIN_SHIFT | (uint64_t)rq.metric << P4_X_METRIC_SHIFT |
                  (rq.fast ? P4_X_FAST_READ : 0) | (rq.rdmsr ? P4_X_READ_MSR : 0);
    ev->counter_mask = 0;
    for (unsigned i = 0; i < 2; i++) {
        if (rq.escrs[i] != P4_NO_ESCR && p4_escr_present(&p4_escrs[rq.escrs[i]], &pmu->cpu)) {
            ev->counter_mask |= p4_escrs[rq.escrs[i]].counters;
        }
    }
    if (rq.pin) {
        ev->counter_mask &= 1u << (rq.pin - 1);
    }
    ev->flags = (advances(&rq) ? PMU_EVF_ADVANCES : 0) | (rq.mods.os ? 0 : PMU_EVF_USER_ONLY);
    ev->hw_aux = P4_AUX(P4_NO_ESCR, rq.escrs[0], rq.escrs[1]);
    if (rq.cascade && check_leader(pmu, plan, ev, err, errlen) < 0) {
        return -1;
    }
    ev->read.kind = rq.rdmsr ? PMU_READ_RDMSR : PMU_READ_RDPMC;
    ev->read.width = rq.fast ? 32 : P4_COUNTER_WIDTH;
    p4_format_encoding(ev->encoding, sizeof ev->encoding, ev, rq.escrs[0]);
    return 0;
}
