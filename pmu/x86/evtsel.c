/* Spec -> PerfEvtSel value, for every PMU with the P6-style selector. */
#include "lib/fmt.h"
#include "lib/kstring.h"
#include "pmu/modifiers.h"
#include "pmu/x86/evtsel.h"

/* Bits a raw or fields encoding may set; the rest are ours to manage
 * (USR/OS come from modifiers, EN/INT from programming). */
static uint64_t allowed_bits(const struct evtsel_rules *rules)
{
    uint64_t bits = 0xffffull | EVTSEL_EDGE | EVTSEL_INV | (0xffull << EVTSEL_CMASK_SHIFT);
    if (rules->pin_control) {
        bits |= EVTSEL_PC;
    }
    if (rules->interrupt) {
        bits |= EVTSEL_INT;
    }
    if (rules->any_thread) {
        bits |= EVTSEL_ANY;
    }
    if (rules->amd) {
        bits |= 0xfull << EVTSEL_AMD_EVENT_HI_SHIFT;
    }
    return bits;
}

uint32_t evtsel_event_code(const struct evtsel_rules *rules, uint64_t config)
{
    uint32_t code = (uint32_t)(config & EVTSEL_EVENT_MASK);
    if (rules->amd) {
        code |= (uint32_t)((config >> EVTSEL_AMD_EVENT_HI_SHIFT) & 0xf) << 8;
    }
    return code;
}

static uint64_t event_bits(const struct evtsel_rules *rules, uint32_t code)
{
    uint64_t bits = code & EVTSEL_EVENT_MASK;
    if (rules->amd) {
        bits |= (uint64_t)((code >> 8) & 0xf) << EVTSEL_AMD_EVENT_HI_SHIFT;
    }
    return bits;
}

/* PerfEvtSel's modifier fields (Intel SDM vol. 3B, "IA32_PERFEVTSELx MSRs";
 * AMD's PERF_CTL is the same up to bit 31), in the order canonical names
 * print them. */
static const struct pmu_mod_format evtsel_formats[] = {
    PMU_MOD_FORMAT(U, CONFIG, EVTSEL_USR),
    PMU_MOD_FORMAT(K, CONFIG, EVTSEL_OS),
    PMU_MOD_FORMAT(E, CONFIG, EVTSEL_EDGE),
    PMU_MOD_FORMAT(I, CONFIG, EVTSEL_INV),
    PMU_MOD_FORMAT(T, CONFIG, EVTSEL_ANY),
    PMU_MOD_FORMAT(PC, CONFIG, EVTSEL_PC),
    PMU_MOD_FORMAT(INT, CONFIG, EVTSEL_INT),
    PMU_MOD_FORMAT(C, CONFIG, 0xffull << EVTSEL_CMASK_SHIFT),
};

static struct pmu_mod_caps evtsel_caps(const struct evtsel_rules *rules)
{
    struct pmu_mod_caps caps = {rules->backend, evtsel_formats, PMU_ARRAY_SIZE(evtsel_formats), 0};
    caps.lacking = (rules->any_thread ? 0 : 1u << PMU_MOD_T) |
                   (rules->pin_control ? 0 : 1u << PMU_MOD_PC) |
                   (rules->interrupt ? 0 : 1u << PMU_MOD_INT);
    return caps;
}

/* The event of this name that the CPU's revision has; else NULL, and
 * *elsewhere (when not NULL) is one that only other revisions have. */
static const struct pmu_event_desc *find_desc_rev(const struct evtsel_rules *rules,
                                                  const char *name,
                                                  const struct pmu_event_desc **elsewhere)
{
    const struct pmu_event_desc *other = NULL;
    for (unsigned t = 0; t < rules->n_tables; t++) {
        const struct pmu_event_table *table = rules->tables[t];
        for (unsigned i = 0; i < table->n_events; i++) {
            const struct pmu_event_desc *desc = &table->events[i];
            if (!str_ieq(name, desc->name)) {
                continue;
            }
            if (pmu_rev_has(desc->flags, rules->revision)) {
                return desc;
            }
            if (!other) {
                other = desc;
            }
        }
    }
    if (elsewhere) {
        *elsewhere = other;
    }
    return NULL;
}

/* Any revision's event of this name. */
static const struct pmu_event_desc *find_desc(const struct evtsel_rules *rules, const char *name)
{
    const struct pmu_event_desc *other;
    const struct pmu_event_desc *desc = find_desc_rev(rules, name, &other);
    return desc ? desc : other;
}

