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

/* The families with an event list of their own, oldest first. */
enum amd_family { AMD_K7, AMD_K8, AMD_FAM10H, AMD_FAM15H, AMD_FAM17H };

#define AMD_MAX_TABLES 9 /* tables that cover one family (family 10h: 9) */

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
        .name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT                                      \
    }

/* The events only one family lists (its own file). */
extern const struct pmu_event_table amd_k7_table;
extern const struct pmu_event_table amd_k8_table;
extern const struct pmu_event_table amd_fam10h_table;
extern const struct pmu_event_table amd_fam15h_table;
extern const struct pmu_event_table amd_fam17h_table;

#endif
