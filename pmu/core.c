/* The PMU layer's core: picks the backend, plans event sets into passes,
 * programs passes through struct pmu_hw and checks that counters count. */
#include "lib/fmt.h"
#include "lib/kstring.h"
#include "pmu/backend.h"
#include "pmu/uops_events.h"

static const struct pmu_backend *find_backend(const char *name)
{
    for (unsigned i = 0; i < pmu_n_backends; i++) {
        if (str_ieq(name, pmu_backends[i]->name)) {
            return pmu_backends[i];
        }
    }
    return NULL;
}

/* The architecture's time counter for this CPU: the last resort. The
 * registry ends with one that takes any CPU. */
static const struct pmu_backend *time_backend(const struct cpu_info *cpu)
{
    for (unsigned i = 0; i < pmu_n_backends; i++) {
        if (pmu_backends[i]->time_counter && pmu_backends[i]->detect(cpu)) {
            return pmu_backends[i];
        }
    }
    return pmu_backends[pmu_n_backends - 1];
}

static void use_backend(struct pmu *pmu, const struct pmu_backend *backend)
{
    pmu->backend = backend;
    pmu->counting = false;
    static const struct pmu_caps none;
    pmu->caps = backend->caps ? *backend->caps : none;
    if (backend->init) {
        backend->init(pmu);
    }
}

void pmu_init(struct pmu *pmu, const struct cpu_info *cpu, const struct pmu_hw *hw,
              const char *force)
{
    memset(pmu, 0, sizeof *pmu);
    pmu->cpu = *cpu;
    pmu->hw = *hw;
    const struct pmu_backend *chosen = NULL;
    if (force && force[0]) {
        /* A forced backend still needs a CPU it knows: forcing "p6" on an
         * AMD would touch MSRs that mean something else there. */
        chosen = find_backend(force);
        if (chosen && !chosen->time_counter && !chosen->detect(cpu)) {
            chosen = NULL;
        }
    }
    for (unsigned i = 0; !chosen && i < pmu_n_backends; i++) {
        const struct pmu_backend *b = pmu_backends[i];
        if (b && b->detect(cpu)) {
            chosen = b;
        }
    }
    use_backend(pmu, chosen ? chosen : time_backend(cpu));
}

void pmu_fallback_tsc(struct pmu *pmu)
{
    use_backend(pmu, time_backend(&pmu->cpu));
}

enum pmu_reg_kind pmu_reg_kind(const struct pmu *pmu)
{
    return pmu->backend->reg_kind;
}

bool pmu_is_named(const struct pmu *pmu, const char *name)
{
    return str_ieq(name, pmu->backend->name) || str_ieq(name, pmu_name(pmu));
}

const char *pmu_name(const struct pmu *pmu)
{
    if (pmu->backend->model_name) {
        return pmu->backend->model_name(pmu);
    }
    return pmu->backend->name;
}

void pmu_list_events(const struct pmu *pmu, void (*line)(void *ctx, const char *text), void *ctx)
{
    pmu->backend->list(pmu, line, ctx);
}

/* Tries to add ev to pass `pass`: places the pass's events plus ev. */
static bool try_pass(const struct pmu *pmu, struct pmu_plan *plan, unsigned pass,
                     struct pmu_assigned_event *ev, char *err, size_t errlen)
{
    struct pmu_assigned_event copies[PMU_MAX_EVENTS];
    struct pmu_assigned_event *ptrs[PMU_MAX_EVENTS];
    unsigned index[PMU_MAX_EVENTS];
    unsigned n = 0;
    for (unsigned i = 0; i < plan->n_events; i++) {
        if (plan->events[i].pass == pass) {
            copies[n] = plan->events[i];
            index[n] = i;
            ptrs[n] = &copies[n];
            n++;
        }
    }
    /* A pass is read in one window, PMU_MAX_COUNTERS reads at most: the
     * time counter takes any number of events, and the rest would go unread. */
    if (n == PMU_MAX_COUNTERS) {
        return false;
    }
    copies[n] = *ev;
    ptrs[n] = &copies[n];
    if (pmu->backend->place(pmu, ptrs, n + 1, err, errlen) < 0) {
        return false;
    }
    bool outside = pmu->hw.reads_outside && pmu->hw.reads_outside(pmu->hw.ctx);
    for (unsigned i = 0; outside && i <= n; i++) {
        if (copies[i].read.kind != PMU_READ_RDTSC) {
            copies[i].read.kind = PMU_READ_OUTSIDE;
        }
    }
    for (unsigned i = 0; i < n; i++) {
        plan->events[index[i]] = copies[i];
    }
    *ev = copies[n];
    ev->pass = pass;
    return true;
}

