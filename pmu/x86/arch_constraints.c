/* The general-purpose counters an event may use on an Intel model, where
 * fewer than all: libpfm4 keeps them but neither exposes nor uses them, so
 * they come from the event constraints of Linux's perf
 * (arch/x86/events/intel/core.c, intel_<model>_event_constraints), which
 * the kernel enforces when it schedules events. The first row that matches
 * wins, as there. Silvermont, Goldmont and Tremont have none for GP
 * counters there. */
#include "lib/kstring.h"
#include "pmu/x86/arch_constraints.h"

/* Event selects first..last (with `umask` when by_umask) on `counters`. */
struct constraint {
    uint8_t first, last;
    bool by_umask;
    uint8_t umask;
    uint32_t counters;
};

#define EV(e, c)       {(e), (e), false, 0, (c)}
#define RANGE(f, l, c) {(f), (l), false, 0, (c)}
#define UEV(code, c)   {(code) & 0xff, (code) & 0xff, true, (code) >> 8, (c)}
#define END_CONSTRAINT {0, 0, false, 0, 0}

static const struct constraint nhm[] = {
    RANGE(0x40, 0x43, 0x3), /* L1D_CACHE_LD, _ST, _LOCK, L1D_ALL_REF */
    EV(0x48, 0x3),          /* L1D_PEND_MISS */
    EV(0x4e, 0x3),          /* L1D_PREFETCH */
    EV(0x51, 0x3),          /* L1D */
    EV(0x63, 0x3),          /* CACHE_LOCK_CYCLES */
    END_CONSTRAINT,
};

static const struct constraint wsm[] = {
    EV(0x51, 0x3), /* L1D */
    EV(0x60, 0x1), /* OFFCORE_REQUESTS_OUTSTANDING */
    EV(0x63, 0x3), /* CACHE_LOCK_CYCLES */
    EV(0xb3, 0x1), /* SNOOPQ_REQUEST_OUTSTANDING */
    END_CONSTRAINT,
};

static const struct constraint snb[] = {
    UEV(0x04a3, 0xf),       /* CYCLE_ACTIVITY.CYCLES_NO_DISPATCH */
    UEV(0x05a3, 0xf),       /* CYCLE_ACTIVITY.STALLS_L2_PENDING */
    UEV(0x02a3, 0x4),       /* CYCLE_ACTIVITY.CYCLES_L1D_PENDING */
    UEV(0x06a3, 0x4),       /* CYCLE_ACTIVITY.STALLS_L1D_PENDING */
    EV(0x48, 0x4),          /* L1D_PEND_MISS.PENDING */
    UEV(0x01c0, 0x2),       /* INST_RETIRED.PREC_DIST */
    EV(0xcd, 0x8),          /* MEM_TRANS_RETIRED.LOAD_LATENCY */
    RANGE(0xd0, 0xd3, 0xf), /* MEM_UOPS_RETIRED.*, MEM_LOAD_UOPS_*_RETIRED.* */
    END_CONSTRAINT,
};

static const struct constraint ivb[] = {
    UEV(0x0148, 0x4),       /* L1D_PEND_MISS.PENDING */
    UEV(0x0279, 0xf),       /* IDQ.EMPTY */
    UEV(0x019c, 0xf),       /* IDQ_UOPS_NOT_DELIVERED.CORE */
    UEV(0x02a3, 0xf),       /* CYCLE_ACTIVITY.CYCLES_LDM_PENDING */
    UEV(0x04a3, 0xf),       /* CYCLE_ACTIVITY.CYCLES_NO_EXECUTE */
    UEV(0x05a3, 0xf),       /* CYCLE_ACTIVITY.STALLS_L2_PENDING */
    UEV(0x06a3, 0xf),       /* CYCLE_ACTIVITY.STALLS_LDM_PENDING */
    UEV(0x08a3, 0x4),       /* CYCLE_ACTIVITY.CYCLES_L1D_PENDING */
    UEV(0x0ca3, 0x4),       /* CYCLE_ACTIVITY.STALLS_L1D_PENDING */
    UEV(0x01c0, 0x2),       /* INST_RETIRED.PREC_DIST */
    RANGE(0xd0, 0xd3, 0xf), /* MEM_UOPS_RETIRED.*, MEM_LOAD_UOPS_*_RETIRED.* */
    END_CONSTRAINT,
};

static const struct constraint hsw[] = {
    UEV(0x0148, 0x4),       /* L1D_PEND_MISS.PENDING */
    UEV(0x01c0, 0x2),       /* INST_RETIRED.PREC_DIST */
    EV(0xcd, 0x8),          /* MEM_TRANS_RETIRED.LOAD_LATENCY */
    UEV(0x08a3, 0x4),       /* CYCLE_ACTIVITY.CYCLES_L1D_PENDING */
    UEV(0x0ca3, 0x4),       /* CYCLE_ACTIVITY.STALLS_L1D_PENDING */
    UEV(0x04a3, 0xf),       /* CYCLE_ACTIVITY.CYCLES_NO_EXECUTE */
    RANGE(0xd0, 0xd3, 0xf), /* MEM_UOPS_RETIRED.*, MEM_LOAD_UOPS_*_RETIRED.* */
    END_CONSTRAINT,
};

