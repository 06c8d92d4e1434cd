/* libFuzzer target for the PMU layer's event-spec parser and counter
 * assignment (pmu_plan_events: pmu/spec.c, pmu/core.c and each backend).
 *
 * The first input byte picks a synthetic CPU, 'a' for the first of cpus[]
 * (every backend, the architectural PMU in versions 1-5 with several
 * counter counts), so seeds are text: "eINST_RETIRED:u" is the Pentium III.
 * The rest is the event list, optionally after a prelude list and a
 * newline: the prelude is planned first and its answer ignored, so the
 * fuzzer can look for a list whose answer depends on what was planned
 * before it. Checked for every input:
 *  - the result is 0 or -1, and -1 comes with a message of some words;
 *  - the plan (complete, or the events accepted before an error) is
 *    consistent: at most PMU_MAX_EVENTS events and PMU_MAX_PASSES passes,
 *    every pass used, every event in a pass that exists, on a counter no
 *    other event of its pass reads, with NUL-terminated names;
 *  - an empty list (the backend's default set) always plans;
 *  - every pass encodes into at most as many writes as pmu_start_pass
 *    accepts, each described by a terminated string;
 *  - an event's encoding, typed back alone, selects the same thing;
 *  - planning the list again, right after itself instead of after the
 *    prelude, gives the same plan or the same message. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "pmu/pmu.h"
#include "pmu/x86/p4_regs.h"
#include "tests/fuzz/fuzz.h"
#include "tools/hostlib/cpus.h"

struct fuzz_cpu {
    const char *name;
    struct pmu_cpu_opts opts;
};

/* Selected by the first byte: a, b, c, ... (arch: version, GP, fixed). */
static const struct fuzz_cpu cpus[] = {
    {"p5", {0}},                     /* a */
    {"p5mmx", {0}},                  /* b */
    {"ppro", {0}},                   /* c */
    {"pii", {0}},                    /* d */
    {"piii", {0}},                   /* e */
    {"pm", {0}},                     /* f */
    {"arch", PMU_CPU_ARCH(1, 2, 0)}, /* g */
    {"arch", PMU_CPU_ARCH(2, 2, 3)}, /* h */
    {"arch", PMU_CPU_ARCH(3, 4, 3)}, /* i */
    {"arch", PMU_CPU_ARCH(4, 8, 3)}, /* j */
    {"arch", PMU_CPU_ARCH(5, 8, 4)}, /* k */
    {"arch", PMU_CPU_ARCH(5, 4, 1)}, /* l */
    {"k7", {0}},                     /* m */
    {"k8", {0}},                     /* n */
    {"fam10h", {0}},                 /* o */
    {"fam15h", {0}},                 /* p */
    {"fam17h", {0}},                 /* q */
    {"p4", {0}},                     /* r */
    {"p4-prescott", {0}},            /* s */
    {"tsc", {0}},                    /* t */
    /* tables generated from libpfm4 */
    {"nhm", {0}},               /* u */
    {"skl", {0}},               /* v */
    {"icl", {0}},               /* w */
    {"spr", {0}},               /* x */
    {"amd64_fam19h_zen4", {0}}, /* y */
    {"hygon", {0}},             /* z */
};

#define N_CPUS (sizeof cpus / sizeof cpus[0])

/* No hardware: every access fails, as in pmu-encode without a model. */
static int no_rdmsr(void *ctx, uint32_t msr, uint64_t *val)
{
    (void)ctx;
    (void)msr;
    (void)val;
    return -1;
}

static int no_wrmsr(void *ctx, uint32_t msr, uint64_t val)
{
    (void)ctx;
    (void)msr;
    (void)val;
    return -1;
}

static int no_rdpmc(void *ctx, uint32_t ecx, uint64_t *val)
{
    (void)ctx;
    (void)ecx;
    (void)val;
    return -1;
}

static const struct pmu_hw no_hw = {.rdmsr = no_rdmsr, .wrmsr = no_wrmsr, .rdpmc = no_rdpmc};

static bool terminated(const char *s, size_t size)
{
    return memchr(s, '\0', size) != NULL;
}

