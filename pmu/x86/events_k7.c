/* AMD K7 events (Athlon, family 6): names, codes and unit masks (with their groups and defaults) as
 * libpfm4 4.13 lists them for its amd64_k7 PMU. Generated once from libpfm4's tables;
 * tests/host/test_pmu_libpfm.c compares every encoding with libpfm4. Every event may use every
 * counter. This file holds the events that only K7 lists this way; those it lists like its
 * neighbour families do are in pmu/x86/events_amd.c. */
#include "pmu/x86/events_amd.h"

static const struct pmu_umask_desc k7_um_data_cache_refills[] = {
    {.name = "L2_INVALID", .code = 0x01},
    {.name = "L2_SHARED", .code = 0x02},
    {.name = "L2_EXCLUSIVE", .code = 0x04},
    {.name = "L2_OWNED", .code = 0x08},
    {.name = "L2_MODIFIED", .code = 0x10},
    {.name = "ALL", .code = 0x1f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_event_desc k7_events[] = {
    PMU_EVENT_UM("DATA_CACHE_REFILLS", 0x42, 0, k7_um_data_cache_refills),
};

const struct pmu_event_table amd_k7_table = PMU_TABLE("k7", k7_events);
