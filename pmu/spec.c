/* The event-spec language, shared by every backend: a comma-separated
 * list of words, each one of
 *   NAME[:MOD[:MOD...]]         libpfm4/perf names; MOD = unit mask or
 *                               modifier (pmu/modifiers.h)
 *   rHEX[:MOD...]               perf-style raw encoding
 *   event=0x..,umask=0x..,...   fields, as in perf's cpu/.../ form
 *   cpu/event=0x..,.../[ukh]    the same, wrapped as perf writes it
 * This file only splits; backends give the words their meaning. */
#include "lib/kstring.h"
#include "pmu/backend.h"
#include "pmu/modifiers.h"

static size_t token_len(const char *s, char stop1, char stop2)
{
    size_t n = 0;
    while (s[n] && s[n] != stop1 && s[n] != stop2) {
        n++;
    }
    return n;
}

/* Keys that may follow "event=..." after a comma in the fields form: its
 * two fields and the modifiers (pmu/modifiers.h). */
static bool is_field_key(const char *s, size_t n)
{
    size_t key = token_len(s, '=', ',');
    if (key > n) {
        key = n;
    }
    return (key == 5 && (str_ieq_n("event", s, 5) || str_ieq_n("umask", s, 5))) ||
           pmu_mod_is_word(s, key);
}

static bool starts_with_ci(const char *s, const char *prefix)
{
    size_t n = strlen(prefix);
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\0' || ascii_lower(s[i]) != ascii_lower(prefix[i])) {
            return false;
        }
    }
    return true;
}

size_t pmu_spec_word_len(const char *s)
{
    if (starts_with_ci(s, "cpu/")) {
        const char *close = strchr(s + 4, '/');
        if (!close) {
            return strlen(s);
        }
        size_t n = (size_t)(close - s) + 1;
        return n + token_len(s + n, ',', '\0');
    }
    size_t n = token_len(s, ',', '\0');
    if (!starts_with_ci(s, "event=")) {
        return n;
    }
    /* The fields form: later `key[=value]` tokens belong to this word. */
    while (s[n] == ',' && is_field_key(s + n + 1, token_len(s + n + 1, ',', '\0'))) {
        n += 1 + token_len(s + n + 1, ',', '\0');
    }
    return n;
}

/* Adds "key" or "key=value" (n bytes at s) to spec->mods. */
static int add_modifier(struct pmu_spec *spec, const char *s, size_t n, char *err, size_t errlen)
{
    if (n == 0) {
        return pmu_error(err, errlen, "'%s': empty modifier", spec->text);
    }
    if (spec->n_mods == PMU_MAX_MODS) {
        return pmu_error(err, errlen, "'%s': more than %d modifiers", spec->text, PMU_MAX_MODS);
    }
    struct pmu_modifier *mod = &spec->mods[spec->n_mods];
    size_t key = token_len(s, '=', '\0');
    if (key > n) {
        key = n;
    }
    if (key == 0 || key >= sizeof mod->key) {
        return pmu_error(err, errlen, "'%s': bad modifier '%.*s'", spec->text, (int)n, s);
    }
    memcpy(mod->key, s, key);
    mod->key[key] = '\0';
    mod->has_value = key < n;
    mod->value = 0;
    if (mod->has_value && !parse_uint(s + key + 1, n - key - 1, &mod->value)) {
        return pmu_error(err, errlen, "'%s': bad number in '%.*s'", spec->text, (int)n, s);
    }
    spec->n_mods++;
    return 0;
}

/* Splits s[0..n) at `sep` into modifiers. */
static int add_modifiers(struct pmu_spec *spec, const char *s, size_t n, char sep, char *err,
                         size_t errlen)
{
    size_t i = 0;
    while (i < n) {
        size_t len = 0;
        while (i + len < n && s[i + len] != sep) {
            len++;
        }
        if (add_modifier(spec, s + i, len, err, errlen) < 0) {
            return -1;
        }
        i += len + 1;
    }
    return 0;
}

static bool all_hex(const char *s, size_t n)
{
    if (n == 0) {
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        char c = ascii_lower(s[i]);
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
            return false;
        }
    }
    return true;
}

/* perf's cpu/.../ modifiers after the slash are letters: "u", "k", "uk". */
static int add_letter_modifiers(struct pmu_spec *spec, const char *s, size_t n, char *err,
                                size_t errlen)
{
    for (size_t i = 0; i < n; i++) {
        if (add_modifier(spec, s + i, 1, err, errlen) < 0) {
            return -1;
        }
    }
    return 0;
}

int pmu_spec_parse(const char *word, size_t len, struct pmu_spec *spec, char *err, size_t errlen)
{
    memset(spec, 0, sizeof *spec);
    if (len >= sizeof spec->text) {
        return pmu_error(err, errlen, "'%.20s...': event spec too long", word);
    }
    memcpy(spec->text, word, len);
    spec->text[len] = '\0';
    const char *s = spec->text;
    if (len == 0) {
        return pmu_error(err, errlen, "empty event in the list");
    }

    if (starts_with_ci(s, "cpu/")) {
        const char *close = strchr(s + 4, '/');
        if (!close) {
            return pmu_error(err, errlen, "'%s': missing closing '/'", s);
        }
        spec->kind = PMU_SPEC_FIELDS;
        if (add_modifiers(spec, s + 4, (size_t)(close - s) - 4, ',', err, errlen) < 0) {
            return -1;
        }
        return add_letter_modifiers(spec, close + 1, strlen(close + 1), err, errlen);
    }
    if (starts_with_ci(s, "event=")) {
        spec->kind = PMU_SPEC_FIELDS;
        return add_modifiers(spec, s, len, ',', err, errlen);
    }
    size_t name_len = token_len(s, ':', '\0');
    if ((s[0] == 'r' || s[0] == 'R') && all_hex(s + 1, name_len - 1)) {
        spec->kind = PMU_SPEC_RAW;
        if (name_len - 1 > 16) {
            return pmu_error(err, errlen, "'%s': raw encoding wider than 64 bits", s);
        }
        for (size_t i = 1; i < name_len; i++) {
            char c = ascii_lower(s[i]);
            spec->raw = spec->raw * 16 + (uint64_t)(c <= '9' ? c - '0' : c - 'a' + 10);
        }
    } else {
        spec->kind = PMU_SPEC_NAME;
        if (name_len >= sizeof spec->name) {
            return pmu_error(err, errlen, "'%s': event name too long", s);
        }
        memcpy(spec->name, s, name_len);
        spec->name[name_len] = '\0';
    }
    if (s[name_len] == ':') {
        return add_modifiers(spec, s + name_len + 1, len - name_len - 1, ':', err, errlen);
    }
    return 0;
}

int pmu_expand_alias(const char *alias, const struct pmu_spec *spec, struct pmu_spec *out,
                     char *err, size_t errlen)
{
    if (pmu_spec_parse(alias, strlen(alias), out, err, errlen) < 0) {
        return -1;
    }
    if (out->n_mods + spec->n_mods > PMU_MAX_MODS) {
        return pmu_error(err, errlen, "'%s': too many modifiers", spec->text);
    }
    for (unsigned i = 0; i < spec->n_mods; i++) {
        out->mods[out->n_mods++] = spec->mods[i];
    }
    str_copy(out->text, sizeof out->text, spec->text);
    return 0;
}

const char *pmu_find_alias(const struct pmu_alias *aliases, const char *name)
{
    for (; aliases && aliases->alias; aliases++) {
        if (str_ieq(name, aliases->alias)) {
            return aliases->spec;
        }
    }
    return NULL;
}
