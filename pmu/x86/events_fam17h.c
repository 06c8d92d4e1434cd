/* AMD family 17h events (Zen; also used for later families): names, codes and unit masks (with
 * their groups and defaults) as libpfm4 4.13 lists them for its amd64_fam17h_zen1 PMU. Generated
 * once from libpfm4's tables; tests/host/test_pmu_libpfm.c compares every encoding with libpfm4.
 * Every event may use every counter. This file holds the events that only family 17h lists this
 * way; those it lists like its neighbour families do are in pmu/x86/events_amd.c. */
#include "pmu/x86/events_amd.h"

static const struct pmu_umask_desc fam17h_um_l1_itlb_miss_l2_itlb_miss[] = {
    {.name = "IF1G", .code = 0x04},
    {.name = "IF2M", .code = 0x02},
    {.name = "IF4K", .code = 0x01},
};

static const struct pmu_umask_desc fam17h_um_retired_mmx_fp_instructions[] = {
    {.name = "SSE_INSTR", .code = 0x04},
    {.name = "MMX_INSTR", .code = 0x02},
    {.name = "X87_INSTR", .code = 0x01},
};

static const struct pmu_umask_desc fam17h_um_tagged_ibs_ops[] = {
    {.name = "IBS_COUNT_ROLLOVER", .code = 0x04},
    {.name = "IBS_TAGGED_OPS_RET", .code = 0x02},
    {.name = "IBS_TAGGED_OPS", .code = 0x01},
};

static const struct pmu_umask_desc
    fam17h_um_number_of_move_elimination_and_scalar_op_optimization[] = {
        {.name = "OPTIMIZED", .code = 0x08},
        {.name = "OPT_POTENTIAL", .code = 0x04},
        {.name = "SSE_MOV_OPS_ELIM", .code = 0x02},
        {.name = "SSE_MOV_OPS", .code = 0x01},
};

static const struct pmu_umask_desc fam17h_um_retired_sse_avx_operations[] = {
    {.name = "DP_MULT_ADD_FLOPS", .code = 0x80}, {.name = "DP_DIV_FLOPS", .code = 0x40},
    {.name = "DP_MULT_FLOPS", .code = 0x20},     {.name = "DP_ADD_SUB_FLOPS", .code = 0x10},
    {.name = "SP_MULT_ADD_FLOPS", .code = 0x08}, {.name = "SP_DIV_FLOPS", .code = 0x04},
    {.name = "SP_MULT_FLOPS", .code = 0x02},     {.name = "SP_ADD_SUB_FLOPS", .code = 0x01},
};

static const struct pmu_umask_desc fam17h_um_retired_serializing_ops[] = {
    {.name = "X87_CTRL_RET", .code = 0x08},
    {.name = "X87_BOT_RET", .code = 0x04},
    {.name = "SSE_CTRL_RET", .code = 0x02},
    {.name = "SSE_BOT_RET", .code = 0x01},
};

static const struct pmu_umask_desc fam17h_um_retired_x87_floating_point_operations[] = {
    {.name = "DIV_SQR_R_OPS", .code = 0x04},
    {.name = "MUL_OPS", .code = 0x02},
    {.name = "ADD_SUB_OPS", .code = 0x01},
};

static const struct pmu_umask_desc fam17h_um_fpu_pipe_assignment[] = {
    {.name = "DUAL3", .code = 0x80},  {.name = "DUAL2", .code = 0x40},
    {.name = "DUAL1", .code = 0x20},  {.name = "DUAL0", .code = 0x10},
    {.name = "TOTAL3", .code = 0x08}, {.name = "TOTAL2", .code = 0x04},
    {.name = "TOTAL1", .code = 0x02}, {.name = "TOTAL0", .code = 0x01},
};

static const struct pmu_umask_desc fam17h_um_instruction_cache_lines_invalidated[] = {
    {.name = "L2_INVALIDATING_PROBE", .code = 0x02},
    {.name = "FILL_INVALIDATED", .code = 0x01},
};

