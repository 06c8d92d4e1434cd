/* Places the events of one pass on (ESCR, counter) pairs: each ESCR once,
 * each counter once, the ESCR connected to the counter, a cascade
 * follower on a counter its leader's counter can start, one replay
 * metric per pass (IA32_PEBS_ENABLE is global).
 *
 * An ESCR and the counters it reaches belong to one of the four counter
 * groups, so each group is searched on its own: at most six events with
 * at most six (ESCR, counter) choices each, a small depth-first search.
 * When the events do not fit, the message names the event that does not
 * fit and what holds its ESCRs and counters. */
#include "lib/fmt.h"
#include "lib/kstring.h"
#include "pmu/x86/p4_place.h"
#include "pmu/x86/p4_resolve.h"

static const uint32_t group_counters[] = {0x0000fu, 0x000f0u, 0x00f00u, 0x3f000u};
#define N_GROUPS 4

/* BPU_COUNTER1 last: its CCCR enable bit is unreliable (Linux p4.c
 * erratum note); it is used only when nothing else fits. */
static const uint8_t counter_order[P4_N_COUNTERS] = {0, 2,  3,  1,  4,  5,  6,  7,  8,
                                                     9, 10, 11, 12, 13, 14, 15, 16, 17};

struct search {
    const struct cpu_info *cpu;
    struct pmu_assigned_event *const *events;
    unsigned n;
    int leader[PMU_MAX_EVENTS]; /* cascade followers: index of the leader */
    uint8_t escr[PMU_MAX_EVENTS];
    uint8_t counter[PMU_MAX_EVENTS];
    int escr_owner[P4_N_ESCRS];
    int counter_owner[P4_N_COUNTERS];
};

static bool is_follower(const struct pmu_assigned_event *ev)
{
    return p4_cccr_value(ev) & P4_CCCR_CASCADE;
}

static unsigned seq_of(const struct pmu_assigned_event *ev)
{
    return (unsigned)((ev->config2 >> P4_X_SEQ_SHIFT) & P4_X_SEQ_MASK);
}

int p4_find_leader(const struct pmu_assigned_event *const events[], unsigned n, unsigned i)
{
    unsigned want = (seq_of(events[i]) - 1) & P4_X_SEQ_MASK;
    for (unsigned j = 0; j < n; j++) {
        if (j != i && seq_of(events[j]) == want) {
            return (int)j;
        }
    }
    return -1;
}

static unsigned group_of(const struct pmu_assigned_event *ev)
{
    unsigned escr = P4_AUX_CAND(ev->hw_aux, 0);
    for (unsigned g = 0; g < N_GROUPS; g++) {
        if (p4_escrs[escr].counters & group_counters[g]) {
            return g;
        }
    }
    return 0;
}

/* Can events[i] use this ESCR and counter, given what is taken? */
static bool usable(const struct search *s, unsigned i, unsigned escr, unsigned counter)
{
    const struct pmu_assigned_event *ev = s->events[i];
    if (s->escr_owner[escr] >= 0 || s->counter_owner[counter] >= 0 ||
        !p4_escr_present(&p4_escrs[escr], s->cpu)) {
        return false;
    }
    if (!((p4_escrs[escr].counters & ev->counter_mask) >> counter & 1)) {
        return false;
    }
    if (!is_follower(ev)) {
        return true;
    }
    int lead = s->leader[i];
    return lead >= 0 && s->counter_owner[s->counter[lead]] == lead &&
           p4_cascade_bit(s->counter[lead], counter, s->cpu);
}

static void take(struct search *s, unsigned i, unsigned escr, unsigned counter, bool on)
{
    s->escr_owner[escr] = on ? (int)i : -1;
    s->counter_owner[counter] = on ? (int)i : -1;
    s->escr[i] = (uint8_t)escr;
    s->counter[i] = (uint8_t)counter;
}

/* Depth-first over idx[d..m): the events of one group, leaders first. */
static bool place_from(struct search *s, const unsigned *idx, unsigned m, unsigned d)
{
    if (d == m) {
        return true;
    }
    unsigned i = idx[d];
    for (unsigned k = 0; k < P4_N_COUNTERS; k++) {
        unsigned counter = counter_order[k];
        for (unsigned c = 0; c < 2; c++) {
            unsigned escr = P4_AUX_CAND(s->events[i]->hw_aux, c);
            if (escr == P4_NO_ESCR || !usable(s, i, escr, counter)) {
                continue;
            }
            take(s, i, escr, counter, true);
            if (place_from(s, idx, m, d + 1)) {
                return true;
            }
            take(s, i, escr, counter, false);
        }
    }
    return false;
}

static void reset(struct search *s)
{
    for (unsigned e = 0; e < P4_N_ESCRS; e++) {
        s->escr_owner[e] = -1;
    }
    for (unsigned c = 0; c < P4_N_COUNTERS; c++) {
        s->counter_owner[c] = -1;
    }
}

/* Places events 0..n-1 of s; true when all fit. */
static bool place_all(struct search *s, unsigned n)
{
    reset(s);
    for (unsigned g = 0; g < N_GROUPS; g++) {
        unsigned idx[PMU_MAX_EVENTS], m = 0;
        for (unsigned i = 0; i < n; i++) {
            if (group_of(s->events[i]) == g) {
                idx[m++] = i;
            }
        }
        if (m && !place_from(s, idx, m, 0)) {
            return false;
        }
    }
    return true;
}