/* Refuses an event or unit mask (`what`) that the CPU's revision lacks,
 * naming the revision and the revisions that have it. */
static int not_on_revision(const struct evtsel_rules *rules, const struct pmu_spec *spec,
                           const char *kind, const char *what, uint32_t flags, char *err,
                           size_t errlen)
{
    unsigned from = PMU_REV_FROM_OF(flags), till = PMU_REV_TILL_OF(flags);
    const char *cpu = rules->revision_name(rules->revision);
    if (from > rules->revision) {
        return pmu_error(err, errlen, "'%s': %s %s is not on %s; only from %s on", spec->text, kind,
                         what, cpu, rules->revision_name(from));
    }
    return pmu_error(err, errlen, "'%s': %s %s is not on %s; only up to %s", spec->text, kind, what,
                     cpu, rules->revision_name(till));
}

/* A unit mask of desc that the CPU's revision has, else NULL; *refused
 * is set (with err filled) when the name is a unit mask of another
 * revision only. */
static const struct pmu_umask_desc *find_umask(const struct evtsel_rules *rules,
                                               const struct pmu_spec *spec,
                                               const struct pmu_event_desc *desc,
                                               const struct pmu_modifier *mod, bool *refused,
                                               char *err, size_t errlen)
{
    *refused = false;
    if (mod->has_value) {
        return NULL;
    }
    const struct pmu_umask_desc *um = pmu_find_umask_rev(desc, mod->key, rules->revision);
    const struct pmu_umask_desc *other = um ? NULL : pmu_find_umask(desc, mod->key);
    if (other) {
        not_on_revision(rules, spec, "unit mask", other->name, other->flags, err, errlen);
        *refused = true;
    }
    return um;
}

/* A perf alias ("cycles") becomes the spec it stands for, any form, with
 * the user's modifiers after its own, and EVENT.UMASK becomes EVENT:UMASK.
 * Returns 1 when spec is neither. */
static int expand_alias(const struct evtsel_rules *rules, const struct pmu_spec *spec,
                        struct pmu_spec *expanded, char *err, size_t errlen)
{
    const char *alias = NULL;
    if (spec->kind != PMU_SPEC_NAME || find_desc(rules, spec->name)) {
        return 1;
    }
    for (unsigned a = 0; !alias && a < PMU_ARRAY_SIZE(rules->aliases); a++) {
        alias = pmu_find_alias(rules->aliases[a], spec->name);
    }
    if (alias) {
        return pmu_expand_alias(alias, spec, expanded, err, errlen);
    }
    /* perf's and Intel's event lists write EVENT.UMASK (INST_RETIRED.ANY_P):
     * the unit mask after the first dot of a name that is an event. */
    const char *dot = strchr(spec->name, '.');
    char name[PMU_SPEC_NAME_LEN];
    if (!dot || (size_t)(dot - spec->name) >= sizeof name) {
        return 1;
    }
    str_copy(name, (size_t)(dot - spec->name) + 1, spec->name);
    if (!find_desc(rules, name)) {
        return 1;
    }
    char dotted[PMU_SPEC_NAME_LEN];
    fmt_snprintf(dotted, sizeof dotted, "%s:%s", name, dot + 1);
    return pmu_expand_alias(dotted, spec, expanded, err, errlen);
}

/* The bits a unit mask's code may add to PerfEvtSel, shifted right by 8
 * (pmu/x86/events_pfm.h): the unit mask, and the edge, any-thread, inv
 * and cmask fields a generated table's unit mask may fix. */
#define UMASK_BITS 0xffffffu

/* The unit mask already named that um cannot be combined with, or NULL:
 * within a group, one flagged exclusive takes no other (libpfm4's NCOMBO). */
static const struct pmu_umask_desc *combines(const struct pmu_umask_desc *const named[], unsigned n,
                                             const struct pmu_umask_desc *um)
{
    for (unsigned i = 0; i < n; i++) {
        const struct pmu_umask_desc *o = named[i];
        if (PMU_UMF_GROUP_OF(o->flags) == PMU_UMF_GROUP_OF(um->flags) &&
            ((o->flags | um->flags) & PMU_UMF_EXCLUSIVE)) {
            return o;
        }
    }
    return NULL;
}

static int needs_extra_reg(const struct pmu_spec *spec, const char *what, char *err, size_t errlen)
{
    return pmu_error(err, errlen,
                     "'%s': %s needs a second register (offcore response, load latency or "
                     "front-end filter), which barebench does not program",
                     spec->text, what);
}

