/* What the suite (app/suite.c) needs from the architecture it runs on:
 * the serializing instruction, the run's conditions and the CPU features
 * a payload depends on. Each architecture implements it in
 * app/<arch>/suite_arch.c. */
#ifndef BAREBENCH_SUITE_ARCH_H
#define BAREBENCH_SUITE_ARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "app/provenance.h"
#include "bench/measure.h"
#include "bench/payload.h"
#include "bench/window.h"
#include "lib/cpuinfo.h"
#include "pmu/pmu.h"

/* The conditions of the run, which the architecture knows (x86: the
 * serializer by AMD's and Intel's rules, SMM freeze, invariant TSC, turbo;
 * PowerPC: sync + isync): set up once and said on the console. Returns
 * the serializer for the serialize= choice (enum serialize_choice). */
enum serializer suite_conditions_setup(struct pmu *pmu, unsigned serialize_choice, bool turbo_off);

/* The conditions as cond records, after the boot record. */
void suite_conditions_record(void);

/* Where the run's numbers came from (the boot record's provenance), read
 * by suite_conditions_setup. */
const struct provenance *suite_provenance(void);

/* Core cycles per tick of the time counter where a cycles counter counts,
 * as a cond record; `when` is "before" or "after" the suite. */
void suite_conditions_calibrate(struct pmu *pmu, const char *when);

/* TSC ticks per core cycle times 100, as a dependent ADD chain (latency 1)
 * measured it before the suite, or 0 where the run has no such figure (bare
 * metal reads a cycles counter instead). Where it is not 0, results in
 * ticks are also shown in cycles, marked as calibrated. */
int64_t suite_ticks_per_cycle_x100(void);

/* Whether the kernel's monitor gate (int 0x80, app/x86/gate.h) answers
 * payloads: on bare metal, not in a Linux process. */
bool suite_has_monitor_gate(void);

/* What the measurements read around each repetition (NULL: nothing),
 * after suite_conditions_setup. */
const struct measure_probe *suite_probe(void);

/* How the windows run, as the PMU's errata care (PMU_QUIRK_* bits): at
 * CPL 3 reading with RDPMC, through the monitor gate. */
unsigned suite_window_traits(void);

/* Before each window of a PAYLOAD_COLD payload: scalar code long enough
 * for the CPU to power its wide vector units down (x86: the upper lanes of
 * the 512-bit units on Intel's server cores). */
void suite_idle_cold(void);

/* Why this CPU cannot run the payload, or NULL. */
const char *suite_missing_feature(const struct payload *p, const struct cpu_info *cpu);

#endif
