/* AMD K7 events (Athlon, family 6): names, codes and unit masks (with their
 * groups and defaults) as libpfm4 4.13 lists them for its amd64_k7 PMU.
 * Generated once from libpfm4's tables; tests/host/test_pmu_libpfm.c
 * compares every encoding with libpfm4. Every event may use every
 * counter. */
#include "events_amd.h"

static const struct pmu_umask_desc k7_um_data_cache_refills[] = {
    {.name = "L2_INVALID", .code = 0x01},   {.name = "L2_SHARED", .code = 0x02},
    {.name = "L2_EXCLUSIVE", .code = 0x04}, {.name = "L2_OWNED", .code = 0x08},
    {.name = "L2_MODIFIED", .code = 0x10},  {.name = "ALL", .code = 0x1f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc k7_um_data_cache_refills_from_system[] = {
    {.name = "INVALID", .code = 0x01},   {.name = "SHARED", .code = 0x02},
    {.name = "EXCLUSIVE", .code = 0x04}, {.name = "OWNED", .code = 0x08},
    {.name = "MODIFIED", .code = 0x10},  {.name = "ALL", .code = 0x1f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_event_desc k7_events[] = {
    PMU_EVENT("DATA_CACHE_ACCESSES", 0x40, 0),
    PMU_EVENT("DATA_CACHE_MISSES", 0x41, 0),
    PMU_EVENT_UM("DATA_CACHE_REFILLS", 0x42, 0, k7_um_data_cache_refills),
    PMU_EVENT_UM("DATA_CACHE_REFILLS_FROM_SYSTEM", 0x43, 0, k7_um_data_cache_refills_from_system),
    PMU_EVENT_UM("DATA_CACHE_LINES_EVICTED", 0x44, 0, k7_um_data_cache_refills_from_system),
    PMU_EVENT("L1_DTLB_MISS_AND_L2_DTLB_HIT", 0x45, 0),
    PMU_EVENT("L1_DTLB_AND_L2_DTLB_MISS", 0x46, 0),
    PMU_EVENT("MISALIGNED_ACCESSES", 0x47, 0),
    {.name = "CPU_CLK_UNHALTED", .code = 0x76, .flags = PMU_EVF_ADVANCES},
    PMU_EVENT("INSTRUCTION_CACHE_FETCHES", 0x80, 0),
    PMU_EVENT("INSTRUCTION_CACHE_MISSES", 0x81, 0),
    PMU_EVENT("L1_ITLB_MISS_AND_L2_ITLB_HIT", 0x84, 0),
    PMU_EVENT("L1_ITLB_MISS_AND_L2_ITLB_MISS", 0x85, 0),
    {.name = "RETIRED_INSTRUCTIONS", .code = 0xc0, .flags = PMU_EVF_ADVANCES},
    PMU_EVENT("RETIRED_UOPS", 0xc1, 0),
    PMU_EVENT("RETIRED_BRANCH_INSTRUCTIONS", 0xc2, 0),
    PMU_EVENT("RETIRED_MISPREDICTED_BRANCH_INSTRUCTIONS", 0xc3, 0),
    PMU_EVENT("RETIRED_TAKEN_BRANCH_INSTRUCTIONS", 0xc4, 0),
    PMU_EVENT("RETIRED_TAKEN_BRANCH_INSTRUCTIONS_MISPREDICTED", 0xc5, 0),
    PMU_EVENT("RETIRED_FAR_CONTROL_TRANSFERS", 0xc6, 0),
    PMU_EVENT("RETIRED_BRANCH_RESYNCS", 0xc7, 0),
    PMU_EVENT("INTERRUPTS_MASKED_CYCLES", 0xcd, 0),
    PMU_EVENT("INTERRUPTS_MASKED_CYCLES_WITH_INTERRUPT_PENDING", 0xce, 0),
    PMU_EVENT("INTERRUPTS_TAKEN", 0xcf, 0),
};

const struct pmu_event_table amd_k7_table = {
    .name = "k7",
    .events = k7_events,
    .n_events = PMU_ARRAY_SIZE(k7_events),
};
