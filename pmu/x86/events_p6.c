/* P6-family events: Intel SDM vol. 3B, "Events that can be counted with
 * the P6 family", names as libpfm4 spells them (ppro, pii, p6, pm).
 * Counter masks: bit 0 = PerfCtr0, bit 1 = PerfCtr1. */
#include "pmu/x86/events_p6.h"
#include "pmu/x86/evtsel.h"

#define BOTH 0x3

static const struct pmu_umask_desc mesi[] = {
    {.name = "I", .code = 0x01, .desc = "Invalid state"},
    {.name = "S", .code = 0x02, .desc = "Shared state"},
    {.name = "E", .code = 0x04, .desc = "Exclusive state"},
    {.name = "M", .code = 0x08, .desc = "Modified state"},
};

/* Pentium M: MESI plus the hardware-prefetch qualifier (bits 5:4). */
static const struct pmu_umask_desc pm_l2[] = {
    {.name = "I", .code = 0x01},
    {.name = "S", .code = 0x02},
    {.name = "E", .code = 0x04},
    {.name = "M", .code = 0x08},
    {.name = "EXCL_HW_PREFETCH", .code = 0x00},
    {.name = "ONLY_HW_PREFETCH", .code = 0x10},
    {.name = "NON_HW_PREFETCH", .code = 0x20},
};

