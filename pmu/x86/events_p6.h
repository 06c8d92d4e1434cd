/* P6-family event tables (Pentium Pro, II, III, M), by model group. */
#ifndef BAREBENCH_PMU_EVENTS_P6_H
#define BAREBENCH_PMU_EVENTS_P6_H

#include "pmu/backend.h"

enum p6_group { P6_PPRO, P6_PII, P6_PIII, P6_PM, P6_N_GROUPS };

#define P6_MAX_TABLES 5

/* The tables whose union is a model group's event list. */
struct p6_group_tables {
    const char *name; /* "ppro", "pii", "piii", "pm" */
    unsigned n_tables;
    const struct pmu_event_table *tables[P6_MAX_TABLES];
};

extern const struct p6_group_tables p6_groups[P6_N_GROUPS];

/* Other tools' spellings of our events (events_p6.c), so that their event
 * lists work: perfctr's and OProfile's for every P6, OProfile's Pentium M
 * ones for that model only. */
extern const struct pmu_alias p6_perfctr_aliases[];
extern const struct pmu_alias p6_oprofile_aliases[];
extern const struct pmu_alias pm_oprofile_aliases[];

#endif
