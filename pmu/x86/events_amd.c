/* The AMD events that consecutive families list alike (same name, code, unit masks and defaults,
 * as libpfm4 4.13 lists them), each defined once, in one table per run of families (the first
 * and the last family name it); and the index that makes a family's event list of those tables
 * and the family's own (pmu/x86/events_k7.c ...). */
#include "pmu/x86/events_amd.h"

static const struct pmu_umask_desc amd_um_data_cache_refills_from_system[] = {
    {.name = "INVALID", .code = 0x01},
    {.name = "SHARED", .code = 0x02},
    {.name = "EXCLUSIVE", .code = 0x04},
    {.name = "OWNED", .code = 0x08},
    {.name = "MODIFIED", .code = 0x10},
    {.name = "ALL", .code = 0x1f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc amd_um_segment_register_loads[] = {
    {.name = "ES", .code = 0x01},
    {.name = "CS", .code = 0x02},
    {.name = "SS", .code = 0x04},
    {.name = "DS", .code = 0x08},
    {.name = "FS", .code = 0x10},
    {.name = "GS", .code = 0x20},
    {.name = "HS", .code = 0x40},
    {.name = "ALL", .code = 0x7f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc amd_um_memory_requests[] = {
    {.name = "NON_CACHEABLE", .code = 0x01},
    {.name = "WRITE_COMBINING", .code = 0x02},
    {.name = "STREAMING_STORE", .code = 0x80},
    {.name = "ALL", .code = 0x83, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc amd_um_prefetch_instructions_dispatched[] = {
    {.name = "LOAD", .code = 0x01},
    {.name = "STORE", .code = 0x02},
    {.name = "NTA", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc amd_um_dispatched_fpu[] = {
    {.name = "OPS_ADD", .code = 0x01},
    {.name = "OPS_MULTIPLY", .code = 0x02},
    {.name = "OPS_STORE", .code = 0x04},
    {.name = "OPS_ADD_PIPE_LOAD_OPS", .code = 0x08},
    {.name = "OPS_MULTIPLY_PIPE_LOAD_OPS", .code = 0x10},
    {.name = "OPS_STORE_PIPE_LOAD_OPS", .code = 0x20},
    {.name = "ALL", .code = 0x3f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc amd_um_data_cache_refills[] = {
    {.name = "SYSTEM", .code = 0x01},
    {.name = "L2_SHARED", .code = 0x02},
    {.name = "L2_EXCLUSIVE", .code = 0x04},
    {.name = "L2_OWNED", .code = 0x08},
    {.name = "L2_MODIFIED", .code = 0x10},
    {.name = "ALL", .code = 0x1f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc amd_um_dcache_misses_by_locked_instructions[] = {
    {.name = "DATA_CACHE_MISSES_BY_LOCKED_INSTRUCTIONS", .code = 0x02},
    {.name = "ALL", .code = 0x02, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc amd_um_data_prefetches[] = {
    {.name = "CANCELLED", .code = 0x01},
    {.name = "ATTEMPTED", .code = 0x02},
    {.name = "ALL", .code = 0x03, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc amd_um_quadwords_written_to_system[] = {
    {.name = "QUADWORD_WRITE_TRANSFER", .code = 0x01},
    {.name = "ALL", .code = 0x01, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

/* K8 counts L2 writebacks from revision F (libpfm4's amd64_k8_l2_fill_writeback:
 * AMD64_FL_K8_REV_F, and ALL = 0x1 AMD64_FL_TILL_K8_REV_E before). */
static const struct pmu_umask_desc amd_um_l2_fill_writeback[] = {
    {.name = "L2_FILLS", .code = 0x01},
    {.name = "ALL",
     .code = 0x01,
     .flags = PMU_UMF_DEFAULT | PMU_REV_TILL(AMD_REV_K8_E) | PMU_UMF_EXCLUSIVE},
    {.name = "L2_WRITEBACKS", .code = 0x02, .flags = PMU_REV_FROM(AMD_REV_K8_F)},
    {.name = "ALL",
     .code = 0x03,
     .flags = PMU_UMF_DEFAULT | PMU_REV_FROM(AMD_REV_K8_F) | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc amd_um_retired_fastpath_double_op_instructions[] = {
    {.name = "POSITION_0", .code = 0x01},
    {.name = "POSITION_1", .code = 0x02},
    {.name = "POSITION_2", .code = 0x04},
    {.name = "ALL", .code = 0x07, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc amd_um_fpu_exceptions[] = {
    {.name = "X87_RECLASS_MICROFAULTS", .code = 0x01},
    {.name = "SSE_RETYPE_MICROFAULTS", .code = 0x02},
    {.name = "SSE_RECLASS_MICROFAULTS", .code = 0x04},
    {.name = "SSE_AND_X87_MICROTRAPS", .code = 0x08},
    {.name = "ALL", .code = 0x0f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc amd_um_memory_controller_bypass[] = {
    {.name = "HIGH_PRIORITY", .code = 0x01},
    {.name = "LOW_PRIORITY", .code = 0x02},
    {.name = "DRAM_INTERFACE", .code = 0x04},
    {.name = "DRAM_QUEUE", .code = 0x08},
    {.name = "ALL", .code = 0x0f, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc amd_um_cpu_io_requests_to_memory_io[] = {
    {.name = "I_O_TO_I_O", .code = 0x01},
    {.name = "I_O_TO_MEM", .code = 0x02},
    {.name = "CPU_TO_I_O", .code = 0x04},
    {.name = "CPU_TO_MEM", .code = 0x08},
    {.name = "TO_REMOTE_NODE", .code = 0x10},
    {.name = "TO_LOCAL_NODE", .code = 0x20},
    {.name = "FROM_REMOTE_NODE", .code = 0x40},
    {.name = "FROM_LOCAL_NODE", .code = 0x80},
    {.name = "ALL", .code = 0xff, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc amd_um_cache_block[] = {
    {.name = "VICTIM_WRITEBACK", .code = 0x01},
    {.name = "DCACHE_LOAD_MISS", .code = 0x04},
    {.name = "SHARED_ICACHE_REFILL", .code = 0x08},
    {.name = "READ_BLOCK_MODIFIED", .code = 0x10},
    {.name = "READ_TO_DIRTY", .code = 0x20},
    {.name = "ALL", .code = 0x3d, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc amd_um_ineffective_sw_prefetches[] = {
    {.name = "SW_PREFETCH_HIT_IN_L1", .code = 0x01},
    {.name = "SW_PREFETCH_HIT_IN_L2", .code = 0x08},
    {.name = "ALL", .code = 0x09, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
};

/* Listed alike from K7 to family 15h. */
static const struct pmu_event_desc amd_k7_to_fam15h_events[] = {
    PMU_EVENT("DATA_CACHE_ACCESSES", 0x40, 0),
    {.name = "RETIRED_INSTRUCTIONS", .code = 0xc0, .flags = PMU_EVF_ADVANCES},
    PMU_EVENT("RETIRED_UOPS", 0xc1, 0),
    PMU_EVENT("RETIRED_BRANCH_INSTRUCTIONS", 0xc2, 0),
    PMU_EVENT("RETIRED_TAKEN_BRANCH_INSTRUCTIONS", 0xc4, 0),
    PMU_EVENT("RETIRED_TAKEN_BRANCH_INSTRUCTIONS_MISPREDICTED", 0xc5, 0),
    PMU_EVENT("RETIRED_FAR_CONTROL_TRANSFERS", 0xc6, 0),
    PMU_EVENT("RETIRED_BRANCH_RESYNCS", 0xc7, 0),
    PMU_EVENT("MISALIGNED_ACCESSES", 0x47, 0),
    {.name = "CPU_CLK_UNHALTED", .code = 0x76, .flags = PMU_EVF_ADVANCES},
    PMU_EVENT("INSTRUCTION_CACHE_FETCHES", 0x80, 0),
    PMU_EVENT("INSTRUCTION_CACHE_MISSES", 0x81, 0),
    PMU_EVENT("L1_ITLB_MISS_AND_L2_ITLB_HIT", 0x84, 0),
    PMU_EVENT("RETIRED_MISPREDICTED_BRANCH_INSTRUCTIONS", 0xc3, 0),
    PMU_EVENT("INTERRUPTS_MASKED_CYCLES", 0xcd, 0),
    PMU_EVENT("INTERRUPTS_MASKED_CYCLES_WITH_INTERRUPT_PENDING", 0xce, 0),
    PMU_EVENT("INTERRUPTS_TAKEN", 0xcf, 0),
};

static const struct pmu_event_table amd_k7_to_fam15h =
    PMU_TABLE("k7-fam15h", amd_k7_to_fam15h_events);

/* Listed alike from K7 to family 10h. */
static const struct pmu_event_desc amd_k7_to_fam10h_events[] = {
    PMU_EVENT("DATA_CACHE_MISSES", 0x41, 0),
    PMU_EVENT_UM("DATA_CACHE_REFILLS_FROM_SYSTEM", 0x43, 0, amd_um_data_cache_refills_from_system),
};

static const struct pmu_event_table amd_k7_to_fam10h =
    PMU_TABLE("k7-fam10h", amd_k7_to_fam10h_events);

/* Listed alike from K7 to K8. */
static const struct pmu_event_desc amd_k7_to_k8_events[] = {
    PMU_EVENT_UM("DATA_CACHE_LINES_EVICTED", 0x44, 0, amd_um_data_cache_refills_from_system),
    PMU_EVENT("L1_DTLB_MISS_AND_L2_DTLB_HIT", 0x45, 0),
    PMU_EVENT("L1_DTLB_AND_L2_DTLB_MISS", 0x46, 0),
    PMU_EVENT("L1_ITLB_MISS_AND_L2_ITLB_MISS", 0x85, 0),
};

static const struct pmu_event_table amd_k7_to_k8 = PMU_TABLE("k7-k8", amd_k7_to_k8_events);

/* Listed alike from K8 to family 15h. */
static const struct pmu_event_desc amd_k8_to_fam15h_events[] = {
    PMU_EVENT("INSTRUCTION_CACHE_REFILLS_FROM_L2", 0x82, 0),
    PMU_EVENT("INSTRUCTION_CACHE_REFILLS_FROM_SYSTEM", 0x83, 0),
    PMU_EVENT("PIPELINE_RESTART_DUE_TO_INSTRUCTION_STREAM_PROBE", 0x86, 0),
    PMU_EVENT("RETIRED_NEAR_RETURNS", 0xc8, 0),
    PMU_EVENT("RETIRED_NEAR_RETURNS_MISPREDICTED", 0xc9, 0),
    PMU_EVENT_UM("SEGMENT_REGISTER_LOADS", 0x20, 0, amd_um_segment_register_loads),
    PMU_EVENT("PIPELINE_RESTART_DUE_TO_SELF_MODIFYING_CODE", 0x21, 0),
    PMU_EVENT("PIPELINE_RESTART_DUE_TO_PROBE_HIT", 0x22, 0),
    PMU_EVENT_UM("MEMORY_REQUESTS", 0x65, 0, amd_um_memory_requests),
    PMU_EVENT_UM("PREFETCH_INSTRUCTIONS_DISPATCHED", 0x4b, 0,
                 amd_um_prefetch_instructions_dispatched),
    PMU_EVENT("INSTRUCTION_FETCH_STALL", 0x87, 0),
    PMU_EVENT("RETURN_STACK_HITS", 0x88, 0),
    PMU_EVENT("RETURN_STACK_OVERFLOWS", 0x89, 0),
    PMU_EVENT("RETIRED_CLFLUSH_INSTRUCTIONS", 0x26, 0),
    PMU_EVENT("RETIRED_CPUID_INSTRUCTIONS", 0x27, 0),
    PMU_EVENT("RETIRED_INDIRECT_BRANCHES_MISPREDICTED", 0xca, 0),
    PMU_EVENT("DECODER_EMPTY", 0xd0, 0),
    PMU_EVENT("DISPATCH_STALLS", 0xd1, 0),
    PMU_EVENT("DISPATCH_STALL_FOR_SERIALIZATION", 0xd3, 0),
    PMU_EVENT("DISPATCH_STALL_FOR_FPU_FULL", 0xd7, 0),
};

static const struct pmu_event_table amd_k8_to_fam15h =
    PMU_TABLE("k8-fam15h", amd_k8_to_fam15h_events);

/* Listed alike from K8 to family 10h. */
static const struct pmu_event_desc amd_k8_to_fam10h_events[] = {
    PMU_EVENT_UM("DISPATCHED_FPU", 0x00, 0, amd_um_dispatched_fpu),
    PMU_EVENT("CYCLES_NO_FPU_OPS_RETIRED", 0x01, 0),
    PMU_EVENT("DISPATCHED_FPU_OPS_FAST_FLAG", 0x02, 0),
    PMU_EVENT("LS_BUFFER_2_FULL_CYCLES", 0x23, 0),
    PMU_EVENT_UM("DATA_CACHE_REFILLS", 0x42, 0, amd_um_data_cache_refills),
    PMU_EVENT("MICROARCHITECTURAL_LATE_CANCEL_OF_AN_ACCESS", 0x48, 0),
    PMU_EVENT("MICROARCHITECTURAL_EARLY_CANCEL_OF_AN_ACCESS", 0x49, 0),
    PMU_EVENT_UM("DCACHE_MISSES_BY_LOCKED_INSTRUCTIONS", 0x4c, 0,
                 amd_um_dcache_misses_by_locked_instructions),
    PMU_EVENT_UM("DATA_PREFETCHES", 0x67, 0, amd_um_data_prefetches),
    PMU_EVENT_UM("QUADWORDS_WRITTEN_TO_SYSTEM", 0x6d, 0, amd_um_quadwords_written_to_system),
    PMU_EVENT_UM("L2_FILL_WRITEBACK", 0x7f, 0, amd_um_l2_fill_writeback),
    PMU_EVENT_UM("RETIRED_FASTPATH_DOUBLE_OP_INSTRUCTIONS", 0xcc, 0,
                 amd_um_retired_fastpath_double_op_instructions),
    PMU_EVENT("DISPATCH_STALL_FOR_BRANCH_ABORT", 0xd2, 0),
    PMU_EVENT("DISPATCH_STALL_FOR_SEGMENT_LOAD", 0xd4, 0),
    PMU_EVENT("DISPATCH_STALL_FOR_REORDER_BUFFER_FULL", 0xd5, 0),
    PMU_EVENT("DISPATCH_STALL_FOR_RESERVATION_STATION_FULL", 0xd6, 0),
    PMU_EVENT("DISPATCH_STALL_FOR_LS_FULL", 0xd8, 0),
    PMU_EVENT("DISPATCH_STALL_WAITING_FOR_ALL_QUIET", 0xd9, 0),
    PMU_EVENT("DISPATCH_STALL_FOR_FAR_TRANSFER_OR_RSYNC", 0xda, 0),
    PMU_EVENT_UM("FPU_EXCEPTIONS", 0xdb, 0, amd_um_fpu_exceptions),
    PMU_EVENT("DR0_BREAKPOINT_MATCHES", 0xdc, 0),
    PMU_EVENT("DR1_BREAKPOINT_MATCHES", 0xdd, 0),
    PMU_EVENT("DR2_BREAKPOINT_MATCHES", 0xde, 0),
    PMU_EVENT("DR3_BREAKPOINT_MATCHES", 0xdf, 0),
    PMU_EVENT_UM("MEMORY_CONTROLLER_BYPASS", 0xe4, 0, amd_um_memory_controller_bypass),
    /* K8 from revision E (libpfm4: AMD64_FL_K8_REV_E). */
    PMU_EVENT_UM_F("CPU_IO_REQUESTS_TO_MEMORY_IO", 0xe9, 0, amd_um_cpu_io_requests_to_memory_io,
                   PMU_REV_FROM(AMD_REV_K8_E)),
    PMU_EVENT_UM_F("CACHE_BLOCK", 0xea, 0, amd_um_cache_block, PMU_REV_FROM(AMD_REV_K8_E)),
};

static const struct pmu_event_table amd_k8_to_fam10h =
    PMU_TABLE("k8-fam10h", amd_k8_to_fam10h_events);

/* Listed alike from family 10h to family 15h. */
static const struct pmu_event_desc amd_fam10h_to_fam15h_events[] = {
    PMU_EVENT("ITLB_RELOADS", 0x99, 0),
    PMU_EVENT("SMIS_RECEIVED", 0x2b, 0),
    PMU_EVENT_UM("INEFFECTIVE_SW_PREFETCHES", 0x52, 0, amd_um_ineffective_sw_prefetches),
    PMU_EVENT("INSTRUCTION_CACHE_VICTIMS", 0x8b, 0),
    PMU_EVENT("ITLB_RELOADS_ABORTED", 0x9a, 0),
};

static const struct pmu_event_table amd_fam10h_to_fam15h =
    PMU_TABLE("fam10h-fam15h", amd_fam10h_to_fam15h_events);

/* Every table with the families it covers, in the order a family lists them. */
static const struct {
    enum amd_family first, last;
    const struct pmu_event_table *table;
} amd_tables[] = {
    {AMD_K7, AMD_FAM15H, &amd_k7_to_fam15h},
    {AMD_K7, AMD_FAM10H, &amd_k7_to_fam10h},
    {AMD_K7, AMD_K8, &amd_k7_to_k8},
    {AMD_K7, AMD_K7, &amd_k7_table},
    {AMD_K8, AMD_FAM15H, &amd_k8_to_fam15h},
    {AMD_K8, AMD_FAM10H, &amd_k8_to_fam10h},
    {AMD_K8, AMD_K8, &amd_k8_table},
    {AMD_FAM10H, AMD_FAM15H, &amd_fam10h_to_fam15h},
    {AMD_FAM10H, AMD_FAM10H, &amd_fam10h_table},
    {AMD_FAM15H, AMD_FAM15H, &amd_fam15h_table},
};

unsigned amd_family_tables(enum amd_family family, const struct pmu_event_table *tables[])
{
    unsigned n = 0;
    for (unsigned i = 0; i < PMU_ARRAY_SIZE(amd_tables) && n < AMD_MAX_TABLES; i++) {
        if (amd_tables[i].first <= family && family <= amd_tables[i].last) {
            tables[n++] = amd_tables[i].table;
        }
    }
    return n;
}

/* The revision rule of libpfm4's amd64_get_revision() (pfmlib_amd64.c,
 * libpfm4 4.13), with the model including the extended model:
 *
 *   family 0Fh (K8), by model >> 4:
 *     0: model 4 stepping 0, or model 5 stepping 0-1: revision B;
 *        any other model 0x0-0xF: revision C
 *     1: revision D;  2, 3: revision E;  4, 5, 0xC: revision F;
 *     6, 7, 8: revision G;  any other: revision B
 *   family 10h, by model (stepping unused):
 *     4, 5, 6: revision C (Shanghai);  8, 9: revision D (Istanbul);
 *     any other: revision B (Barcelona)
 *
 * AMD's revision guides (family 0Fh, publication 33610; family 10h,
 * publication 41322) give the CPUID signatures of each revision. By this
 * rule family 10h model 0xA (revision E, Phenom II X6) is revision B, as
 * in libpfm4. Families 11h-14h and
 * 16h take the family 10h tables (amd.c) at its newest revision: they
 * are no family 10h part, and libpfm4 has PMUs of their own for them. */
enum amd_revision amd_revision_of(unsigned family, unsigned model, unsigned stepping)
{
    if (family == 6) {
        return AMD_REV_K7;
    }
    if (family < 0x10) {
        switch (model >> 4) {
        case 0:
            if ((model == 5 && stepping < 2) || (model == 4 && stepping == 0)) {
                return AMD_REV_K8_B;
            }
            return AMD_REV_K8_C;
        case 1:
            return AMD_REV_K8_D;
        case 2:
        case 3:
            return AMD_REV_K8_E;
        case 4:
        case 5:
        case 0xc:
            return AMD_REV_K8_F;
        case 6:
        case 7:
        case 8:
            return AMD_REV_K8_G;
        default:
            return AMD_REV_K8_B;
        }
    }
    if (family == 0x10) {
        if (model >= 4 && model <= 6) {
            return AMD_REV_FAM10H_C;
        }
        if (model == 8 || model == 9) {
            return AMD_REV_FAM10H_D;
        }
        return AMD_REV_FAM10H_B;
    }
    if (family == 0x15) {
        return AMD_REV_FAM15H;
    }
    if (family < 0x17) {
        return AMD_REV_FAM10H_D;
    }
    return AMD_REV_FAM17H;
}

const char *amd_revision_name(unsigned revision)
{
    static const char *const names[] = {
        [AMD_REV_K7] = "K7",
        [AMD_REV_K8_B] = "K8 revision B",
        [AMD_REV_K8_C] = "K8 revision C",
        [AMD_REV_K8_D] = "K8 revision D",
        [AMD_REV_K8_E] = "K8 revision E",
        [AMD_REV_K8_F] = "K8 revision F",
        [AMD_REV_K8_G] = "K8 revision G",
        [AMD_REV_FAM10H_B] = "family 10h revision B (Barcelona)",
        [AMD_REV_FAM10H_C] = "family 10h revision C (Shanghai)",
        [AMD_REV_FAM10H_D] = "family 10h revision D (Istanbul)",
        [AMD_REV_FAM15H] = "family 15h",
        [AMD_REV_FAM17H] = "family 17h",
    };
    if (revision < PMU_ARRAY_SIZE(names) && names[revision]) {
        return names[revision];
    }
    return "an unknown revision";
}
