/* The model-specific event tables generated from libpfm4, and which CPU
 * takes which.
 *
 * At build time tools/gen/pfm-tables.c walks the installed libpfm4 through
 * its public API and writes build/gen/pmu/x86/events_pfm.c: one table per
 * libpfm4 PMU that pfm_cpus names, with every event, its unit masks (their
 * codes as libpfm4 encodes them, which combine and which are the default)
 * and the modifiers libpfm4 lists for it. libpfm4's public API does not say
 * which CPU each PMU is for, so the rows of pfm_cpus (pmu/x86/pfm_cpus.c)
 * copy its detection rules, with their source. */
#ifndef BAREBENCH_PMU_EVENTS_PFM_H
#define BAREBENCH_PMU_EVENTS_PFM_H

#include "pmu/backend.h"

/* A generated unit mask's code is the PerfEvtSel value it contributes,
 * shifted right by 8: the unit mask in bits 7:0 and, where libpfm4 fixes
 * them, edge (bit 10), any-thread (13), inv (15) and cmask (23:16); with
 * PMU_UMF_OVERRIDE, the event select it puts in place of the event's in
 * 31:24. An event's flags say which of the modifiers e, i and c libpfm4
 * lists for it (PMU_EVF_NO_*), and where a second register is needed
 * (PMU_EVF_EXTRA_REG, PMU_UMF_EXTRA_REG). */

/* One generated table: libpfm4's PMU name ("skl"), its description
 * ("Intel Skylake") and its events. */
struct pfm_table {
    const char *pfm_name;
    const char *desc;
    struct pmu_event_table table;
};

/* The generated tables (build/gen/pmu/x86/events_pfm.c) and the libpfm4
 * version they came from ("4.13.0"). */
extern const struct pfm_table pfm_tables[];
extern const unsigned pfm_n_tables;
extern const char pfm_version[];

/* Which CPUs a libpfm4 PMU is for: vendor, family, and model and stepping
 * ranges (bounds included). */
struct pfm_cpu {
    enum cpu_vendor vendor;
    unsigned family;
    unsigned model_lo, model_hi;
    unsigned stepping_lo, stepping_hi;
    const char *pfm_name;
};

extern const struct pfm_cpu pfm_cpus[];
extern const unsigned pfm_n_cpus;

/* The libpfm4 PMU of a CPU, or NULL when libpfm4 has none for it. */
const char *pfm_pmu_of(const struct cpu_info *cpu);

/* The generated table of a libpfm4 PMU, or NULL (pmu/x86/pfm_find.c). */
const struct pfm_table *pfm_table_named(const char *pfm_name);

/* Sets pmu->caps.model_table (and variant) to the CPU's table. Where no
 * row names the CPU it sets model_table_unknown, and gives an AMD CPU the
 * first table of its family, or the newest table in a newer family. */
void pfm_pick_table(struct pmu *pmu);

/* One line: which table the CPU has, or that it is unknown and what is
 * used `instead` ("the architectural events"). Nothing for a CPU of a
 * family with tables of its own. */
void pfm_describe_table(const struct pmu *pmu, const char *instead, pmu_line_fn line, void *ctx);

#endif
