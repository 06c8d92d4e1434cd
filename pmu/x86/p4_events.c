/* The NetBurst event table: every event of libpfm4's `netburst` and
 * `netburst_p` lists, with the SDM's ESCR restrictions and mask bits.
 * Names are libpfm4's, except where the SDM names a bit differently and
 * libpfm4's name says the opposite (mispred_branch_retired:NBOGUS). */
#include "lib/kstring.h"
#include "pmu/x86/p4_events.h"

#define MASKS(a) a, (uint8_t)(sizeof a / sizeof a[0])

static const struct p4_mask tc_deliver_masks[] = {
    {"DD", 0, 0, "both logical processors in deliver mode"},
    {"DB", 1, 0, "LP0 deliver, LP1 build"},
    {"DI", 2, 0, "LP0 deliver, LP1 inactive"},
    {"BD", 3, 0, "LP0 build, LP1 deliver"},
    {"BB", 4, 0, "both in build mode"},
    {"BI", 5, 0, "LP0 build, LP1 inactive"},
    {"ID", 6, 0, "LP0 inactive, LP1 deliver"},
    {"IB", 7, 0, "LP0 inactive, LP1 build"},
};

static const struct p4_mask bpu_fetch_masks[] = {
    {"TCMISS", 0, P4_MF_DEFAULT, "trace cache lookup miss"},
};

static const struct p4_mask itlb_masks[] = {
    {"HIT", 0, 0, "ITLB hit"},
    {"MISS", 1, 0, "ITLB miss"},
    {"HIT_UC", 2, 0, "uncacheable ITLB hit"},
};

static const struct p4_mask memory_cancel_masks[] = {
    {"ST_RB_FULL", 2, 0, "no store request buffer available"},
    {"64K_CONF", 3, 0, "conflict due to 64K aliasing"},
};

static const struct p4_mask memory_complete_masks[] = {
    {"LSC", 0, 0, "load split completed (not UC/WC)"},
    {"SSC", 1, 0, "split store completed"},
};

static const struct p4_mask load_port_masks[] = {
    {"SPLIT_LD", 1, P4_MF_DEFAULT, "split load"},
};

static const struct p4_mask store_port_masks[] = {
    {"SPLIT_ST", 1, P4_MF_DEFAULT, "split store"},
};

static const struct p4_mask mob_load_masks[] = {
    {"NO_STA", 1, 0, "unknown store address"},
    {"NO_STD", 3, 0, "unknown store data"},
    {"PARTIAL_DATA", 4, 0, "partially overlapped load and store"},
    {"UNALGN_ADDR", 5, 0, "low 4 address bits of load and store differ"},
};

static const struct p4_mask page_walk_masks[] = {
    {"DTMISS", 0, 0, "page walk for a DTLB miss"},
    {"ITMISS", 1, 0, "page walk for an ITLB miss"},
};

static const struct p4_mask bsq_cache_masks[] = {
    {"RD_2ndL_HITS", 0, 0, "read L2 hit shared"},
    {"RD_2ndL_HITE", 1, 0, "read L2 hit exclusive"},
    {"RD_2ndL_HITM", 2, 0, "read L2 hit modified"},
    {"RD_3rdL_HITS", 3, 0, "read L3 hit shared"},
    {"RD_3rdL_HITE", 4, 0, "read L3 hit exclusive"},
    {"RD_3rdL_HITM", 5, 0, "read L3 hit modified"},
    {"RD_2ndL_MISS", 8, 0, "read L2 miss"},
    {"RD_3rdL_MISS", 9, 0, "read L3 miss"},
    {"WR_2ndL_MISS", 10, 0, "writeback lookup misses L2"},
};