/* Appends "NAME (held by 'event')" or "NAME" for a resource. */
static void add_holder(char *buf, size_t size, const char *what, int owner, const struct search *s)
{
    size_t len = strlen(buf);
    if (owner >= 0) {
        fmt_snprintf(buf + len, size - len, "%s%s by '%s'", len ? ", " : "", what,
                     s->events[owner]->name);
    } else {
        fmt_snprintf(buf + len, size - len, "%s%s", len ? ", " : "", what);
    }
}

/* Why events[k] does not fit next to events 0..k-1 (which do fit). */
static int explain(struct search *s, unsigned k, char *err, size_t errlen)
{
    const struct pmu_assigned_event *ev = s->events[k];
    char why[PMU_ERR_LEN] = "";
    /* The resolver checked that the leader exists and can start the
     * follower: what is missing is room for both in one pass. */
    if (is_follower(ev) && s->leader[k] < 0) {
        return pmu_error(err, errlen,
                         "'%s': cascade needs the event written before it in the same pass, and "
                         "that pass has no room for both",
                         ev->name);
    }
    if (!ev->counter_mask) {
        return pmu_error(err, errlen, "'%s': no counter it may use is reachable from %s", ev->name,
                         p4_escrs[P4_AUX_CAND(ev->hw_aux, 0)].name);
    }
    place_all(s, k); /* where the others sit, to name what they hold */
    if (is_follower(ev)) {
        int lead = s->leader[k];
        return pmu_error(err, errlen,
                         "'%s': cannot cascade from '%s' on %s: no free counter that %s can start "
                         "is reachable from its ESCRs",
                         ev->name, s->events[lead]->name, p4_counter_name(s->counter[lead]),
                         p4_counter_name(s->counter[lead]));
    }
    for (unsigned c = 0; c < 2; c++) {
        unsigned escr = P4_AUX_CAND(ev->hw_aux, c);
        if (escr == P4_NO_ESCR) {
            continue;
        }
        if (s->escr_owner[escr] >= 0) {
            add_holder(why, sizeof why, p4_escrs[escr].name, s->escr_owner[escr], s);
            continue;
        }
        uint32_t counters = p4_escrs[escr].counters & ev->counter_mask;
        for (unsigned ctr = 0; ctr < P4_N_COUNTERS; ctr++) {
            if (counters >> ctr & 1) {
                add_holder(why, sizeof why, p4_counter_name(ctr), s->counter_owner[ctr], s);
            }
        }
    }
    return pmu_error(err, errlen, "'%s' cannot be placed: taken: %s", ev->name, why);
}

/* One replay metric per pass: IA32_PEBS_ENABLE and the matrix are global. */
static int check_metrics(struct pmu_assigned_event *const events[], unsigned n, char *err,
                         size_t errlen)
{
    for (unsigned i = 0; i < n; i++) {
        for (unsigned j = 0; j < i; j++) {
            if (p4_metric(events[i]) && p4_metric(events[j]) &&
                p4_metric(events[i]) != p4_metric(events[j])) {
                return pmu_error(err, errlen,
                                 "'%s' cannot be placed: '%s' already programs "
                                 "IA32_PEBS_ENABLE for another replay metric",
                                 events[i]->name, events[j]->name);
            }
        }
    }
    return 0;
}

static void fill(const struct search *s, unsigned i)
{
    struct pmu_assigned_event *ev = s->events[i];
    unsigned counter = s->counter[i];
    ev->hw_index = counter;
    ev->hw_aux = (ev->hw_aux & ~0xffu) | s->escr[i];
    str_copy(ev->counter, sizeof ev->counter, p4_counter_name(counter));
    if (ev->config2 & P4_X_READ_MSR) {
        ev->read.kind = PMU_READ_RDMSR;
        ev->read.index = P4_COUNTER_MSR(counter);
    } else {
        ev->read.kind = PMU_READ_RDPMC;
        ev->read.index = counter | (ev->config2 & P4_X_FAST_READ ? P4_RDPMC_FAST : 0);
    }
    p4_format_encoding(ev->encoding, sizeof ev->encoding, ev, s->escr[i]);
}

int p4_place(const struct pmu *pmu, struct pmu_assigned_event *events[], unsigned n, char *err,
             size_t errlen)
{
    static struct search s; /* no malloc, small stacks: one placement at a time */
    if (n > PMU_MAX_EVENTS) {
        return pmu_error(err, errlen, "more than %d events", PMU_MAX_EVENTS);
    }
    if (check_metrics(events, n, err, errlen) < 0) {
        return -1;
    }
    s.cpu = &pmu->cpu;
    s.events = events;
    s.n = n;
    for (unsigned i = 0; i < n; i++) {
        s.leader[i] = is_follower(events[i])
                          ? p4_find_leader((const struct pmu_assigned_event *const *)events, n, i)
                          : -1;
        if (s.leader[i] >= 0 && group_of(events[s.leader[i]]) != group_of(events[i])) {
            return pmu_error(err, errlen,
                             "'%s': cannot cascade from '%s': their counters are in "
                             "different groups",
                             events[i]->name, events[s.leader[i]]->name);
        }
    }
    if (!place_all(&s, n)) {
        unsigned k = 0;
        while (k + 1 < n && place_all(&s, k + 1)) {
            k++;
        }
        return explain(&s, k, err, errlen);
    }
    for (unsigned i = 0; i < n; i++) {
        fill(&s, i);
    }
    return 0;
}
