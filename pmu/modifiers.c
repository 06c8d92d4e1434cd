/* The event-modifier vocabulary and the one parser of it (modifiers.h). */
#include "pmu/modifiers.h"

#include "lib/kstring.h"

/* Every modifier: libpfm4's name first (what canonical names print), then
 * the other spellings it takes; whether it takes a number. */
struct pmu_mod_word {
    const char *names[3];
    bool valued;
};

static const struct pmu_mod_word vocabulary[PMU_N_MODS] = {
    [PMU_MOD_U] = {{"u", "usr"}, false},
    [PMU_MOD_K] = {{"k", "os"}, false},
    [PMU_MOD_E] = {{"e", "edge"}, false},
    [PMU_MOD_I] = {{"i", "inv", "cmpl"}, false},
    [PMU_MOD_C] = {{"c", "cmask"}, true},
    [PMU_MOD_T] = {{"t", "any"}, false},
    [PMU_MOD_PC] = {{"pc"}, false},
    [PMU_MOD_INT] = {{"int"}, false},
    [PMU_MOD_D] = {{"d"}, false},
    [PMU_MOD_O] = {{"o"}, false},
    [PMU_MOD_T0] = {{"t0"}, false},
    [PMU_MOD_T1] = {{"t1"}, false},
    [PMU_MOD_THR] = {{"thr"}, true},
    [PMU_MOD_CMP] = {{"cmp"}, false},
    [PMU_MOD_AT] = {{"at"}, true},
    [PMU_MOD_FOVF] = {{"fovf"}, false},
    [PMU_MOD_PMI] = {{"pmi"}, false},
    [PMU_MOD_PERIOD] = {{"period"}, true},
    [PMU_MOD_CASCADE] = {{"cascade"}, false},
    [PMU_MOD_CNTR] = {{"cntr"}, true},
    [PMU_MOD_FAST] = {{"fast"}, false},
    [PMU_MOD_RDMSR] = {{"rdmsr"}, false},
    [PMU_MOD_PM] = {{"pm"}, false},
    [PMU_MOD_NOPM] = {{"nopm"}, false},
    [PMU_MOD_THRESH] = {{"thresh"}, true},
};

/* The modifier s[0..n) spells, or PMU_N_MODS. */
static enum pmu_mod find_word(const char *s, size_t n)
{
    for (unsigned m = 0; m < PMU_N_MODS; m++) {
        for (unsigned i = 0; i < PMU_ARRAY_SIZE(vocabulary[m].names); i++) {
            const char *name = vocabulary[m].names[i];
            if (name && strlen(name) == n && str_ieq_n(name, s, n)) {
                return (enum pmu_mod)m;
            }
        }
    }
    return PMU_N_MODS;
}

bool pmu_mod_is_word(const char *s, size_t n)
{
    return find_word(s, n) != PMU_N_MODS;
}

static const struct pmu_mod_format *find_format(const struct pmu_mod_caps *caps, enum pmu_mod mod)
{
    if ((caps->lacking >> mod) & 1) {
        return NULL;
    }
    for (unsigned i = 0; i < caps->n_formats; i++) {
        if (caps->formats[i].mod == mod) {
            return &caps->formats[i];
        }
    }
    return NULL;
}

static uint64_t *field_reg(struct pmu_mods *st, const struct pmu_mod_format *f)
{
    return f->reg == PMU_MOD_CONFIG2 ? &st->config2 : &st->config;
}

static unsigned field_shift(const struct pmu_mod_format *f)
{
    return (unsigned)__builtin_ctzll(f->mask);
}

static uint64_t field_get(const struct pmu_mods *st, const struct pmu_mod_format *f)
{
    uint64_t reg = f->reg == PMU_MOD_CONFIG2 ? st->config2 : st->config;
    uint64_t v = (reg & f->mask) >> field_shift(f);
    return f->inverted ? !v : v;
}

static void field_set(struct pmu_mods *st, const struct pmu_mod_format *f, uint64_t v)
{
    uint64_t *reg = field_reg(st, f);
    if (f->inverted) {
        v = !v;
    }
    *reg = (*reg & ~f->mask) | ((v << field_shift(f)) & f->mask);
}

/* The modifiers the backend has, as a list for messages. */
static void list_formats(const struct pmu_mod_caps *caps, char *buf, size_t size)
{
    buf[0] = '\0';
    for (unsigned i = 0; i < caps->n_formats; i++) {
        enum pmu_mod mod = caps->formats[i].mod;
        if (!((caps->lacking >> mod) & 1)) {
            pmu_append(buf, size, "%s%s%s", buf[0] ? " " : "", vocabulary[mod].names[0],
                       vocabulary[mod].valued ? "=N" : "");
        }
    }
}

