/* Other tools' spellings of the P5 and P6 events: perfctr's (event_set_p5.c,
 * event_set_p6.c) and OProfile's (events/i386/{ppro,pii,piii,p6_mobile}).
 * Every spelling of theirs that differs from ours is planned, as one list
 * per CPU and source the way a user pastes it, and each event must get the
 * encoding, counters and printed (canonical) name that our own spelling
 * gets. */
#include <string.h>

#include "tests/host/synthetic_pmu.h"

struct spelling {
    const char *theirs, *ours;
};

struct source {
    const char *what, *cpu;
    const struct spelling *list;
};

static const struct spelling perfctr_p5mmx[] = {
    {"INSTRUCTIONS_EXECUTED_IN_V_PIPE", "INSTRUCTIONS_EXECUTED_V_PIPE"},
    {"PIPELINE_FLUSHES_DUE_TO_WRONG_BRANCH_PREDICTIONS_RESOLVED_IN_WB_STAGE",
     "PIPELINE_FLUSHES_DUE_TO_WRONG_BRANCH_PREDICTIONS_IN_WB"},
    {"PIPELINE_ISTALL_FOR_MMX_INSTRUCTION_DATA_MEMORY_READS",
     "PIPELINE_STALL_FOR_MMX_INSTRUCTION_DATA_MEMORY_READS"},
    {"FULL_WRITE_BUFFER_STALL_DURATION_WHILE_EXECUTING_MMX_INSTRUCTIONS",
     "FULL_WRITE_BUFFER_STALL_DURATION_WHILE_EXECUTING_MMX"},
    {NULL, NULL},
};

/* The Pentium without MMX has the one event of those it can count. */
static const struct spelling perfctr_p5[] = {
    {"INSTRUCTIONS_EXECUTED_IN_V_PIPE", "INSTRUCTIONS_EXECUTED_V_PIPE"},
    {NULL, NULL},
};

/* perfctr's EBL unit mask defaults to 0x20 (any agent). */
static const struct spelling perfctr_p6[] = {
    {"BUS_TRAN_BRD", "BUS_TRANS_BRD:ANY"}, {"BUS_TRAN_RFO", "BUS_TRANS_RFO:ANY"},
    {"BUS_DATA_RCV", "BUS_DATA_RECV"},     {"IFU_FETCH", "IFU_IFETCH"},
    {"IFU_FETCH_MISS", "IFU_IFETCH_MISS"}, {NULL, NULL},
};

/* OProfile's "ebl" unit mask defaults to 0x20 too. */
static const struct spelling oprofile_p6[] = {
    {"BUS_TRAN_BRD", "BUS_TRANS_BRD:ANY"},
    {"BUS_TRAN_RFO", "BUS_TRANS_RFO:ANY"},
    {"BUS_TRANS_DEF", "BUS_TRAN_DEF:ANY"},
    {"BUS_DATA_RCV", "BUS_DATA_RECV"},
    {"COMP_FLOP_RET", "FLOPS"},
    {NULL, NULL},
};

static const struct spelling oprofile_pm[] = {
    {"BUS_TRAN_BRD", "BUS_TRANS_BRD:ANY"},
    {"BUS_TRAN_RFO", "BUS_TRANS_RFO:ANY"},
    {"BUS_TRANS_DEF", "BUS_TRAN_DEF:ANY"},
    {"BUS_DATA_RCV", "BUS_DATA_RECV"},
    {"COMP_FLOP_RET", "FLOPS"},
    {"L2_M_LINES_OUTM", "L2_M_LINES_OUT:EXCL_HW_PREFETCH"},
    {"MMX_INSTR_RET", "EMON_SIMD_INSTR_RETIRED"},
    {NULL, NULL},
};

