/* AMD family 10h events (Barcelona to Istanbul; also used for families 11h-14h): names, codes and
 * unit masks (with their groups and defaults) as libpfm4 4.13 lists them for its
 * amd64_fam10h_barcelona, _shanghai and _istanbul PMUs, with the revision bounds of its
 * AMD64_FL_*_FAM10H_REV_* flags. Generated once from libpfm4's tables;
 * tests/host/test_pmu_libpfm.c compares every encoding with libpfm4's, revision by revision.
 * Every event may use every counter. This file holds the events that only family 10h lists this
 * way; those it lists like its neighbour families do are in pmu/x86/events_amd.c. */
#include "pmu/x86/events_amd.h"

static const struct pmu_umask_desc fam10h_um_retired_sse_operations[] = {
    {.name = "SINGLE_ADD_SUB_OPS", .code = 0x01},
    {.name = "SINGLE_MUL_OPS", .code = 0x02},
    {.name = "SINGLE_DIV_OPS", .code = 0x04},
    {.name = "DOUBLE_ADD_SUB_OPS", .code = 0x08},
    {.name = "DOUBLE_MUL_OPS", .code = 0x10},
    {.name = "DOUBLE_DIV_OPS", .code = 0x20},
    {.name = "OP_TYPE", .code = 0x40},
    {.name = "ALL", .code = 0x7f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_retired_move_ops[] = {
    {.name = "LOW_QW_MOVE_UOPS", .code = 0x01},
    {.name = "HIGH_QW_MOVE_UOPS", .code = 0x02},
    {.name = "ALL_OTHER_MERGING_MOVE_UOPS", .code = 0x04},
    {.name = "ALL_OTHER_MOVE_UOPS", .code = 0x08},
    {.name = "ALL", .code = 0x0f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_retired_serializing_ops[] = {
    {.name = "SSE_BOTTOM_EXECUTING_UOPS", .code = 0x01},
    {.name = "SSE_BOTTOM_SERIALIZING_UOPS", .code = 0x02},
    {.name = "X87_BOTTOM_EXECUTING_UOPS", .code = 0x04},
    {.name = "X87_BOTTOM_SERIALIZING_UOPS", .code = 0x08},
    {.name = "ALL", .code = 0x0f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_fp_scheduler_cycles[] = {
    {.name = "BOTTOM_EXECUTE_CYCLES", .code = 0x01},
    {.name = "BOTTOM_SERIALIZING_CYCLES", .code = 0x02},
    {.name = "ALL", .code = 0x03, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_locked_ops[] = {
    {.name = "EXECUTED", .code = 0x01},
    {.name = "CYCLES_SPECULATIVE_PHASE", .code = 0x02},
    {.name = "CYCLES_NON_SPECULATIVE_PHASE", .code = 0x04},
    {.name = "CYCLES_WAITING", .code = 0x08},
    {.name = "ALL", .code = 0x0f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_cancelled_store_to_load_forward_operations[] = {
    {.name = "ADDRESS_MISMATCHES", .code = 0x01},
    {.name = "STORE_IS_SMALLER_THAN_LOAD", .code = 0x02},
    {.name = "MISALIGNED", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_data_cache_lines_evicted[] = {
    {.name = "INVALID", .code = 0x01},
    {.name = "SHARED", .code = 0x02},
    {.name = "EXCLUSIVE", .code = 0x04},
    {.name = "OWNED", .code = 0x08},
    {.name = "MODIFIED", .code = 0x10},
    {.name = "BY_PREFETCHNTA", .code = 0x20},
    {.name = "NOT_BY_PREFETCHNTA", .code = 0x40},
    {.name = "ALL", .code = 0x7f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

/* 1G pages from revision C (libpfm4: AMD64_FL_FAM10H_REV_C, and ALL = 0x3
 * AMD64_FL_TILL_FAM10H_REV_B before). */
static const struct pmu_umask_desc fam10h_um_l1_dtlb_miss_and_l2_dtlb_hit[] = {
    {.name = "L2_4K_TLB_HIT", .code = 0x01},
    {.name = "L2_2M_TLB_HIT", .code = 0x02},
    {.name = "ALL",
     .code = 0x03,
     .flags = PMU_UMF_DEFAULT | PMU_REV_TILL(AMD_REV_FAM10H_B) | PMU_UMF_EXCLUSIVE},
    {.name = "L2_1G_TLB_HIT", .code = 0x04, .flags = PMU_REV_FROM(AMD_REV_FAM10H_C)},
    {.name = "ALL",
     .code = 0x07,
     .flags = PMU_UMF_DEFAULT | PMU_REV_FROM(AMD_REV_FAM10H_C) | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_l1_dtlb_and_l2_dtlb_miss[] = {
    {.name = "4K_TLB_RELOAD", .code = 0x01},
    {.name = "2M_TLB_RELOAD", .code = 0x02},
    {.name = "1G_TLB_RELOAD", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_scrubber_single_bit_ecc_errors[] = {
    {.name = "SCRUBBER_ERROR", .code = 0x01},
    {.name = "PIGGYBACK_ERROR", .code = 0x02},
    {.name = "LOAD_PIPE_ERROR", .code = 0x04},
    {.name = "STORE_WRITE_PIPE_ERROR", .code = 0x08},
    {.name = "ALL", .code = 0x0f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_l1_dtlb_hit[] = {
    {.name = "L1_4K_TLB_HIT", .code = 0x01},
    {.name = "L1_2M_TLB_HIT", .code = 0x02},
    {.name = "L1_1G_TLB_HIT", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_mab_requests[] = {
    {.name = "BUFFER_0", .code = 0x00, .flags = PMU_UMF_EXCLUSIVE},
    {.name = "BUFFER_1", .code = 0x01, .flags = PMU_UMF_EXCLUSIVE},
    {.name = "BUFFER_2", .code = 0x02, .flags = PMU_UMF_EXCLUSIVE},
    {.name = "BUFFER_3", .code = 0x03, .flags = PMU_UMF_EXCLUSIVE},
    {.name = "BUFFER_4", .code = 0x04, .flags = PMU_UMF_EXCLUSIVE},
    {.name = "BUFFER_5", .code = 0x05, .flags = PMU_UMF_EXCLUSIVE},
    {.name = "BUFFER_6", .code = 0x06, .flags = PMU_UMF_EXCLUSIVE},
    {.name = "BUFFER_7", .code = 0x07, .flags = PMU_UMF_EXCLUSIVE},
    {.name = "BUFFER_8", .code = 0x08, .flags = PMU_UMF_EXCLUSIVE},
    {.name = "BUFFER_9", .code = 0x09, .flags = PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_system_read_responses[] = {
    {.name = "EXCLUSIVE", .code = 0x01},
    {.name = "MODIFIED", .code = 0x02},
    {.name = "SHARED", .code = 0x04},
    {.name = "OWNED", .code = 0x08},
    {.name = "DATA_ERROR", .code = 0x10},
    {.name = "ALL", .code = 0x1f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_requests_to_l2[] = {
    {.name = "INSTRUCTIONS", .code = 0x01},
    {.name = "DATA", .code = 0x02},
    {.name = "TLB_WALK", .code = 0x04},
    {.name = "SNOOP", .code = 0x08},
    {.name = "CANCELLED", .code = 0x10},
    {.name = "HW_PREFETCH_FROM_DC", .code = 0x20},
    {.name = "ALL", .code = 0x3f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_l2_cache_miss[] = {
    {.name = "INSTRUCTIONS", .code = 0x01},
    {.name = "DATA", .code = 0x02},
    {.name = "TLB_WALK", .code = 0x04},
    {.name = "HW_PREFETCH_FROM_DC", .code = 0x08},
    {.name = "ALL", .code = 0x0f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_l1_itlb_miss_and_l2_itlb_miss[] = {
    {.name = "4K_PAGE_FETCHES", .code = 0x01},
    {.name = "2M_PAGE_FETCHES", .code = 0x02},
    {.name = "ALL", .code = 0x03, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_instruction_cache_lines_invalidated[] = {
    {.name = "INVALIDATING_PROBE_NO_IN_FLIGHT", .code = 0x01},
    {.name = "INVALIDATING_PROBE_ONE_OR_MORE_IN_FLIGHT", .code = 0x02},
    {.name = "ALL", .code = 0x03, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_retired_mmx_and_fp_instructions[] = {
    {.name = "X87", .code = 0x01},
    {.name = "MMX_AND_3DNOW", .code = 0x02},
    {.name = "PACKED_SSE_AND_SSE2", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_dram_accesses_page[] = {
    {.name = "HIT", .code = 0x01},
    {.name = "MISS", .code = 0x02},
    {.name = "CONFLICT", .code = 0x04},
    {.name = "DCT1_PAGE_HIT", .code = 0x08},
    {.name = "DCT1_PAGE_MISS", .code = 0x10},
    {.name = "DCT1_PAGE_CONFLICT", .code = 0x20},
    {.name = "ALL", .code = 0x3f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_memory_controller_page_table_overflows[] = {
    {.name = "DCT0_PAGE_TABLE_OVERFLOW", .code = 0x01},
    {.name = "DCT1_PAGE_TABLE_OVERFLOW", .code = 0x02},
    {.name = "ALL", .code = 0x03, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_memory_controller_slot_misses[] = {
    {.name = "DCT0_COMMAND_SLOTS_MISSED", .code = 0x01},
    {.name = "DCT1_COMMAND_SLOTS_MISSED", .code = 0x02},
    {.name = "ALL", .code = 0x03, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_memory_controller_turnarounds[] = {
    {.name = "CHIP_SELECT", .code = 0x01},
    {.name = "READ_TO_WRITE", .code = 0x02},
    {.name = "WRITE_TO_READ", .code = 0x04},
    {.name = "DCT1_DIMM", .code = 0x08},
    {.name = "DCT1_READ_TO_WRITE_TURNAROUND", .code = 0x10},
    {.name = "DCT1_WRITE_TO_READ_TURNAROUND", .code = 0x20},
    {.name = "ALL", .code = 0x3f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_thermal_status_and_ecc_errors[] = {
    {.name = "CLKS_DIE_TEMP_TOO_HIGH", .code = 0x04},
    {.name = "CLKS_TEMP_THRESHOLD_EXCEEDED", .code = 0x08},
    {.name = "STC_TRIP_POINTS_CROSSED", .code = 0x10},
    {.name = "CLOCKS_HTC_P_STATE_INACTIVE", .code = 0x20},
    {.name = "CLOCKS_HTC_P_STATE_ACTIVE", .code = 0x40},
    {.name = "ALL", .code = 0x7c, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_sized_commands[] = {
    {.name = "NON_POSTED_WRITE_BYTE", .code = 0x01},
    {.name = "NON_POSTED_WRITE_DWORD", .code = 0x02},
    {.name = "POSTED_WRITE_BYTE", .code = 0x04},
    {.name = "POSTED_WRITE_DWORD", .code = 0x08},
    {.name = "READ_BYTE_4_BYTES", .code = 0x10},
    {.name = "READ_DWORD_1_16_DWORDS", .code = 0x20},
    {.name = "ALL", .code = 0x3f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_probe[] = {
    {.name = "MISS", .code = 0x01},
    {.name = "HIT_CLEAN", .code = 0x02},
    {.name = "HIT_DIRTY_NO_MEMORY_CANCEL", .code = 0x04},
    {.name = "HIT_DIRTY_WITH_MEMORY_CANCEL", .code = 0x08},
    {.name = "UPSTREAM_DISPLAY_REFRESH_READS", .code = 0x10},
    {.name = "UPSTREAM_NON_DISPLAY_REFRESH_READS", .code = 0x20},
    {.name = "UPSTREAM_WRITES", .code = 0x40},
    {.name = "UPSTREAM_NON_ISOC_WRITES", .code = 0x80},
    {.name = "ALL", .code = 0xff, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_gart[] = {
    {.name = "APERTURE_HIT_FROM_CPU", .code = 0x01},
    {.name = "APERTURE_HIT_FROM_IO", .code = 0x02},
    {.name = "MISS", .code = 0x04},
    {.name = "REQUEST_HIT_TABLE_WALK", .code = 0x08},
    {.name = "DEV_HIT", .code = 0x10},
    {.name = "DEV_MISS", .code = 0x20},
    {.name = "DEV_ERROR", .code = 0x40},
    {.name = "MULTIPLE_TABLE_WALK", .code = 0x80},
    {.name = "ALL", .code = 0xff, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_memory_controller_requests[] = {
    {.name = "WRITE_REQUESTS", .code = 0x01},
    {.name = "READ_REQUESTS", .code = 0x02},
    {.name = "PREFETCH_REQUESTS", .code = 0x04},
    {.name = "32_BYTES_WRITES", .code = 0x08},
    {.name = "64_BYTES_WRITES", .code = 0x10},
    {.name = "32_BYTES_READS", .code = 0x20},
    {.name = "64_BYTES_READS", .code = 0x40},
    {.name = "READ_REQUESTS_WHILE_WRITES_REQUESTS", .code = 0x80},
    {.name = "ALL", .code = 0xff, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_cpu_to_dram_requests_to_target_node[] = {
    {.name = "LOCAL_TO_0", .code = 0x01},
    {.name = "LOCAL_TO_1", .code = 0x02},
    {.name = "LOCAL_TO_2", .code = 0x04},
    {.name = "LOCAL_TO_3", .code = 0x08},
    {.name = "LOCAL_TO_4", .code = 0x10},
    {.name = "LOCAL_TO_5", .code = 0x20},
    {.name = "LOCAL_TO_6", .code = 0x40},
    {.name = "LOCAL_TO_7", .code = 0x80},
    {.name = "ALL", .code = 0xff, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_cpu_read_command_latency_to_target_node_0_3[] = {
    {.name = "READ_BLOCK", .code = 0x01},
    {.name = "READ_BLOCK_SHARED", .code = 0x02},
    {.name = "READ_BLOCK_MODIFIED", .code = 0x04},
    {.name = "CHANGE_TO_DIRTY", .code = 0x08},
    {.name = "LOCAL_TO_0", .code = 0x10},
    {.name = "LOCAL_TO_1", .code = 0x20},
    {.name = "LOCAL_TO_2", .code = 0x40},
    {.name = "LOCAL_TO_3", .code = 0x80},
    {.name = "ALL", .code = 0xff, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_cpu_read_command_latency_to_target_node_4_7[] = {
    {.name = "READ_BLOCK", .code = 0x01},
    {.name = "READ_BLOCK_SHARED", .code = 0x02},
    {.name = "READ_BLOCK_MODIFIED", .code = 0x04},
    {.name = "CHANGE_TO_DIRTY", .code = 0x08},
    {.name = "LOCAL_TO_4", .code = 0x10},
    {.name = "LOCAL_TO_5", .code = 0x20},
    {.name = "LOCAL_TO_6", .code = 0x40},
    {.name = "LOCAL_TO_7", .code = 0x80},
    {.name = "ALL", .code = 0xff, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_cpu_command_latency_to_target_node_0_3_4_7[] = {
    {.name = "READ_SIZED", .code = 0x01},
    {.name = "WRITE_SIZED", .code = 0x02},
    {.name = "VICTIM_BLOCK", .code = 0x04},
    {.name = "NODE_GROUP_SELECT", .code = 0x08},
    {.name = "LOCAL_TO_0_4", .code = 0x10},
    {.name = "LOCAL_TO_1_5", .code = 0x20},
    {.name = "LOCAL_TO_2_6", .code = 0x40},
    {.name = "LOCAL_TO_3_7", .code = 0x80},
    {.name = "ALL", .code = 0xff, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_hypertransport_link0[] = {
    {.name = "COMMAND_DWORD_SENT", .code = 0x01},
    {.name = "DATA_DWORD_SENT", .code = 0x02},
    {.name = "BUFFER_RELEASE_DWORD_SENT", .code = 0x04},
    {.name = "NOP_DWORD_SENT", .code = 0x08},
    {.name = "ADDRESS_EXT_DWORD_SENT", .code = 0x10},
    {.name = "PER_PACKET_CRC_SENT", .code = 0x20},
    {.name = "ALL", .code = 0x3f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
    {.name = "SUBLINK_MASK", .code = 0x80, .flags = PMU_UMF_GROUP(1)},
};

static const struct pmu_umask_desc fam10h_um_l3_evictions[] = {
    {.name = "SHARED", .code = 0x01},
    {.name = "EXCLUSIVE", .code = 0x02},
    {.name = "OWNED", .code = 0x04},
    {.name = "MODIFIED", .code = 0x08},
    {.name = "ALL", .code = 0x0f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_page_size_mismatches[] = {AMD_UM_PAGE_SIZE};

static const struct pmu_umask_desc fam10h_um_retired_x87_ops[] = {
    {.name = "ADD_SUB_OPS", .code = 0x01},
    {.name = "MUL_OPS", .code = 0x02},
    {.name = "DIV_OPS", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_read_request_to_l3_cache[] = {
    {.name = "READ_BLOCK_EXCLUSIVE", .code = 0x01},
    {.name = "READ_BLOCK_SHARED", .code = 0x02},
    {.name = "READ_BLOCK_MODIFY", .code = 0x04},
    {.name = "ANY_READ", .code = 0x07, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
    {.name = "ALL_CORES",
     .code = 0xf0,
     .flags = PMU_UMF_DEFAULT | PMU_UMF_GROUP(1) | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam10h_um_l3_fills_caused_by_l2_evictions[] = {
    {.name = "SHARED", .code = 0x01},
    {.name = "EXCLUSIVE", .code = 0x02},
    {.name = "OWNED", .code = 0x04},
    {.name = "MODIFIED", .code = 0x08},
    {.name = "ANY_STATE", .code = 0x0f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
    {.name = "ALL_CORES",
     .code = 0xf0,
     .flags = PMU_UMF_DEFAULT | PMU_UMF_GROUP(1) | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_event_desc fam10h_events[] = {
    PMU_EVENT_UM("RETIRED_SSE_OPERATIONS", 0x03, 0, fam10h_um_retired_sse_operations),
    PMU_EVENT_UM("RETIRED_MOVE_OPS", 0x04, 0, fam10h_um_retired_move_ops),
    PMU_EVENT_UM("RETIRED_SERIALIZING_OPS", 0x05, 0, fam10h_um_retired_serializing_ops),
    PMU_EVENT_UM("FP_SCHEDULER_CYCLES", 0x06, 0, fam10h_um_fp_scheduler_cycles),
    PMU_EVENT_UM("LOCKED_OPS", 0x24, 0, fam10h_um_locked_ops),
    PMU_EVENT_UM("CANCELLED_STORE_TO_LOAD_FORWARD_OPERATIONS", 0x2a, 0,
                 fam10h_um_cancelled_store_to_load_forward_operations),
    PMU_EVENT_UM("DATA_CACHE_LINES_EVICTED", 0x44, 0, fam10h_um_data_cache_lines_evicted),
    PMU_EVENT_UM("L1_DTLB_MISS_AND_L2_DTLB_HIT", 0x45, 0, fam10h_um_l1_dtlb_miss_and_l2_dtlb_hit),
    PMU_EVENT_UM("L1_DTLB_AND_L2_DTLB_MISS", 0x46, 0, fam10h_um_l1_dtlb_and_l2_dtlb_miss),
    PMU_EVENT_UM("SCRUBBER_SINGLE_BIT_ECC_ERRORS", 0x4a, 0,
                 fam10h_um_scrubber_single_bit_ecc_errors),
    PMU_EVENT_UM("L1_DTLB_HIT", 0x4d, 0, fam10h_um_l1_dtlb_hit),
    PMU_EVENT("GLOBAL_TLB_FLUSHES", 0x54, 0),
    PMU_EVENT_UM("MAB_REQUESTS", 0x68, 0, fam10h_um_mab_requests),
    PMU_EVENT_UM("MAB_WAIT_CYCLES", 0x69, 0, fam10h_um_mab_requests),
    PMU_EVENT_UM("SYSTEM_READ_RESPONSES", 0x6c, 0, fam10h_um_system_read_responses),
    PMU_EVENT_UM("REQUESTS_TO_L2", 0x7d, 0, fam10h_um_requests_to_l2),
    PMU_EVENT_UM("L2_CACHE_MISS", 0x7e, 0, fam10h_um_l2_cache_miss),
    PMU_EVENT_UM("L1_ITLB_MISS_AND_L2_ITLB_MISS", 0x85, 0, fam10h_um_l1_itlb_miss_and_l2_itlb_miss),
    PMU_EVENT_UM("INSTRUCTION_CACHE_LINES_INVALIDATED", 0x8c, 0,
                 fam10h_um_instruction_cache_lines_invalidated),
    PMU_EVENT_UM("RETIRED_MMX_AND_FP_INSTRUCTIONS", 0xcb, 0,
                 fam10h_um_retired_mmx_and_fp_instructions),
    PMU_EVENT_UM("DRAM_ACCESSES_PAGE", 0xe0, 0, fam10h_um_dram_accesses_page),
    PMU_EVENT_UM("MEMORY_CONTROLLER_PAGE_TABLE_OVERFLOWS", 0xe1, 0,
                 fam10h_um_memory_controller_page_table_overflows),
    PMU_EVENT_UM("MEMORY_CONTROLLER_SLOT_MISSES", 0xe2, 0, fam10h_um_memory_controller_slot_misses),
    PMU_EVENT_UM("MEMORY_CONTROLLER_TURNAROUNDS", 0xe3, 0, fam10h_um_memory_controller_turnarounds),
    PMU_EVENT_UM("THERMAL_STATUS_AND_ECC_ERRORS", 0xe8, 0, fam10h_um_thermal_status_and_ecc_errors),
    PMU_EVENT_UM("SIZED_COMMANDS", 0xeb, 0, fam10h_um_sized_commands),
    PMU_EVENT_UM("PROBE", 0xec, 0, fam10h_um_probe),
    PMU_EVENT_UM("GART", 0xee, 0, fam10h_um_gart),
    PMU_EVENT_UM("MEMORY_CONTROLLER_REQUESTS", 0x1f0, 0, fam10h_um_memory_controller_requests),
    PMU_EVENT_UM("CPU_TO_DRAM_REQUESTS_TO_TARGET_NODE", 0x1e0, 0,
                 fam10h_um_cpu_to_dram_requests_to_target_node),
    PMU_EVENT_UM("IO_TO_DRAM_REQUESTS_TO_TARGET_NODE", 0x1e1, 0,
                 fam10h_um_cpu_to_dram_requests_to_target_node),
    PMU_EVENT_UM("CPU_READ_COMMAND_LATENCY_TO_TARGET_NODE_0_3", 0x1e2, 0,
                 fam10h_um_cpu_read_command_latency_to_target_node_0_3),
    PMU_EVENT_UM("CPU_READ_COMMAND_REQUESTS_TO_TARGET_NODE_0_3", 0x1e3, 0,
                 fam10h_um_cpu_read_command_latency_to_target_node_0_3),
    PMU_EVENT_UM("CPU_READ_COMMAND_LATENCY_TO_TARGET_NODE_4_7", 0x1e4, 0,
                 fam10h_um_cpu_read_command_latency_to_target_node_4_7),
    PMU_EVENT_UM("CPU_READ_COMMAND_REQUESTS_TO_TARGET_NODE_4_7", 0x1e5, 0,
                 fam10h_um_cpu_read_command_latency_to_target_node_4_7),
    PMU_EVENT_UM("CPU_COMMAND_LATENCY_TO_TARGET_NODE_0_3_4_7", 0x1e6, 0,
                 fam10h_um_cpu_command_latency_to_target_node_0_3_4_7),
    PMU_EVENT_UM("CPU_REQUESTS_TO_TARGET_NODE_0_3_4_7", 0x1e7, 0,
                 fam10h_um_cpu_command_latency_to_target_node_0_3_4_7),
    PMU_EVENT_UM("HYPERTRANSPORT_LINK0", 0xf6, 0, fam10h_um_hypertransport_link0),
    PMU_EVENT_UM("HYPERTRANSPORT_LINK1", 0xf7, 0, fam10h_um_hypertransport_link0),
    PMU_EVENT_UM("HYPERTRANSPORT_LINK2", 0xf8, 0, fam10h_um_hypertransport_link0),
    PMU_EVENT_UM("HYPERTRANSPORT_LINK3", 0x1f9, 0, fam10h_um_hypertransport_link0),
    PMU_EVENT_UM("L3_EVICTIONS", 0x4e3, 0, fam10h_um_l3_evictions),
    /* From revision C (libpfm4: AMD64_FL_FAM10H_REV_C). */
    PMU_EVENT_UM_F("PAGE_SIZE_MISMATCHES", 0x165, 0, fam10h_um_page_size_mismatches,
                   PMU_REV_FROM(AMD_REV_FAM10H_C)),
    PMU_EVENT_UM_F("RETIRED_X87_OPS", 0x1c0, 0, fam10h_um_retired_x87_ops,
                   PMU_REV_FROM(AMD_REV_FAM10H_C)),
    PMU_EVENT_F("IBS_OPS_TAGGED", 0x1cf, 0, PMU_REV_FROM(AMD_REV_FAM10H_C)),
    PMU_EVENT_F("LFENCE_INST_RETIRED", 0x1d3, 0, PMU_REV_FROM(AMD_REV_FAM10H_C)),
    PMU_EVENT_F("SFENCE_INST_RETIRED", 0x1d4, 0, PMU_REV_FROM(AMD_REV_FAM10H_C)),
    PMU_EVENT_F("MFENCE_INST_RETIRED", 0x1d5, 0, PMU_REV_FROM(AMD_REV_FAM10H_C)),
    /* 0x4E0-0x4E2: libpfm4 lists them twice (AMD64_FL_TILL_FAM10H_REV_C and
     * AMD64_FL_FAM10H_REV_D) with the same unit masks: every revision, once here. */
    PMU_EVENT_UM("READ_REQUEST_TO_L3_CACHE", 0x4e0, 0, fam10h_um_read_request_to_l3_cache),
    PMU_EVENT_UM("L3_CACHE_MISSES", 0x4e1, 0, fam10h_um_read_request_to_l3_cache),
    PMU_EVENT_UM("L3_FILLS_CAUSED_BY_L2_EVICTIONS", 0x4e2, 0,
                 fam10h_um_l3_fills_caused_by_l2_evictions),
    /* From revision D (libpfm4: AMD64_FL_FAM10H_REV_D). */
    PMU_EVENT_UM_F("NON_CANCELLED_L3_READ_REQUESTS", 0x4ed, 0, fam10h_um_read_request_to_l3_cache,
                   PMU_REV_FROM(AMD_REV_FAM10H_D)),
};

const struct pmu_event_table amd_fam10h_table = PMU_TABLE("fam10h", fam10h_events);
