/* Boot-option parsing: split the command line into words, look each up in
 * the definition table, check its value, report what is wrong with it. */
#include "lib/options.h"

#include "lib/fmt.h"
#include "lib/kstring.h"

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static const struct opt_def *find_def(const struct opt_def *defs, size_t n, const char *key,
                                      size_t key_len)
{
    for (size_t i = 0; i < n; i++) {
        if (str_ieq_n(defs[i].name, key, key_len)) {
            return &defs[i];
        }
    }
    return NULL;
}

static void diag_unknown(const struct opt_def *defs, size_t n, const char *word, size_t len,
                         opt_diag_fn diag, void *ctx)
{
    char msg[512];
    int at = fmt_snprintf(msg, sizeof msg, "option '%.*s': unknown option; known:", (int)len, word);
    for (size_t i = 0; i < n && at < (int)sizeof msg; i++) {
        at += fmt_snprintf(msg + at, sizeof msg - (size_t)at, " %s", defs[i].name);
    }
    diag(ctx, msg);
}

static void choices_text(const struct opt_def *def, char *buf, size_t size)
{
    size_t at = 0;
    buf[0] = '\0';
    for (size_t i = 0; def->choices[i] && at < size; i++) {
        at += (size_t)fmt_snprintf(buf + at, size - at, "%s%s", i ? "|" : "", def->choices[i]);
    }
}

/* Applies one word; returns false (after a message) when it is bad. */
static bool apply(const struct opt_def *def, const char *word, size_t word_len, const char *value,
                  size_t value_len, bool has_value, opt_diag_fn diag, void *ctx)
{
    char msg[384];
    char accepted[256];

    if (def->kind == OPT_FLAG) {
        if (has_value) {
            fmt_snprintf(msg, sizeof msg, "option '%.*s': '%s' is a flag and takes no value",
                         (int)word_len, word, def->name);
            diag(ctx, msg);
            return false;
        }
        *(bool *)def->target = true;
        return true;
    }
    if (!has_value || value_len == 0) {
        fmt_snprintf(msg, sizeof msg, "option '%.*s': '%s' needs a value (%s=...)", (int)word_len,
                     word, def->name, def->name);
        diag(ctx, msg);
        return false;
    }
    switch (def->kind) {
    case OPT_UINT: {
        uint64_t v;
        if (!parse_uint(value, value_len, &v) || v < def->min || v > def->max) {
            fmt_snprintf(msg, sizeof msg, "option '%.*s': expected a number from %u to %u",
                         (int)word_len, word, (unsigned)def->min, (unsigned)def->max);
            diag(ctx, msg);
            return false;
        }
        *(uint32_t *)def->target = (uint32_t)v;
        return true;
    }
    case OPT_CHOICE:
        for (unsigned i = 0; def->choices[i]; i++) {
            if (str_ieq_n(def->choices[i], value, value_len)) {
                *(unsigned *)def->target = i;
                return true;
            }
        }
        choices_text(def, accepted, sizeof accepted);
        fmt_snprintf(msg, sizeof msg, "option '%.*s': expected one of %s", (int)word_len, word,
                     accepted);
        diag(ctx, msg);
        return false;
    case OPT_STRING:
        if (value_len >= def->size) {
            fmt_snprintf(msg, sizeof msg, "option '%.*s': value longer than %u characters",
                         (int)word_len, word, (unsigned)(def->size - 1));
            diag(ctx, msg);
            return false;
        }
        memcpy(def->target, value, value_len);
        ((char *)def->target)[value_len] = '\0';
        return true;
    case OPT_FLAG:
        break;
    }
    return false;
}

unsigned options_parse(const char *cmdline, const struct opt_def *defs, size_t n_defs,
                       opt_diag_fn diag, void *ctx)
{
    unsigned bad = 0;
    bool first = true;
    const char *p = cmdline ? cmdline : "";

    for (;;) {
        while (is_space(*p)) {
            p++;
        }
        if (!*p) {
            break;
        }
        const char *word = p;
        while (*p && !is_space(*p)) {
            p++;
        }
        size_t len = (size_t)(p - word);
        const char *eq = NULL;
        for (size_t i = 0; i < len; i++) {
            if (word[i] == '=') {
                eq = word + i;
                break;
            }
        }
        bool path = false;
        for (size_t i = 0; i < len && !eq; i++) {
            path |= word[i] == '/' || word[i] == '.';
        }
        if (first && path) {
            first = false;
            continue;
        }
        first = false;

        size_t key_len = eq ? (size_t)(eq - word) : len;
        const struct opt_def *def = find_def(defs, n_defs, word, key_len);
        if (!def) {
            diag_unknown(defs, n_defs, word, len, diag, ctx);
            bad++;
            continue;
        }
        const char *value = eq ? eq + 1 : NULL;
        size_t value_len = eq ? len - key_len - 1 : 0;
        if (!apply(def, word, len, value, value_len, eq != NULL, diag, ctx)) {
            bad++;
        }
    }
    return bad;
}

size_t options_copy_line(char *dst, size_t size, const char *line)
{
    size_t len = strlen(line);
    size_t keep = len;
    if (len >= size) {
        keep = size - 1;
        while (keep && !is_space(line[keep])) {
            keep--;
        }
    }
    memcpy(dst, line, keep);
    dst[keep] = '\0';
    while (keep < len && is_space(line[keep])) {
        keep++;
    }
    return keep;
}

void options_value_text(const struct opt_def *def, char *buf, size_t size)
{
    switch (def->kind) {
    case OPT_FLAG:
        fmt_snprintf(buf, size, "%s", *(bool *)def->target ? "on" : "off");
        break;
    case OPT_UINT:
        fmt_snprintf(buf, size, "%u", (unsigned)*(uint32_t *)def->target);
        break;
    case OPT_CHOICE:
        fmt_snprintf(buf, size, "%s", def->choices[*(unsigned *)def->target]);
        break;
    case OPT_STRING:
        fmt_snprintf(buf, size, "%s", (const char *)def->target);
        break;
    }
}
