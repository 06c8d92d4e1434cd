/* AMD family 15h events (Bulldozer/Interlagos): names, codes and unit masks (with their groups and
 * defaults) as libpfm4 4.13 lists them for its amd64_fam15h_interlagos PMU. Generated once from
 * libpfm4's tables; tests/host/test_pmu_libpfm.c compares every encoding with libpfm4. Every event
 * may use every counter. This file holds the events that only family 15h lists this way; those it
 * lists like its neighbour families do are in pmu/x86/events_amd.c. */
#include "pmu/x86/events_amd.h"

static const struct pmu_umask_desc fam15h_um_dispatched_fpu_ops[] = {
    {.name = "OPS_PIPE0", .code = 0x01},
    {.name = "OPS_PIPE1", .code = 0x02},
    {.name = "OPS_PIPE2", .code = 0x04},
    {.name = "OPS_PIPE3", .code = 0x08},
    {.name = "OPS_DUAL_PIPE0", .code = 0x10},
    {.name = "OPS_DUAL_PIPE1", .code = 0x20},
    {.name = "OPS_DUAL_PIPE2", .code = 0x40},
    {.name = "OPS_DUAL_PIPE3", .code = 0x80},
    {.name = "ALL", .code = 0xff, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam15h_um_retired_sse_ops[] = {
    {.name = "SINGLE_ADD_SUB_OPS", .code = 0x01},
    {.name = "SINGLE_MUL_OPS", .code = 0x02},
    {.name = "SINGLE_DIV_OPS", .code = 0x04},
    {.name = "SINGLE_MUL_ADD_OPS", .code = 0x08},
    {.name = "DOUBLE_ADD_SUB_OPS", .code = 0x10},
    {.name = "DOUBLE_MUL_OPS", .code = 0x20},
    {.name = "DOUBLE_DIV_OPS", .code = 0x40},
    {.name = "DOUBLE_MUL_ADD_OPS", .code = 0x80},
    {.name = "ALL", .code = 0xff, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam15h_um_move_scalar_optimization[] = {
    {.name = "SSE_MOVE_OPS", .code = 0x01},
    {.name = "SSE_MOVE_OPS_ELIM", .code = 0x02},
    {.name = "OPT_CAND", .code = 0x04},
    {.name = "SCALAR_OPS_OPTIMIZED", .code = 0x08},
    {.name = "ALL", .code = 0x0f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam15h_um_retired_serializing_ops[] = {
    {.name = "SSE_RETIRED", .code = 0x01},
    {.name = "SSE_MISPREDICTED", .code = 0x02},
    {.name = "X87_RETIRED", .code = 0x04},
    {.name = "X87_MISPREDICTED", .code = 0x08},
    {.name = "ALL", .code = 0x0f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam15h_um_load_q_store_q_full[] = {
    {.name = "LOAD_QUEUE", .code = 0x01},
    {.name = "STORE_QUEUE", .code = 0x02},
    {.name = "ALL", .code = 0x03, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam15h_um_locked_ops[] = {
    {.name = "EXECUTED", .code = 0x01},
    {.name = "CYCLES_NON_SPECULATIVE_PHASE", .code = 0x04},
    {.name = "CYCLES_WAITING", .code = 0x08},
    {.name = "ALL", .code = 0x0d, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam15h_um_cancelled_store_to_load[] = {
    {.name = "SIZE_ADDRESS_MISMATCHES", .code = 0x01},
    {.name = "ALL", .code = 0x01, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam15h_um_data_cache_misses[] = {
    {.name = "DC_MISS_STREAMING_STORE", .code = 0x01},
    {.name = "STREAMING_STORE", .code = 0x02},
    {.name = "ALL", .code = 0x03, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam15h_um_data_cache_refills_from_l2_or_northbridge[] = {
    {.name = "GOOD", .code = 0x01},
    {.name = "INVALID", .code = 0x02},
    {.name = "POISON", .code = 0x04},
    {.name = "READ_ERROR", .code = 0x08},
    {.name = "ALL", .code = 0x0f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam15h_um_unified_tlb_hit[] = {
    {.name = "4K_DATA", .code = 0x01},
    {.name = "2M_DATA", .code = 0x02},
    {.name = "1G_DATA", .code = 0x04},
    {.name = "4K_INST", .code = 0x10},
    {.name = "2M_INST", .code = 0x20},
    {.name = "1G_INST", .code = 0x40},
    {.name = "ALL", .code = 0x77, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam15h_um_unified_tlb_miss[] = {
    {.name = "4K_DATA", .code = 0x01},
    {.name = "2M_DATA", .code = 0x02},
    {.name = "1GB_DATA", .code = 0x04},
    {.name = "4K_INST", .code = 0x10},
    {.name = "2M_INST", .code = 0x20},
    {.name = "1G_INST", .code = 0x40},
    {.name = "ALL", .code = 0x77, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam15h_um_data_prefetcher[] = {
    {.name = "ATTEMPTED", .code = 0x02},
    {.name = "ALL", .code = 0x02, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam15h_um_mab_reqs[] = {
    {.name = "BUFFER_BIT_0", .code = 0x01},
    {.name = "BUFFER_BIT_1", .code = 0x02},
    {.name = "BUFFER_BIT_2", .code = 0x04},
    {.name = "BUFFER_BIT_3", .code = 0x08},
    {.name = "BUFFER_BIT_4", .code = 0x10},
    {.name = "BUFFER_BIT_5", .code = 0x20},
    {.name = "BUFFER_BIT_6", .code = 0x40},
    {.name = "BUFFER_BIT_7", .code = 0x80},
    {.name = "ALL", .code = 0xff, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam15h_um_system_read_responses[] = {
    {.name = "EXCLUSIVE", .code = 0x01},
    {.name = "MODIFIED", .code = 0x02},
    {.name = "SHARED", .code = 0x04},
    {.name = "OWNED", .code = 0x08},
    {.name = "DATA_ERROR", .code = 0x10},
    {.name = "MODIFIED_UNWRITTEN", .code = 0x20},
    {.name = "ALL", .code = 0x3f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam15h_um_octword_write_transfers[] = {
    {.name = "OCTWORD_WRITE_TRANSFER", .code = 0x01},
    {.name = "ALL", .code = 0x01, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam15h_um_requests_to_l2[] = {
    {.name = "INSTRUCTIONS", .code = 0x01},
    {.name = "DATA", .code = 0x02},
    {.name = "TLB_WALK", .code = 0x04},
    {.name = "SNOOP", .code = 0x08},
    {.name = "CANCELLED", .code = 0x10},
    {.name = "PREFETCHER", .code = 0x40},
    {.name = "ALL", .code = 0x5f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam15h_um_l2_cache_miss[] = {
    {.name = "INSTRUCTIONS", .code = 0x01},
    {.name = "DATA", .code = 0x02},
    {.name = "TLB_WALK", .code = 0x04},
    {.name = "PREFETCHER", .code = 0x10},
    {.name = "ALL", .code = 0x17, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam15h_um_l2_cache_fill_writeback[] = {
    {.name = "L2_FILLS", .code = 0x01},
    {.name = "L2_WRITEBACKS", .code = 0x02},
    {.name = "L2_WRITEBACKS_CLEAN", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam15h_um_page_splintering[] = {AMD_UM_PAGE_SIZE};

static const struct pmu_umask_desc fam15h_um_l1_itlb_miss_and_l2_itlb_miss[] = {
    {.name = "4K_PAGE_FETCHES", .code = 0x01},
    {.name = "2M_PAGE_FETCHES", .code = 0x02},
    {.name = "1G_PAGE_FETCHES", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam15h_um_instruction_cache_invalidated[] = {
    {.name = "NON_SMC_PROBE_MISS", .code = 0x01},
    {.name = "NON_SMC_PROBE_HIT", .code = 0x02},
    {.name = "SMC_PROBE_MISS", .code = 0x04},
    {.name = "SMC_PROBE_HIT", .code = 0x08},
    {.name = "ALL", .code = 0x0f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam15h_um_retired_mmx_fp_instructions[] = {
    {.name = "X87", .code = 0x01},
    {.name = "MMX", .code = 0x02},
    {.name = "SSE", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam15h_um_fpu_exceptions[] = {
    {.name = "TOTAL_FAULTS", .code = 0x01},
    {.name = "TOTAL_TRAPS", .code = 0x02},
    {.name = "INT2EXT_FAULTS", .code = 0x04},
    {.name = "EXT2INT_FAULTS", .code = 0x08},
    {.name = "BYPASS_FAULTS", .code = 0x10},
    {.name = "ALL", .code = 0x1f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam15h_um_ibs_ops_tagged[] = {
    {.name = "TAGGED", .code = 0x01},
    {.name = "RETIRED", .code = 0x02},
    {.name = "IGNORED", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam15h_um_ls_dispatch[] = {
    {.name = "LOADS", .code = 0x01},
    {.name = "STORES", .code = 0x02},
    {.name = "LOAD_OP_STORES", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc fam15h_um_l2_prefetcher_trigger_events[] = {
    {.name = "LOAD_L1_MISS_SEEN_BY_PREFETCHER", .code = 0x01},
    {.name = "STORE_L1_MISS_SEEN_BY_PREFETCHER", .code = 0x02},
    {.name = "ALL", .code = 0x03, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_event_desc fam15h_events[] = {
    PMU_EVENT_UM("DISPATCHED_FPU_OPS", 0x00, 0, fam15h_um_dispatched_fpu_ops),
    PMU_EVENT("CYCLES_FPU_EMPTY", 0x01, 0),
    PMU_EVENT_UM("RETIRED_SSE_OPS", 0x03, 0, fam15h_um_retired_sse_ops),
    PMU_EVENT_UM("MOVE_SCALAR_OPTIMIZATION", 0x04, 0, fam15h_um_move_scalar_optimization),
    PMU_EVENT_UM("RETIRED_SERIALIZING_OPS", 0x05, 0, fam15h_um_retired_serializing_ops),
    PMU_EVENT("BOTTOM_EXECUTE_OP", 0x06, 0),
    PMU_EVENT_UM("LOAD_Q_STORE_Q_FULL", 0x23, 0, fam15h_um_load_q_store_q_full),
    PMU_EVENT_UM("LOCKED_OPS", 0x24, 0, fam15h_um_locked_ops),
    PMU_EVENT_UM("CANCELLED_STORE_TO_LOAD", 0x2a, 0, fam15h_um_cancelled_store_to_load),
    PMU_EVENT_UM("DATA_CACHE_MISSES", 0x41, 0, fam15h_um_data_cache_misses),
    PMU_EVENT_UM("DATA_CACHE_REFILLS_FROM_L2_OR_NORTHBRIDGE", 0x42, 0,
                 fam15h_um_data_cache_refills_from_l2_or_northbridge),
    PMU_EVENT("DATA_CACHE_REFILLS_FROM_NORTHBRIDGE", 0x43, 0),
    PMU_EVENT_UM("UNIFIED_TLB_HIT", 0x45, 0, fam15h_um_unified_tlb_hit),
    PMU_EVENT_UM("UNIFIED_TLB_MISS", 0x46, 0, fam15h_um_unified_tlb_miss),
    PMU_EVENT_UM("DATA_PREFETCHER", 0x67, 0, fam15h_um_data_prefetcher),
    PMU_EVENT_UM("MAB_REQS", 0x68, 0, fam15h_um_mab_reqs),
    PMU_EVENT_UM("MAB_WAIT", 0x69, 0, fam15h_um_mab_reqs),
    PMU_EVENT_UM("SYSTEM_READ_RESPONSES", 0x6c, 0, fam15h_um_system_read_responses),
    PMU_EVENT_UM("OCTWORD_WRITE_TRANSFERS", 0x6d, 0, fam15h_um_octword_write_transfers),
    PMU_EVENT_UM("REQUESTS_TO_L2", 0x7d, 0, fam15h_um_requests_to_l2),
    PMU_EVENT_UM("L2_CACHE_MISS", 0x7e, 0, fam15h_um_l2_cache_miss),
    PMU_EVENT_UM("L2_CACHE_FILL_WRITEBACK", 0x7f, 0, fam15h_um_l2_cache_fill_writeback),
    PMU_EVENT_UM("PAGE_SPLINTERING", 0x165, 0, fam15h_um_page_splintering),
    PMU_EVENT_UM("L1_ITLB_MISS_AND_L2_ITLB_MISS", 0x85, 0, fam15h_um_l1_itlb_miss_and_l2_itlb_miss),
    PMU_EVENT_UM("INSTRUCTION_CACHE_INVALIDATED", 0x8c, 0, fam15h_um_instruction_cache_invalidated),
    PMU_EVENT_UM("RETIRED_MMX_FP_INSTRUCTIONS", 0xcb, 0, fam15h_um_retired_mmx_fp_instructions),
    PMU_EVENT("DISPATCH_STALL_FOR_RETIRE_QUEUE_FULL", 0xd5, 0),
    PMU_EVENT("DISPATCH_STALL_FOR_INT_SCHED_QUEUE_FULL", 0xd6, 0),
    PMU_EVENT("DISPATCH_STALL_FOR_LDQ_FULL", 0xd8, 0),
    PMU_EVENT("MICROSEQ_STALL_WAITING_FOR_ALL_QUIET", 0xd9, 0),
    PMU_EVENT_UM("FPU_EXCEPTIONS", 0xdb, 0, fam15h_um_fpu_exceptions),
    PMU_EVENT("DR0_BREAKPOINTS", 0xdc, 0),
    PMU_EVENT("DR1_BREAKPOINTS", 0xdd, 0),
    PMU_EVENT("DR2_BREAKPOINTS", 0xde, 0),
    PMU_EVENT("DR3_BREAKPOINTS", 0xdf, 0),
    PMU_EVENT_UM("IBS_OPS_TAGGED", 0x1cf, 0, fam15h_um_ibs_ops_tagged),
    PMU_EVENT_UM("LS_DISPATCH", 0x29, 0, fam15h_um_ls_dispatch),
    PMU_EVENT("EXECUTED_CLFLUSH_INSTRUCTIONS", 0x30, 0),
    PMU_EVENT_UM("L2_PREFETCHER_TRIGGER_EVENTS", 0x16c, 0, fam15h_um_l2_prefetcher_trigger_events),
    PMU_EVENT("DISPATCH_STALL_FOR_STQ_FULL", 0x1d8, 0),
};

const struct pmu_event_table amd_fam15h_table = PMU_TABLE("fam15h", fam15h_events);