static int plan_one(const struct pmu *pmu, struct pmu_plan *plan, const char *word, size_t len,
                    char *err, size_t errlen)
{
    struct pmu_spec spec;
    if (pmu_spec_parse(word, len, &spec, err, errlen) < 0) {
        return -1;
    }
    if (plan->n_events == PMU_MAX_EVENTS) {
        return pmu_error(err, errlen, "'%s': more than %d events", spec.text, PMU_MAX_EVENTS);
    }
    struct pmu_assigned_event ev;
    memset(&ev, 0, sizeof ev);
    if (pmu->backend->resolve(pmu, plan, &spec, &ev, err, errlen) < 0) {
        return -1;
    }
    for (unsigned p = 0; p < plan->n_passes; p++) {
        if (try_pass(pmu, plan, p, &ev, NULL, 0)) {
            plan->events[plan->n_events++] = ev;
            return 0;
        }
    }
    if (plan->n_passes == PMU_MAX_PASSES) {
        return pmu_error(err, errlen, "'%s': more than %d passes", spec.text, PMU_MAX_PASSES);
    }
    /* Alone in a new pass: if it does not fit there, it never will. */
    if (!try_pass(pmu, plan, plan->n_passes, &ev, err, errlen)) {
        return -1;
    }
    plan->n_passes++;
    plan->events[plan->n_events++] = ev;
    return 0;
}

/* The event list a word names (the backend's groups), or NULL. */
static const char *group_named(const struct pmu *pmu, const char *word, size_t len)
{
    char name[PMU_NAME_LEN];
    if (!pmu->backend->groups || len >= sizeof name) {
        return NULL;
    }
    memcpy(name, word, len);
    name[len] = '\0';
    return pmu_find_alias(pmu->backend->groups, name);
}

static int plan_list(const struct pmu *pmu, struct pmu_plan *plan, const char *s, bool groups,
                     char *err, size_t errlen);

/* events=uops: the group the CPU's event tables give (pmu/uops_events.h). */
static int plan_uops(const struct pmu *pmu, struct pmu_plan *plan, char *err, size_t errlen)
{
    char list[PMU_UOPS_LIST_LEN];
    if (pmu_uops_events(pmu, list, sizeof list, err, errlen) < 0) {
        return -1;
    }
    return plan_list(pmu, plan, list, false, err, errlen);
}

/* Plans each event of a list, expanding groups (which hold none): the
 * backend's, `default` (its default set) and `uops`. */
static int plan_list(const struct pmu *pmu, struct pmu_plan *plan, const char *s, bool groups,
                     char *err, size_t errlen)
{
    while (*s) {
        size_t len = pmu_spec_word_len(s);
        const char *group = groups ? group_named(pmu, s, len) : NULL;
        if (groups && str_ieq_n("default", s, len)) {
            group = pmu->backend->default_events(pmu);
        }
        int rc = group ? plan_list(pmu, plan, group, false, err, errlen)
                 : groups && str_ieq_n("uops", s, len) ? plan_uops(pmu, plan, err, errlen)
                                                       : plan_one(pmu, plan, s, len, err, errlen);
        if (rc < 0) {
            return -1;
        }
        s += len;
        if (*s == ',') {
            s++;
            if (!*s) {
                return pmu_error(err, errlen, "empty event at the end of the list");
            }
        }
    }
    return 0;
}

