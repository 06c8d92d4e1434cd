/* A model of the NetBurst (Pentium 4) PMU for host tests: the register
 * file (18 counters of 40 bits, 18 CCCRs, the ESCRs of the model) behind
 * struct pmu_hw, and the counting semantics of the Intel SDM vol. 3B
 * (NetBurst section: "CCCR MSRs", ESCRs, cascading):
 * ESCR event/mask/privilege/thread selection, the CCCR's active-thread
 * filter, threshold with compare, complement and edge, FORCE_OVF, the
 * sticky OVF flag, PMI requests on the event after an overflow, and
 * cascading and extended cascading, which run a counter while CASCADE and
 * its leader's OVF flag are set.
 *
 * Strict where silicon is: a WRMSR of a reserved bit (ESCR bits 63:31;
 * CCCR bits 11:0, 29:28, 63:32, bit 11 allowed on the IQ CCCRs of
 * extended-cascading models; a counter above bit 39; SDM vol. 3B, the
 * NetBurst "ESCR MSRs" and "CCCR MSRs" figures) and any access to an MSR
 * the model lacks (IQ_ESCR0/1 from CPUID model 3 on, table "Performance
 * Counter MSRs and Associated CCCR and ESCR MSRs") returns -1 and counts
 * in `violations`; so does a write real hardware ignores (active thread
 * not 11b without Hyper-Threading). A counter written while its CCCR
 * enables it, or a cascade runs it, counts in `running_writes`.
 *
 * Its tables are written from the SDM independently of pmu/x86/p4_regs.c, so
 * a wrong table on either side shows up as a failing test. */
#ifndef BAREBENCH_P4_MODEL_H
#define BAREBENCH_P4_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "pmu/pmu.h"

#define P4_MODEL_COUNTERS 18

struct p4_model {
    unsigned cpu_model; /* CPUID model: IQ_ESCR0/1 below 3; ext. cascading 2, 3, 4, 6 */
    bool ht;            /* Hyper-Threading: active-thread modes other than 11b */
    uint64_t counter[P4_MODEL_COUNTERS];
    uint32_t cccr[P4_MODEL_COUNTERS];
    uint32_t escr[0x42]; /* by address - 0x3a0 */
    uint64_t pebs_enable, matrix_vert;
    bool prev_cond[P4_MODEL_COUNTERS];     /* last cycle's comparison, for edge */
    uint32_t pmi_armed[P4_MODEL_COUNTERS]; /* OVF_PMI bits of an overflow, until the next event */
    unsigned pmi[2];                       /* PMIs requested per logical processor */
    unsigned violations;                   /* accesses real hardware rejects (#GP) or ignores */
    char last_violation[120];
    unsigned running_writes; /* counter writes while the counter counts */
};

/* One event occurrence in a cycle: `count` events of ESCR unit `unit`
 * (the address of either ESCR of the unit, e.g. 0x3b8 for CRU_ESCR0/1),
 * event select `event`, event-mask bit `bit`. */
struct p4_signal {
    uint16_t unit;
    uint8_t event;
    uint8_t bit;
    uint8_t count;
};

#define P4_MODEL_MAX_SIGNALS 8

/* One clock cycle: where the processor is and what happened. */
struct p4_cycle {
    unsigned cpl;    /* 0 (OS) or 3 (USR) */
    unsigned thread; /* logical processor the events belong to */
    unsigned active; /* logical processors active: bit 0 = LP0, bit 1 = LP1 */
    unsigned n;
    struct p4_signal sig[P4_MODEL_MAX_SIGNALS];
};

/* A reset PMU for CPUID model `cpu_model`. */
void p4_model_init(struct p4_model *m, unsigned cpu_model, bool ht);

/* struct pmu_hw over the model. */
struct pmu_hw p4_model_hw(struct p4_model *m);

/* Resets *m and fills *pmu for the synthetic CPU `name` ("p4",
 * "p4-prescott"), with CPUID model `cpu_model` unless 0, and with
 * Hyper-Threading when `ht`. False for an unknown name. */
bool p4_model_pmu(struct p4_model *m, struct pmu *pmu, const char *name, unsigned cpu_model,
                  bool ht);

/* The ESCR address that CCCR ESCR-select value `select` connects to
 * `counter` on this model, or 0 when there is none. */
uint16_t p4_model_escr_for(const struct p4_model *m, unsigned counter, unsigned select);

/* Counts one cycle. */
void p4_model_cycle(struct p4_model *m, const struct p4_cycle *cycle);

/* A cycle in ring 0 on LP0 (the only one active) with one signal. */
void p4_model_signal(struct p4_model *m, uint16_t unit, uint8_t event, uint8_t bit, uint8_t count);

/* The known loop pmu_verify() runs (pmu_hw.workload): per iteration two
 * cycles, two instructions and two uops retired, one taken branch. */
void p4_model_workload(void *ctx, uint32_t iterations);

#endif
