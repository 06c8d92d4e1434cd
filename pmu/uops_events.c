/* The events of events=uops, found in the CPU's event tables by name.
 *
 * Uops retired: the first event named UOPS_RETIRED (Intel: P6 on),
 * RETIRED_UOPS (AMD K8 to Zen 2) or RETIRED_OPS (Zen 3 on), with its
 * default unit mask where it has one (UOPS_RETIRED.ALL, ANY), else SLOTS
 * (Ice Lake on, where the retirement slots are the uops retired).
 *
 * Ports: the unit masks of one event that name execution ports or pipes,
 * as libpfm4 names them: PORT0 to PORT5 (Nehalem, Westmere: UOPS_EXECUTED),
 * PORT_0, PORT_2_3 (Sandy Bridge on: UOPS_DISPATCHED_PORT,
 * UOPS_EXECUTED_PORT, UOPS_DISPATCHED; a name with several numbers is one
 * unit mask of ports that share it), OPS_PIPE0 to 3 (family 15h:
 * DISPATCHED_FPU_OPS) and TOTAL0 to 3 (Zen 1: FPU_PIPE_ASSIGNMENT). An
 * any-thread variant (_CORE) is taken only where the unit mask without it
 * is missing (Nehalem's PORT2_CORE). The first event named UOPS_* that has
 * two or more is taken, else the first that has, so that Sapphire Rapids
 * counts UOPS_DISPATCHED and not FP_ARITH_DISPATCHED. */
#include "pmu/uops_events.h"
#include "lib/kstring.h"

#define MAX_TABLES 8

static bool digits(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') {
            return false;
        }
    }
    return n > 0;
}

static bool starts(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* The length of name without a trailing "_CORE". */
static size_t without_core(const char *name)
{
    size_t n = strlen(name);
    return n > 5 && strcmp(name + n - 5, "_CORE") == 0 ? n - 5 : n;
}

/* PORT_0, PORT_2_3_10: numbers joined by '_' after "PORT_". */
static bool numbered_ports(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        size_t start = i;
        while (i < n && s[i] != '_') {
            i++;
        }
        if (!digits(s + start, i - start)) {
            return false;
        }
        i += i < n;
    }
    return n > 0 && s[n - 1] != '_';
}

/* One digit after a prefix: PORT5, OPS_PIPE2, TOTAL0. */
static bool one_digit(const char *s, size_t n, const char *prefix)
{
    size_t p = strlen(prefix);
    return n == p + 1 && strncmp(s, prefix, p) == 0 && digits(s + p, 1);
}

static bool names_port(const struct pmu_event_desc *ev, const char *name)
{
    size_t n = without_core(name);
    if (n > 5 && starts(name, "PORT_")) {
        return numbered_ports(name + 5, n - 5);
    }
    return one_digit(name, n, "PORT") || one_digit(name, n, "OPS_PIPE") ||
           (strstr(ev->name, "PIPE") && one_digit(name, n, "TOTAL"));
}

/* A _CORE unit mask whose plain twin the event has too. */
static bool has_plain_twin(const struct pmu_event_desc *ev, const char *name)
{
    size_t n = without_core(name);
    if (n == strlen(name)) {
        return false;
    }
    for (unsigned u = 0; u < ev->n_umasks; u++) {
        const char *other = ev->umasks[u].name;
        if (strlen(other) == n && strncmp(other, name, n) == 0) {
            return true;
        }
    }
    return false;
}

static bool counted_port(const struct pmu_event_desc *ev, const struct pmu_umask_desc *um)
{
    return !(um->flags & PMU_UMF_ALIAS) && names_port(ev, um->name) &&
           !has_plain_twin(ev, um->name);
}

static unsigned port_count(const struct pmu_event_desc *ev)
{
    unsigned n = 0;
    for (unsigned u = 0; u < ev->n_umasks; u++) {
        n += counted_port(ev, &ev->umasks[u]);
    }
    return n;
}

static const struct pmu_event_desc *port_event(const struct pmu_event_table *const tables[],
                                               unsigned n_tables)
{
    const struct pmu_event_desc *any = NULL;
    for (unsigned t = 0; t < n_tables; t++) {
        for (unsigned e = 0; e < tables[t]->n_events; e++) {
            const struct pmu_event_desc *ev = &tables[t]->events[e];
            if (port_count(ev) < 2) {
                continue;
            }
            if (starts(ev->name, "UOPS_")) {
                return ev;
            }
            any = any ? any : ev;
        }
    }
    return any;
}

static bool has_default(const struct pmu_event_desc *ev)
{
    for (unsigned u = 0; u < ev->n_umasks; u++) {
        if (ev->umasks[u].flags & PMU_UMF_DEFAULT) {
            return true;
        }
    }
    return false;
}

/* The uops-retired spec, appended to out; false where there is none. */
static bool append_retired(const struct pmu_event_table *const tables[], unsigned n_tables,
                           char *out, size_t len)
{
    static const char *const names[] = {"UOPS_RETIRED", "RETIRED_UOPS", "RETIRED_OPS"};
    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++) {
        for (unsigned t = 0; t < n_tables; t++) {
            const struct pmu_event_desc *ev = pmu_find_event(tables[t], names[i]);
            if (!ev) {
                continue;
            }
            if (!ev->n_umasks || has_default(ev)) {
                pmu_append(out, len, "%s", ev->name);
                return true;
            }
            if (pmu_find_umask(ev, "SLOTS")) {
                pmu_append(out, len, "%s:SLOTS", ev->name);
                return true;
            }
        }
    }
    return false;
}

int pmu_uops_events(const struct pmu *pmu, char *out, size_t len, char *err, size_t errlen)
{
    const struct pmu_event_table *tables[MAX_TABLES];
    unsigned n =
        pmu->backend->event_tables ? pmu->backend->event_tables(pmu, tables, MAX_TABLES) : 0;
    out[0] = '\0';
    bool retired = append_retired(tables, n, out, len);
    const struct pmu_event_desc *ports = port_event(tables, n);
    for (unsigned u = 0; ports && u < ports->n_umasks; u++) {
        if (counted_port(ports, &ports->umasks[u])) {
            pmu_append(out, len, "%s%s:%s", out[0] ? "," : "", ports->name, ports->umasks[u].name);
        }
    }
    if (!retired && !ports && n) {
        return pmu_error(err, errlen,
                         "'uops': the CPU's event table (%s) has no uops-retired or "
                         "port events",
                         tables[0]->name);
    }
    if (!retired && !ports) {
        return pmu_error(err, errlen,
                         "'uops': the %s PMU has no event table with uops-retired or "
                         "port events",
                         pmu->backend->name);
    }
    return 0;
}
