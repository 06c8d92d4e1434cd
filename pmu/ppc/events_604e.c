/* The selectable events of the 604e's performance monitor, from the
 * tables "Selectable Events - PMC1" to "- PMC4" of the PowerPC 604e RISC
 * Microprocessor User's Manual, chapter "Performance Monitor". An event
 * several counters have (cycles, instructions completed, ...) is one entry
 * with its code on each. Code 0 ("hold the current value") is no event;
 * raw r<counter><code> reaches it. The 604 has the PMC1 and PMC2 tables
 * only; its events are taken as the 604e's on those counters. */
#include "pmu/backend.h"
#include "pmu/ppc/events_604e.h"

#define NO -1
#define ALL(c)                                                                                     \
    {                                                                                              \
        c, c, c, c                                                                                 \
    }
#define P1(c)                                                                                      \
    {                                                                                              \
        c, NO, NO, NO                                                                              \
    }
#define P2(c)                                                                                      \
    {                                                                                              \
        NO, c, NO, NO                                                                              \
    }
#define P3(c)                                                                                      \
    {                                                                                              \
        NO, NO, c, NO                                                                              \
    }
#define P4(c)                                                                                      \
    {                                                                                              \
        NO, NO, NO, c                                                                              \
    }
#define ADV PMU_EVF_ADVANCES

