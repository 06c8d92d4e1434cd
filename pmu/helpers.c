/* Helpers every backend shares: errors, register-write lists, table
 * look-ups, counter matching, listing. */
#include "pmu/backend.h"

#include <stdarg.h>

#include "lib/fmt.h"
#include "lib/kstring.h"

int pmu_error(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        fmt_vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

void pmu_emit(struct pmu_write *out, unsigned max, unsigned *n, uint32_t msr, uint64_t value,
              const char *what_fmt, ...)
{
    if (*n < max) {
        struct pmu_write *w = &out[*n];
        w->msr = msr;
        w->value = value;
        va_list ap;
        va_start(ap, what_fmt);
        fmt_vsnprintf(w->what, sizeof w->what, what_fmt, ap);
        va_end(ap);
    }
    (*n)++;
}

static uint32_t nth_reg(const struct pmu_caps *caps, const uint32_t *regs, uint32_t first,
                        unsigned i)
{
    return regs ? regs[i] : first + i * (caps->stride ? caps->stride : 1);
}

uint32_t pmu_gp_reg(const struct pmu_caps *caps, unsigned i)
{
    return nth_reg(caps, caps->gp_regs, caps->gp_reg, i);
}

uint32_t pmu_sel_reg(const struct pmu_caps *caps, unsigned i)
{
    return nth_reg(caps, caps->sel_regs, caps->sel_reg, i);
}

const struct pmu_event_desc *pmu_find_event(const struct pmu_event_table *table, const char *name)
{
    for (unsigned i = 0; i < table->n_events; i++) {
        if (str_ieq(name, table->events[i].name)) {
            return &table->events[i];
        }
    }
    return NULL;
}

const struct pmu_umask_desc *pmu_find_umask(const struct pmu_event_desc *ev, const char *name)
{
    return pmu_find_umask_rev(ev, name, 0);
}

const struct pmu_umask_desc *pmu_find_umask_rev(const struct pmu_event_desc *ev, const char *name,
                                                unsigned rev)
{
    for (unsigned i = 0; i < ev->n_umasks; i++) {
        if (str_ieq(name, ev->umasks[i].name) && pmu_rev_has(ev->umasks[i].flags, rev)) {
            return &ev->umasks[i];
        }
    }
    return NULL;
}

void pmu_append(char *buf, size_t size, const char *fmt, ...)
{
    size_t used = strlen(buf);
    if (used + 1 >= size) {
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    fmt_vsnprintf(buf + used, size - used, fmt, ap);
    va_end(ap);
}

/* Kuhn's augmenting path: can event e get a counter, moving others? A
 * free counter is taken before any other event is moved, preferred
 * counters before the rest, lower numbers first. */
static bool augment(struct pmu_assigned_event *events[], unsigned e, unsigned n_counters,
                    int owner[], bool seen[], uint32_t prefer)
{
    for (unsigned step = 0; step < 4; step++) {
        bool want_preferred = step == 0 || step == 2;
        bool want_free = step < 2;
        for (unsigned c = 0; c < n_counters; c++) {
            bool preferred = (prefer >> c) & 1;
            if (preferred != want_preferred || (owner[c] < 0) != want_free || seen[c] ||
                !((events[e]->counter_mask >> c) & 1)) {
                continue;
            }
            seen[c] = true;
            if (owner[c] < 0 ||
                augment(events, (unsigned)owner[c], n_counters, owner, seen, prefer)) {
                owner[c] = (int)e;
                return true;
            }
        }
    }
    return false;
}

int pmu_place_by_mask(struct pmu_assigned_event *events[], unsigned n, unsigned n_counters,
                      uint32_t prefer, char *err, size_t errlen)
{
    int owner[32];
    for (unsigned c = 0; c < 32; c++) {
        owner[c] = -1;
    }
    for (unsigned e = 0; e < n; e++) {
        bool seen[32] = {false};
        if (!augment(events, e, n_counters, owner, seen, prefer)) {
            return pmu_error(err, errlen, "'%s' cannot be placed on the free counters",
                             events[e]->name);
        }
    }
    for (unsigned c = 0; c < n_counters; c++) {
        if (owner[c] >= 0) {
            events[owner[c]]->hw_index = c;
        }
    }
    return 0;
}

void pmu_list_table(const struct pmu_event_table *table, pmu_line_fn line, void *ctx)
{
    pmu_list_table_rev(table, 0, line, ctx);
}

void pmu_list_table_rev(const struct pmu_event_table *table, unsigned rev, pmu_line_fn line,
                        void *ctx)
{
    char text[160];
    for (unsigned i = 0; i < table->n_events; i++) {
        const struct pmu_event_desc *ev = &table->events[i];
        if (!pmu_rev_has(ev->flags, rev)) {
            continue;
        }
        char counters[24] = "any counter";
        if (ev->counters) {
            fmt_snprintf(counters, sizeof counters, "counters 0x%x", (unsigned)ev->counters);
        }
        fmt_snprintf(text, sizeof text, "%-40s code 0x%02x %s%s%s", ev->name,
                     (unsigned)(ev->code & 0xfff), counters, ev->desc ? "  " : "",
                     ev->desc ? ev->desc : "");
        line(ctx, text);
        for (unsigned u = 0; u < ev->n_umasks; u++) {
            const struct pmu_umask_desc *um = &ev->umasks[u];
            if (!pmu_rev_has(um->flags, rev)) {
                continue;
            }
            fmt_snprintf(text, sizeof text, "    :%-34s umask 0x%02x%s", um->name,
                         (unsigned)um->code, (um->flags & PMU_UMF_DEFAULT) ? " (default)" : "");
            line(ctx, text);
        }
    }
}

int pmu_place_pmcs(struct pmu_assigned_event *events[], unsigned n, unsigned n_counters,
                   unsigned width, char *err, size_t errlen)
{
    if (pmu_place_by_mask(events, n, n_counters, 0, err, errlen) < 0) {
        return -1;
    }
    for (unsigned i = 0; i < n; i++) {
        struct pmu_assigned_event *ev = events[i];
        fmt_snprintf(ev->counter, sizeof ev->counter, "PMC%u", ev->hw_index);
        ev->read.kind = PMU_READ_RDPMC;
        ev->read.index = ev->hw_index;
        ev->read.width = width;
    }
    return 0;
}