static const struct pmu_umask_desc bus_agent[] = {
    {.name = "SELF", .code = 0x00, .flags = PMU_UMF_DEFAULT | PMU_UMF_EXCLUSIVE},
    {.name = "ANY", .code = 0x20, .flags = PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc mmx_type[] = {
    {.name = "MUL", .code = 0x01},     {.name = "SHIFT", .code = 0x02},
    {.name = "PACK", .code = 0x04},    {.name = "UNPACK", .code = 0x08},
    {.name = "LOGICAL", .code = 0x10}, {.name = "ARITH", .code = 0x20},
};

static const struct pmu_umask_desc fp_mmx_trans[] = {
    {.name = "TO_FP", .code = 0x00, .flags = PMU_UMF_EXCLUSIVE},
    {.name = "TO_MMX", .code = 0x01, .flags = PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc segments[] = {
    {.name = "ES", .code = 0x01},
    {.name = "DS", .code = 0x02},
    {.name = "FS", .code = 0x04},
    {.name = "GS", .code = 0x08},
};

static const struct pmu_umask_desc kni_pref[] = {
    {.name = "NTA", .code = 0x00, .flags = PMU_UMF_EXCLUSIVE},
    {.name = "T1", .code = 0x01, .flags = PMU_UMF_EXCLUSIVE},
    {.name = "T2", .code = 0x02, .flags = PMU_UMF_EXCLUSIVE},
    {.name = "WEAK", .code = 0x03, .flags = PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc kni_ret[] = {
    {.name = "PACKED_SCALAR", .code = 0x00, .flags = PMU_UMF_EXCLUSIVE},
    {.name = "SCALAR", .code = 0x01, .flags = PMU_UMF_EXCLUSIVE},
};

static const struct pmu_umask_desc est_trans[] = {
    {.name = "ALL", .code = 0x00},
    {.name = "FREQ", .code = 0x02},
};

static const struct pmu_umask_desc fused_uops[] = {
    {.name = "ALL", .code = 0x00},
    {.name = "LD_OP", .code = 0x01},
    {.name = "STD_STA", .code = 0x02},
};

static const struct pmu_umask_desc sse_ret[] = {
    {.name = "SSE_PACKED_SCALAR_SINGLE", .code = 0x00, .flags = PMU_UMF_EXCLUSIVE},
    {.name = "SSE_SCALAR_SINGLE", .code = 0x01, .flags = PMU_UMF_EXCLUSIVE},
    {.name = "SSE2_PACKED_DOUBLE", .code = 0x02, .flags = PMU_UMF_EXCLUSIVE},
    {.name = "SSE2_SCALAR_DOUBLE", .code = 0x03, .flags = PMU_UMF_EXCLUSIVE},
};

/* Events every P6 has (the L2 line events differ on the Pentium M). */
static const struct pmu_event_desc core_events[] = {
    {.name = "CPU_CLK_UNHALTED", .code = 0x79, .counters = BOTH, .flags = PMU_EVF_ADVANCES},
    {.name = "INST_RETIRED", .code = 0xc0, .counters = BOTH, .flags = PMU_EVF_ADVANCES},
    PMU_EVENT("DATA_MEM_REFS", 0x43, BOTH),
    PMU_EVENT("DCU_LINES_IN", 0x45, BOTH),
    PMU_EVENT("DCU_M_LINES_IN", 0x46, BOTH),
    PMU_EVENT("DCU_M_LINES_OUT", 0x47, BOTH),
    PMU_EVENT("DCU_MISS_OUTSTANDING", 0x48, BOTH),
    PMU_EVENT("IFU_IFETCH", 0x80, BOTH),
    PMU_EVENT("IFU_IFETCH_MISS", 0x81, BOTH),
    PMU_EVENT("ITLB_MISS", 0x85, BOTH),
    PMU_EVENT("IFU_MEM_STALL", 0x86, BOTH),
    PMU_EVENT("ILD_STALL", 0x87, BOTH),
    PMU_EVENT_UM("L2_IFETCH", 0x28, BOTH, mesi),
    PMU_EVENT_UM("L2_ST", 0x2a, BOTH, mesi),
    PMU_EVENT("L2_M_LINES_INM", 0x25, BOTH),
    PMU_EVENT_UM("L2_RQSTS", 0x2e, BOTH, mesi),
    PMU_EVENT("L2_ADS", 0x21, BOTH),
    PMU_EVENT("L2_DBUS_BUSY", 0x22, BOTH),
    PMU_EVENT("L2_DBUS_BUSY_RD", 0x23, BOTH),
    PMU_EVENT_UM("BUS_DRDY_CLOCKS", 0x62, BOTH, bus_agent),
    PMU_EVENT_UM("BUS_LOCK_CLOCKS", 0x63, BOTH, bus_agent),
    PMU_EVENT("BUS_REQ_OUTSTANDING", 0x60, BOTH),
    PMU_EVENT_UM("BUS_TRANS_BRD", 0x65, BOTH, bus_agent),
    PMU_EVENT_UM("BUS_TRANS_RFO", 0x66, BOTH, bus_agent),
    PMU_EVENT_UM("BUS_TRANS_WB", 0x67, BOTH, bus_agent),
    PMU_EVENT_UM("BUS_TRAN_IFETCH", 0x68, BOTH, bus_agent),
    PMU_EVENT_UM("BUS_TRAN_INVAL", 0x69, BOTH, bus_agent),
    PMU_EVENT_UM("BUS_TRAN_PWR", 0x6a, BOTH, bus_agent),
    PMU_EVENT_UM("BUS_TRANS_P", 0x6b, BOTH, bus_agent),
    PMU_EVENT_UM("BUS_TRANS_IO", 0x6c, BOTH, bus_agent),
    PMU_EVENT_UM("BUS_TRAN_DEF", 0x6d, BOTH, bus_agent),
    PMU_EVENT_UM("BUS_TRAN_BURST", 0x6e, BOTH, bus_agent),
    PMU_EVENT_UM("BUS_TRAN_ANY", 0x70, BOTH, bus_agent),
    PMU_EVENT_UM("BUS_TRAN_MEM", 0x6f, BOTH, bus_agent),
    PMU_EVENT("BUS_DATA_RECV", 0x64, BOTH),
    PMU_EVENT("BUS_BNR_DRV", 0x61, BOTH),
    PMU_EVENT("BUS_HIT_DRV", 0x7a, BOTH),
    PMU_EVENT("BUS_HITM_DRV", 0x7b, BOTH),
    PMU_EVENT("BUS_SNOOP_STALL", 0x7e, BOTH),
    /* The floating-point unit's events exist on one counter only. */
    PMU_EVENT("FLOPS", 0xc1, 0x1),
    PMU_EVENT("FP_COMP_OPS_EXE", 0x10, 0x1),
    PMU_EVENT("FP_ASSIST", 0x11, 0x2),
    PMU_EVENT("MUL", 0x12, 0x2),
    PMU_EVENT("DIV", 0x13, 0x2),
    PMU_EVENT("CYCLES_DIV_BUSY", 0x14, 0x1),
    PMU_EVENT("LD_BLOCKS", 0x03, BOTH),
    PMU_EVENT("SB_DRAINS", 0x04, BOTH),
    PMU_EVENT("MISALIGN_MEM_REF", 0x05, BOTH),
    PMU_EVENT("UOPS_RETIRED", 0xc2, BOTH),
    PMU_EVENT("INST_DECODED", 0xd0, BOTH),
    PMU_EVENT("HW_INT_RX", 0xc8, BOTH),
    PMU_EVENT("CYCLES_INT_MASKED", 0xc6, BOTH),
    PMU_EVENT("CYCLES_INT_PENDING_AND_MASKED", 0xc7, BOTH),
    PMU_EVENT("BR_INST_RETIRED", 0xc4, BOTH),
    PMU_EVENT("BR_MISS_PRED_RETIRED", 0xc5, BOTH),
    PMU_EVENT("BR_TAKEN_RETIRED", 0xc9, BOTH),
    PMU_EVENT("BR_MISS_PRED_TAKEN_RET", 0xca, BOTH),
    PMU_EVENT("BR_INST_DECODED", 0xe0, BOTH),
    PMU_EVENT("BTB_MISSES", 0xe2, BOTH),
    PMU_EVENT("BR_BOGUS", 0xe4, BOTH),
    PMU_EVENT("BACLEARS", 0xe6, BOTH),
    PMU_EVENT("RESOURCE_STALLS", 0xa2, BOTH),
    PMU_EVENT("PARTIAL_RAT_STALLS", 0xd2, BOTH),
    PMU_EVENT("SEGMENT_REG_LOADS", 0x06, BOTH),
};

/* L2 line events of the Pentium Pro, II and III. */
static const struct pmu_event_desc l2_classic[] = {
    PMU_EVENT_UM("L2_LD", 0x29, BOTH, mesi),
    PMU_EVENT("L2_LINES_IN", 0x24, BOTH),
    PMU_EVENT("L2_LINES_OUT", 0x26, BOTH),
    PMU_EVENT("L2_M_LINES_OUTM", 0x27, BOTH),
};

/* MMX events (Pentium II and later). MMX_UOPS_EXEC takes unit mask 0x0F
 * per the SDM (libpfm4 encodes it with 0): carried in code bits 23:16. */
static const struct pmu_event_desc mmx[] = {
    PMU_EVENT("MMX_SAT_INSTR_EXEC", 0xb1, BOTH),
    PMU_EVENT("MMX_UOPS_EXEC", 0x0f00b2, BOTH),
    PMU_EVENT_UM("MMX_INSTR_TYPE_EXEC", 0xb3, BOTH, mmx_type),
    PMU_EVENT_UM("FP_MMX_TRANS", 0xcc, BOTH, fp_mmx_trans),
    PMU_EVENT("MMX_ASSIST", 0xcd, BOTH),
    PMU_EVENT_UM("SEG_RENAME_STALLS", 0xd4, BOTH, segments),
    PMU_EVENT_UM("SEG_REG_RENAMES", 0xd5, BOTH, segments),
    PMU_EVENT("RET_SEG_RENAMES", 0xd6, BOTH),
};

/* Pentium II only (the SDM drops them from the Pentium III). */
static const struct pmu_event_desc pii_only[] = {
    PMU_EVENT("MMX_INSTR_EXEC", 0xb0, BOTH),
    PMU_EVENT("MMX_INSTR_RET", 0xce, BOTH),
};

/* Streaming SIMD prefetches (Pentium III and M). */
static const struct pmu_event_desc kni_prefetch[] = {
    PMU_EVENT_UM("EMON_KNI_PREF_DISPATCHED", 0x07, BOTH, kni_pref),
    PMU_EVENT_UM("EMON_KNI_PREF_MISS", 0x4b, BOTH, kni_pref),
};

/* SSE retirement (Pentium III). */
static const struct pmu_event_desc kni_retired[] = {
    PMU_EVENT_UM("EMON_KNI_INST_RETIRED", 0xd8, BOTH, kni_ret),
    PMU_EVENT_UM("EMON_KNI_COMP_INST_RET", 0xd9, BOTH, kni_ret),
};

/* Pentium M additions. */
static const struct pmu_event_desc pm_only[] = {
    PMU_EVENT_UM("EMON_EST_TRANS", 0x58, BOTH, est_trans),
    PMU_EVENT("EMON_THERMAL_TRIP", 0x59, BOTH),
    PMU_EVENT("BR_INST_EXEC", 0x88, BOTH),
    PMU_EVENT("BR_MISSP_EXEC", 0x89, BOTH),
    PMU_EVENT("BR_BAC_MISSP_EXEC", 0x8a, BOTH),
    PMU_EVENT("BR_CND_EXEC", 0x8b, BOTH),
    PMU_EVENT("BR_CND_MISSP_EXEC", 0x8c, BOTH),
    PMU_EVENT("BR_IND_EXEC", 0x8d, BOTH),
    PMU_EVENT("BR_IND_MISSP_EXEC", 0x8e, BOTH),
    PMU_EVENT("BR_RET_EXEC", 0x8f, BOTH),
    PMU_EVENT("BR_RET_MISSP_EXEC", 0x90, BOTH),
    PMU_EVENT("BR_RET_BAC_MISSP_EXEC", 0x91, BOTH),
    PMU_EVENT("BR_CALL_EXEC", 0x92, BOTH),
    PMU_EVENT("BR_CALL_MISSP_EXEC", 0x93, BOTH),
    PMU_EVENT("BR_IND_CALL_EXEC", 0x94, BOTH),
    PMU_EVENT("EMON_SIMD_INSTR_RETIRED", 0xce, BOTH),
    PMU_EVENT("EMON_SYNCH_UOPS", 0xd3, BOTH),
    PMU_EVENT("EMON_ESP_UOPS", 0xd7, BOTH),
    PMU_EVENT_UM("EMON_FUSED_UOPS_RET", 0xda, BOTH, fused_uops),
    PMU_EVENT("EMON_UNFUSION", 0xdb, BOTH),
    PMU_EVENT("EMON_PREF_RQSTS_UP", 0xf0, BOTH),
    PMU_EVENT("EMON_PREF_RQSTS_DN", 0xf8, BOTH),
    PMU_EVENT_UM("EMON_SSE_SSE2_INST_RETIRED", 0xd8, BOTH, sse_ret),
    PMU_EVENT_UM("EMON_SSE_SSE2_COMP_INST_RETIRED", 0xd9, BOTH, sse_ret),
    PMU_EVENT_UM("L2_LD", 0x29, BOTH, pm_l2),
    PMU_EVENT_UM("L2_LINES_IN", 0x24, BOTH, pm_l2),
    PMU_EVENT_UM("L2_LINES_OUT", 0x26, BOTH, pm_l2),
    PMU_EVENT_UM("L2_M_LINES_OUT", 0x27, BOTH, pm_l2),
};

#define TABLE(n, a) {.name = (n), .events = (a), .n_events = PMU_ARRAY_SIZE(a)}

static const struct pmu_event_table t_core = TABLE("p6", core_events);
static const struct pmu_event_table t_l2 = TABLE("p6-l2", l2_classic);
static const struct pmu_event_table t_mmx = TABLE("p6-mmx", mmx);
static const struct pmu_event_table t_pii = TABLE("pii", pii_only);
static const struct pmu_event_table t_kni_pref = TABLE("p6-kni", kni_prefetch);
static const struct pmu_event_table t_kni_ret = TABLE("piii", kni_retired);
static const struct pmu_event_table t_pm = TABLE("pm", pm_only);

const struct p6_group_tables p6_groups[P6_N_GROUPS] = {
    [P6_PPRO] = {"ppro", 2, {&t_core, &t_l2}},
    [P6_PII] = {"pii", 4, {&t_core, &t_l2, &t_mmx, &t_pii}},
    [P6_PIII] = {"piii", 5, {&t_core, &t_l2, &t_mmx, &t_kni_pref, &t_kni_ret}},
    [P6_PM] = {"pm", 4, {&t_core, &t_mmx, &t_kni_pref, &t_pm}},
};

/* perfctr's spellings (Mikael Pettersson's perfctr, event_set_p6.c,
 * revision 1.5 of 2004), where they differ from ours. Its EBL events default
 * to unit mask 0x20, transactions from any agent (p6_um_ebl), so the alias
 * carries :ANY (for self-generated ones, use our name, whose default is
 * SELF). IFU_FETCH and IFU_FETCH_MISS are the names the file says it used
 * before IFU_IFETCH and IFU_IFETCH_MISS. FLOPS (0xC1) and FP_COMP_OPS_EXE
 * (0x10) mean what ours do. */
const struct pmu_alias p6_perfctr_aliases[] = {
    {"BUS_TRAN_BRD", "BUS_TRANS_BRD:ANY"}, {"BUS_TRAN_RFO", "BUS_TRANS_RFO:ANY"},
    {"BUS_DATA_RCV", "BUS_DATA_RECV"},     {"IFU_FETCH", "IFU_IFETCH"},
    {"IFU_FETCH_MISS", "IFU_IFETCH_MISS"}, {NULL, NULL},
};

/* OProfile's spellings (events/i386/ppro, pii, piii and p6_mobile: the
 * events and unit_masks files), where they differ from ours. Its "ebl" unit
 * mask defaults to 0x20 (any agent): hence :ANY, as for perfctr. Not
 * aliased: OProfile's FLOPS is event 0x10, our FP_COMP_OPS_EXE, while our
 * FLOPS is 0xC1 (OProfile's COMP_FLOP_RET); the name cannot mean both, and
 * ours follows the SDM and libpfm4. */
const struct pmu_alias p6_oprofile_aliases[] = {
    {"BUS_TRAN_BRD", "BUS_TRANS_BRD:ANY"},
    {"BUS_TRAN_RFO", "BUS_TRANS_RFO:ANY"},
    {"BUS_TRANS_DEF", "BUS_TRAN_DEF:ANY"},
    {"BUS_DATA_RCV", "BUS_DATA_RECV"},
    {"COMP_FLOP_RET", "FLOPS"},
    {NULL, NULL},
};

/* OProfile's Pentium M spellings (events/i386/p6_mobile/events): the
 * renamed L2 event keeps its classic name there with OProfile's "zero" unit
 * mask, 0x00, which is our EXCL_HW_PREFETCH (bits 5:4 = 00, no MESI bit);
 * MMX_INSTR_RET is 0xCE, our EMON_SIMD_INSTR_RETIRED. */
const struct pmu_alias pm_oprofile_aliases[] = {
    {"L2_M_LINES_OUTM", "L2_M_LINES_OUT:EXCL_HW_PREFETCH"},
    {"MMX_INSTR_RET", "EMON_SIMD_INSTR_RETIRED"},
    {NULL, NULL},
};