const struct ppc_event ppc604e_events[] = {
    {"CYCLES", ALL(0x01), ADV, "processor cycles"},
    {"INSTRUCTIONS_COMPLETED", ALL(0x02), ADV, "instructions completed"},
    {"TB_BIT_TRANSITIONS",
     {NO, 0x03, 0x03, 0x03},
     0,
     "transitions of the time base bit MMCR0[TBSEL] selects (47, 51, 55, 63)"},
    {"INSTRUCTIONS_DISPATCHED", ALL(0x04), 0, "instructions dispatched"},
    /* PMC1 */
    {"ICACHE_MISSES", P1(0x05), 0, "instruction cache misses"},
    {"DTLB_MISSES", P1(0x06), 0, "data TLB misses (in order)"},
    {"BRANCH_MISPREDICT_CORRECTIONS", P1(0x07), 0,
     "branch misprediction corrections from the execute stage"},
    {"RESERVATIONS_REQUESTED", P1(0x08), 0, "reservations requested (lwarx ready in the LSU)"},
    {"LOAD_MISSES_THRESHOLD_L2_INTERVENTION", P1(0x09), 0,
     "data cache load misses over the threshold, with lateral L2 intervention"},
    {"STORE_MISSES_THRESHOLD_L2_INTERVENTION", P1(0x0a), 0,
     "data cache store misses over the threshold, with lateral L2 intervention"},
    {"MTSPR_DISPATCHED", P1(0x0b), 0, "mtspr instructions dispatched"},
    {"SYNC_COMPLETED", P1(0x0c), 0, "sync instructions completed"},
    {"EIEIO_COMPLETED", P1(0x0d), 0, "eieio instructions completed"},
    {"INTEGER_INSTRUCTIONS_COMPLETED", P1(0x0e), 0,
     "integer instructions completed (no loads or stores)"},
    {"FP_INSTRUCTIONS_COMPLETED", P1(0x0f), 0,
     "floating-point instructions completed (no loads or stores)"},
    {"LSU_RESULTS", P1(0x10), 0, "LSU produced a result"},
    {"SCIU1_RESULTS", P1(0x11), 0, "SCIU1 produced a result (add, compare, rotate, logical...)"},
    {"FPU_RESULTS", P1(0x12), 0, "FPU produced a result"},
    {"LSU_DISPATCHED", P1(0x13), 0, "instructions dispatched to the LSU"},
    {"SCIU1_DISPATCHED", P1(0x14), 0, "instructions dispatched to SCIU1"},
    {"FPU_DISPATCHED", P1(0x15), 0, "instructions dispatched to the FPU"},
    {"SNOOP_REQUESTS", P1(0x16), 0, "valid snoop requests from outside the 604e"},
    {"LOAD_MISSES_THRESHOLD", P1(0x17), 0,
     "data cache load misses over the threshold, without lateral L2 intervention"},
    {"STORE_MISSES_THRESHOLD", P1(0x18), 0,
     "data cache store misses over the threshold, without lateral L2 intervention"},
    {"BPU_IDLE_CYCLES", P1(0x19), 0, "cycles the branch unit is idle"},
    {"MCIU0_IDLE_CYCLES", P1(0x1a), 0, "cycles MCIU0 is idle"},
    {"LSU_IDLE_CYCLES", P1(0x1b), 0, "cycles the LSU is idle"},
    {"L2_INT_ASSERTED", P1(0x1c), 0, "times L2_INT is asserted"},
    {"UNALIGNED_LOADS", P1(0x1d), 0, "unaligned loads"},
    {"LOAD_QUEUE_ENTRIES", P1(0x1e), 0, "entries in the load queue each cycle"},
    {"INSTRUCTION_BREAKPOINT_HITS", P1(0x1f), 0, "instruction breakpoint hits"},
    /* PMC2 */
    {"LOAD_MISS_CYCLES", P2(0x05), 0, "cycles a load miss takes"},
    {"DCACHE_MISSES", P2(0x06), 0, "data cache misses (in order)"},
    {"ITLB_MISSES", P2(0x07), 0, "instruction TLB misses"},
    {"BRANCHES_COMPLETED", P2(0x08), 0, "branch instructions completed"},
    {"RESERVATIONS_OBTAINED", P2(0x09), 0, "reservations obtained (stwcx. succeeded)"},
    {"MFSPR_DISPATCHED", P2(0x0a), 0, "mfspr instructions dispatched"},
    {"ICBI_INSTRUCTIONS", P2(0x0b), 0, "icbi instructions"},
    {"PIPELINE_FLUSHES", P2(0x0c), 0,
     "pipeline-flushing instructions (sc, isync, mtspr XER, mcrxr, ...)"},
    {"BPU_RESULTS", P2(0x0d), 0, "BPU produced a result"},
    {"SCIU0_RESULTS", P2(0x0e), 0, "SCIU0 produced a result"},
    {"MCIU_RESULTS", P2(0x0f), 0, "MCIU produced a result (multiply, divide, SPR)"},
    {"BPU_DISPATCHED", P2(0x10), 0, "instructions dispatched to the branch unit"},
    {"SCIU0_DISPATCHED", P2(0x11), 0, "instructions dispatched to SCIU0"},
    {"LOADS_COMPLETED", P2(0x12), 0, "loads completed (with cache operations, sync, eieio...)"},
    {"MCIU_DISPATCHED", P2(0x13), 0, "instructions dispatched to the MCIU"},
    {"SNOOP_HITS", P2(0x14), 0, "snoop hits"},
    {"EE_OFF_CYCLES", P2(0x15), 0, "cycles with MSR[EE] cleared"},
    {"MCIU_IDLE_CYCLES", P2(0x16), 0, "cycles the MCIU is idle"},
    {"SCIU1_IDLE_CYCLES", P2(0x17), 0, "cycles SCIU1 is idle"},
    {"FPU_IDLE_CYCLES", P2(0x18), 0, "cycles the FPU is idle"},
    {"L2_INT_ACTIVE_CYCLES", P2(0x19), 0, "cycles L2_INT is active"},
    {"DISPATCHED_FOUR", P2(0x1a), 0, "times four instructions were dispatched"},
    {"DISPATCHED_TWO", P2(0x1c), 0, "times two instructions were dispatched"},
    {"DISPATCHED_ONE", P2(0x1d), 0, "times one instruction was dispatched"},
    {"UNALIGNED_STORES", P2(0x1e), 0, "unaligned stores"},
    {"STORE_QUEUE_ENTRIES", P2(0x1f), 0, "entries in the store queue each cycle"},
    /* PMC3 (604e) */
    {"LSU_STALL_BIU_BUSY_CYCLES", P3(0x05), 0, "cycles the LSU stalls on a busy BIU or cache"},
    {"LSU_STALL_STORE_QUEUE_FULL_CYCLES", P3(0x06), 0,
     "cycles the LSU stalls on a full store queue"},
    {"LSU_STALL_OPERANDS_CYCLES", P3(0x07), 0,
     "cycles the LSU stalls on operands not in the reservation station"},
    {"LOAD_QUEUE_WRITES", P3(0x08), 0, "instructions written into the load queue"},
    {"COMPLETION_STALL_STORE_CYCLES", P3(0x09), 0, "cycles completion stalls on a store"},
    {"COMPLETION_STALL_UNFINISHED_CYCLES", P3(0x0a), 0,
     "cycles completion stalls on an unfinished instruction"},
    {"SYSTEM_CALLS", P3(0x0b), 0, "system calls"},
    {"BPU_STALL_OPERAND_CYCLES", P3(0x0c), 0, "cycles the BPU waits for its operand"},
    {"FETCH_CORRECTIONS_DISPATCH", P3(0x0d), 0, "fetch corrections at the dispatch stage"},
    {"DISPATCH_STALL_NO_INSTRUCTIONS_CYCLES", P3(0x0e), 0,
     "cycles dispatch waits for instructions"},
    {"DISPATCH_STALL_ROB_CYCLES", P3(0x0f), 0, "cycles dispatch stalls with no ROB entry"},
    {"DISPATCH_STALL_FPR_RENAME_CYCLES", P3(0x10), 0,
     "cycles dispatch stalls with no FPR rename buffer"},
    {"ITABLE_SEARCHES", P3(0x11), 0, "instruction table search operations"},
    {"DTABLE_SEARCHES", P3(0x12), 0, "data table search operations"},
    {"FPU_STALL_CYCLES", P3(0x13), 0, "cycles the FPU stalled"},
    {"SCIU1_STALL_CYCLES", P3(0x14), 0, "cycles SCIU1 stalled"},
    {"BIU_NONCRITICAL_FORWARDS", P3(0x15), 0,
     "times the BIU forwards noncritical data from the line-fill buffer"},
    {"BUS_PIPELINED_ONE_DEEP", P3(0x16), 0,
     "data bus transactions completed pipelined one deep, none queued"},
    {"BUS_PIPELINED_TWO_QUEUED", P3(0x17), 0,
     "data bus transactions completed with two queued behind"},
    {"BURST_READ_PAIRS_STREAMED", P3(0x18), 0,
     "back-to-back burst read pairs streamed without a dead cycle"},
    {"KILLS_WRITE_HIT_SHARED", P3(0x19), 0,
     "non-ARTRYd kill transactions from a write hit on shared"},
    {"WRITE_WITH_KILL_CASTOUTS", P3(0x1a), 0,
     "non-ARTRYd write-with-kill operations from the castout buffers"},
    {"TWO_CASTOUT_BUFFERS_CYCLES", P3(0x1b), 0, "cycles exactly two castout buffers are occupied"},
    {"DCACHE_RETRIES_CASTOUT_BUSY", P3(0x1c), 0,
     "data cache accesses retried on occupied castout buffers"},
    {"SHARED_LOAD_MISS_READS", P3(0x1d), 0, "read transactions from load misses brought in shared"},
    {"CR_LOGICAL_FINISHED", P3(0x1e), 0, "CR logical instructions finished"},
    /* PMC4 (604e) */
    {"LSU_STALL_MMU_BUSY_CYCLES", P4(0x05), 0, "cycles the LSU stalls on a busy MMU"},
    {"LSU_STALL_LOAD_QUEUE_FULL_CYCLES", P4(0x06), 0, "cycles the LSU stalls on a full load queue"},
    {"LSU_STALL_ADDRESS_COLLISION_CYCLES", P4(0x07), 0,
     "cycles the LSU stalls on an address collision"},
    {"MISALIGNED_LOAD_HITS", P4(0x08), 0, "misaligned loads that hit the cache for both accesses"},
    {"STORE_QUEUE_WRITES", P4(0x09), 0, "instructions written into the store queue"},
};

const unsigned ppc604e_n_events = PMU_ARRAY_SIZE(ppc604e_events);
