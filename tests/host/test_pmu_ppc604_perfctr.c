/* The 604/604e event tables against perfctr's (libperfctr's
 * event_set_ppc.c, Mikael Pettersson, 2004: the common events of PMC1-4,
 * the 604's PMC1 and PMC2 tables, the 604e's PMC3 and PMC4 tables), the
 * way the P5 and P6 tables are held against libpfm4: every event of
 * perfctr's, under perfctr's name, plans on the counters perfctr gives it,
 * prints as ours, and has perfctr's select code on each; every placement of
 * ours is one of perfctr's, so neither table has an event the other lacks.
 * On the 604, the 604e's PMC3/PMC4 events are refused. */
#include <string.h>

#include "pmu/ppc/events_604e.h"
#include "tests/host/check.h"
#include "tests/host/pmu_fixture.h"

struct perfctr_event {
    unsigned code, counters; /* counter bit c: PMC(c+1) */
    const char *name;
};

/* perfctr's ppc_common_events, without 0x00 NOTHING ("register counter
 * holds current value"), which selects no event (checked apart below). */
static const struct perfctr_event common[] = {
    {0x01, 0xf, "PROCESSOR_CYCLES"},
    {0x02, 0xf, "INSTRUCTIONS_COMPLETED"},
    {0x03, 0xf, "TBL_BIT_TRANSITIONS"},
    {0x04, 0xf, "INSTRUCTIONS_DISPATCHED"},
};

/* perfctr's ppc604_events: PMC1, then PMC2 */
static const struct perfctr_event ppc604[] = {
    {0x05, 1, "ICACHE_MISSES"},
    {0x06, 1, "DTLB_MISSES"},
    {0x07, 1, "BRANCH_MISPREDICT_CORRECTION"},
    {0x08, 1, "RESERVATIONS_REQUESTED"},
    {0x09, 1, "DCACHE_LOAD_MISSES_LATERAL"},
    {0x0a, 1, "DCACHE_STORE_MISSES_LATERAL"},
    {0x0b, 1, "MTSPR_DISPATCHED"},
    {0x0c, 1, "SYNC_COMPLETED"},
    {0x0d, 1, "EIEIO_COMPLETED"},
    {0x0e, 1, "INTEGER_INSTRUCTIONS_COMPLETED"},
    {0x0f, 1, "FP_INSTRUCTIONS_COMPLETED"},
    {0x10, 1, "LSU_RESULT"},
    {0x11, 1, "SCIU1_RESULT"},
    {0x12, 1, "FPU_RESULT"},
    {0x13, 1, "INSTRUCTIONS_DISPATCHED_LSU"},
    {0x14, 1, "INSTRUCTIONS_DISPATCHED_SCIU1"},
    {0x15, 1, "INSTRUCTIONS_DISPATCHED_FPU"},
    {0x16, 1, "SNOOPS_RECEIVED"},
    {0x17, 1, "DCACHE_LOAD_MISSES"},
    {0x18, 1, "DCACHE_STORE_MISSES"},
    {0x19, 1, "BRANCH_UNIT_IDLE"},
    {0x1a, 1, "MCIU0_IDLE"},
    {0x1b, 1, "LSU_IDLE"},
    {0x1c, 1, "L2_INT_ASSERTED"},
    {0x1d, 1, "UNALIGNED_LOADS"},
    {0x1e, 1, "LOAD_QUEUE_ENTRIES"},
    {0x1f, 1, "INSTRUCTION_BREAKPOINT_HITS"},
    {0x05, 2, "LOAD_MISS_CYCLES"},
    {0x06, 2, "DATA_CACHE_MISSES"},
    {0x07, 2, "ITLB_MISSES"},
    {0x08, 2, "BRANCHES_COMPLETED"},
    {0x09, 2, "RESERVATIONS_OBTAINED"},
    {0x0a, 2, "MFSPR_DISPATCHED"},
    {0x0b, 2, "ICBI_INSTRUCTIONS"},
    {0x0c, 2, "PIPELINE_FLUSH_INSTRUCTIONS"},
    {0x0d, 2, "BPU_RESULT"},
    {0x0e, 2, "SCIU0_RESULT"},
    {0x0f, 2, "MCIU_RESULT"},
    {0x10, 2, "INSTRUCTIONS_DISPATCHED_BRANCH"},
    {0x11, 2, "INSTRUCTIONS_DISPATCHED_SCIU0"},
    {0x12, 2, "LOADS_COMPLETED"},
    {0x13, 2, "INSTRUCTIONS_DISPATCHED_MCIU"},
    {0x14, 2, "SNOOP_HITS"},
    {0x15, 2, "INTERRUPTS_MASKED"},
    {0x16, 2, "MCIU_IDLE"},
    {0x17, 2, "SCIU1_IDLE"},
    {0x18, 2, "FPU_IDLE"},
    {0x19, 2, "L2_INT_ACTIVE"},
    {0x1a, 2, "DISPATCHED_4_INSTRUCTIONS"},
    {0x1b, 2, "DISPATCHED_3_INSTRUCTIONS"},
    {0x1c, 2, "DISPATCHED_2_INSTRUCTIONS"},
    {0x1d, 2, "DISPATCHED_1_INSTRUCTION"},
    {0x1e, 2, "UNALIGNED_STORES"},
    {0x1f, 2, "STORE_QUEUE_ENTRIES"},
};

