/* AMD K8 events (Athlon 64/Opteron, family 0Fh, revisions B to G): names, codes and unit masks
 * (with their groups and defaults) as libpfm4 4.13 lists them for its amd64_k8_revb..revg PMUs,
 * with the revision bounds of its AMD64_FL_*_K8_REV_* flags. Generated once from libpfm4's tables;
 * tests/host/test_pmu_libpfm.c compares every encoding with libpfm4's, revision by revision.
 * Every event may use every counter. This file holds the events that only K8 lists this way; those
 * it lists like its neighbour families do are in pmu/x86/events_amd.c. */
#include "pmu/x86/events_amd.h"

static const struct pmu_umask_desc k8_um_locked_ops[] = {
    {.name = "EXECUTED", .code = 0x01},
    {.name = "CYCLES_SPECULATIVE_PHASE", .code = 0x02},
    {.name = "CYCLES_NON_SPECULATIVE_PHASE", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc k8_um_scrubber_single_bit_ecc_errors[] = {
    {.name = "SCRUBBER_ERROR", .code = 0x01},
    {.name = "PIGGYBACK_ERROR", .code = 0x02},
    {.name = "ALL", .code = 0x03, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc k8_um_system_read_responses[] = {
    {.name = "EXCLUSIVE", .code = 0x01},
    {.name = "MODIFIED", .code = 0x02},
    {.name = "SHARED", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc k8_um_requests_to_l2[] = {
    {.name = "INSTRUCTIONS", .code = 0x01},
    {.name = "DATA", .code = 0x02},
    {.name = "TLB_WALK", .code = 0x04},
    {.name = "SNOOP", .code = 0x08},
    {.name = "CANCELLED", .code = 0x10},
    {.name = "ALL", .code = 0x1f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc k8_um_l2_cache_miss[] = {
    {.name = "INSTRUCTIONS", .code = 0x01},
    {.name = "DATA", .code = 0x02},
    {.name = "TLB_WALK", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc k8_um_retired_mmx_and_fp_instructions[] = {
    {.name = "X87", .code = 0x01},
    {.name = "MMX_AND_3DNOW", .code = 0x02},
    {.name = "PACKED_SSE_AND_SSE2", .code = 0x04},
    {.name = "SCALAR_SSE_AND_SSE2", .code = 0x08},
    {.name = "ALL", .code = 0x0f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc k8_um_dram_accesses_page[] = {
    {.name = "HIT", .code = 0x01},
    {.name = "MISS", .code = 0x02},
    {.name = "CONFLICT", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc k8_um_memory_controller_turnarounds[] = {
    {.name = "CHIP_SELECT", .code = 0x01},
    {.name = "READ_TO_WRITE", .code = 0x02},
    {.name = "WRITE_TO_READ", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc k8_um_sized_blocks[] = {
    {.name = "32_BYTE_WRITES", .code = 0x04},
    {.name = "64_BYTE_WRITES", .code = 0x08},
    {.name = "32_BYTE_READS", .code = 0x10},
    {.name = "64_BYTE_READS", .code = 0x20},
    {.name = "ALL", .code = 0x3c, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

/* The thermal clocks from revision F (libpfm4: AMD64_FL_K8_REV_F, and ALL = 0x80
 * AMD64_FL_TILL_K8_REV_E before). */
static const struct pmu_umask_desc k8_um_thermal_status_and_ecc_errors[] = {
    {.name = "CLKS_CPU_ACTIVE", .code = 0x01, .flags = PMU_REV_FROM(AMD_REV_K8_F)},
    {.name = "CLKS_CPU_INACTIVE", .code = 0x02, .flags = PMU_REV_FROM(AMD_REV_K8_F)},
    {.name = "CLKS_DIE_TEMP_TOO_HIGH", .code = 0x04, .flags = PMU_REV_FROM(AMD_REV_K8_F)},
    {.name = "CLKS_TEMP_THRESHOLD_EXCEEDED", .code = 0x08, .flags = PMU_REV_FROM(AMD_REV_K8_F)},
    {.name = "DRAM_ECC_ERRORS", .code = 0x80},
    {.name = "ALL",
     .code = 0x80,
     .flags = PMU_UMF_DEFAULT | PMU_REV_TILL(AMD_REV_K8_E) | PMU_UMF_EXCLUSIVE},
    {.name = "ALL",
     .code = 0x8f,
     .flags = PMU_UMF_DEFAULT | PMU_REV_FROM(AMD_REV_K8_F) | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc k8_um_sized_commands[] = {
    {.name = "NON_POSTED_WRITE_BYTE", .code = 0x01},
    {.name = "NON_POSTED_WRITE_DWORD", .code = 0x02},
    {.name = "POSTED_WRITE_BYTE", .code = 0x04},
    {.name = "POSTED_WRITE_DWORD", .code = 0x08},
    {.name = "READ_BYTE_4_BYTES", .code = 0x10},
    {.name = "READ_DWORD_1_16_DWORDS", .code = 0x20},
    {.name = "READ_MODIFY_WRITE", .code = 0x40},
    {.name = "ALL", .code = 0x7f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

/* Upstream writes from revision D (libpfm4: AMD64_FL_K8_REV_D, and ALL = 0x3f
 * AMD64_FL_TILL_K8_REV_C before). */
static const struct pmu_umask_desc k8_um_probe[] = {
    {.name = "MISS", .code = 0x01},
    {.name = "HIT_CLEAN", .code = 0x02},
    {.name = "HIT_DIRTY_NO_MEMORY_CANCEL", .code = 0x04},
    {.name = "HIT_DIRTY_WITH_MEMORY_CANCEL", .code = 0x08},
    {.name = "UPSTREAM_DISPLAY_REFRESH_READS", .code = 0x10},
    {.name = "UPSTREAM_NON_DISPLAY_REFRESH_READS", .code = 0x20},
    {.name = "ALL",
     .code = 0x3f,
     .flags = PMU_UMF_DEFAULT | PMU_REV_TILL(AMD_REV_K8_C) | PMU_UMF_EXCLUSIVE},
    {.name = "UPSTREAM_WRITES", .code = 0x40, .flags = PMU_REV_FROM(AMD_REV_K8_D)},
    {.name = "ALL",
     .code = 0x7f,
     .flags = PMU_UMF_DEFAULT | PMU_REV_FROM(AMD_REV_K8_D) | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc k8_um_gart[] = {
    {.name = "APERTURE_HIT_FROM_CPU", .code = 0x01},
    {.name = "APERTURE_HIT_FROM_IO", .code = 0x02},
    {.name = "MISS", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc k8_um_hypertransport_link0[] = {
    {.name = "COMMAND_DWORD_SENT", .code = 0x01},
    {.name = "DATA_DWORD_SENT", .code = 0x02},
    {.name = "BUFFER_RELEASE_DWORD_SENT", .code = 0x04},
    {.name = "NOP_DWORD_SENT", .code = 0x08},
    {.name = "ALL", .code = 0x0f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_event_desc k8_events[] = {
    PMU_EVENT_UM("LOCKED_OPS", 0x24, 0, k8_um_locked_ops),
    PMU_EVENT_UM("SCRUBBER_SINGLE_BIT_ECC_ERRORS", 0x4a, 0, k8_um_scrubber_single_bit_ecc_errors),
    PMU_EVENT_UM("SYSTEM_READ_RESPONSES", 0x6c, 0, k8_um_system_read_responses),
    PMU_EVENT_UM("REQUESTS_TO_L2", 0x7d, 0, k8_um_requests_to_l2),
    PMU_EVENT_UM("L2_CACHE_MISS", 0x7e, 0, k8_um_l2_cache_miss),
    PMU_EVENT_UM("RETIRED_MMX_AND_FP_INSTRUCTIONS", 0xcb, 0, k8_um_retired_mmx_and_fp_instructions),
    PMU_EVENT_UM("DRAM_ACCESSES_PAGE", 0xe0, 0, k8_um_dram_accesses_page),
    PMU_EVENT("MEMORY_CONTROLLER_PAGE_TABLE_OVERFLOWS", 0xe1, 0),
    PMU_EVENT_UM("MEMORY_CONTROLLER_TURNAROUNDS", 0xe3, 0, k8_um_memory_controller_turnarounds),
    /* From revision D and E (libpfm4: AMD64_FL_K8_REV_D, AMD64_FL_K8_REV_E). */
    PMU_EVENT_UM_F("SIZED_BLOCKS", 0xe5, 0, k8_um_sized_blocks, PMU_REV_FROM(AMD_REV_K8_D)),
    PMU_EVENT_UM_F("THERMAL_STATUS_AND_ECC_ERRORS", 0xe8, 0, k8_um_thermal_status_and_ecc_errors,
                   PMU_REV_FROM(AMD_REV_K8_E)),
    PMU_EVENT_UM("SIZED_COMMANDS", 0xeb, 0, k8_um_sized_commands),
    PMU_EVENT_UM("PROBE", 0xec, 0, k8_um_probe),
    PMU_EVENT_UM("GART", 0xee, 0, k8_um_gart),
    PMU_EVENT_UM("HYPERTRANSPORT_LINK0", 0xf6, 0, k8_um_hypertransport_link0),
    PMU_EVENT_UM("HYPERTRANSPORT_LINK1", 0xf7, 0, k8_um_hypertransport_link0),
    PMU_EVENT_UM("HYPERTRANSPORT_LINK2", 0xf8, 0, k8_um_hypertransport_link0),
};

const struct pmu_event_table amd_k8_table = PMU_TABLE("k8", k8_events);
