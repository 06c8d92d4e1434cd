/* Selection by name, glob or set. */
#include "bench/select.h"

#include "kernel/console.h"
#include "lib/fmt.h"
#include "lib/glob.h"
#include "lib/kstring.h"

static bool in_set(const struct payload *p, bool all)
{
    if (p->flags & PAYLOAD_TEST_ONLY) {
        return false;
    }
    return all || !(p->flags & PAYLOAD_NOT_DEFAULT);
}

static void add(struct selection *sel, const struct payload *p)
{
    for (unsigned i = 0; i < sel->n; i++) {
        if (sel->payloads[i] == p) {
            return;
        }
    }
    if (sel->n < SELECT_MAX) {
        sel->payloads[sel->n++] = p;
    } else {
        sel->dropped++;
    }
}

static void add_set(struct selection *sel, bool all)
{
    const struct payload *p;
    for (unsigned i = 0; (p = payload_at(i)); i++) {
        if (in_set(p, all)) {
            add(sel, p);
        }
    }
}

static bool add_word(struct selection *sel, const char *word, size_t len)
{
    if (str_ieq_n("default", word, len) || str_ieq_n("all", word, len)) {
        add_set(sel, len == 3);
        return true;
    }
    if (str_ieq_n("list", word, len)) {
        sel->list_only = true;
        return true;
    }
    bool any = false;
    const struct payload *p;
    for (unsigned i = 0; (p = payload_at(i)); i++) {
        if (glob_match(word, len, p->name)) {
            add(sel, p);
            any = true;
        }
    }
    return any;
}

void select_payloads(const char *spec, struct selection *sel,
                     void (*unmatched)(const char *word, size_t len))
{
    sel->n = 0;
    sel->dropped = 0;
    sel->list_only = false;
    const char *s = spec;
    while (*s) {
        const char *word = s;
        while (*s && *s != '+' && *s != ',') {
            s++;
        }
        size_t len = (size_t)(s - word);
        if (len && !add_word(sel, word, len)) {
            unmatched(word, len);
        }
        if (*s) {
            s++;
        }
    }
}

static void count_text(char *buf, size_t size, int32_t count)
{
    if (count == PAYLOAD_INSNS_VARIABLE) {
        str_copy(buf, size, "-");
    } else {
        fmt_snprintf(buf, size, "%d", (int)count);
    }
}

void select_print_library(void)
{
    kprintf("benchmarks (instructions and branches per iteration, - = not fixed; * = in the "
            "default set, t = test only, by name):\n");
    const struct payload *p;
    for (unsigned i = 0; (p = payload_at(i)); i++) {
        char insns[12], branches[12];
        count_text(insns, sizeof insns, p->insns);
        count_text(branches, sizeof branches, p->branches);
        kprintf("  %c %-20s %4s %3s  %s\n",
                (p->flags & PAYLOAD_TEST_ONLY)     ? 't'
                : (p->flags & PAYLOAD_NOT_DEFAULT) ? ' '
                                                   : '*',
                p->name, insns, branches, p->description);
    }
}