int pmu_mod_apply(const struct pmu_mod_caps *caps, const struct pmu_spec *spec,
                  const struct pmu_modifier *m, struct pmu_mods *st, char *err, size_t errlen)
{
    enum pmu_mod mod = find_word(m->key, strlen(m->key));
    if (mod == PMU_N_MODS) {
        return 1;
    }
    const struct pmu_mod_format *f = find_format(caps, mod);
    if (!f) {
        char list[120];
        list_formats(caps, list, sizeof list);
        return pmu_error(err, errlen, "'%s': modifier '%s' not allowed on %s (it takes %s)",
                         spec->text, m->key, caps->backend, list);
    }
    uint64_t max = f->reg == PMU_MOD_IN_CODE ? f->max : f->mask >> field_shift(f);
    uint64_t min = f->reg == PMU_MOD_IN_CODE ? f->min : 0;
    uint64_t v = m->has_value ? m->value : 1;
    if (!vocabulary[mod].valued && v > 1) {
        return pmu_error(err, errlen, "'%s': modifier '%s' takes 0 or 1", spec->text, m->key);
    }
    if (vocabulary[mod].valued && (!m->has_value || v < min || v > max)) {
        return pmu_error(err, errlen, "'%s': %s wants a value %llu-%llu on %s", spec->text, m->key,
                         (unsigned long long)min, (unsigned long long)max, caps->backend);
    }
    st->named |= 1u << mod;
    st->last = mod;
    st->value = v;
    if (mod == PMU_MOD_U) {
        st->usr = v != 0;
    } else if (mod == PMU_MOD_K) {
        st->os = v != 0;
    } else if (f->reg != PMU_MOD_IN_CODE) {
        field_set(st, f, v);
    }
    return 0;
}

int pmu_mod_apply_all(const struct pmu_mod_caps *caps, const struct pmu_spec *spec, unsigned first,
                      struct pmu_mods *st, char *err, size_t errlen)
{
    for (unsigned i = first; i < spec->n_mods; i++) {
        int r = pmu_mod_apply(caps, spec, &spec->mods[i], st, err, errlen);
        if (r < 0) {
            return -1;
        }
        if (r > 0) {
            char list[120];
            list_formats(caps, list, sizeof list);
            return pmu_error(err, errlen, "'%s': unknown modifier '%s' (%s takes %s)", spec->text,
                             spec->mods[i].key, caps->backend, list);
        }
    }
    return 0;
}

int pmu_mod_privilege(const struct pmu_mod_caps *caps, struct pmu_mods *st,
                      const struct pmu_spec *spec, char *err, size_t errlen)
{
    const struct pmu_mod_format *u = find_format(caps, PMU_MOD_U);
    const struct pmu_mod_format *k = find_format(caps, PMU_MOD_K);
    bool in_fields = u && k && u->reg != PMU_MOD_IN_CODE && k->reg != PMU_MOD_IN_CODE;
    uint32_t levels = (1u << PMU_MOD_U) | (1u << PMU_MOD_K);
    if (!(st->named & levels)) {
        st->usr = in_fields && field_get(st, u);
        st->os = in_fields && field_get(st, k);
        if (!st->usr && !st->os) {
            st->usr = st->os = true;
        }
    } else {
        /* The one named stays as given; the other was left off. */
        st->usr = (st->named >> PMU_MOD_U & 1) && st->usr;
        st->os = (st->named >> PMU_MOD_K & 1) && st->os;
    }
    if (!st->usr && !st->os) {
        return pmu_error(err, errlen, "'%s': counts at no privilege level", spec->text);
    }
    if (in_fields) {
        field_set(st, u, st->usr);
        field_set(st, k, st->os);
    }
    return 0;
}

void pmu_mod_suffix(const struct pmu_mod_caps *caps, const struct pmu_mods *st, char *buf,
                    size_t size)
{
    if (st->usr != st->os) {
        pmu_append(buf, size, st->usr ? ":u" : ":k");
    }
    for (unsigned i = 0; i < caps->n_formats; i++) {
        const struct pmu_mod_format *f = &caps->formats[i];
        if (f->reg == PMU_MOD_IN_CODE || f->mod == PMU_MOD_U || f->mod == PMU_MOD_K) {
            continue;
        }
        uint64_t v = field_get(st, f);
        if (v && vocabulary[f->mod].valued) {
            pmu_append(buf, size, ":%s=%llu", vocabulary[f->mod].names[0], (unsigned long long)v);
        } else if (v) {
            pmu_append(buf, size, ":%s", vocabulary[f->mod].names[0]);
        }
    }
}