static int not_an_event(const struct pmu_spec *spec, const struct pmu_event_desc *desc,
                        const struct pmu_umask_desc *um, char *err, size_t errlen)
{
    unsigned umask = um ? um->code & 0xff : (desc->code >> 16) & 0xff;
    return pmu_error(err, errlen,
                     "'%s': libpfm4 encodes %s%s%s as event select 00H unit mask 0x%02x, which "
                     "is no event but %s: refused rather than counted under this name",
                     spec->text, desc->name, um ? ":" : "", um ? um->name : "", umask,
                     umask >= 1 && umask <= 4 ? "another event's fixed-counter pseudo-encoding"
                                              : "reserved");
}

/* Refuses, with the reason, a unit mask that cannot join the ones named
 * before it or that a generated table marks as not countable here. */
static int umask_refused(const struct pmu_spec *spec, const struct pmu_event_desc *desc,
                         const struct pmu_umask_desc *const named[], unsigned n,
                         const struct pmu_umask_desc *um, char *err, size_t errlen)
{
    const struct pmu_umask_desc *clash = combines(named, n, um);
    if (clash) {
        return pmu_error(err, errlen, "'%s': unit mask '%s' cannot be combined with '%s'",
                         spec->text, um->name, clash->name);
    }
    if (um->flags & PMU_UMF_EXTRA_REG) {
        return needs_extra_reg(spec, um->name, err, errlen);
    }
    if (um->flags & PMU_UMF_NOT_AN_EVENT) {
        return not_an_event(spec, desc, um, err, errlen);
    }
    return 0;
}

/* The same for the event: 0, or -1 with the reason. */
static int event_refused(const struct pmu_spec *spec, const struct pmu_event_desc *desc, char *err,
                         size_t errlen)
{
    if (desc->flags & PMU_EVF_EXTRA_REG) {
        return needs_extra_reg(spec, desc->name, err, errlen);
    }
    if (desc->flags & PMU_EVF_NOT_AN_EVENT) {
        return not_an_event(spec, desc, NULL, err, errlen);
    }
    if (desc->flags & PMU_EVF_NO_ENCODING) {
        return pmu_error(err, errlen,
                         "'%s': libpfm4 lists %s for this model without a unit mask it can "
                         "encode here",
                         spec->text, desc->name);
    }
    return 0;
}

/* The modifiers a generated table's event may not take (pmu/backend.h,
 * PMU_EVF_NO_*), and the PerfEvtSel field of each that a unit mask may fix. */
static const struct {
    enum pmu_mod mod;
    const char *name;
    uint32_t not_taken;
    uint64_t bits;
} unit_mask_fields[] = {
    {PMU_MOD_U, "u", PMU_EVF_NO_USR, 0},
    {PMU_MOD_K, "k", PMU_EVF_NO_OS, 0},
    {PMU_MOD_E, "e", PMU_EVF_NO_EDGE, EVTSEL_EDGE},
    {PMU_MOD_I, "i", PMU_EVF_NO_INV, EVTSEL_INV},
    {PMU_MOD_C, "c", PMU_EVF_NO_CMASK, 0xffull << EVTSEL_CMASK_SHIFT},
    {PMU_MOD_T, "t", 0, EVTSEL_ANY},
};

/* Adds the unit masks (umask; fixes: a named one fixes the fields it sets)
 * to st->config, which holds the user's modifiers by now. Refuses, as
 * libpfm4 does, a modifier the event does not take and one that gives a
 * fixed field another value; else ORs the two, as libpfm4 does. */
static int apply_umask(const struct pmu_spec *spec, const struct pmu_event_desc *desc,
                       uint32_t umask, bool fixes, struct pmu_mods *st, char *err, size_t errlen)
{
    uint64_t bits = (uint64_t)umask << EVTSEL_UMASK_SHIFT;
    for (unsigned i = 0; i < PMU_ARRAY_SIZE(unit_mask_fields); i++) {
        bool named = (st->named >> unit_mask_fields[i].mod) & 1;
        if (named && (desc->flags & unit_mask_fields[i].not_taken)) {
            return pmu_error(err, errlen, "'%s': %s takes no '%s'", spec->text, desc->name,
                             unit_mask_fields[i].name);
        }
        uint64_t field = unit_mask_fields[i].bits;
        uint64_t user = st->config & field;
        if (fixes && named && (bits & field) && user != (bits & field)) {
            return pmu_error(err, errlen, "'%s': its unit mask fixes '%s' to another value",
                             spec->text, unit_mask_fields[i].name);
        }
    }
    st->config |= bits;
    return 0;
}