static const struct p4_mask ioq_masks[] = {
    {"TYPE_BIT0", 0, 0, "bus request type bit 0"},
    {"TYPE_BIT1", 1, 0, "bus request type bit 1"},
    {"TYPE_BIT2", 2, 0, "bus request type bit 2"},
    {"TYPE_BIT3", 3, 0, "bus request type bit 3"},
    {"TYPE_BIT4", 4, 0, "bus request type bit 4"},
    {"ALL_READ", 5, 0, "read entries"},
    {"ALL_WRITE", 6, 0, "write entries"},
    {"MEM_UC", 7, 0, "UC memory"},
    {"MEM_WC", 8, 0, "WC memory"},
    {"MEM_WT", 9, 0, "WT memory"},
    {"MEM_WP", 10, 0, "WP memory"},
    {"MEM_WB", 11, 0, "WB memory"},
    {"OWN", 13, 0, "requests driven by this processor"},
    {"OTHER", 14, 0, "requests driven by others or DMA"},
    {"PREFETCH", 15, 0, "include hardware and software prefetches"},
};

static const struct p4_mask fsb_data_masks[] = {
    {"DRDY_DRV", 0, 0, "this processor drives data"},
    {"DRDY_OWN", 1, 0, "this processor reads data"},
    {"DRDY_OTHER", 2, 0, "data on the bus not sampled by us"},
    {"DBSY_DRV", 3, 0, "we reserve the bus to drive data"},
    {"DBSY_OWN", 4, 0, "bus reserved for data we sample"},
    {"DBSY_OTHER", 5, 0, "bus reserved for data we do not sample"},
};

static const struct p4_mask bsq_masks[] = {
    {"REQ_TYPE0", 0, 0, "request type bit 0"},
    {"REQ_TYPE1", 1, 0, "request type bit 1"},
    {"REQ_LEN0", 2, 0, "request length bit 0"},
    {"REQ_LEN1", 3, 0, "request length bit 1"},
    {"REQ_IO_TYPE", 5, 0, "I/O request"},
    {"REQ_LOCK_TYPE", 6, 0, "bus lock"},
    {"REQ_CACHE_TYPE", 7, 0, "cacheable"},
    {"REQ_SPLIT_TYPE", 8, 0, "8-byte chunk split across a boundary"},
    {"REQ_DEM_TYPE", 9, 0, "demand (not prefetch)"},
    {"REQ_ORD_TYPE", 10, 0, "ordered request"},
    {"MEM_TYPE0", 11, 0, "memory type bit 0"},
    {"MEM_TYPE1", 12, 0, "memory type bit 1"},
    {"MEM_TYPE2", 13, 0, "memory type bit 2"},
};

static const struct p4_mask sse_assist_masks[] = {
    {"ALL", 15, P4_MF_DEFAULT, "assists for SSE/SSE2/SSE3 uops"},
};

/* The SIMD/x87 uop events: ALL plus the execution tags. */
static const struct p4_mask uop_class_masks[] = {
    {"ALL", 15, P4_MF_DEFAULT, "all uops of the class"},
    {"TAG0", 0, P4_MF_TAG, "tag bit 0 for execution_event"},
    {"TAG1", 1, P4_MF_TAG, "tag bit 1 for execution_event"},
    {"TAG2", 2, P4_MF_TAG, "tag bit 2 for execution_event"},
    {"TAG3", 3, P4_MF_TAG, "tag bit 3 for execution_event"},
};

static const struct p4_mask tc_misc_masks[] = {
    {"FLUSH", 4, P4_MF_DEFAULT, "trace cache flushes (counts 2 each)"},
};

static const struct p4_mask global_power_masks[] = {
    {"RUNNING", 0, P4_MF_DEFAULT | P4_MF_ADVANCES, "processor not stopped"},
};

static const struct p4_mask tc_ms_xfer_masks[] = {
    {"CISC", 0, P4_MF_DEFAULT, "TC to MS ROM transfer"},
};

static const struct p4_mask uop_queue_masks[] = {
    {"FROM_TC_BUILD", 0, 0, "uops from TC build mode"},
    {"FROM_TC_DELIVER", 1, 0, "uops from TC deliver mode"},
    {"FROM_ROM", 2, 0, "uops from microcode ROM"},
};

static const struct p4_mask branch_type_masks[] = {
    {"CONDITIONAL", 1, 0, "conditional jumps"},
    {"CALL", 2, 0, "indirect calls"},
    {"RETURN", 3, 0, "returns"},
    {"INDIRECT", 4, 0, "returns, indirect calls and jumps"},
};

