/* The conditions of the run, set up on the machine and put on record: the
 * serializer around counter reads and why, the vector state XCR0 enables
 * for the payloads, LFENCE on AMD, counters frozen
 * in SMM, invariant TSC, turbo, the event table of the CPU's model, the
 * caches CPUID reports (what a memory curve's knees are held against), and
 * the ratio of core cycles to TSC ticks
 * over a calibration loop before and after the suite. The decisions are
 * pmu/x86/hygiene.c's; this is where they meet the hardware and the log. */
#ifndef BAREBENCH_APP_X86_CONDITIONS_H
#define BAREBENCH_APP_X86_CONDITIONS_H

#include "bench/window.h"
#include "pmu/pmu.h"
#include "pmu/x86/hygiene.h"

struct conditions {
    struct hygiene hygiene;
    struct hygiene_cond xcr0;        /* the vector state enabled for the payloads */
    struct hygiene_cond event_table; /* the model's event table, or why none */
    struct {
        char value[96];  /* "L1d=49152;L1i=32768;L2=1048576", bytes */
        char detail[96]; /* the CPUID leaves they come from */
    } caches;
    enum serializer ser;
    char ser_why[176];
};

/* Sets up DE_CFG, FREEZE_WHILE_SMM and (turbo=off) IA32_MISC_ENABLE, reads
 * the rest, chooses the serializer for the `serialize=` choice, and prints
 * one line per condition. */
void conditions_setup(struct conditions *c, struct pmu *pmu, unsigned serialize_choice,
                      bool turbo_off);

/* The `cond` records of the conditions, after the boot record. */
void conditions_record(const struct conditions *c);

/* Prints a calibration (`label` ... `when` the suite: its value, times 100,
 * and `what` it is; or why it was not measured) and writes its `cond`
 * record, keyed `key`_`when`. */
void conditions_report_ratio(const char *key, const char *label, const char *when, const char *why,
                             int64_t x100, const char *what);

/* Measures the cycles-to-TSC ratio over a calibration loop, prints it and
 * writes its `cond` record, keyed `when` ("before" or "after" the suite). */
void conditions_calibrate(struct pmu *pmu, const char *when);

#endif