static const struct constraint bdw[] = {
    UEV(0x0148, 0x4),       /* L1D_PEND_MISS.PENDING */
    UEV(0x08a3, 0x4),       /* CYCLE_ACTIVITY.CYCLES_L1D_MISS */
    RANGE(0xd0, 0xd2, 0xf), /* MEM_INST_RETIRED.*, MEM_LOAD_*RETIRED.* */
    EV(0xcd, 0xf),          /* MEM_TRANS_RETIRED.* */
    END_CONSTRAINT,
};

static const struct constraint skl[] = {
    UEV(0x01c0, 0x2),       /* INST_RETIRED.PREC_DIST */
    RANGE(0xd0, 0xd2, 0xf), /* MEM_INST_RETIRED.*, MEM_LOAD_*RETIRED.* */
    EV(0xcd, 0xf),          /* MEM_TRANS_RETIRED.* */
    EV(0xc6, 0xf),          /* FRONTEND_RETIRED.* */
    END_CONSTRAINT,
};

static const struct constraint icl[] = {
    RANGE(0x03, 0x0a, 0xf), /* LD_BLOCKS .. */
    RANGE(0x1f, 0x28, 0xf), /* .. CORE_POWER */
    EV(0x32, 0xf),          /* SW_PREFETCH_ACCESS.* */
    RANGE(0x48, 0x56, 0xf), /* L1D_PEND_MISS .. */
    RANGE(0x60, 0x8b, 0xf), /* OFFCORE_REQUESTS_OUTSTANDING .. */
    UEV(0x04a3, 0xff),      /* CYCLE_ACTIVITY.STALLS_TOTAL */
    UEV(0x10a3, 0xff),      /* CYCLE_ACTIVITY.CYCLES_MEM_ANY */
    UEV(0x14a3, 0xff),      /* CYCLE_ACTIVITY.STALLS_MEM_ANY */
    EV(0xa3, 0xf),          /* CYCLE_ACTIVITY.* */
    RANGE(0xa8, 0xb0, 0xf), /* LSD .. */
    RANGE(0xb7, 0xbd, 0xf), /* .. TLB_FLUSH */
    RANGE(0xd0, 0xe6, 0xf), /* MEM_INST_RETIRED .. BACLEARS */
    EV(0xef, 0xf),          /* CORE_SNOOP_RESPONSE */
    RANGE(0xf0, 0xf4, 0xf), /* L2_TRANS .. SQ_MISC */
    END_CONSTRAINT,
};

static const struct constraint spr[] = {
    EV(0x2e, 0xff),          /* LONGEST_LAT_CACHE.*: any counter */
    EV(0x3c, 0xff),          /* CPU_CLK_UNHALTED.*: any counter */
    RANGE(0x01, 0x8f, 0xf),  /* generally, events below 0x90 on PMC0-3 */
    UEV(0x01a3, 0xf),        /* CYCLE_ACTIVITY.CYCLES_L2_MISS */
    UEV(0x02a3, 0xf),        /* CYCLE_ACTIVITY.CYCLES_L3_MISS */
    UEV(0x08a3, 0xf),        /* CYCLE_ACTIVITY.CYCLES_L1D_MISS */
    UEV(0x04a4, 0x1),        /* TOPDOWN.BACKEND_BOUND_SLOTS */
    UEV(0x08a4, 0x1),        /* TOPDOWN.BR_MISPREDICT_SLOTS */
    UEV(0x02cd, 0x1),        /* MEM_TRANS_RETIRED.STORE_SAMPLE */
    EV(0xce, 0x1),           /* AMX_OPS_RETIRED */
    RANGE(0xd0, 0xdf, 0xf),  /* MEM_INST_RETIRED .. */
    RANGE(0x90, 0xfe, 0xff), /* generally, events from 0x90 on any counter */
    END_CONSTRAINT,
};

static const struct {
    const char *pfm_name;
    const struct constraint *list;
} lists[] = {
    {"nhm", nhm}, {"nhm_ex", nhm}, {"wsm", wsm}, {"wsm_dp", wsm}, {"snb", snb}, {"snb_ep", snb},
    {"ivb", ivb}, {"ivb_ep", ivb}, {"hsw", hsw}, {"hsw_ep", hsw}, {"bdw", bdw}, {"bdw_ep", bdw},
    {"skl", skl}, {"skx", skl},    {"clx", skl}, {"icl", icl},    {"icx", icl}, {"spr", spr},
};

uint32_t arch_gp_counters(const char *pfm_name, uint32_t select, uint32_t umask)
{
    for (unsigned i = 0; pfm_name && i < sizeof lists / sizeof lists[0]; i++) {
        if (!str_ieq(lists[i].pfm_name, pfm_name)) {
            continue;
        }
        for (const struct constraint *c = lists[i].list; c->counters; c++) {
            if (select >= c->first && select <= c->last && (!c->by_umask || umask == c->umask)) {
                return c->counters;
            }
        }
    }
    return ~0u;
}
