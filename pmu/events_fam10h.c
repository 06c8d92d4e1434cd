/* AMD family 10h events (Barcelona to Istanbul; also used for families 11h-14h): names, codes and
 * unit masks (with their groups and defaults) as libpfm4 4.13 lists them for its
 * amd64_fam10h_istanbul PMU. Generated once from libpfm4's tables; tests/host/test_pmu_libpfm.c
 * compares every encoding with libpfm4. Every event may use every
 * counter. */
#include "events_amd.h"

static const struct pmu_umask_desc fam10h_um_dispatched_fpu[] = {
    {.name = "OPS_ADD", .code = 0x01},
    {.name = "OPS_MULTIPLY", .code = 0x02},
    {.name = "OPS_STORE", .code = 0x04},
    {.name = "OPS_ADD_PIPE_LOAD_OPS", .code = 0x08},
    {.name = "OPS_MULTIPLY_PIPE_LOAD_OPS", .code = 0x10},
    {.name = "OPS_STORE_PIPE_LOAD_OPS", .code = 0x20},
    {.name = "ALL", .code = 0x3f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_retired_sse_operations[] = {
    {.name = "SINGLE_ADD_SUB_OPS", .code = 0x01},
    {.name = "SINGLE_MUL_OPS", .code = 0x02},
    {.name = "SINGLE_DIV_OPS", .code = 0x04},
    {.name = "DOUBLE_ADD_SUB_OPS", .code = 0x08},
    {.name = "DOUBLE_MUL_OPS", .code = 0x10},
    {.name = "DOUBLE_DIV_OPS", .code = 0x20},
    {.name = "OP_TYPE", .code = 0x40},
    {.name = "ALL", .code = 0x7f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_retired_move_ops[] = {
    {.name = "LOW_QW_MOVE_UOPS", .code = 0x01},
    {.name = "HIGH_QW_MOVE_UOPS", .code = 0x02},
    {.name = "ALL_OTHER_MERGING_MOVE_UOPS", .code = 0x04},
    {.name = "ALL_OTHER_MOVE_UOPS", .code = 0x08},
    {.name = "ALL", .code = 0x0f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_retired_serializing_ops[] = {
    {.name = "SSE_BOTTOM_EXECUTING_UOPS", .code = 0x01},
    {.name = "SSE_BOTTOM_SERIALIZING_UOPS", .code = 0x02},
    {.name = "X87_BOTTOM_EXECUTING_UOPS", .code = 0x04},
    {.name = "X87_BOTTOM_SERIALIZING_UOPS", .code = 0x08},
    {.name = "ALL", .code = 0x0f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_fp_scheduler_cycles[] = {
    {.name = "BOTTOM_EXECUTE_CYCLES", .code = 0x01},
    {.name = "BOTTOM_SERIALIZING_CYCLES", .code = 0x02},
    {.name = "ALL", .code = 0x03, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_segment_register_loads[] = {
    {.name = "ES", .code = 0x01}, {.name = "CS", .code = 0x02},
    {.name = "SS", .code = 0x04}, {.name = "DS", .code = 0x08},
    {.name = "FS", .code = 0x10}, {.name = "GS", .code = 0x20},
    {.name = "HS", .code = 0x40}, {.name = "ALL", .code = 0x7f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_locked_ops[] = {
    {.name = "EXECUTED", .code = 0x01},
    {.name = "CYCLES_SPECULATIVE_PHASE", .code = 0x02},
    {.name = "CYCLES_NON_SPECULATIVE_PHASE", .code = 0x04},
    {.name = "CYCLES_WAITING", .code = 0x08},
    {.name = "ALL", .code = 0x0f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_cancelled_store_to_load_forward_operations[] = {
    {.name = "ADDRESS_MISMATCHES", .code = 0x01},
    {.name = "STORE_IS_SMALLER_THAN_LOAD", .code = 0x02},
    {.name = "MISALIGNED", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_data_cache_refills[] = {
    {.name = "SYSTEM", .code = 0x01},       {.name = "L2_SHARED", .code = 0x02},
    {.name = "L2_EXCLUSIVE", .code = 0x04}, {.name = "L2_OWNED", .code = 0x08},
    {.name = "L2_MODIFIED", .code = 0x10},  {.name = "ALL", .code = 0x1f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_data_cache_refills_from_system[] = {
    {.name = "INVALID", .code = 0x01},   {.name = "SHARED", .code = 0x02},
    {.name = "EXCLUSIVE", .code = 0x04}, {.name = "OWNED", .code = 0x08},
    {.name = "MODIFIED", .code = 0x10},  {.name = "ALL", .code = 0x1f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_data_cache_lines_evicted[] = {
    {.name = "INVALID", .code = 0x01},
    {.name = "SHARED", .code = 0x02},
    {.name = "EXCLUSIVE", .code = 0x04},
    {.name = "OWNED", .code = 0x08},
    {.name = "MODIFIED", .code = 0x10},
    {.name = "BY_PREFETCHNTA", .code = 0x20},
    {.name = "NOT_BY_PREFETCHNTA", .code = 0x40},
    {.name = "ALL", .code = 0x7f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_l1_dtlb_miss_and_l2_dtlb_hit[] = {
    {.name = "L2_4K_TLB_HIT", .code = 0x01},
    {.name = "L2_2M_TLB_HIT", .code = 0x02},
    {.name = "L2_1G_TLB_HIT", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_l1_dtlb_and_l2_dtlb_miss[] = {
    {.name = "4K_TLB_RELOAD", .code = 0x01},
    {.name = "2M_TLB_RELOAD", .code = 0x02},
    {.name = "1G_TLB_RELOAD", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_scrubber_single_bit_ecc_errors[] = {
    {.name = "SCRUBBER_ERROR", .code = 0x01},
    {.name = "PIGGYBACK_ERROR", .code = 0x02},
    {.name = "LOAD_PIPE_ERROR", .code = 0x04},
    {.name = "STORE_WRITE_PIPE_ERROR", .code = 0x08},
    {.name = "ALL", .code = 0x0f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_prefetch_instructions_dispatched[] = {
    {.name = "LOAD", .code = 0x01},
    {.name = "STORE", .code = 0x02},
    {.name = "NTA", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_dcache_misses_by_locked_instructions[] = {
    {.name = "DATA_CACHE_MISSES_BY_LOCKED_INSTRUCTIONS", .code = 0x02},
    {.name = "ALL", .code = 0x02, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_l1_dtlb_hit[] = {
    {.name = "L1_4K_TLB_HIT", .code = 0x01},
    {.name = "L1_2M_TLB_HIT", .code = 0x02},
    {.name = "L1_1G_TLB_HIT", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_ineffective_sw_prefetches[] = {
    {.name = "SW_PREFETCH_HIT_IN_L1", .code = 0x01},
    {.name = "SW_PREFETCH_HIT_IN_L2", .code = 0x08},
    {.name = "ALL", .code = 0x09, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_memory_requests[] = {
    {.name = "NON_CACHEABLE", .code = 0x01},
    {.name = "WRITE_COMBINING", .code = 0x02},
    {.name = "STREAMING_STORE", .code = 0x80},
    {.name = "ALL", .code = 0x83, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_data_prefetches[] = {
    {.name = "CANCELLED", .code = 0x01},
    {.name = "ATTEMPTED", .code = 0x02},
    {.name = "ALL", .code = 0x03, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_mab_requests[] = {
    {.name = "BUFFER_0", .code = 0x00}, {.name = "BUFFER_1", .code = 0x01},
    {.name = "BUFFER_2", .code = 0x02}, {.name = "BUFFER_3", .code = 0x03},
    {.name = "BUFFER_4", .code = 0x04}, {.name = "BUFFER_5", .code = 0x05},
    {.name = "BUFFER_6", .code = 0x06}, {.name = "BUFFER_7", .code = 0x07},
    {.name = "BUFFER_8", .code = 0x08}, {.name = "BUFFER_9", .code = 0x09},
};

static const struct pmu_umask_desc fam10h_um_system_read_responses[] = {
    {.name = "EXCLUSIVE", .code = 0x01},  {.name = "MODIFIED", .code = 0x02},
    {.name = "SHARED", .code = 0x04},     {.name = "OWNED", .code = 0x08},
    {.name = "DATA_ERROR", .code = 0x10}, {.name = "ALL", .code = 0x1f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_quadwords_written_to_system[] = {
    {.name = "QUADWORD_WRITE_TRANSFER", .code = 0x01},
    {.name = "ALL", .code = 0x01, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_requests_to_l2[] = {
    {.name = "INSTRUCTIONS", .code = 0x01},
    {.name = "DATA", .code = 0x02},
    {.name = "TLB_WALK", .code = 0x04},
    {.name = "SNOOP", .code = 0x08},
    {.name = "CANCELLED", .code = 0x10},
    {.name = "HW_PREFETCH_FROM_DC", .code = 0x20},
    {.name = "ALL", .code = 0x3f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_l2_cache_miss[] = {
    {.name = "INSTRUCTIONS", .code = 0x01},
    {.name = "DATA", .code = 0x02},
    {.name = "TLB_WALK", .code = 0x04},
    {.name = "HW_PREFETCH_FROM_DC", .code = 0x08},
    {.name = "ALL", .code = 0x0f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_l2_fill_writeback[] = {
    {.name = "L2_FILLS", .code = 0x01},
    {.name = "L2_WRITEBACKS", .code = 0x02},
    {.name = "ALL", .code = 0x03, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_l1_itlb_miss_and_l2_itlb_miss[] = {
    {.name = "4K_PAGE_FETCHES", .code = 0x01},
    {.name = "2M_PAGE_FETCHES", .code = 0x02},
    {.name = "ALL", .code = 0x03, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_instruction_cache_lines_invalidated[] = {
    {.name = "INVALIDATING_PROBE_NO_IN_FLIGHT", .code = 0x01},
    {.name = "INVALIDATING_PROBE_ONE_OR_MORE_IN_FLIGHT", .code = 0x02},
    {.name = "ALL", .code = 0x03, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_retired_mmx_and_fp_instructions[] = {
    {.name = "X87", .code = 0x01},
    {.name = "MMX_AND_3DNOW", .code = 0x02},
    {.name = "PACKED_SSE_AND_SSE2", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_retired_fastpath_double_op_instructions[] = {
    {.name = "POSITION_0", .code = 0x01},
    {.name = "POSITION_1", .code = 0x02},
    {.name = "POSITION_2", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_fpu_exceptions[] = {
    {.name = "X87_RECLASS_MICROFAULTS", .code = 0x01},
    {.name = "SSE_RETYPE_MICROFAULTS", .code = 0x02},
    {.name = "SSE_RECLASS_MICROFAULTS", .code = 0x04},
    {.name = "SSE_AND_X87_MICROTRAPS", .code = 0x08},
    {.name = "ALL", .code = 0x0f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_dram_accesses_page[] = {
    {.name = "HIT", .code = 0x01},
    {.name = "MISS", .code = 0x02},
    {.name = "CONFLICT", .code = 0x04},
    {.name = "DCT1_PAGE_HIT", .code = 0x08},
    {.name = "DCT1_PAGE_MISS", .code = 0x10},
    {.name = "DCT1_PAGE_CONFLICT", .code = 0x20},
    {.name = "ALL", .code = 0x3f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_memory_controller_page_table_overflows[] = {
    {.name = "DCT0_PAGE_TABLE_OVERFLOW", .code = 0x01},
    {.name = "DCT1_PAGE_TABLE_OVERFLOW", .code = 0x02},
    {.name = "ALL", .code = 0x03, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_memory_controller_slot_misses[] = {
    {.name = "DCT0_COMMAND_SLOTS_MISSED", .code = 0x01},
    {.name = "DCT1_COMMAND_SLOTS_MISSED", .code = 0x02},
    {.name = "ALL", .code = 0x03, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_memory_controller_turnarounds[] = {
    {.name = "CHIP_SELECT", .code = 0x01},
    {.name = "READ_TO_WRITE", .code = 0x02},
    {.name = "WRITE_TO_READ", .code = 0x04},
    {.name = "DCT1_DIMM", .code = 0x08},
    {.name = "DCT1_READ_TO_WRITE_TURNAROUND", .code = 0x10},
    {.name = "DCT1_WRITE_TO_READ_TURNAROUND", .code = 0x20},
    {.name = "ALL", .code = 0x3f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_memory_controller_bypass[] = {
    {.name = "HIGH_PRIORITY", .code = 0x01},
    {.name = "LOW_PRIORITY", .code = 0x02},
    {.name = "DRAM_INTERFACE", .code = 0x04},
    {.name = "DRAM_QUEUE", .code = 0x08},
    {.name = "ALL", .code = 0x0f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_thermal_status_and_ecc_errors[] = {
    {.name = "CLKS_DIE_TEMP_TOO_HIGH", .code = 0x04},
    {.name = "CLKS_TEMP_THRESHOLD_EXCEEDED", .code = 0x08},
    {.name = "STC_TRIP_POINTS_CROSSED", .code = 0x10},
    {.name = "CLOCKS_HTC_P_STATE_INACTIVE", .code = 0x20},
    {.name = "CLOCKS_HTC_P_STATE_ACTIVE", .code = 0x40},
    {.name = "ALL", .code = 0x7c, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_cpu_io_requests_to_memory_io[] = {
    {.name = "I_O_TO_I_O", .code = 0x01},
    {.name = "I_O_TO_MEM", .code = 0x02},
    {.name = "CPU_TO_I_O", .code = 0x04},
    {.name = "CPU_TO_MEM", .code = 0x08},
    {.name = "TO_REMOTE_NODE", .code = 0x10},
    {.name = "TO_LOCAL_NODE", .code = 0x20},
    {.name = "FROM_REMOTE_NODE", .code = 0x40},
    {.name = "FROM_LOCAL_NODE", .code = 0x80},
    {.name = "ALL", .code = 0xff, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_cache_block[] = {
    {.name = "VICTIM_WRITEBACK", .code = 0x01},
    {.name = "DCACHE_LOAD_MISS", .code = 0x04},
    {.name = "SHARED_ICACHE_REFILL", .code = 0x08},
    {.name = "READ_BLOCK_MODIFIED", .code = 0x10},
    {.name = "READ_TO_DIRTY", .code = 0x20},
    {.name = "ALL", .code = 0x3d, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_sized_commands[] = {
    {.name = "NON_POSTED_WRITE_BYTE", .code = 0x01},
    {.name = "NON_POSTED_WRITE_DWORD", .code = 0x02},
    {.name = "POSTED_WRITE_BYTE", .code = 0x04},
    {.name = "POSTED_WRITE_DWORD", .code = 0x08},
    {.name = "READ_BYTE_4_BYTES", .code = 0x10},
    {.name = "READ_DWORD_1_16_DWORDS", .code = 0x20},
    {.name = "ALL", .code = 0x3f, .flags = PMU_UMF_DEFAULT},
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
    {.name = "ALL", .code = 0xff, .flags = PMU_UMF_DEFAULT},
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
    {.name = "ALL", .code = 0xff, .flags = PMU_UMF_DEFAULT},
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
    {.name = "ALL", .code = 0xff, .flags = PMU_UMF_DEFAULT},
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
    {.name = "ALL", .code = 0xff, .flags = PMU_UMF_DEFAULT},
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
    {.name = "ALL", .code = 0xff, .flags = PMU_UMF_DEFAULT},
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
    {.name = "ALL", .code = 0xff, .flags = PMU_UMF_DEFAULT},
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
    {.name = "ALL", .code = 0xff, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_hypertransport_link0[] = {
    {.name = "COMMAND_DWORD_SENT", .code = 0x01},
    {.name = "DATA_DWORD_SENT", .code = 0x02},
    {.name = "BUFFER_RELEASE_DWORD_SENT", .code = 0x04},
    {.name = "NOP_DWORD_SENT", .code = 0x08},
    {.name = "ADDRESS_EXT_DWORD_SENT", .code = 0x10},
    {.name = "PER_PACKET_CRC_SENT", .code = 0x20},
    {.name = "ALL", .code = 0x3f, .flags = PMU_UMF_DEFAULT},
    {.name = "SUBLINK_MASK", .code = 0x80, .flags = PMU_UMF_GROUP(1)},
};

static const struct pmu_umask_desc fam10h_um_l3_evictions[] = {
    {.name = "SHARED", .code = 0x01},
    {.name = "EXCLUSIVE", .code = 0x02},
    {.name = "OWNED", .code = 0x04},
    {.name = "MODIFIED", .code = 0x08},
    {.name = "ALL", .code = 0x0f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_page_size_mismatches[] = {
    {.name = "GUEST_LARGER", .code = 0x01},
    {.name = "MTRR_MISMATCH", .code = 0x02},
    {.name = "HOST_LARGER", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_retired_x87_ops[] = {
    {.name = "ADD_SUB_OPS", .code = 0x01},
    {.name = "MUL_OPS", .code = 0x02},
    {.name = "DIV_OPS", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam10h_um_read_request_to_l3_cache[] = {
    {.name = "READ_BLOCK_EXCLUSIVE", .code = 0x01},
    {.name = "READ_BLOCK_SHARED", .code = 0x02},
    {.name = "READ_BLOCK_MODIFY", .code = 0x04},
    {.name = "ANY_READ", .code = 0x07, .flags = PMU_UMF_DEFAULT},
    {.name = "ALL_CORES", .code = 0xf0, .flags = PMU_UMF_DEFAULT | PMU_UMF_GROUP(1)},
};

static const struct pmu_umask_desc fam10h_um_l3_fills_caused_by_l2_evictions[] = {
    {.name = "SHARED", .code = 0x01},
    {.name = "EXCLUSIVE", .code = 0x02},
    {.name = "OWNED", .code = 0x04},
    {.name = "MODIFIED", .code = 0x08},
    {.name = "ANY_STATE", .code = 0x0f, .flags = PMU_UMF_DEFAULT},
    {.name = "ALL_CORES", .code = 0xf0, .flags = PMU_UMF_DEFAULT | PMU_UMF_GROUP(1)},
};

static const struct pmu_event_desc fam10h_events[] = {
    PMU_EVENT_UM("DISPATCHED_FPU", 0x00, 0, fam10h_um_dispatched_fpu),
    PMU_EVENT("CYCLES_NO_FPU_OPS_RETIRED", 0x01, 0),
    PMU_EVENT("DISPATCHED_FPU_OPS_FAST_FLAG", 0x02, 0),
    PMU_EVENT_UM("RETIRED_SSE_OPERATIONS", 0x03, 0, fam10h_um_retired_sse_operations),
    PMU_EVENT_UM("RETIRED_MOVE_OPS", 0x04, 0, fam10h_um_retired_move_ops),
    PMU_EVENT_UM("RETIRED_SERIALIZING_OPS", 0x05, 0, fam10h_um_retired_serializing_ops),
    PMU_EVENT_UM("FP_SCHEDULER_CYCLES", 0x06, 0, fam10h_um_fp_scheduler_cycles),
    PMU_EVENT_UM("SEGMENT_REGISTER_LOADS", 0x20, 0, fam10h_um_segment_register_loads),
    PMU_EVENT("PIPELINE_RESTART_DUE_TO_SELF_MODIFYING_CODE", 0x21, 0),
    PMU_EVENT("PIPELINE_RESTART_DUE_TO_PROBE_HIT", 0x22, 0),
    PMU_EVENT("LS_BUFFER_2_FULL_CYCLES", 0x23, 0),
    PMU_EVENT_UM("LOCKED_OPS", 0x24, 0, fam10h_um_locked_ops),
    PMU_EVENT("RETIRED_CLFLUSH_INSTRUCTIONS", 0x26, 0),
    PMU_EVENT("RETIRED_CPUID_INSTRUCTIONS", 0x27, 0),
    PMU_EVENT_UM("CANCELLED_STORE_TO_LOAD_FORWARD_OPERATIONS", 0x2a, 0,
                 fam10h_um_cancelled_store_to_load_forward_operations),
    PMU_EVENT("SMIS_RECEIVED", 0x2b, 0),
    PMU_EVENT("DATA_CACHE_ACCESSES", 0x40, 0),
    PMU_EVENT("DATA_CACHE_MISSES", 0x41, 0),
    PMU_EVENT_UM("DATA_CACHE_REFILLS", 0x42, 0, fam10h_um_data_cache_refills),
    PMU_EVENT_UM("DATA_CACHE_REFILLS_FROM_SYSTEM", 0x43, 0,
                 fam10h_um_data_cache_refills_from_system),
    PMU_EVENT_UM("DATA_CACHE_LINES_EVICTED", 0x44, 0, fam10h_um_data_cache_lines_evicted),
    PMU_EVENT_UM("L1_DTLB_MISS_AND_L2_DTLB_HIT", 0x45, 0, fam10h_um_l1_dtlb_miss_and_l2_dtlb_hit),
    PMU_EVENT_UM("L1_DTLB_AND_L2_DTLB_MISS", 0x46, 0, fam10h_um_l1_dtlb_and_l2_dtlb_miss),
    PMU_EVENT("MISALIGNED_ACCESSES", 0x47, 0),
    PMU_EVENT("MICROARCHITECTURAL_LATE_CANCEL_OF_AN_ACCESS", 0x48, 0),
    PMU_EVENT("MICROARCHITECTURAL_EARLY_CANCEL_OF_AN_ACCESS", 0x49, 0),
    PMU_EVENT_UM("SCRUBBER_SINGLE_BIT_ECC_ERRORS", 0x4a, 0,
                 fam10h_um_scrubber_single_bit_ecc_errors),
    PMU_EVENT_UM("PREFETCH_INSTRUCTIONS_DISPATCHED", 0x4b, 0,
                 fam10h_um_prefetch_instructions_dispatched),
    PMU_EVENT_UM("DCACHE_MISSES_BY_LOCKED_INSTRUCTIONS", 0x4c, 0,
                 fam10h_um_dcache_misses_by_locked_instructions),
    PMU_EVENT_UM("L1_DTLB_HIT", 0x4d, 0, fam10h_um_l1_dtlb_hit),
    PMU_EVENT_UM("INEFFECTIVE_SW_PREFETCHES", 0x52, 0, fam10h_um_ineffective_sw_prefetches),
    PMU_EVENT("GLOBAL_TLB_FLUSHES", 0x54, 0),
    PMU_EVENT_UM("MEMORY_REQUESTS", 0x65, 0, fam10h_um_memory_requests),
    PMU_EVENT_UM("DATA_PREFETCHES", 0x67, 0, fam10h_um_data_prefetches),
    PMU_EVENT_UM("MAB_REQUESTS", 0x68, 0, fam10h_um_mab_requests),
    PMU_EVENT_UM("MAB_WAIT_CYCLES", 0x69, 0, fam10h_um_mab_requests),
    PMU_EVENT_UM("SYSTEM_READ_RESPONSES", 0x6c, 0, fam10h_um_system_read_responses),
    PMU_EVENT_UM("QUADWORDS_WRITTEN_TO_SYSTEM", 0x6d, 0, fam10h_um_quadwords_written_to_system),
    {.name = "CPU_CLK_UNHALTED", .code = 0x76, .flags = PMU_EVF_ADVANCES},
    PMU_EVENT_UM("REQUESTS_TO_L2", 0x7d, 0, fam10h_um_requests_to_l2),
    PMU_EVENT_UM("L2_CACHE_MISS", 0x7e, 0, fam10h_um_l2_cache_miss),
    PMU_EVENT_UM("L2_FILL_WRITEBACK", 0x7f, 0, fam10h_um_l2_fill_writeback),
    PMU_EVENT("INSTRUCTION_CACHE_FETCHES", 0x80, 0),
    PMU_EVENT("INSTRUCTION_CACHE_MISSES", 0x81, 0),
    PMU_EVENT("INSTRUCTION_CACHE_REFILLS_FROM_L2", 0x82, 0),
    PMU_EVENT("INSTRUCTION_CACHE_REFILLS_FROM_SYSTEM", 0x83, 0),
    PMU_EVENT("L1_ITLB_MISS_AND_L2_ITLB_HIT", 0x84, 0),
    PMU_EVENT_UM("L1_ITLB_MISS_AND_L2_ITLB_MISS", 0x85, 0, fam10h_um_l1_itlb_miss_and_l2_itlb_miss),
    PMU_EVENT("PIPELINE_RESTART_DUE_TO_INSTRUCTION_STREAM_PROBE", 0x86, 0),
    PMU_EVENT("INSTRUCTION_FETCH_STALL", 0x87, 0),
    PMU_EVENT("RETURN_STACK_HITS", 0x88, 0),
    PMU_EVENT("RETURN_STACK_OVERFLOWS", 0x89, 0),
    PMU_EVENT("INSTRUCTION_CACHE_VICTIMS", 0x8b, 0),
    PMU_EVENT_UM("INSTRUCTION_CACHE_LINES_INVALIDATED", 0x8c, 0,
                 fam10h_um_instruction_cache_lines_invalidated),
    PMU_EVENT("ITLB_RELOADS", 0x99, 0),
    PMU_EVENT("ITLB_RELOADS_ABORTED", 0x9a, 0),
    {.name = "RETIRED_INSTRUCTIONS", .code = 0xc0, .flags = PMU_EVF_ADVANCES},
    PMU_EVENT("RETIRED_UOPS", 0xc1, 0),
    PMU_EVENT("RETIRED_BRANCH_INSTRUCTIONS", 0xc2, 0),
    PMU_EVENT("RETIRED_MISPREDICTED_BRANCH_INSTRUCTIONS", 0xc3, 0),
    PMU_EVENT("RETIRED_TAKEN_BRANCH_INSTRUCTIONS", 0xc4, 0),
    PMU_EVENT("RETIRED_TAKEN_BRANCH_INSTRUCTIONS_MISPREDICTED", 0xc5, 0),
    PMU_EVENT("RETIRED_FAR_CONTROL_TRANSFERS", 0xc6, 0),
    PMU_EVENT("RETIRED_BRANCH_RESYNCS", 0xc7, 0),
    PMU_EVENT("RETIRED_NEAR_RETURNS", 0xc8, 0),
    PMU_EVENT("RETIRED_NEAR_RETURNS_MISPREDICTED", 0xc9, 0),
    PMU_EVENT("RETIRED_INDIRECT_BRANCHES_MISPREDICTED", 0xca, 0),
    PMU_EVENT_UM("RETIRED_MMX_AND_FP_INSTRUCTIONS", 0xcb, 0,
                 fam10h_um_retired_mmx_and_fp_instructions),
    PMU_EVENT_UM("RETIRED_FASTPATH_DOUBLE_OP_INSTRUCTIONS", 0xcc, 0,
                 fam10h_um_retired_fastpath_double_op_instructions),
    PMU_EVENT("INTERRUPTS_MASKED_CYCLES", 0xcd, 0),
    PMU_EVENT("INTERRUPTS_MASKED_CYCLES_WITH_INTERRUPT_PENDING", 0xce, 0),
    PMU_EVENT("INTERRUPTS_TAKEN", 0xcf, 0),
    PMU_EVENT("DECODER_EMPTY", 0xd0, 0),
    PMU_EVENT("DISPATCH_STALLS", 0xd1, 0),
    PMU_EVENT("DISPATCH_STALL_FOR_BRANCH_ABORT", 0xd2, 0),
    PMU_EVENT("DISPATCH_STALL_FOR_SERIALIZATION", 0xd3, 0),
    PMU_EVENT("DISPATCH_STALL_FOR_SEGMENT_LOAD", 0xd4, 0),
    PMU_EVENT("DISPATCH_STALL_FOR_REORDER_BUFFER_FULL", 0xd5, 0),
    PMU_EVENT("DISPATCH_STALL_FOR_RESERVATION_STATION_FULL", 0xd6, 0),
    PMU_EVENT("DISPATCH_STALL_FOR_FPU_FULL", 0xd7, 0),
    PMU_EVENT("DISPATCH_STALL_FOR_LS_FULL", 0xd8, 0),
    PMU_EVENT("DISPATCH_STALL_WAITING_FOR_ALL_QUIET", 0xd9, 0),
    PMU_EVENT("DISPATCH_STALL_FOR_FAR_TRANSFER_OR_RSYNC", 0xda, 0),
    PMU_EVENT_UM("FPU_EXCEPTIONS", 0xdb, 0, fam10h_um_fpu_exceptions),
    PMU_EVENT("DR0_BREAKPOINT_MATCHES", 0xdc, 0),
    PMU_EVENT("DR1_BREAKPOINT_MATCHES", 0xdd, 0),
    PMU_EVENT("DR2_BREAKPOINT_MATCHES", 0xde, 0),
    PMU_EVENT("DR3_BREAKPOINT_MATCHES", 0xdf, 0),
    PMU_EVENT_UM("DRAM_ACCESSES_PAGE", 0xe0, 0, fam10h_um_dram_accesses_page),
    PMU_EVENT_UM("MEMORY_CONTROLLER_PAGE_TABLE_OVERFLOWS", 0xe1, 0,
                 fam10h_um_memory_controller_page_table_overflows),
    PMU_EVENT_UM("MEMORY_CONTROLLER_SLOT_MISSES", 0xe2, 0, fam10h_um_memory_controller_slot_misses),
    PMU_EVENT_UM("MEMORY_CONTROLLER_TURNAROUNDS", 0xe3, 0, fam10h_um_memory_controller_turnarounds),
    PMU_EVENT_UM("MEMORY_CONTROLLER_BYPASS", 0xe4, 0, fam10h_um_memory_controller_bypass),
    PMU_EVENT_UM("THERMAL_STATUS_AND_ECC_ERRORS", 0xe8, 0, fam10h_um_thermal_status_and_ecc_errors),
    PMU_EVENT_UM("CPU_IO_REQUESTS_TO_MEMORY_IO", 0xe9, 0, fam10h_um_cpu_io_requests_to_memory_io),
    PMU_EVENT_UM("CACHE_BLOCK", 0xea, 0, fam10h_um_cache_block),
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
    PMU_EVENT_UM("PAGE_SIZE_MISMATCHES", 0x165, 0, fam10h_um_page_size_mismatches),
    PMU_EVENT_UM("RETIRED_X87_OPS", 0x1c0, 0, fam10h_um_retired_x87_ops),
    PMU_EVENT("IBS_OPS_TAGGED", 0x1cf, 0),
    PMU_EVENT("LFENCE_INST_RETIRED", 0x1d3, 0),
    PMU_EVENT("SFENCE_INST_RETIRED", 0x1d4, 0),
    PMU_EVENT("MFENCE_INST_RETIRED", 0x1d5, 0),
    PMU_EVENT_UM("READ_REQUEST_TO_L3_CACHE", 0x4e0, 0, fam10h_um_read_request_to_l3_cache),
    PMU_EVENT_UM("L3_CACHE_MISSES", 0x4e1, 0, fam10h_um_read_request_to_l3_cache),
    PMU_EVENT_UM("L3_FILLS_CAUSED_BY_L2_EVICTIONS", 0x4e2, 0,
                 fam10h_um_l3_fills_caused_by_l2_evictions),
    PMU_EVENT_UM("NON_CANCELLED_L3_READ_REQUESTS", 0x4ed, 0, fam10h_um_read_request_to_l3_cache),
};

const struct pmu_event_table amd_fam10h_table = {
    .name = "fam10h",
    .events = fam10h_events,
    .n_events = PMU_ARRAY_SIZE(fam10h_events),
};