static void check_plan(const struct pmu_plan *plan, const char *cpu, const char *spec)
{
    REQUIRE(plan->n_events <= PMU_MAX_EVENTS, "%s '%s': %u events", cpu, spec, plan->n_events);
    REQUIRE(plan->n_passes <= PMU_MAX_PASSES, "%s '%s': %u passes", cpu, spec, plan->n_passes);
    REQUIRE((plan->n_events == 0) == (plan->n_passes == 0), "%s '%s': %u events in %u passes", cpu,
            spec, plan->n_events, plan->n_passes);
    bool used[PMU_MAX_PASSES] = {false};
    for (unsigned i = 0; i < plan->n_events; i++) {
        const struct pmu_assigned_event *ev = &plan->events[i];
        REQUIRE(terminated(ev->name, sizeof ev->name) && ev->name[0], "%s '%s': event %u name", cpu,
                spec, i);
        REQUIRE(terminated(ev->encoding, sizeof ev->encoding) && ev->encoding[0],
                "%s '%s': %s: encoding", cpu, spec, ev->name);
        REQUIRE(terminated(ev->counter, sizeof ev->counter) && ev->counter[0],
                "%s '%s': %s: counter name", cpu, spec, ev->name);
        REQUIRE(ev->pass < plan->n_passes, "%s '%s': %s in pass %u of %u", cpu, spec, ev->name,
                ev->pass, plan->n_passes);
        REQUIRE(ev->read.width >= 1 && ev->read.width <= 64, "%s '%s': %s is %u bits wide", cpu,
                spec, ev->name, ev->read.width);
        used[ev->pass] = true;
        if (ev->read.kind == PMU_READ_RDTSC) {
            continue; /* any number of events may read the TSC */
        }
        for (unsigned j = 0; j < i; j++) {
            const struct pmu_assigned_event *other = &plan->events[j];
            REQUIRE(other->pass != ev->pass || other->read.kind != ev->read.kind ||
                        other->read.index != ev->read.index,
                    "%s '%s': %s and %s both read counter 0x%x in pass %u", cpu, spec, other->name,
                    ev->name, ev->read.index, ev->pass);
        }
    }
    for (unsigned p = 0; p < plan->n_passes; p++) {
        REQUIRE(used[p], "%s '%s': pass %u has no event", cpu, spec, p);
    }
}

static void check_writes(const struct pmu_write *w, unsigned n, const char *cpu, const char *spec)
{
    REQUIRE(n <= PMU_MAX_WRITES, "%s '%s': %u register writes", cpu, spec, n);
    for (unsigned i = 0; i < n; i++) {
        REQUIRE(terminated(w[i].what, sizeof w[i].what), "%s '%s': write %u", cpu, spec, i);
    }
}

static void check_encode(const struct pmu *pmu, const struct pmu_plan *plan, const char *cpu,
                         const char *spec)
{
    static struct pmu_write writes[PMU_MAX_WRITES];
    for (unsigned p = 0; p < plan->n_passes; p++) {
        check_writes(writes, pmu_encode_pass(pmu, plan, p, writes, PMU_MAX_WRITES), cpu, spec);
        check_writes(writes, pmu_encode_stop(pmu, plan, p, writes, PMU_MAX_WRITES), cpu, spec);
    }
}

/* P4 keeps its resolve sequence number in config2 (to find a cascade's
 * leader): a count of calls, not a property of the event. */
static uint64_t selection(uint64_t config2)
{
    return config2 & ~(P4_X_SEQ_MASK << P4_X_SEQ_SHIFT);
}

/* The encoding is "the raw encoding as the user could type it back": the
 * plan's encodings, typed back as one list (a P4 cascade follows its
 * leader), select the same registers. */
static void check_round_trip(const struct pmu *pmu, const struct pmu_plan *plan, const char *cpu)
{
    static struct pmu_plan again;
    static char list[PMU_MAX_EVENTS * PMU_NAME_LEN];
    char err[PMU_ERR_LEN];
    size_t at = 0;
    for (unsigned i = 0; i < plan->n_events; i++) {
        size_t n = strlen(plan->events[i].encoding);
        if (i) {
            list[at++] = ',';
        }
        memcpy(list + at, plan->events[i].encoding, n);
        at += n;
    }
    list[at] = '\0';
    int r = pmu_plan_events(pmu, list, &again, err, sizeof err);
    REQUIRE(r == 0, "%s: the encodings '%s' are refused: %s", cpu, list, err);
    REQUIRE(again.n_events == plan->n_events, "%s: %u encodings '%s' give %u events", cpu,
            plan->n_events, list, again.n_events);
    for (unsigned i = 0; i < plan->n_events; i++) {
        const struct pmu_assigned_event *ev = &plan->events[i], *back = &again.events[i];
        REQUIRE(back->config == ev->config && selection(back->config2) == selection(ev->config2),
                "%s: %s (0x%llx 0x%llx): its encoding '%s' gives 0x%llx 0x%llx", cpu, ev->name,
                (unsigned long long)ev->config, (unsigned long long)ev->config2, ev->encoding,
                (unsigned long long)back->config, (unsigned long long)back->config2);
    }
}

