/* Conditions of the run: the kernel side of pmu/x86/hygiene.c (its MSR
 * writes go through the PMU's fault-safe access, kernel/x86/probe.c), the
 * serializer choice, the calibration loop and the `cond` records. */
#include "app/x86/conditions.h"

#include "app/bootopts.h"
#include "bench/record.h"
#include "kernel/console.h"
#include "kernel/x86/cpu.h"
#include "lib/cpucache.h"
#include "lib/fmt.h"
#include "lib/kstring.h"
#include "lib/xsave.h"
#include "pmu/x86/events_pfm.h"

/* Iterations of the calibration loop: about a millisecond on a GHz CPU,
 * long enough that the reads around it are lost in the rounding. */
#define CALIBRATION_LOOPS (1u << 20)

/* The serializer for the `serialize=` choice, with the reason in `why`;
 * SERIALIZE where CPUID has it, else LFENCE where it serializes, else CPUID. */
static enum serializer choose(const struct cpu_info *cpu, const struct hygiene *h, unsigned choice,
                              char *why, size_t n)
{
    bool has_lfence = cpu->features[FEAT_SSE2];
    bool has_serialize = cpu->features[FEAT_SERIALIZE];
    enum serializer best = has_serialize  ? SERIALIZER_SERIALIZE
                           : h->lfence_ok ? SERIALIZER_LFENCE
                                          : SERIALIZER_CPUID;
    if (choice == SER_CPUID) {
        fmt_snprintf(why, n, "serialize=cpuid");
        return SERIALIZER_CPUID;
    }
    if ((choice == SER_LFENCE && !has_lfence) || (choice == SER_SERIALIZE && !has_serialize)) {
        kprintf("bench: serialize=%s: this CPU lacks it; using %s\n",
                choice == SER_LFENCE ? "lfence" : "serialize", serializer_name(best));
        choice = SER_AUTO;
    }
    if (choice == SER_LFENCE && !h->lfence_ok) {
        kprintf("bench: serialize=lfence: warning: LFENCE may not serialize here (%s): the counter "
                "reads may move around the payload and the measurement may be wrong\n",
                h->lfence.detail);
        fmt_snprintf(why, n, "serialize=lfence though it may not serialize: %s", h->lfence.detail);
        return SERIALIZER_LFENCE;
    }
    if (choice == SER_LFENCE || choice == SER_SERIALIZE) {
        fmt_snprintf(why, n, "serialize=%s", choice == SER_LFENCE ? "lfence" : "serialize");
        return choice == SER_LFENCE ? SERIALIZER_LFENCE : SERIALIZER_SERIALIZE;
    }
    if (best == SERIALIZER_SERIALIZE) {
        fmt_snprintf(why, n, "CPUID.07H:EDX bit 14 reports SERIALIZE");
    } else if (best == SERIALIZER_LFENCE) {
        fmt_snprintf(why, n, "LFENCE serializes: %s", h->lfence.detail);
    } else if (has_lfence) {
        fmt_snprintf(why, n, "LFENCE is not known to serialize here: %s", h->lfence.detail);
    } else {
        fmt_snprintf(why, n, "no SSE2: no LFENCE");
    }
    return best;
}

/* The mode the payloads run in: this program's, since they are built with
 * it. */
#if __SIZEOF_POINTER__ == 8
static const struct hygiene_cond mode = {"64", "64-bit mode: x86-64 payloads"};
#else
static const struct hygiene_cond mode = {"32", "32-bit protected mode: i386 payloads"};
#endif

/* The vector state the payloads may use: XCR0 as the kernel (or, in a
 * hosted run, Linux) set it, beside what the CPU offers. */