static int resolve_named(const struct evtsel_rules *rules, const struct pmu_mod_caps *caps,
                         const struct pmu_spec *spec, struct pmu_assigned_event *ev,
                         struct pmu_mods *st, char *err, size_t errlen)
{
    const struct pmu_event_desc *elsewhere;
    const struct pmu_event_desc *desc = find_desc_rev(rules, spec->name, &elsewhere);
    if (!desc && elsewhere) {
        return not_on_revision(rules, spec, "event", elsewhere->name, elsewhere->flags, err,
                               errlen);
    }
    if (!desc) {
        return pmu_error(err, errlen, "'%s': unknown event '%s' (pmu-encode --list)", spec->text,
                         spec->name);
    }
    ev->desc = desc;
    ev->flags = desc->flags;
    ev->counter_mask = desc->counters ? desc->counters : rules->all_counters;
    str_copy(ev->name, sizeof ev->name, desc->name);
    st->config = event_bits(rules, desc->code);

    uint32_t umask = 0, named_groups = 0, select = desc->code;
    const struct pmu_umask_desc *named[PMU_MAX_MODS], *override = NULL;
    unsigned n_umasks = 0;
    bool fixes = false;
    for (unsigned i = 0; i < spec->n_mods; i++) {
        const struct pmu_modifier *mod = &spec->mods[i];
        bool refused;
        const struct pmu_umask_desc *um = find_umask(rules, spec, desc, mod, &refused, err, errlen);
        if (refused) {
            return -1;
        }
        if (um) {
            if (umask_refused(spec, desc, named, n_umasks, um, err, errlen) < 0) {
                return -1;
            }
            if (um->flags & PMU_UMF_OVERRIDE) {
                if (override && (override->code >> 24) != (um->code >> 24)) {
                    return pmu_error(err, errlen,
                                     "'%s': unit masks '%s' and '%s' select different events",
                                     spec->text, override->name, um->name);
                }
                override = um;
                select = (select & ~0xffu) | (um->code >> 24);
            }
            umask |= um->code & UMASK_BITS;
            fixes |= (um->flags & PMU_UMF_FIXES) != 0;
            named_groups |= 1u << PMU_UMF_GROUP_OF(um->flags);
            named[n_umasks++] = um;
            pmu_append(ev->name, sizeof ev->name, ":%s", um->name);
            continue;
        }
        int r = pmu_mod_apply(caps, spec, mod, st, err, errlen);
        if (r < 0) {
            return -1;
        }
        if (r > 0) {
            return pmu_error(err, errlen, "'%s': '%s' is neither a unit mask of %s nor a modifier",
                             spec->text, mod->key, desc->name);
        }
    }
    if (event_refused(spec, desc, err, errlen) < 0) {
        return -1;
    }
    if (desc->n_umasks) {
        bool any_default = false;
        const char *example = NULL;
        for (unsigned i = 0; i < desc->n_umasks; i++) {
            uint32_t flags = desc->umasks[i].flags;
            if (!pmu_rev_has(flags, rules->revision)) {
                continue;
            }
            if (!example) {
                example = desc->umasks[i].name;
            }
            /* A default's fields take the user's value ORed in: libpfm4
             * fixes only the fields of the unit masks named. */
            if ((flags & PMU_UMF_DEFAULT) && !((named_groups >> PMU_UMF_GROUP_OF(flags)) & 1)) {
                umask |= desc->umasks[i].code & UMASK_BITS;
                any_default = true;
            }
        }
        if (n_umasks == 0 && !any_default) {
            return pmu_error(err, errlen, "'%s': %s needs a unit mask, e.g. %s:%s", spec->text,
                             desc->name, desc->name, example ? example : "?");
        }
    }
    if (!desc->n_umasks) {
        umask = (desc->code >> 16) & 0xff; /* tables may carry a fixed unit mask in code */
    }
    st->config = (st->config & ~EVTSEL_EVENT_MASK) | event_bits(rules, select & 0xffff);
    return apply_umask(spec, desc, umask, fixes, st, err, errlen);
}