int pmu_plan_events(const struct pmu *pmu, const char *spec, struct pmu_plan *plan, char *err,
                    size_t errlen)
{
    memset(plan, 0, sizeof *plan);
    if (err && errlen) {
        err[0] = '\0';
    }
    if (!spec || !spec[0]) {
        spec = pmu->backend->default_events(pmu);
    }
    return plan_list(pmu, plan, spec, true, err, errlen);
}

unsigned pmu_encode_pass(const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass,
                         struct pmu_write *out, unsigned max)
{
    return pmu->backend->encode(pmu, plan, pass, out, max);
}

unsigned pmu_encode_stop(const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass,
                         struct pmu_write *out, unsigned max)
{
    return pmu->backend->encode_stop(pmu, plan, pass, out, max);
}

unsigned pmu_encode_window(const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass,
                           struct pmu_write *out, unsigned max)
{
    return pmu->backend->encode_window ? pmu->backend->encode_window(pmu, plan, pass, out, max) : 0;
}

int pmu_write_all(struct pmu *pmu, const struct pmu_write *w, unsigned n)
{
    if (n > PMU_MAX_WRITES) {
        return -1;
    }
    for (unsigned i = 0; i < n; i++) {
        if (pmu->hw.wrmsr(pmu->hw.ctx, w[i].msr, w[i].value) < 0) {
            return -1;
        }
    }
    return 0;
}

int pmu_start_pass(struct pmu *pmu, const struct pmu_plan *plan, unsigned pass)
{
    if (pmu->hw.start_pass) {
        return pmu->hw.start_pass(pmu->hw.ctx, pmu, plan, pass);
    }
    struct pmu_write writes[PMU_MAX_WRITES];
    unsigned n = pmu_encode_pass(pmu, plan, pass, writes, PMU_MAX_WRITES);
    return pmu_write_all(pmu, writes, n);
}

int pmu_stop_pass(struct pmu *pmu, const struct pmu_plan *plan, unsigned pass)
{
    if (pmu->hw.stop_pass) {
        return pmu->hw.stop_pass(pmu->hw.ctx, pmu, plan, pass);
    }
    struct pmu_write writes[PMU_MAX_WRITES];
    unsigned n = pmu_encode_stop(pmu, plan, pass, writes, PMU_MAX_WRITES);
    return pmu_write_all(pmu, writes, n);
}

int pmu_read_counter(struct pmu *pmu, const struct pmu_read *read, uint64_t *value)
{
    switch (read->kind) {
    case PMU_READ_RDPMC:
    case PMU_READ_OUTSIDE:
        return pmu->hw.rdpmc(pmu->hw.ctx, read->index, value);
    case PMU_READ_RDMSR:
        return pmu->hw.rdmsr(pmu->hw.ctx, read->index, value);
    case PMU_READ_RDTSC:
        break;
    }
    return -1;
}

/* The known loop: enough work that every cycle or instruction counter
 * moves by thousands. volatile keeps the compiler from folding it. */
#define VERIFY_ITERATIONS 20000u

static void busy_loop(struct pmu *pmu)
{
    if (pmu->hw.workload) {
        pmu->hw.workload(pmu->hw.ctx, VERIFY_ITERATIONS);
        return;
    }
    volatile uint32_t sink = 0;
    for (uint32_t i = 0; i < VERIFY_ITERATIONS; i++) {
        sink = sink + i;
    }
}

/* Reads every counter of the pass into v[]; false when a read faulted. */
static bool read_pass(struct pmu *pmu, const struct pmu_plan *plan, unsigned pass, uint64_t v[])
{
    for (unsigned i = 0; i < plan->n_events; i++) {
        if (plan->events[i].pass == pass && pmu_read_counter(pmu, &plan->events[i].read, &v[i])) {
            return false;
        }
    }
    return true;
}