static void read_xcr0(const struct cpu_info *cpu, struct hygiene_cond *c)
{
    char on[64], offered[64];
    uint64_t xcr0 = xcr0_enabled();
    if (!xcr0) {
        str_copy(c->value, sizeof c->value, "-");
        str_copy(c->detail, sizeof c->detail,
                 cpu->features[FEAT_XSAVE] ? "XSAVE not enabled (CR4.OSXSAVE clear): no AVX state"
                                           : "no XSAVE (CPUID.1:ECX bit 26 clear): no AVX state");
        return;
    }
    xsave_describe(xcr0, on, sizeof on);
    xsave_describe(cpu->xsave_components, offered, sizeof offered);
    fmt_snprintf(c->value, sizeof c->value, "0x%llx", (unsigned long long)xcr0);
    fmt_snprintf(c->detail, sizeof c->detail, "%s; CPUID 0DH offers %s", on, offered);
}

/* Which event table the PMU took for the CPU's model: a generated one
 * (pmu/x86/events_pfm.h), none known ("unknown": the kernel says what it
 * uses instead), or the backend's own ("-": P5, P6, P4, AMD before Zen). */
static void read_event_table(const struct pmu *pmu, struct hygiene_cond *c)
{
    const struct pmu_event_table *table = pmu->caps.model_table;
    const struct pfm_table *t = table ? pfm_table_named(table->name) : NULL;
    if (pmu->caps.model_table_unknown) {
        str_copy(c->value, sizeof c->value, "unknown");
        fmt_snprintf(c->detail, sizeof c->detail,
                     "no libpfm4 %s table for family %02xh model 0x%02x: %s%s and raw codes",
                     pfm_version, pmu->cpu.family, pmu->cpu.model,
                     t ? "the events of " : "the architectural events", t ? t->desc : "");
    } else if (t) {
        str_copy(c->value, sizeof c->value, t->pfm_name);
        fmt_snprintf(c->detail, sizeof c->detail, "%s, generated from libpfm4 %s: %u events",
                     t->desc, pfm_version, table->n_events);
    } else {
        str_copy(c->value, sizeof c->value, "-");
        fmt_snprintf(c->detail, sizeof c->detail, "the %s backend's own tables", pmu_name(pmu));
    }
}

/* The caches as CPUID reports them (lib/cpucache.h). */
static void read_caches(const struct cpu_info *cpu, struct conditions *c)
{
    struct cpu_cache caches[CPUCACHE_MAX];
    const char *source;
    unsigned n = cpucache_decode(cpu, cpuid_decode_fn, 0, caches, &source);
    cpucache_text(caches, n, c->caches.value, sizeof c->caches.value);
    str_copy(c->caches.detail, sizeof c->caches.detail, source);
    kprintf("conditions: caches %s: %s\n", c->caches.value, c->caches.detail);
}

static void print_cond(const char *key, const struct hygiene_cond *cond)
{
    kprintf("conditions: %s %s: %s\n", key, cond->value, cond->detail);
}

void conditions_setup(struct conditions *c, struct pmu *pmu, unsigned serialize_choice,
                      bool turbo_off)
{
    hygiene_setup(&c->hygiene, &pmu->cpu, &pmu->hw, turbo_off);
    c->ser = choose(&pmu->cpu, &c->hygiene, serialize_choice, c->ser_why, sizeof c->ser_why);
    kprintf("\nconditions: serialize %s: %s\n", serializer_name(c->ser), c->ser_why);
    print_cond("mode", &mode);
    read_xcr0(&pmu->cpu, &c->xcr0);
    print_cond("xcr0", &c->xcr0);
    print_cond("lfence", &c->hygiene.lfence);
    print_cond("smm_freeze", &c->hygiene.smm_freeze);
    print_cond("invariant_tsc", &c->hygiene.invariant_tsc);
    print_cond("turbo", &c->hygiene.turbo);
    read_event_table(pmu, &c->event_table);
    print_cond("event_table", &c->event_table);
    read_caches(&pmu->cpu, c);
}

