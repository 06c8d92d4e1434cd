/* AMD event tables (pmu/x86/events_amd.c, pmu/x86/events_k7.c ...).
 *
 * Families carried many events forward unchanged, so an event that
 * consecutive families list alike (same name, code, unit masks and
 * defaults) is defined once, in the table of the run of families that
 * share it (pmu/x86/events_amd.c); each family's file holds the events that
 * only it lists that way. A family's event list is the union of the tables
 * that cover it. */
#ifndef BAREBENCH_PMU_EVENTS_AMD_H
#define BAREBENCH_PMU_EVENTS_AMD_H

#include "pmu/backend.h"

/* The families with an event list of their own, oldest first. From family
 * 17h (Zen) on the lists are generated from libpfm4, one per model
 * (pmu/x86/events_pfm.h): AMD_FAM17H has no table here. */
enum amd_family { AMD_K7, AMD_K8, AMD_FAM10H, AMD_FAM15H, AMD_FAM17H };

#define AMD_MAX_TABLES 6 /* tables that cover one family (family 10h: 6) */

/* Silicon revisions whose events or unit masks differ, as libpfm4 orders
 * them across families (amd64_rev_t in pfmlib_amd64_priv.h): an entry
 * bounded by PMU_REV_FROM(AMD_REV_K8_E) is on every later K8 revision and
 * every later family; one bounded by PMU_REV_TILL(AMD_REV_K8_E) on none of
 * them. Only the order matters. */
enum amd_revision {
    AMD_REV_K7 = 1,
    AMD_REV_K8_B,
    AMD_REV_K8_C,
    AMD_REV_K8_D,
    AMD_REV_K8_E,
    AMD_REV_K8_F,
    AMD_REV_K8_G,
    AMD_REV_FAM10H_B, /* Barcelona */
    AMD_REV_FAM10H_C, /* Shanghai */
    AMD_REV_FAM10H_D, /* Istanbul */
    AMD_REV_FAM15H,
    AMD_REV_FAM17H,
};

_Static_assert(AMD_REV_FAM17H <= PMU_REV_MAX, "AMD revisions fit the PMU_REV_* fields");

/* The revision of a CPU by CPUID family, model (extended model folded in)
 * and stepping; the rule is in pmu/x86/events_amd.c. */
enum amd_revision amd_revision_of(unsigned family, unsigned model, unsigned stepping);

/* "K8 revision C", "family 10h revision B (Barcelona)", ... */
const char *amd_revision_name(unsigned revision);

/* Fills tables with the tables whose union is family's event list, in
 * listing order; returns how many (at most AMD_MAX_TABLES). */
unsigned amd_family_tables(enum amd_family family, const struct pmu_event_table *tables[]);

/* The unit masks of event 0x165, which families 10h and 15h name
 * differently (PAGE_SIZE_MISMATCHES, PAGE_SPLINTERING): an initializer
 * list, so that each family's array keeps its size. */
#define AMD_UM_PAGE_SIZE                                                                           \
    {.name = "GUEST_LARGER", .code = 0x01}, {.name = "MTRR_MISMATCH", .code = 0x02},               \
        {.name = "HOST_LARGER", .code = 0x04},                                                     \
    {                                                                                              \
        .name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE                  \
    }

/* The events only one family lists (its own file). */
extern const struct pmu_event_table amd_k7_table;
extern const struct pmu_event_table amd_k8_table;
extern const struct pmu_event_table amd_fam10h_table;
extern const struct pmu_event_table amd_fam15h_table;

#endif