static const struct p4_mask resource_stall_masks[] = {
    {"SBFULL", 5, P4_MF_DEFAULT, "store buffer full"},
};

static const struct p4_mask wc_buffer_masks[] = {
    {"WCB_EVICTS", 0, 0, "WC buffer evictions"},
    {"WCB_FULL_EVICT", 1, 0, "evictions because no WC buffer was free"},
};

static const struct p4_mask b2b_masks[] = {
    {"BIT1", 1, 0, "bit 1"}, {"BIT2", 2, 0, "bit 2"}, {"BIT3", 3, 0, "bit 3"},
    {"BIT4", 4, 0, "bit 4"}, {"BIT5", 5, 0, "bit 5"}, {"BIT6", 6, 0, "bit 6"},
};

static const struct p4_mask bnr_masks[] = {
    {"BIT0", 0, 0, "bit 0"},
    {"BIT1", 1, 0, "bit 1"},
    {"BIT2", 2, 0, "bit 2"},
};

static const struct p4_mask snoop_masks[] = {
    {"BIT2", 2, 0, "bit 2"},
    {"BIT6", 6, 0, "bit 6"},
    {"BIT7", 7, 0, "bit 7"},
};

static const struct p4_mask response_masks[] = {
    {"BIT1", 1, 0, "bit 1"},
    {"BIT2", 2, 0, "bit 2"},
    {"BIT8", 8, 0, "bit 8"},
    {"BIT9", 9, 0, "bit 9"},
};

static const struct p4_mask bogus_masks[] = {
    {"NBOGUS", 0, 0, "marked uops that are not bogus"},
    {"BOGUS", 1, 0, "marked uops that are bogus"},
};

static const struct p4_mask execution_masks[] = {
    {"NBOGUS0", 0, 0, "not bogus, tag 0"}, {"NBOGUS1", 1, 0, "not bogus, tag 1"},
    {"NBOGUS2", 2, 0, "not bogus, tag 2"}, {"NBOGUS3", 3, 0, "not bogus, tag 3"},
    {"BOGUS0", 4, 0, "bogus, tag 0"},      {"BOGUS1", 5, 0, "bogus, tag 1"},
    {"BOGUS2", 6, 0, "bogus, tag 2"},      {"BOGUS3", 7, 0, "bogus, tag 3"},
};

/* Replay tagging: the virtual masks are metrics (p4_replay_metrics),
 * named as their enum p4_replay. */