/* Programs one pass, runs the known loop, and checks what moved: NULL
 * when the counters count, else why not. */
static const char *pass_counts(struct pmu *pmu, const struct pmu_plan *plan, unsigned pass)
{
    uint64_t start[PMU_MAX_EVENTS] = {0}, end[PMU_MAX_EVENTS] = {0};
    if (pmu_start_pass(pmu, plan, pass) < 0) {
        /* Leave nothing half-programmed; the start's failure is the news. */
        (void)!pmu_stop_pass(pmu, plan, pass);
        return "a register write faulted while programming the counters";
    }
    bool read = read_pass(pmu, plan, pass, start);
    if (read) {
        busy_loop(pmu);
    }
    read = read && read_pass(pmu, plan, pass, end);
    if (pmu_stop_pass(pmu, plan, pass) < 0) {
        return "a register write faulted while stopping the counters";
    }
    if (!read) {
        return "reading a counter faulted";
    }
    /* Every event that must move over a busy loop moved, and at least one
     * counter of the pass moved: a PMU that drops writes shows all zeros. */
    bool any_moved = false;
    for (unsigned i = 0; i < plan->n_events; i++) {
        const struct pmu_assigned_event *ev = &plan->events[i];
        if (ev->pass != pass || ev->read.metric) {
            continue; /* a metric's fractions need not move: its slots do */
        }
        uint64_t delta = pmu_delta(&ev->read, start[i], end[i]);
        if (delta) {
            any_moved = true;
        } else if ((ev->flags & PMU_EVF_ADVANCES) && !(ev->flags & PMU_EVF_USER_ONLY)) {
            static char why[PMU_NAME_LEN + 96];
            fmt_snprintf(why, sizeof why,
                         "%s did not advance over a known loop (a cycle, instruction or uop "
                         "count must)",
                         ev->name);
            return why;
        }
    }
    return any_moved ? NULL : "no counter advanced over a known loop";
}

/* True when the pass has a cycle or instruction event counting at CPL 0
 * (the kernel's): one that must move over any loop. */
static bool surely_moves(const struct pmu_plan *plan, unsigned pass)
{
    for (unsigned i = 0; i < plan->n_events; i++) {
        uint32_t flags = plan->events[i].flags;
        if (plan->events[i].pass == pass && (flags & PMU_EVF_ADVANCES) &&
            !(flags & PMU_EVF_USER_ONLY)) {
            return true;
        }
    }
    return false;
}

const char *pmu_not_modelled(const struct pmu *pmu, const struct pmu_assigned_event *ev)
{
    if (!cpu_is_qemu_tcg(&pmu->cpu) || !pmu->backend->tcg_counts || pmu->backend->tcg_counts(ev)) {
        return NULL;
    }
    return "not modelled: QEMU TCG's counting model counts only instructions, cycles and "
           "branches; this event reads 0 there";
}

bool pmu_verify(struct pmu *pmu, const struct pmu_plan *plan, unsigned pass)
{
    pmu->not_counting = NULL;
    if (pmu->backend->time_counter) {
        return true; /* the TSC needs no programming; results say TSC */
    }
    if (surely_moves(plan, pass)) {
        pmu->not_counting = pass_counts(pmu, plan, pass);
    } else {
        /* Cache misses may not happen in the loop, and CPL-3 events never
         * move in the kernel: check the PMU with instructions, which every
         * backend names, else with its default set, whose first pass
         * counts cycles or instructions. */
        static struct pmu_plan fallback;
        if ((pmu_plan_events(pmu, "instructions", &fallback, NULL, 0) < 0 ||
             !surely_moves(&fallback, 0)) &&
            (pmu_plan_events(pmu, NULL, &fallback, NULL, 0) < 0 || !surely_moves(&fallback, 0))) {
            pmu->not_counting = "the default events cannot check the counters";
        } else {
            pmu->not_counting = pass_counts(pmu, &fallback, 0);
        }
    }
    pmu->counting = pmu->not_counting == NULL;
    return pmu->counting;
}