void conditions_record(const struct conditions *c)
{
    record_cond("serialize", serializer_name(c->ser), c->ser_why);
    record_cond("mode", mode.value, mode.detail);
    record_cond("xcr0", c->xcr0.value, c->xcr0.detail);
    record_cond("lfence", c->hygiene.lfence.value, c->hygiene.lfence.detail);
    record_cond("smm_freeze", c->hygiene.smm_freeze.value, c->hygiene.smm_freeze.detail);
    record_cond("invariant_tsc", c->hygiene.invariant_tsc.value, c->hygiene.invariant_tsc.detail);
    record_cond("turbo", c->hygiene.turbo.value, c->hygiene.turbo.detail);
    record_cond("event_table", c->event_table.value, c->event_table.detail);
    record_cond("caches", c->caches.value, c->caches.detail);
}

/* The counter through the PMU's access (a Linux process reads perf's), or
 * the TSC where the cycles event is the time counter's. */
static int read_counter(struct pmu *pmu, const struct pmu_read *r, uint64_t *value)
{
    if (r->kind != PMU_READ_RDTSC) {
        return pmu_read_counter(pmu, r, value);
    }
    *value = rdtsc();
    return 0;
}

/* Core cycles per TSC tick over the loop, times 100; or NULL and why. */
static const char *measure_ratio(struct pmu *pmu, int64_t *ratio_x100)
{
    static struct pmu_plan plan;
    uint64_t c0, c1, t0, t1;
    if (!pmu->counting) {
        return "counters do not count";
    }
    if (!pmu->cpu.features[FEAT_TSC]) {
        return "no time-stamp counter";
    }
    if (pmu_plan_events(pmu, "cycles", &plan, NULL, 0) < 0 || !plan.n_events) {
        return "this PMU has no cycles event";
    }
    const struct pmu_read *r = &plan.events[0].read;
    if (pmu_start_pass(pmu, &plan, 0) < 0) {
        if (pmu_stop_pass(pmu, &plan, 0) < 0) {
            kprintf("conditions: stopping the calibration counter faulted too\n");
        }
        return "programming the cycles counter faulted";
    }
    t0 = rdtsc();
    int err = read_counter(pmu, r, &c0);
    for (volatile uint32_t i = 0; i < CALIBRATION_LOOPS; i++) {
        continue;
    }
    err |= read_counter(pmu, r, &c1);
    t1 = rdtsc();
    if (pmu_stop_pass(pmu, &plan, 0) < 0) {
        kprintf("conditions: stopping the calibration counter faulted\n");
    }
    if (err) {
        return "reading the cycles counter faulted";
    }
    *ratio_x100 = hygiene_ratio_x100(pmu_delta(r, c0, c1), t1 - t0);
    return *ratio_x100 < 0 ? "the TSC did not advance" : NULL;
}

void conditions_report_ratio(const char *key, const char *label, const char *when, const char *why,
                             int64_t x100, const char *what)
{
    char name[32], value[24], detail[160];
    fmt_snprintf(name, sizeof name, "%s_%s", key, when);
    if (why) {
        fmt_snprintf(value, sizeof value, "-");
        fmt_snprintf(detail, sizeof detail, "not measured: %s", why);
    } else {
        fmt_fixed(value, sizeof value, x100, 2);
        fmt_snprintf(detail, sizeof detail, "%s", what);
    }
    kprintf("conditions: %s %s the suite: %s%s%s\n", label, when, why ? "" : value, why ? "" : ", ",
            detail);
    record_cond(name, value, detail);
}

void conditions_calibrate(struct pmu *pmu, const char *when)
{
    char what[64];
    int64_t ratio = 0;
    const char *why = measure_ratio(pmu, &ratio);
    fmt_snprintf(what, sizeof what, "core cycles per TSC tick over %u loop iterations",
                 CALIBRATION_LOOPS);
    conditions_report_ratio("cycles_per_tsc", "cycles per TSC tick", when, why, ratio, what);
}