#define REPLAY_MASK(metric, text)                                                                  \
    {.name = #metric, .bit = P4_REPLAY_##metric, .flags = P4_MF_REPLAY, .desc = (text)}

static const struct p4_mask replay_masks[] = {
    {"NBOGUS", 0, 0, "tagged uops that are not bogus"},
    {"BOGUS", 1, 0, "tagged uops that are bogus"},
    REPLAY_MASK(L1_LD_MISS, "1st-level cache load miss retired"),
    REPLAY_MASK(L2_LD_MISS, "2nd-level cache load miss retired"),
    REPLAY_MASK(DTLB_LD_MISS, "DTLB load miss retired"),
    REPLAY_MASK(DTLB_ST_MISS, "DTLB store miss retired"),
    REPLAY_MASK(DTLB_ALL_MISS, "DTLB load or store miss retired"),
    REPLAY_MASK(BR_MSP, "tagged mispredicted branch retired"),
    REPLAY_MASK(MOB_LD_REPLAY, "MOB load replay retired"),
    REPLAY_MASK(SP_LD_RET, "split load retired"),
    REPLAY_MASK(SP_ST_RET, "split store retired"),
};

/* IA32_PEBS_ENABLE and MSR_PEBS_MATRIX_VERT per metric (SDM table of
 * replay-tagging metrics), keyed by metric as Linux's p4_pebs_bind_map
 * is. Bit 25 (PEBS for this thread) is left clear: we count, we do not
 * sample, and there is no DS save area. */
#define REPLAY(name, pebs, vert)                                                                   \
    [P4_REPLAY_##name] = {.pebs_enable = P4_PEBS_UOP_TAG | (pebs), .matrix_vert = (vert)}

const struct p4_replay_metric p4_replay_metrics[P4_N_REPLAY] = {
    REPLAY(L1_LD_MISS, 0x1, 0x1),      REPLAY(L2_LD_MISS, 0x2, 0x1),
    REPLAY(DTLB_LD_MISS, 0x4, 0x1),    REPLAY(DTLB_ST_MISS, 0x4, 0x2),
    REPLAY(DTLB_ALL_MISS, 0x4, 0x3),   REPLAY(BR_MSP, 0x18000, 0x10),
    REPLAY(MOB_LD_REPLAY, 0x200, 0x1), REPLAY(SP_LD_RET, 0x400, 0x1),
    REPLAY(SP_ST_RET, 0x400, 0x2),
};

static const struct p4_mask instr_retired_masks[] = {
    {"NBOGUSNTAG", 0, P4_MF_ADVANCES, "non-bogus, not tagged"},
    {"NBOGUSTAG", 1, 0, "non-bogus, tagged"},
    {"BOGUSNTAG", 2, 0, "bogus, not tagged"},
    {"BOGUSTAG", 3, 0, "bogus, tagged"},
};

static const struct p4_mask retired_masks[] = {
    {"NBOGUS", 0, P4_MF_ADVANCES, "not bogus"},
    {"BOGUS", 1, 0, "bogus"},
};

static const struct p4_mask uops_type_masks[] = {
    {"TAGLOADS", 1, 0, "tag load uops"},
    {"TAGSTORES", 2, 0, "tag store uops"},
};

static const struct p4_mask branch_retired_masks[] = {
    {"MMNP", 0, 0, "not taken, predicted"},
    {"MMNM", 1, 0, "not taken, mispredicted"},
    {"MMTP", 2, 0, "taken, predicted"},
    {"MMTM", 3, 0, "taken, mispredicted"},
};

static const struct p4_mask mispred_masks[] = {
    {"NBOGUS", 0, P4_MF_DEFAULT, "the retired branch is not bogus"},
};

static const struct p4_mask x87_assist_masks[] = {
    {"FPSU", 0, 0, "FP stack underflow"}, {"FPSO", 1, 0, "FP stack overflow"},
    {"POAO", 2, 0, "output overflow"},    {"POAU", 3, 0, "output underflow"},
    {"PREA", 4, 0, "input assist"},
};

static const struct p4_mask machine_clear_masks[] = {
    {"CLEAR", 0, 0, "cycles the machine is cleared (use e for occurrences)"},
    {"MOCLEAR", 2, 0, "memory-ordering clears"},
    {"SMCLEAR", 6, 0, "self-modifying-code clears"},
};

#define ONE(e)    {P4_##e, P4_NO_ESCR}
#define TWO(a, b) {P4_##a, P4_##b}

const struct p4_event p4_events[] = {
    {"TC_deliver_mode", 0x01, TWO(TC_ESCR0, TC_ESCR1), 0, MASKS(tc_deliver_masks),
     "cycles in each trace cache / decode mode"},
    {"BPU_fetch_request", 0x03, TWO(BPU_ESCR0, BPU_ESCR1), 0, MASKS(bpu_fetch_masks),
     "instruction fetch requests by the branch prediction unit"},
    {"ITLB_reference", 0x18, TWO(ITLB_ESCR0, ITLB_ESCR1), 0, MASKS(itlb_masks),
     "ITLB translations"},
    {"memory_cancel", 0x02, TWO(DAC_ESCR0, DAC_ESCR1), 0, MASKS(memory_cancel_masks),
     "cancelled requests in the data cache address control unit"},
    {"memory_complete", 0x08, TWO(SAAT_ESCR0, SAAT_ESCR1), 0, MASKS(memory_complete_masks),
     "completed split and UC loads and stores"},
    {"load_port_replay", 0x04, TWO(SAAT_ESCR0, SAAT_ESCR1), 0, MASKS(load_port_masks),
     "replays at the load port"},
    {"store_port_replay", 0x05, TWO(SAAT_ESCR0, SAAT_ESCR1), 0, MASKS(store_port_masks),
     "replays at the store port"},
    {"MOB_load_replay", 0x03, TWO(MOB_ESCR0, MOB_ESCR1), 0, MASKS(mob_load_masks),
     "loads replayed by the memory order buffer"},
    {"page_walk_type", 0x01, TWO(PMH_ESCR0, PMH_ESCR1), 0, MASKS(page_walk_masks),
     "page walks by the page miss handler"},
    {"BSQ_cache_reference", 0x0c, TWO(BSU_ESCR0, BSU_ESCR1), 0, MASKS(bsq_cache_masks),
     "L2/L3 references seen by the bus unit"},
    {"IOQ_allocation", 0x03, TWO(FSB_ESCR0, FSB_ESCR1), 0, MASKS(ioq_masks),
     "bus transactions allocated in the IOQ"},
    {"IOQ_active_entries", 0x1a, ONE(FSB_ESCR1), 0, MASKS(ioq_masks),
     "active IOQ entries per cycle (with IOQ_allocation)"},
    {"FSB_data_activity", 0x17, TWO(FSB_ESCR0, FSB_ESCR1), 0, MASKS(fsb_data_masks),
     "DRDY/DBSY events on the front side bus"},
    {"BSQ_allocation", 0x05, ONE(BSU_ESCR0), 0, MASKS(bsq_masks),
     "allocations in the bus sequence queue"},
    {"BSQ_active_entries", 0x06, ONE(BSU_ESCR1), 0, MASKS(bsq_masks),
     "active BSQ entries per cycle (with BSQ_allocation)"},
    {"SSE_input_assist", 0x34, TWO(FIRM_ESCR0, FIRM_ESCR1), 0, MASKS(sse_assist_masks),
     "assists for SSE operands (denormals)"},
    {"packed_SP_uop", 0x08, TWO(FIRM_ESCR0, FIRM_ESCR1), 0, MASKS(uop_class_masks),
     "packed single-precision uops"},
    {"packed_DP_uop", 0x0c, TWO(FIRM_ESCR0, FIRM_ESCR1), 0, MASKS(uop_class_masks),
     "packed double-precision uops"},
    {"scalar_SP_uop", 0x0a, TWO(FIRM_ESCR0, FIRM_ESCR1), 0, MASKS(uop_class_masks),
     "scalar single-precision uops"},
    {"scalar_DP_uop", 0x0e, TWO(FIRM_ESCR0, FIRM_ESCR1), 0, MASKS(uop_class_masks),
     "scalar double-precision uops"},
    {"64bit_MMX_uop", 0x02, TWO(FIRM_ESCR0, FIRM_ESCR1), 0, MASKS(uop_class_masks),
     "uops on 64-bit SIMD integer operands"},
    {"128bit_MMX_uop", 0x1a, TWO(FIRM_ESCR0, FIRM_ESCR1), 0, MASKS(uop_class_masks),
     "uops on 128-bit SIMD integer operands"},
    {"x87_FP_uop", 0x04, TWO(FIRM_ESCR0, FIRM_ESCR1), 0, MASKS(uop_class_masks),
     "x87 floating-point uops"},
    {"TC_misc", 0x06, TWO(TC_ESCR0, TC_ESCR1), 0, MASKS(tc_misc_masks),
     "miscellaneous trace cache events"},
    {"global_power_events", 0x13, TWO(FSB_ESCR0, FSB_ESCR1), 0, MASKS(global_power_masks),
     "cycles the processor is not stopped"},
    {"tc_ms_xfer", 0x05, TWO(MS_ESCR0, MS_ESCR1), 0, MASKS(tc_ms_xfer_masks),
     "uop delivery switches from TC to MS ROM"},
    {"uop_queue_writes", 0x09, TWO(MS_ESCR0, MS_ESCR1), 0, MASKS(uop_queue_masks),
     "valid uops written to the uop queue"},
    {"retired_mispred_branch_type", 0x05, TWO(TBPU_ESCR0, TBPU_ESCR1), 0, MASKS(branch_type_masks),
     "retired mispredicted branches by type"},
    {"retired_branch_type", 0x04, TWO(TBPU_ESCR0, TBPU_ESCR1), 0, MASKS(branch_type_masks),
     "retired branches by type"},
    {"resource_stall", 0x01, TWO(ALF_ESCR0, ALF_ESCR1), 0, MASKS(resource_stall_masks),
     "allocator stalls"},
    {"WC_Buffer", 0x05, TWO(DAC_ESCR0, DAC_ESCR1), 0, MASKS(wc_buffer_masks),
     "write-combining buffer operations"},
    {"b2b_cycles", 0x16, TWO(FSB_ESCR0, FSB_ESCR1), 0, MASKS(b2b_masks), "back-to-back bus cycles"},
    {"bnr", 0x08, TWO(FSB_ESCR0, FSB_ESCR1), 0, MASKS(bnr_masks), "bus-not-ready conditions"},
    {"snoop", 0x06, TWO(FSB_ESCR0, FSB_ESCR1), 0, MASKS(snoop_masks),
     "snoop hit modified bus traffic"},
    {"response", 0x04, TWO(FSB_ESCR0, FSB_ESCR1), 0, MASKS(response_masks),
     "bus responses by type"},
    {"front_end_event", 0x08, TWO(CRU_ESCR2, CRU_ESCR3), 0, MASKS(bogus_masks),
     "retired uops tagged by the front-end mechanism"},
    {"execution_event", 0x0c, TWO(CRU_ESCR2, CRU_ESCR3), 0, MASKS(execution_masks),
     "retired uops tagged by the execution mechanism"},
    {"replay_event", 0x09, TWO(CRU_ESCR2, CRU_ESCR3), 0, MASKS(replay_masks),
     "retired uops tagged by the replay mechanism"},
    {"instr_retired", 0x02, TWO(CRU_ESCR0, CRU_ESCR1), 0, MASKS(instr_retired_masks),
     "instructions retired"},
    {"uops_retired", 0x01, TWO(CRU_ESCR0, CRU_ESCR1), 0, MASKS(retired_masks), "uops retired"},
    {"uops_type", 0x02, TWO(RAT_ESCR0, RAT_ESCR1), 0, MASKS(uops_type_masks),
     "tags load and store uops for front_end_event"},
    {"branch_retired", 0x06, TWO(CRU_ESCR2, CRU_ESCR3), 0, MASKS(branch_retired_masks),
     "retired branches"},
    {"mispred_branch_retired", 0x03, TWO(CRU_ESCR0, CRU_ESCR1), 0, MASKS(mispred_masks),
     "retired mispredicted branches"},
    {"x87_assist", 0x03, TWO(CRU_ESCR2, CRU_ESCR3), 0, MASKS(x87_assist_masks),
     "retired x87 instructions that needed an assist"},
    {"machine_clear", 0x02, TWO(CRU_ESCR2, CRU_ESCR3), 0, MASKS(machine_clear_masks),
     "pipeline clears"},
    {"instr_completed", 0x07, TWO(CRU_ESCR0, CRU_ESCR1), P4_EVF_PRESCOTT, MASKS(retired_masks),
     "instructions completed and retired (models 3, 4, 6)"},
};

const unsigned p4_n_events = sizeof p4_events / sizeof p4_events[0];

const struct p4_event *p4_find_event(const char *name)
{
    for (unsigned i = 0; i < p4_n_events; i++) {
        if (str_ieq(name, p4_events[i].name)) {
            return &p4_events[i];
        }
    }
    return NULL;
}

bool p4_event_present(const struct p4_event *ev, const struct cpu_info *cpu)
{
    if (ev->flags & P4_EVF_PRESCOTT) {
        return cpu->model == 3 || cpu->model == 4 || cpu->model == 6;
    }
    return true;
}