static int resolve_fields(const struct evtsel_rules *rules, const struct pmu_mod_caps *caps,
                          const struct pmu_spec *spec, struct pmu_mods *st, char *err,
                          size_t errlen)
{
    bool have_event = false, have_umask = false;
    for (unsigned i = 0; i < spec->n_mods; i++) {
        const struct pmu_modifier *mod = &spec->mods[i];
        if (str_ieq(mod->key, "event") || str_ieq(mod->key, "umask")) {
            bool is_event = str_ieq(mod->key, "event");
            uint64_t limit = is_event ? (rules->amd ? 0xfff : 0xff) : 0xff;
            if (!mod->has_value || mod->value > limit) {
                return pmu_error(err, errlen, "'%s': %s needs a value up to 0x%llx", spec->text,
                                 mod->key, (unsigned long long)limit);
            }
            /* Two values would OR into a third event nobody asked for. */
            if (is_event ? have_event : have_umask) {
                return pmu_error(err, errlen, "'%s': %s= given twice", spec->text, mod->key);
            }
            if (is_event) {
                st->config |= event_bits(rules, (uint32_t)mod->value);
                have_event = true;
            } else {
                st->config |= mod->value << EVTSEL_UMASK_SHIFT;
                have_umask = true;
            }
            continue;
        }
        int r = pmu_mod_apply(caps, spec, mod, st, err, errlen);
        if (r < 0) {
            return -1;
        }
        if (r > 0) {
            return pmu_error(err, errlen, "'%s': unknown field '%s'", spec->text, mod->key);
        }
    }
    if (!have_event) {
        return pmu_error(err, errlen, "'%s': event= is missing", spec->text);
    }
    return 0;
}

int evtsel_resolve(const struct evtsel_rules *rules, const struct pmu_spec *spec,
                   struct pmu_assigned_event *ev, char *err, size_t errlen)
{
    struct pmu_spec expanded;
    int alias = expand_alias(rules, spec, &expanded, err, errlen);
    if (alias < 0) {
        return -1;
    }
    if (alias == 0) {
        spec = &expanded; /* aliases never expand to aliases */
    }
    struct pmu_mod_caps caps = evtsel_caps(rules);
    struct pmu_mods st;
    memset(&st, 0, sizeof st);
    ev->desc = NULL;
    ev->flags = 0;
    ev->counter_mask = rules->all_counters;
    ev->name[0] = '\0';
    if (spec->kind == PMU_SPEC_NAME) {
        if (resolve_named(rules, &caps, spec, ev, &st, err, errlen) < 0) {
            return -1;
        }
    } else if (spec->kind == PMU_SPEC_RAW) {
        if (spec->raw & ~allowed_bits(rules)) {
            return pmu_error(err, errlen, "'%s': raw encoding sets bits this PMU does not allow",
                             spec->text);
        }
        st.config = spec->raw;
        if (pmu_mod_apply_all(&caps, spec, 0, &st, err, errlen) < 0) {
            return -1;
        }
    } else if (resolve_fields(rules, &caps, spec, &st, err, errlen) < 0) {
        return -1;
    }
    if (pmu_mod_privilege(&caps, &st, spec, err, errlen) < 0) {
        return -1;
    }
    /* A cycle or instruction event filtered by edge, inv or cmask may
     * rightly count nothing (c=4 on a 3-wide P6): pmu_verify must not
     * take its zero for a dead PMU. */
    if (st.config & (EVTSEL_EDGE | EVTSEL_INV | (0xffull << EVTSEL_CMASK_SHIFT))) {
        ev->flags &= ~(uint32_t)PMU_EVF_ADVANCES;
    }

    /* The raw encoding as perf would take it back, then the name. */
    fmt_snprintf(ev->encoding, sizeof ev->encoding, "r%llx",
                 (unsigned long long)(st.config & allowed_bits(rules)));
    if (st.usr != st.os) {
        pmu_append(ev->encoding, sizeof ev->encoding, st.usr ? ":u" : ":k");
    }
    if (ev->desc) {
        pmu_mod_suffix(&caps, &st, ev->name, sizeof ev->name);
    } else {
        str_copy(ev->name, sizeof ev->name, ev->encoding);
    }
    if (!st.os) {
        ev->flags |= PMU_EVF_USER_ONLY;
    }
    ev->config = st.config;
    return 0;
}

bool evtsel_tcg_counts(bool amd, uint64_t config, const struct evtsel_tcg_event *events, unsigned n)
{
    struct evtsel_rules rules = {.amd = amd};
    uint32_t code = evtsel_event_code(&rules, config);
    unsigned umask = (unsigned)(config >> EVTSEL_UMASK_SHIFT) & 0xff;
    if (config & EVTSEL_EDGE) {
        return false;
    }
    for (unsigned i = 0; i < n; i++) {
        if (events[i].code == code && events[i].umask == umask) {
            return true;
        }
    }
    return false;
}
