/* AMD K8 events (Athlon 64/Opteron, family 0Fh, up to revision G): names, codes and unit masks
 * (with their groups and defaults) as libpfm4 4.13 lists them for its amd64_k8_revg PMU. Generated
 * once from libpfm4's tables; tests/host/test_pmu_libpfm.c compares every encoding with libpfm4.
 * Every event may use every counter. */
#include "events_amd.h"

static const struct pmu_umask_desc k8_um_dispatched_fpu[] = {
    {.name = "OPS_ADD", .code = 0x01},
    {.name = "OPS_MULTIPLY", .code = 0x02},
    {.name = "OPS_STORE", .code = 0x04},
    {.name = "OPS_ADD_PIPE_LOAD_OPS", .code = 0x08},
    {.name = "OPS_MULTIPLY_PIPE_LOAD_OPS", .code = 0x10},
    {.name = "OPS_STORE_PIPE_LOAD_OPS", .code = 0x20},
    {.name = "ALL", .code = 0x3f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc k8_um_segment_register_loads[] = {
    {.name = "ES", .code = 0x01}, {.name = "CS", .code = 0x02},
    {.name = "SS", .code = 0x04}, {.name = "DS", .code = 0x08},
    {.name = "FS", .code = 0x10}, {.name = "GS", .code = 0x20},
    {.name = "HS", .code = 0x40}, {.name = "ALL", .code = 0x7f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc k8_um_locked_ops[] = {
    {.name = "EXECUTED", .code = 0x01},
    {.name = "CYCLES_SPECULATIVE_PHASE", .code = 0x02},
    {.name = "CYCLES_NON_SPECULATIVE_PHASE", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc k8_um_memory_requests[] = {
    {.name = "NON_CACHEABLE", .code = 0x01},
    {.name = "WRITE_COMBINING", .code = 0x02},
    {.name = "STREAMING_STORE", .code = 0x80},
    {.name = "ALL", .code = 0x83, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc k8_um_data_cache_refills[] = {
    {.name = "SYSTEM", .code = 0x01},       {.name = "L2_SHARED", .code = 0x02},
    {.name = "L2_EXCLUSIVE", .code = 0x04}, {.name = "L2_OWNED", .code = 0x08},
    {.name = "L2_MODIFIED", .code = 0x10},  {.name = "ALL", .code = 0x1f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc k8_um_data_cache_refills_from_system[] = {
    {.name = "INVALID", .code = 0x01},   {.name = "SHARED", .code = 0x02},
    {.name = "EXCLUSIVE", .code = 0x04}, {.name = "OWNED", .code = 0x08},
    {.name = "MODIFIED", .code = 0x10},  {.name = "ALL", .code = 0x1f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc k8_um_scrubber_single_bit_ecc_errors[] = {
    {.name = "SCRUBBER_ERROR", .code = 0x01},
    {.name = "PIGGYBACK_ERROR", .code = 0x02},
    {.name = "ALL", .code = 0x03, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc k8_um_prefetch_instructions_dispatched[] = {
    {.name = "LOAD", .code = 0x01},
    {.name = "STORE", .code = 0x02},
    {.name = "NTA", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc k8_um_dcache_misses_by_locked_instructions[] = {
    {.name = "DATA_CACHE_MISSES_BY_LOCKED_INSTRUCTIONS", .code = 0x02},
    {.name = "ALL", .code = 0x02, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc k8_um_data_prefetches[] = {
    {.name = "CANCELLED", .code = 0x01},
    {.name = "ATTEMPTED", .code = 0x02},
    {.name = "ALL", .code = 0x03, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc k8_um_system_read_responses[] = {
    {.name = "EXCLUSIVE", .code = 0x01},
    {.name = "MODIFIED", .code = 0x02},
    {.name = "SHARED", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc k8_um_quadwords_written_to_system[] = {
    {.name = "QUADWORD_WRITE_TRANSFER", .code = 0x01},
    {.name = "ALL", .code = 0x01, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc k8_um_requests_to_l2[] = {
    {.name = "INSTRUCTIONS", .code = 0x01}, {.name = "DATA", .code = 0x02},
    {.name = "TLB_WALK", .code = 0x04},     {.name = "SNOOP", .code = 0x08},
    {.name = "CANCELLED", .code = 0x10},    {.name = "ALL", .code = 0x1f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc k8_um_l2_cache_miss[] = {
    {.name = "INSTRUCTIONS", .code = 0x01},
    {.name = "DATA", .code = 0x02},
    {.name = "TLB_WALK", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc k8_um_l2_fill_writeback[] = {
    {.name = "L2_FILLS", .code = 0x01},
    {.name = "L2_WRITEBACKS", .code = 0x02},
    {.name = "ALL", .code = 0x03, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc k8_um_retired_mmx_and_fp_instructions[] = {
    {.name = "X87", .code = 0x01},
    {.name = "MMX_AND_3DNOW", .code = 0x02},
    {.name = "PACKED_SSE_AND_SSE2", .code = 0x04},
    {.name = "SCALAR_SSE_AND_SSE2", .code = 0x08},
    {.name = "ALL", .code = 0x0f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc k8_um_retired_fastpath_double_op_instructions[] = {
    {.name = "POSITION_0", .code = 0x01},
    {.name = "POSITION_1", .code = 0x02},
    {.name = "POSITION_2", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc k8_um_fpu_exceptions[] = {
    {.name = "X87_RECLASS_MICROFAULTS", .code = 0x01},
    {.name = "SSE_RETYPE_MICROFAULTS", .code = 0x02},
    {.name = "SSE_RECLASS_MICROFAULTS", .code = 0x04},
    {.name = "SSE_AND_X87_MICROTRAPS", .code = 0x08},
    {.name = "ALL", .code = 0x0f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc k8_um_dram_accesses_page[] = {
    {.name = "HIT", .code = 0x01},
    {.name = "MISS", .code = 0x02},
    {.name = "CONFLICT", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc k8_um_memory_controller_turnarounds[] = {
    {.name = "CHIP_SELECT", .code = 0x01},
    {.name = "READ_TO_WRITE", .code = 0x02},
    {.name = "WRITE_TO_READ", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc k8_um_memory_controller_bypass[] = {
    {.name = "HIGH_PRIORITY", .code = 0x01},
    {.name = "LOW_PRIORITY", .code = 0x02},
    {.name = "DRAM_INTERFACE", .code = 0x04},
    {.name = "DRAM_QUEUE", .code = 0x08},
    {.name = "ALL", .code = 0x0f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc k8_um_sized_blocks[] = {
    {.name = "32_BYTE_WRITES", .code = 0x04},
    {.name = "64_BYTE_WRITES", .code = 0x08},
    {.name = "32_BYTE_READS", .code = 0x10},
    {.name = "64_BYTE_READS", .code = 0x20},
    {.name = "ALL", .code = 0x3c, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc k8_um_thermal_status_and_ecc_errors[] = {
    {.name = "CLKS_CPU_ACTIVE", .code = 0x01},
    {.name = "CLKS_CPU_INACTIVE", .code = 0x02},
    {.name = "CLKS_DIE_TEMP_TOO_HIGH", .code = 0x04},
    {.name = "CLKS_TEMP_THRESHOLD_EXCEEDED", .code = 0x08},
    {.name = "DRAM_ECC_ERRORS", .code = 0x80},
    {.name = "ALL", .code = 0x8f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc k8_um_cpu_io_requests_to_memory_io[] = {
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

static const struct pmu_umask_desc k8_um_cache_block[] = {
    {.name = "VICTIM_WRITEBACK", .code = 0x01},
    {.name = "DCACHE_LOAD_MISS", .code = 0x04},
    {.name = "SHARED_ICACHE_REFILL", .code = 0x08},
    {.name = "READ_BLOCK_MODIFIED", .code = 0x10},
    {.name = "READ_TO_DIRTY", .code = 0x20},
    {.name = "ALL", .code = 0x3d, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc k8_um_sized_commands[] = {
    {.name = "NON_POSTED_WRITE_BYTE", .code = 0x01},
    {.name = "NON_POSTED_WRITE_DWORD", .code = 0x02},
    {.name = "POSTED_WRITE_BYTE", .code = 0x04},
    {.name = "POSTED_WRITE_DWORD", .code = 0x08},
    {.name = "READ_BYTE_4_BYTES", .code = 0x10},
    {.name = "READ_DWORD_1_16_DWORDS", .code = 0x20},
    {.name = "READ_MODIFY_WRITE", .code = 0x40},
    {.name = "ALL", .code = 0x7f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc k8_um_probe[] = {
    {.name = "MISS", .code = 0x01},
    {.name = "HIT_CLEAN", .code = 0x02},
    {.name = "HIT_DIRTY_NO_MEMORY_CANCEL", .code = 0x04},
    {.name = "HIT_DIRTY_WITH_MEMORY_CANCEL", .code = 0x08},
    {.name = "UPSTREAM_DISPLAY_REFRESH_READS", .code = 0x10},
    {.name = "UPSTREAM_NON_DISPLAY_REFRESH_READS", .code = 0x20},
    {.name = "UPSTREAM_WRITES", .code = 0x40},
    {.name = "ALL", .code = 0x7f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc k8_um_gart[] = {
    {.name = "APERTURE_HIT_FROM_CPU", .code = 0x01},
    {.name = "APERTURE_HIT_FROM_IO", .code = 0x02},
    {.name = "MISS", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc k8_um_hypertransport_link0[] = {
    {.name = "COMMAND_DWORD_SENT", .code = 0x01},
    {.name = "DATA_DWORD_SENT", .code = 0x02},
    {.name = "BUFFER_RELEASE_DWORD_SENT", .code = 0x04},
    {.name = "NOP_DWORD_SENT", .code = 0x08},
    {.name = "ALL", .code = 0x0f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_event_desc k8_events[] = {
    PMU_EVENT_UM("DISPATCHED_FPU", 0x00, 0, k8_um_dispatched_fpu),
    PMU_EVENT("CYCLES_NO_FPU_OPS_RETIRED", 0x01, 0),
    PMU_EVENT("DISPATCHED_FPU_OPS_FAST_FLAG", 0x02, 0),
    PMU_EVENT_UM("SEGMENT_REGISTER_LOADS", 0x20, 0, k8_um_segment_register_loads),
    PMU_EVENT("PIPELINE_RESTART_DUE_TO_SELF_MODIFYING_CODE", 0x21, 0),
    PMU_EVENT("PIPELINE_RESTART_DUE_TO_PROBE_HIT", 0x22, 0),
    PMU_EVENT("LS_BUFFER_2_FULL_CYCLES", 0x23, 0),
    PMU_EVENT_UM("LOCKED_OPS", 0x24, 0, k8_um_locked_ops),
    PMU_EVENT_UM("MEMORY_REQUESTS", 0x65, 0, k8_um_memory_requests),
    PMU_EVENT("DATA_CACHE_ACCESSES", 0x40, 0),
    PMU_EVENT("DATA_CACHE_MISSES", 0x41, 0),
    PMU_EVENT_UM("DATA_CACHE_REFILLS", 0x42, 0, k8_um_data_cache_refills),
    PMU_EVENT_UM("DATA_CACHE_REFILLS_FROM_SYSTEM", 0x43, 0, k8_um_data_cache_refills_from_system),
    PMU_EVENT_UM("DATA_CACHE_LINES_EVICTED", 0x44, 0, k8_um_data_cache_refills_from_system),
    PMU_EVENT("L1_DTLB_MISS_AND_L2_DTLB_HIT", 0x45, 0),
    PMU_EVENT("L1_DTLB_AND_L2_DTLB_MISS", 0x46, 0),
    PMU_EVENT("MISALIGNED_ACCESSES", 0x47, 0),
    PMU_EVENT("MICROARCHITECTURAL_LATE_CANCEL_OF_AN_ACCESS", 0x48, 0),
    PMU_EVENT("MICROARCHITECTURAL_EARLY_CANCEL_OF_AN_ACCESS", 0x49, 0),
    PMU_EVENT_UM("SCRUBBER_SINGLE_BIT_ECC_ERRORS", 0x4a, 0, k8_um_scrubber_single_bit_ecc_errors),
    PMU_EVENT_UM("PREFETCH_INSTRUCTIONS_DISPATCHED", 0x4b, 0,
                 k8_um_prefetch_instructions_dispatched),
    PMU_EVENT_UM("DCACHE_MISSES_BY_LOCKED_INSTRUCTIONS", 0x4c, 0,
                 k8_um_dcache_misses_by_locked_instructions),
    PMU_EVENT_UM("DATA_PREFETCHES", 0x67, 0, k8_um_data_prefetches),
    PMU_EVENT_UM("SYSTEM_READ_RESPONSES", 0x6c, 0, k8_um_system_read_responses),
    PMU_EVENT_UM("QUADWORDS_WRITTEN_TO_SYSTEM", 0x6d, 0, k8_um_quadwords_written_to_system),
    PMU_EVENT_UM("REQUESTS_TO_L2", 0x7d, 0, k8_um_requests_to_l2),
    PMU_EVENT_UM("L2_CACHE_MISS", 0x7e, 0, k8_um_l2_cache_miss),
    PMU_EVENT_UM("L2_FILL_WRITEBACK", 0x7f, 0, k8_um_l2_fill_writeback),
    PMU_EVENT("INSTRUCTION_CACHE_FETCHES", 0x80, 0),
    PMU_EVENT("INSTRUCTION_CACHE_MISSES", 0x81, 0),
    PMU_EVENT("INSTRUCTION_CACHE_REFILLS_FROM_L2", 0x82, 0),
    PMU_EVENT("INSTRUCTION_CACHE_REFILLS_FROM_SYSTEM", 0x83, 0),
    PMU_EVENT("L1_ITLB_MISS_AND_L2_ITLB_HIT", 0x84, 0),
    PMU_EVENT("L1_ITLB_MISS_AND_L2_ITLB_MISS", 0x85, 0),
    PMU_EVENT("PIPELINE_RESTART_DUE_TO_INSTRUCTION_STREAM_PROBE", 0x86, 0),
    PMU_EVENT("INSTRUCTION_FETCH_STALL", 0x87, 0),
    PMU_EVENT("RETURN_STACK_HITS", 0x88, 0),
    PMU_EVENT("RETURN_STACK_OVERFLOWS", 0x89, 0),
    PMU_EVENT("RETIRED_CLFLUSH_INSTRUCTIONS", 0x26, 0),
    PMU_EVENT("RETIRED_CPUID_INSTRUCTIONS", 0x27, 0),
    {.name = "CPU_CLK_UNHALTED", .code = 0x76, .flags = PMU_EVF_ADVANCES},
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
    PMU_EVENT_UM("RETIRED_MMX_AND_FP_INSTRUCTIONS", 0xcb, 0, k8_um_retired_mmx_and_fp_instructions),
    PMU_EVENT_UM("RETIRED_FASTPATH_DOUBLE_OP_INSTRUCTIONS", 0xcc, 0,
                 k8_um_retired_fastpath_double_op_instructions),
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
    PMU_EVENT_UM("FPU_EXCEPTIONS", 0xdb, 0, k8_um_fpu_exceptions),
    PMU_EVENT("DR0_BREAKPOINT_MATCHES", 0xdc, 0),
    PMU_EVENT("DR1_BREAKPOINT_MATCHES", 0xdd, 0),
    PMU_EVENT("DR2_BREAKPOINT_MATCHES", 0xde, 0),
    PMU_EVENT("DR3_BREAKPOINT_MATCHES", 0xdf, 0),
    PMU_EVENT_UM("DRAM_ACCESSES_PAGE", 0xe0, 0, k8_um_dram_accesses_page),
    PMU_EVENT("MEMORY_CONTROLLER_PAGE_TABLE_OVERFLOWS", 0xe1, 0),
    PMU_EVENT_UM("MEMORY_CONTROLLER_TURNAROUNDS", 0xe3, 0, k8_um_memory_controller_turnarounds),
    PMU_EVENT_UM("MEMORY_CONTROLLER_BYPASS", 0xe4, 0, k8_um_memory_controller_bypass),
    PMU_EVENT_UM("SIZED_BLOCKS", 0xe5, 0, k8_um_sized_blocks),
    PMU_EVENT_UM("THERMAL_STATUS_AND_ECC_ERRORS", 0xe8, 0, k8_um_thermal_status_and_ecc_errors),
    PMU_EVENT_UM("CPU_IO_REQUESTS_TO_MEMORY_IO", 0xe9, 0, k8_um_cpu_io_requests_to_memory_io),
    PMU_EVENT_UM("CACHE_BLOCK", 0xea, 0, k8_um_cache_block),
    PMU_EVENT_UM("SIZED_COMMANDS", 0xeb, 0, k8_um_sized_commands),
    PMU_EVENT_UM("PROBE", 0xec, 0, k8_um_probe),
    PMU_EVENT_UM("GART", 0xee, 0, k8_um_gart),
    PMU_EVENT_UM("HYPERTRANSPORT_LINK0", 0xf6, 0, k8_um_hypertransport_link0),
    PMU_EVENT_UM("HYPERTRANSPORT_LINK1", 0xf7, 0, k8_um_hypertransport_link0),
    PMU_EVENT_UM("HYPERTRANSPORT_LINK2", 0xf8, 0, k8_um_hypertransport_link0),
};

const struct pmu_event_table amd_k8_table = {
    .name = "k8",
    .events = k8_events,
    .n_events = PMU_ARRAY_SIZE(k8_events),
};
