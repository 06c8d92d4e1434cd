/* The suite's PowerPC side: sync + isync around the reads and no optional
 * features. */
#include "app/suite_arch.h"

#include "app/bootopts.h"
#include "app/provenance.h"
#include "bench/record.h"
#include "kernel/console.h"
#include "lib/fmt.h"

static struct provenance provenance;

enum serializer suite_conditions_setup(struct pmu *pmu, unsigned serialize_choice, bool turbo_off)
{
    provenance_read(&provenance, &pmu->cpu);
    if (serialize_choice != SER_AUTO) {
        kprintf("bench: serialize=%s is x86's; PowerPC uses sync + isync\n",
                bootopts_choice_name("serialize"));
    }
    if (turbo_off) {
        kprintf("bench: turbo=off is x86's; the 604e has no turbo\n");
    }
    kprintf("\nconditions: serialize sync_isync: sync then isync before each read (the 604e "
            "completes instructions in order, and isync waits for them)\n");
    return SERIALIZER_SYNC_ISYNC;
}

const struct provenance *suite_provenance(void)
{
    return &provenance;
}

void suite_conditions_record(void)
{
    record_cond("serialize", serializer_name(SERIALIZER_SYNC_ISYNC),
                "sync then isync before each read");
    provenance_record(&provenance);
    /* What x86 reads around each repetition has no counterpart here: no
     * SMM, no APERF/MPERF, no thermal sensor (the thermal assist unit came
     * with the 750), and the interrupt controller sits off the chip. */
    static const char none[] = "nothing to read around a repetition: the 604/604e has no SMM or "
                               "APERF/MPERF or thermal sensor or on-chip interrupt controller";
    kprintf("conditions: disturbances -: %s\n", none);
    record_cond("disturbances", "-", none);
}

/* The time base counts at a board's own rate, not in core cycles: no ratio
 * is measured here yet. */
void suite_conditions_calibrate(struct pmu *pmu, const char *when)
{
    char key[32];
    (void)pmu;
    fmt_snprintf(key, sizeof key, "cycles_per_tb_%s", when);
    record_cond(key, "-", "not measured on PowerPC");
}

/* The time base is not a core clock; no chain calibrates it yet. */
int64_t suite_ticks_per_cycle_x100(void)
{
    return 0;
}

/* Nothing is read around a 604e's repetitions (the `disturbances`
 * condition says why). */
const struct measure_probe *suite_probe(void)
{
    return 0;
}

/* The windows run in supervisor state, read with mfspr. */
unsigned suite_window_traits(void)
{
    return 0;
}

/* The 604e has no wide vector units to power down: nothing to wait for. */
void suite_idle_cold(void)
{
}

const char *suite_missing_feature(const struct payload *p, const struct cpu_info *cpu)
{
    (void)cpu;
    /* Every PowerPC has its time base, the TSC's counterpart; the other needs
     * are x86 features. */
    if ((p->flags & PAYLOAD_NEEDS_ALL & ~PAYLOAD_NEEDS_TSC) || p->feature) {
        return "an x86 feature";
    }
    return 0;
}