static const struct pmu_umask_desc fam17h_um_instruction_pipe_stall[] = {
    {.name = "IC_STALL_ANY", .code = 0x04},
    {.name = "IC_STALL_DQ_EMPTY", .code = 0x02},
    {.name = "IC_STALL_BACK_PRESSURE", .code = 0x01},
};

static const struct pmu_umask_desc fam17h_um_core_to_l2_cacheable_request_access_status[] = {
    {.name = "LS_RD_BLK_C_S", .code = 0x80},     {.name = "LS_RD_BLK_L_HIT_X", .code = 0x40},
    {.name = "LS_RD_BLK_L_HIT_S", .code = 0x20}, {.name = "LS_RD_BLK_X", .code = 0x10},
    {.name = "LS_RD_BLK_C", .code = 0x08},       {.name = "IC_FILL_HIT_X", .code = 0x04},
    {.name = "IC_FILL_HIT_S", .code = 0x02},     {.name = "IC_FILL_MISS", .code = 0x01},
};

static const struct pmu_umask_desc fam17h_um_cycles_with_fill_pending_from_l2[] = {
    {.name = "L2_FILL_BUSY", .code = 0x01, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam17h_um_l2_latency[] = {
    {.name = "L2_CYCLES_WAITING_ON_FILLS", .code = 0x01, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_umask_desc fam17h_um_requests_to_l2_group1[] = {
    {.name = "RD_BLK_L", .code = 0x80},      {.name = "RD_BLK_X", .code = 0x40},
    {.name = "LS_RD_BLK_C_S", .code = 0x20}, {.name = "CACHEABLE_IC_READ", .code = 0x10},
    {.name = "CHANGE_TO_X", .code = 0x08},   {.name = "PREFETCH_L2", .code = 0x04},
    {.name = "L2_HW_PF", .code = 0x02},      {.name = "OTHER_REQUESTS", .code = 0x01},
};

static const struct pmu_umask_desc fam17h_um_requests_to_l2_group2[] = {
    {.name = "GROUP1", .code = 0x80},
    {.name = "LS_RD_SIZED", .code = 0x40},
    {.name = "LS_RD_SIZED_N_C", .code = 0x20},
    {.name = "IC_RD_SIZED", .code = 0x10},
    {.name = "IC_RD_SIZED_N_C", .code = 0x08},
    {.name = "SMC_INVAL", .code = 0x04},
    {.name = "BUS_LOCKS_ORIGINATOR", .code = 0x02},
    {.name = "BUS_LOCKS_RESPONSES", .code = 0x01},
};

static const struct pmu_umask_desc fam17h_um_ls_to_l2_wbc_requests[] = {
    {.name = "WCB_WRITE", .code = 0x40},        {.name = "WCB_CLOSE", .code = 0x20},
    {.name = "CACHE_LINE_FLUSH", .code = 0x10}, {.name = "I_LINE_FLUSH", .code = 0x08},
    {.name = "ZERO_BYTE_STORE", .code = 0x04},  {.name = "LOCAL_IC_CLR", .code = 0x02},
    {.name = "C_L_ZERO", .code = 0x01},
};

static const struct pmu_umask_desc fam17h_um_ls_dispatch[] = {
    {.name = "LD_ST_DISPATCH", .code = 0x04},
    {.name = "STORE_DISPATCH", .code = 0x02},
    {.name = "LD_DISPATCH", .code = 0x01},
};

static const struct pmu_umask_desc fam17h_um_ineffective_software_prefetch[] = {
    {.name = "MAB_MCH_CNT", .code = 0x02},
    {.name = "DATA_PIPE_SW_PF_DC_HIT", .code = 0x01},
};

static const struct pmu_umask_desc fam17h_um_software_prefetch_data_cache_fills[] = {
    {.name = "MABRESP_LCL_L2", .code = 0x01},
    {.name = "LS_MABRESP_LCL_CACHE", .code = 0x02},
    {.name = "LS_MABRESP_LCL_DRAM", .code = 0x08},
    {.name = "LS_MABRESP_LCL_RMT_CACHE", .code = 0x10},
    {.name = "LS_MABRESP_LCL_RMT_DRAM", .code = 0x40},
};

static const struct pmu_umask_desc fam17h_um_l1_dtlb_miss[] = {
    {.name = "TLB_RELOAD_1G_L2_MISS", .code = 0x80},
    {.name = "TLB_RELOAD_2M_L2_MISS", .code = 0x40},
    {.name = "TLB_RELOAD_COALESCED_PAGE_MISS", .code = 0x20},
    {.name = "TLB_RELOAD_4K_L2_MISS", .code = 0x10},
    {.name = "TLB_RELOAD_1G_L2_HIT", .code = 0x08},
    {.name = "TLB_RELOAD_2M_L2_HIT", .code = 0x04},
    {.name = "TLB_RELOAD_COALESCED_PAGE_HIT", .code = 0x02},
    {.name = "TLB_RELOAD_4K_L2_HIT", .code = 0x01},
};

static const struct pmu_umask_desc fam17h_um_locks[] = {
    {.name = "SPEC_LOCK_MAP_COMMIT", .code = 0x08},
    {.name = "SPEC_LOCK", .code = 0x04},
    {.name = "NON_SPEC_LOCK", .code = 0x02},
    {.name = "BUS_LOCK", .code = 0x01},
};

static const struct pmu_umask_desc fam17h_um_mab_allocation_by_pipe[] = {
    {.name = "TLB_PIPE_EARLY", .code = 0x10}, {.name = "HW_PF", .code = 0x08},
    {.name = "TLB_PIPE_LATE", .code = 0x04},  {.name = "ST_PIPE", .code = 0x02},
    {.name = "DATA_PIPE", .code = 0x01},
};

static const struct pmu_umask_desc fam17h_um_prefetch_instructions_dispatched[] = {
    {.name = "PREFETCH_NTA", .code = 0x04},
    {.name = "STORE_PREFETCH_W", .code = 0x02},
    {.name = "LOAD_PREFETCH_W", .code = 0x01},
};

static const struct pmu_umask_desc fam17h_um_tablewalker_allocation[] = {
    {.name = "ALLOC_ISIDE1", .code = 0x08},
    {.name = "ALLOC_ISIDE0", .code = 0x04},
    {.name = "ALLOC_DSIDE1", .code = 0x02},
    {.name = "ALLOC_DSIDE0", .code = 0x01},
};

static const struct pmu_umask_desc fam17h_um_oc_mode_switch[] = {
    {.name = "OC_IC_MODE_SWITCH", .code = 0x02},
    {.name = "IC_OC_MODE_SWITCH", .code = 0x01},
};

static const struct pmu_umask_desc fam17h_um_dynamic_tokens_dispatch_stalls_cycles_0[] = {
    {.name = "RETIRE_TOKEN_STALL", .code = 0x40}, {.name = "AGSQ_TOKEN_STALL", .code = 0x20},
    {.name = "ALU_TOKEN_STALL", .code = 0x10},    {.name = "ALSQ3_0_TOKEN_STALL", .code = 0x08},
    {.name = "ALSQ3_TOKEN_STALL", .code = 0x04},  {.name = "ALSQ2_TOKEN_STALL", .code = 0x02},
    {.name = "ALSQ1_TOKEN_STALL", .code = 0x01},
};

static const struct pmu_umask_desc fam17h_um_uops_dispatched_from_decoder[] = {
    {.name = "DECODER_DISPATCHED", .code = 0x01},
    {.name = "OPCACHE_DISPATCHED", .code = 0x02},
};

static const struct pmu_umask_desc fam17h_um_dispatch_resource_stall_cycles_1[] = {
    {.name = "INT_PHY_REG_FILE_RSRC_STALL", .code = 0x01},
    {.name = "LOAD_QUEUE_RSRC_STALL", .code = 0x02},
    {.name = "STORE_QUEUE_RSRC_STALL", .code = 0x04},
    {.name = "INT_SCHEDULER_MISC_RSRC_STALL", .code = 0x08},
    {.name = "TAKEN_BRANCH_BUFFER_RSRC_STALL", .code = 0x10},
    {.name = "FP_REG_FILE_RSRC_STALL", .code = 0x20},
    {.name = "FP_SCHEDULER_FILE_RSRC_STALL", .code = 0x40},
    {.name = "FP_MISC_FILE_RSRC_STALL", .code = 0x80},
};

static const struct pmu_umask_desc fam17h_um_l2_prefetch_hit_l2[] = {
    {.name = "ANY", .code = 0x3f, .flags = PMU_UMF_DEFAULT},
};

static const struct pmu_event_desc fam17h_events[] = {
    PMU_EVENT("L1_ITLB_MISS_L2_ITLB_HIT", 0x84, 0),
    PMU_EVENT_UM("L1_ITLB_MISS_L2_ITLB_MISS", 0x85, 0, fam17h_um_l1_itlb_miss_l2_itlb_miss),
    PMU_EVENT("DIV_CYCLES_BUSY_COUNT", 0xd3, 0),
    PMU_EVENT("DIV_OP_COUNT", 0xd4, 0),
    PMU_EVENT("RETIRED_INDIRECT_BRANCH_INSTRUCTIONS_MISPREDICTED", 0xca, 0),
    PMU_EVENT("RETIRED_BRANCH_INSTRUCTIONS_MISPREDICTED", 0xc3, 0),
    PMU_EVENT("RETIRED_CONDITIONAL_BRANCH_INSTRUCTIONS", 0xd1, 0),
    PMU_EVENT("RETIRED_CONDITIONAL_BRANCH_INSTRUCTIONS_MISPREDICTED", 0xd2, 0),
    PMU_EVENT("RETIRED_FUSED_BRANCH_INSTRUCTIONS", 0x1d0, 0),
    PMU_EVENT_UM("RETIRED_MMX_FP_INSTRUCTIONS", 0xcb, 0, fam17h_um_retired_mmx_fp_instructions),
    PMU_EVENT_UM("TAGGED_IBS_OPS", 0x1cf, 0, fam17h_um_tagged_ibs_ops),
    PMU_EVENT_UM("NUMBER_OF_MOVE_ELIMINATION_AND_SCALAR_OP_OPTIMIZATION", 0x04, 0,
                 fam17h_um_number_of_move_elimination_and_scalar_op_optimization),
    PMU_EVENT_UM("RETIRED_SSE_AVX_OPERATIONS", 0x03, 0, fam17h_um_retired_sse_avx_operations),
    PMU_EVENT_UM("RETIRED_SERIALIZING_OPS", 0x05, 0, fam17h_um_retired_serializing_ops),
    PMU_EVENT_UM("RETIRED_X87_FLOATING_POINT_OPERATIONS", 0x02, 0,
                 fam17h_um_retired_x87_floating_point_operations),
    PMU_EVENT("FP_SCHEDULER_EMPTY", 0x01, 0),
    PMU_EVENT_UM("FPU_PIPE_ASSIGNMENT", 0x00, 0, fam17h_um_fpu_pipe_assignment),
    PMU_EVENT_UM("INSTRUCTION_CACHE_LINES_INVALIDATED", 0x8c, 0,
                 fam17h_um_instruction_cache_lines_invalidated),
    PMU_EVENT_UM("INSTRUCTION_PIPE_STALL", 0x87, 0, fam17h_um_instruction_pipe_stall),
    PMU_EVENT("32_BYTE_INSTRUCTION_CACHE_FETCH", 0x80, 0),
    PMU_EVENT("32_BYTE_INSTRUCTION_CACHE_MISSES", 0x81, 0),
    PMU_EVENT_UM("CORE_TO_L2_CACHEABLE_REQUEST_ACCESS_STATUS", 0x64, 0,
                 fam17h_um_core_to_l2_cacheable_request_access_status),
    PMU_EVENT_UM("CYCLES_WITH_FILL_PENDING_FROM_L2", 0x6d, 0,
                 fam17h_um_cycles_with_fill_pending_from_l2),
    PMU_EVENT_UM("L2_LATENCY", 0x62, 0, fam17h_um_l2_latency),
    PMU_EVENT_UM("REQUESTS_TO_L2_GROUP1", 0x60, 0, fam17h_um_requests_to_l2_group1),
    PMU_EVENT_UM("REQUESTS_TO_L2_GROUP2", 0x61, 0, fam17h_um_requests_to_l2_group2),
    PMU_EVENT_UM("LS_TO_L2_WBC_REQUESTS", 0x63, 0, fam17h_um_ls_to_l2_wbc_requests),
    PMU_EVENT_UM("LS_DISPATCH", 0x29, 0, fam17h_um_ls_dispatch),
    PMU_EVENT_UM("INEFFECTIVE_SOFTWARE_PREFETCH", 0x52, 0, fam17h_um_ineffective_software_prefetch),
    PMU_EVENT_UM("SOFTWARE_PREFETCH_DATA_CACHE_FILLS", 0x59, 0,
                 fam17h_um_software_prefetch_data_cache_fills),
    PMU_EVENT_UM("HARDWARE_PREFETCH_DATA_CACHE_FILLS", 0x5a, 0,
                 fam17h_um_software_prefetch_data_cache_fills),
    PMU_EVENT_UM("L1_DTLB_MISS", 0x45, 0, fam17h_um_l1_dtlb_miss),
    PMU_EVENT_UM("LOCKS", 0x25, 0, fam17h_um_locks),
    PMU_EVENT_UM("MAB_ALLOCATION_BY_PIPE", 0x41, 0, fam17h_um_mab_allocation_by_pipe),
    PMU_EVENT("MISALIGNED_LOADS", 0x47, 0),
    {.name = "CYCLES_NOT_IN_HALT", .code = 0x76, .flags = PMU_EVF_ADVANCES},
    PMU_EVENT_UM("PREFETCH_INSTRUCTIONS_DISPATCHED", 0x4b, 0,
                 fam17h_um_prefetch_instructions_dispatched),
    PMU_EVENT("STORE_TO_LOAD_FORWARD", 0x35, 0),
    PMU_EVENT_UM("TABLEWALKER_ALLOCATION", 0x46, 0, fam17h_um_tablewalker_allocation),
    PMU_EVENT("L1_BTB_CORRECTION", 0x8a, 0),
    PMU_EVENT("L2_BTB_CORRECTION", 0x8b, 0),
    PMU_EVENT_UM("OC_MODE_SWITCH", 0x28a, 0, fam17h_um_oc_mode_switch),
    PMU_EVENT_UM("DYNAMIC_TOKENS_DISPATCH_STALLS_CYCLES_0", 0xaf, 0,
                 fam17h_um_dynamic_tokens_dispatch_stalls_cycles_0),
    PMU_EVENT_UM("UOPS_DISPATCHED_FROM_DECODER", 0xaa, 0, fam17h_um_uops_dispatched_from_decoder),
    PMU_EVENT_UM("DISPATCH_RESOURCE_STALL_CYCLES_1", 0xae, 0,
                 fam17h_um_dispatch_resource_stall_cycles_1),
    PMU_EVENT_UM("L2_PREFETCH_HIT_L2", 0x70, 0, fam17h_um_l2_prefetch_hit_l2),
    PMU_EVENT_UM("L2_PREFETCH_HIT_L3", 0x71, 0, fam17h_um_l2_prefetch_hit_l2),
    PMU_EVENT_UM("L2_PREFETCH_MISS_L3", 0x72, 0, fam17h_um_l2_prefetch_hit_l2),
    PMU_EVENT("DYNAMIC_INDIRECT_PREDICTIONS", 0x8e, 0),
    PMU_EVENT("DECODER_OVERRIDES_PREDICTION", 0x91, 0),
};

const struct pmu_event_table amd_fam17h_table = PMU_TABLE("fam17h", fam17h_events);