static const struct source sources[] = {
    {"perfctr event_set_p5.c", "p5mmx", perfctr_p5mmx},
    {"perfctr event_set_p5.c", "p5", perfctr_p5},
    {"perfctr event_set_p6.c", "ppro", perfctr_p6},
    {"perfctr event_set_p6.c", "pii", perfctr_p6},
    {"perfctr event_set_p6.c", "piii", perfctr_p6},
    {"perfctr event_set_p6.c", "pm", perfctr_p6},
    {"OProfile events/i386/ppro", "ppro", oprofile_p6},
    {"OProfile events/i386/pii", "pii", oprofile_p6},
    {"OProfile events/i386/piii", "piii", oprofile_p6},
    {"OProfile events/i386/p6_mobile", "pm", oprofile_pm},
};

static struct pmu pmu;
static struct pmu_plan theirs, ours;
static char err[PMU_ERR_LEN];

static void init(const char *cpu_name)
{
    synthetic_pmu(&pmu, cpu_name);
}

static void check_source(const struct source *s)
{
    char list[1024] = "";
    unsigned n = 0;
    init(s->cpu);
    for (; s->list[n].theirs; n++) {
        if (n) {
            strcat(list, ",");
        }
        strcat(list, s->list[n].theirs);
    }
    int r = pmu_plan_events(&pmu, list, &theirs, err, sizeof err);
    CHECK(r == 0 && theirs.n_events == n, "%s on %s: the list of its %u spellings plans (%s)",
          s->what, s->cpu, n, r ? err : "ok");
    if (r != 0) {
        return;
    }
    for (unsigned i = 0; i < n; i++) {
        const struct pmu_assigned_event *t = &theirs.events[i];
        r = pmu_plan_events(&pmu, s->list[i].ours, &ours, err, sizeof err);
        const struct pmu_assigned_event *o = &ours.events[0];
        CHECK(r == 0 && !strcmp(t->encoding, o->encoding) && t->counter_mask == o->counter_mask &&
                  !strcmp(t->name, o->name),
              "%s on %s: %s = %s (encoding %s, counters 0x%x, printed as %s)", s->what, s->cpu,
              s->list[i].theirs, s->list[i].ours, t->encoding, (unsigned)t->counter_mask, t->name);
    }
}

int main(void)
{
    for (unsigned i = 0; i < sizeof sources / sizeof sources[0]; i++) {
        check_source(&sources[i]);
    }
    /* Modifiers still apply after a long alias, and names too long for any
     * spelling are still refused. */
    init("p5mmx");
    CHECK(pmu_plan_events(&pmu,
                          "PIPELINE_FLUSHES_DUE_TO_WRONG_BRANCH_PREDICTIONS_RESOLVED_IN_WB_STAGE:u",
                          &theirs, err, sizeof err) == 0 &&
              !strcmp(theirs.events[0].name,
                      "PIPELINE_FLUSHES_DUE_TO_WRONG_BRANCH_PREDICTIONS_IN_WB:u"),
          "p5mmx: perfctr's 69-character name takes :u and prints as ours (%s)",
          theirs.n_events ? theirs.events[0].name : err);
    char huge[200];
    memset(huge, 'X', sizeof huge - 1);
    huge[sizeof huge - 1] = '\0';
    CHECK(pmu_plan_events(&pmu, huge, &theirs, err, sizeof err) < 0 && strstr(err, "too long"),
          "p5mmx: a 199-character name is refused as too long (%s)", err);
    /* The Pentium M's alias is the Pentium M's: on the Pentium III,
     * L2_M_LINES_OUTM is the classic event and MMX_INSTR_RET does not
     * exist (Intel SDM: Pentium II only). */
    init("piii");
    CHECK(pmu_plan_events(&pmu, "L2_M_LINES_OUTM", &theirs, err, sizeof err) == 0 &&
              !strcmp(theirs.events[0].name, "L2_M_LINES_OUTM") &&
              pmu_plan_events(&pmu, "MMX_INSTR_RET", &theirs, err, sizeof err) < 0,
          "piii: L2_M_LINES_OUTM is its own event, MMX_INSTR_RET unknown (%s)", err);
    return check_summary();
}