/* perfctr's ppc604e_events: PMC3, then PMC4 */
static const struct perfctr_event ppc604e[] = {
    {0x05, 4, "LSU_STALL_BIU"},
    {0x06, 4, "LSU_STALL_STORE_QUEUE"},
    {0x07, 4, "LSU_STALL_OPERANDS"},
    {0x08, 4, "LOAD_QUEUE_INSTRUCTIONS"},
    {0x09, 4, "STORE_COMPLETION_STALLS"},
    {0x0a, 4, "UNFINISHED_COMPLETION_STALLS"},
    {0x0b, 4, "SYSTEM_CALLS"},
    {0x0c, 4, "BPU_STALL"},
    {0x0d, 4, "FETCH_CORRECTIONS_DISPATCH"},
    {0x0e, 4, "DISPATCH_STALL_NO_INSTRUCTIONS"},
    {0x0f, 4, "DISPATCH_STALL_NO_ROB"},
    {0x10, 4, "DISPATCH_STALL_NO_FPR"},
    {0x11, 4, "INSTRUCTION_TABLE_SEARCH_COUNT"},
    {0x12, 4, "DATA_TABLE_SEARCH_COUNT"},
    {0x13, 4, "FPU_STALL"},
    {0x14, 4, "SCIU1_STALL"},
    {0x15, 4, "BIU_FORWARDS"},
    {0x16, 4, "DATA_BUS_TRANSACTIONS_NO_QUEUE"},
    {0x17, 4, "DATA_BUS_TRANSACTIONS_TWO_QUEUED"},
    {0x18, 4, "BURST_READS"},
    {0x19, 4, "WRITE_HIT_ON_SHARED"},
    {0x1a, 4, "WRITE_WITH_KILL"},
    {0x1b, 4, "TWO_CASTOUT_BUFFERS_OCCUPIED"},
    {0x1c, 4, "DATA_CACHE_RETRIES"},
    {0x1d, 4, "SHARED_LOADS"},
    {0x1e, 4, "CR_LOGICAL_FINISHED"},
    {0x05, 8, "LSU_STALL_MMU"},
    {0x06, 8, "LSU_STALL_LOAD_QUEUE"},
    {0x07, 8, "LSU_STALL_ADDRESS"},
    {0x08, 8, "MISALIGNED_LOAD_HITS"},
    {0x09, 8, "STORE_QUEUE_INSTRUCTIONS"},
    {0x0a, 8, "LOAD_COMPLETION_STALLS"},
    {0x0b, 8, "BTAC_HITS"},
    {0x0c, 8, "COMPLETION_USED_FOUR_BLOCKS"},
    {0x0d, 8, "FETCH_CORRECTIONS_DECODE"},
    {0x0e, 8, "DISPATCH_STALL_NO_UNIT"},
    {0x0f, 8, "DISPATCH_STALL_GPR"},
    {0x10, 8, "DISPATCH_STALL_CR"},
    {0x11, 8, "DISPATCH_STALL_CTR_LR"},
    {0x12, 8, "INSTRUCTION_TABLE_SEARCH_CYCLES"},
    {0x13, 8, "DATA_TABLE_SEARCH_CYCLES"},
    {0x14, 8, "SCIU0_STALL"},
    {0x15, 8, "MCIU_STALL"},
    {0x16, 8, "BUS_REQUEST_NO_QUALIFIED_GRANT"},
    {0x17, 8, "DATA_BUS_TRANSACTIONS_ONE_QUEUED"},
    {0x18, 8, "REORDERED_WRITES"},
    {0x19, 8, "ARTRYd_ADDRESS_TRANSACTIONS"},
    {0x1a, 8, "HIGH_PRIORITY_SNOOP_PUSHES"},
    {0x1b, 8, "ONE_CASTOUT_BUFFER_OCCUPIED"},
    {0x1c, 8, "THREE_CASTOUT_BUFFERS_OCCUPIED"},
    {0x1d, 8, "EXCLUSIVE_LOADS"},
    {0x1e, 8, "UNDISPATCHED_INSTRUCTIONS"},
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

static const struct ppc_event *ours_named(const char *name)
{
    for (unsigned i = 0; i < ppc604e_n_events; i++) {
        if (!strcmp(ppc604e_events[i].name, name)) {
            return &ppc604e_events[i];
        }
    }
    return NULL;
}

/* perfctr's event e on a CPU with n_pmcs counters: planned by its name, on
 * its counters, printed as ours, with its code on each of them and no
 * other counter. */
static void check_event(const struct perfctr_event *e, unsigned n_pmcs)
{
    unsigned want = e->counters & ((1u << n_pmcs) - 1);
    if (plan_of(e->name) < 0) {
        CHECK(0, "%s: perfctr's %s plans (%s)", pmu_name(&pmu), e->name, err);
        return;
    }
    const struct ppc_event *o = ours_named(plan.events[0].name);
    int codes_match = o != NULL;
    for (unsigned c = 0; o && c < n_pmcs; c++) {
        codes_match &= (e->counters >> c & 1) ? o->code[c] == (int)e->code : o->code[c] < 0;
    }
    CHECK(plan.events[0].counter_mask == want && codes_match,
          "%s: perfctr's %s is %s, select 0x%02x on counters 0x%x (got 0x%x)", pmu_name(&pmu),
          e->name, plan.events[0].name, e->code, want, (unsigned)plan.events[0].counter_mask);
}

/* Is (counter c, code) one of perfctr's placements? */
static int perfctr_places(unsigned c, unsigned code)
{
    const struct perfctr_event *sets[] = {common, ppc604, ppc604e};
    const unsigned n[] = {N(common), N(ppc604), N(ppc604e)};
    for (unsigned s = 0; s < 3; s++) {
        for (unsigned i = 0; i < n[s]; i++) {
            if (sets[s][i].code == code && (sets[s][i].counters >> c & 1)) {
                return 1;
            }
        }
    }
    return 0;
}

int main(void)
{
    model_pmu(&m, &pmu, MODEL_PPC604, "ppc604e", NULL);
    CHECK(!strcmp(pmu_name(&pmu), "ppc604e"), "the 604e backend (%s)", pmu_name(&pmu));
    for (unsigned i = 0; i < N(common); i++) {
        check_event(&common[i], 4);
    }
    for (unsigned i = 0; i < N(ppc604); i++) {
        check_event(&ppc604[i], 4);
    }
    for (unsigned i = 0; i < N(ppc604e); i++) {
        check_event(&ppc604e[i], 4);
    }
    /* The other way: each of our placements is perfctr's, and there are
     * as many as perfctr has (31 on PMC1 and PMC2, 30 on PMC3 and PMC4). */
    unsigned placements[PPC_PMCS] = {0}, strays = 0;
    for (unsigned i = 0; i < ppc604e_n_events; i++) {
        for (unsigned c = 0; c < PPC_PMCS; c++) {
            if (ppc604e_events[i].code[c] >= 0) {
                unsigned code = (uint8_t)ppc604e_events[i].code[c];
                placements[c]++;
                if (!perfctr_places(c, code)) {
                    CHECK(0, "%s on PMC%u select 0x%02x is not one of perfctr's",
                          ppc604e_events[i].name, c + 1, code);
                    strays++;
                }
            }
        }
    }
    CHECK(strays == 0 && placements[0] == 31 && placements[1] == 31 && placements[2] == 30 &&
              placements[3] == 30,
          "every select of the manual's tables, once: PMC1 %u, PMC2 %u, PMC3 %u, PMC4 %u",
          placements[0], placements[1], placements[2], placements[3]);
    CHECK(plan_of("NOTHING") < 0,
          "perfctr's NOTHING (select 0: hold the value) is no event (%s); r100 reaches it", err);

    model_pmu(&m, &pmu, MODEL_PPC604, "ppc604", NULL);
    CHECK(!strcmp(pmu_name(&pmu), "ppc604"), "the 604 backend (%s)", pmu_name(&pmu));
    for (unsigned i = 0; i < N(common); i++) {
        check_event(&common[i], 2);
    }
    for (unsigned i = 0; i < N(ppc604); i++) {
        check_event(&ppc604[i], 2);
    }
    unsigned refused = 0;
    for (unsigned i = 0; i < N(ppc604e); i++) {
        refused += plan_of(ppc604e[i].name) < 0;
    }
    CHECK(refused == N(ppc604e), "the 604 refuses the %u events of the 604e's PMC3 and PMC4 (%u)",
          (unsigned)N(ppc604e), refused);
    return check_summary();
}