/* Planning the same list again (now after itself) gives the same plan or
 * the same message: no state leaks from one plan into the next. A message cut short by a small
 * buffer stays terminated. */
static void check_again(const struct pmu *pmu, const char *spec, int r, const struct pmu_plan *plan,
                        const char *err, const char *cpu)
{
    static struct pmu_plan again;
    char err2[PMU_ERR_LEN];
    int r2 = pmu_plan_events(pmu, spec, &again, err2, sizeof err2);
    REQUIRE(r2 == r, "%s '%s': returned %d, then %d", cpu, spec, r, r2);
    REQUIRE(r == 0 || strcmp(err, err2) == 0, "%s '%s': refused with '%s', then with '%s'", cpu,
            spec, err, err2);
    REQUIRE(again.n_events == plan->n_events && again.n_passes == plan->n_passes,
            "%s '%s': %u events in %u passes, then %u in %u", cpu, spec, plan->n_events,
            plan->n_passes, again.n_events, again.n_passes);
    for (unsigned i = 0; i < plan->n_events; i++) {
        const struct pmu_assigned_event *a = &plan->events[i], *b = &again.events[i];
        REQUIRE(strcmp(a->name, b->name) == 0 && strcmp(a->counter, b->counter) == 0 &&
                    a->pass == b->pass && a->config == b->config &&
                    selection(a->config2) == selection(b->config2),
                "%s '%s': %s on %s in pass %u, then %s on %s in pass %u", cpu, spec, a->name,
                a->counter, a->pass, b->name, b->counter, b->pass);
    }
    if (r == 0) {
        return;
    }
    const size_t small = 7;
    char *short_err = malloc(small);
    int again_r = pmu_plan_events(pmu, spec, &again, short_err, small);
    REQUIRE(again_r == r && terminated(short_err, small) && strncmp(short_err, err, small - 1) == 0,
            "%s '%s': message '%s', then '%.*s' in %zu bytes", cpu, spec, err, (int)small,
            short_err, small);
    free(short_err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0) {
        return 0;
    }
    const struct fuzz_cpu *fc = &cpus[(uint8_t)(data[0] - 'a') % N_CPUS];
    struct cpu_info cpu;
    REQUIRE(pmu_cpu_by_name(fc->name, &fc->opts, &cpu), "no synthetic CPU '%s'", fc->name);
    static struct pmu pmu;
    pmu_init(&pmu, &cpu, &no_hw, NULL);

    /* The text ends at the first NUL, as a boot option's string does. */
    const uint8_t *nul = memchr(data + 1, 0, size - 1);
    size_t len = nul ? (size_t)(nul - data - 1) : size - 1;
    char *text = malloc(len + 1);
    memcpy(text, data + 1, len);
    text[len] = '\0';
    char *spec = strchr(text, '\n');
    if (spec) {
        *spec++ = '\0';
    } else {
        spec = text;
    }

    /* Exactly PMU_ERR_LEN bytes on the heap: a longer message is caught. */
    char *err = malloc(PMU_ERR_LEN);
    static struct pmu_plan plan;
    if (spec != text) {
        /* The prelude may well be refused: what matters is that it leaves
         * nothing behind for the list after it. */
        int prelude = pmu_plan_events(&pmu, text, &plan, err, PMU_ERR_LEN);
        REQUIRE(prelude == 0 || prelude == -1, "%s prelude '%s': returned %d", fc->name, text,
                prelude);
    } else {
        REQUIRE(pmu_plan_events(&pmu, "", &plan, err, PMU_ERR_LEN) == 0,
                "%s: the default event set is refused: %s", fc->name, err);
    }
    int r = pmu_plan_events(&pmu, spec, &plan, err, PMU_ERR_LEN);
    REQUIRE(r == 0 || r == -1, "%s '%s': returned %d", fc->name, spec, r);
    check_plan(&plan, fc->name, spec);
    if (r < 0) {
        REQUIRE(terminated(err, PMU_ERR_LEN), "%s '%s': message not terminated", fc->name, spec);
        REQUIRE(strlen(err) >= 10, "%s '%s': refused with the message '%s'", fc->name, spec, err);
    } else {
        REQUIRE(plan.n_events >= 1, "%s '%s': accepted with no event", fc->name, spec);
        check_encode(&pmu, &plan, fc->name, spec);
        check_round_trip(&pmu, &plan, fc->name);
    }
    check_again(&pmu, spec, r, &plan, err, fc->name);
    free(err);
    free(text);
    return 0;
}
