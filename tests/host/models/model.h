/* Models of the PMUs the PMU layer drives (except the Pentium 4, which has
 * its own model): a register file plus the counting semantics the manuals
 * define, behind struct pmu_hw. A model is clocked: each clock carries
 * the CPL it runs at and how many times each signal (cycles, retired
 * instructions, ...) happened in it; every enabled counter whose selector
 * picks that signal and whose filters pass counts it.
 *
 * Semantics modelled (Intel SDM vol. 3B ch. 18-19, the Pentium's CESR in its
 * "Performance Monitoring (Pentium Processors)" section; AMD BKDG):
 * privilege filters (USR/OS, P5 CC), edge detect, cmask with inv, P5
 * duration mode, counter width and wrap, P6 global enable in PerfEvtSel0
 * and sign-extended 32-bit counter writes, arch GLOBAL_CTRL / fixed
 * counters / overflow status, full-width writes only with FW_WRITE, AMD
 * core-extension MSRs only where CPUID has them; the 604/604e's freeze bits
 * (FC, FCS at CPL 0 = supervisor, FCP at CPL 3 = problem state) and its
 * per-counter event selects in MMCR0/MMCR1 (PowerPC 604e RISC
 * Microprocessor User's Manual, "Performance Monitor").
 *
 * Strict where silicon is: each access silicon faults on returns -1 (#GP,
 * or #UD for RDPMC) and is counted in `faults`, so a test asserts that
 * the PMU layer never does one (tests/host/test_pmu_strict.c):
 * - MSRs the modelled CPU does not have: other families' registers,
 *   counters and selectors beyond N, GLOBAL_* before arch version 2,
 *   IA32_PERF_CAPABILITIES (0x345) without CPUID.1:ECX.PDCM, IA32_A_PMCx
 *   without FW_WRITE, AMD C001_02xx without PerfCtrExtCore (CPUID
 *   8000_0001 ECX[23]); RDPMC of a missing counter.
 * - Reserved bits on WRMSR ("#GP(0) if an attempt is made to write a 1 to
 *   any reserved bit", SDM vol. 2, WRMSR): the Pentium CESR outside ES,
 *   CC, PC of both counters; P6 PerfEvtSel bits 63:32 and 21;
 *   IA32_PERFEVTSELx bits 63:32, and AnyThread (21) before version 3;
 *   FIXED_CTR_CTRL fields of absent fixed counters, and its AnyThread bits
 *   before version 3; GLOBAL_CTRL and GLOBAL_OVF_CTRL bits of absent
 *   counters (SDM vol. 3B ch. 18, "Architectural Performance Monitoring",
 *   the figures of each register per version); AMD PERF_CTL bits 63:32 and
 *   21 on K7/K8, 63:42, 39:36 and 21 from family 10h (K8 BKDG 26094, family
 *   10h BKDG 31116, AMD APM vol. 2 "Performance Monitoring Counters").
 * - Counter writes: P6 and IA32_PMCx take EAX sign-extended and ignore EDX
 *   (no fault); IA32_A_PMCx faults above the counter's width (SDM vol.
 *   3B, "Full-Width Writes to Performance Counter Registers").
 * Not enforced: writes above the width of P5, fixed and AMD counters are
 * truncated (the manuals do not say they fault).
 *
 * A counter written while it counts (its enables set; the SDM programs a
 * counter while it is disabled) is taken and counted in `running_writes`.
 * The Pentium 4 model (p4_model.h) keeps its own tally in `violations`.
 *
 * PERF_METRICS (0x329), where IA32_PERF_CAPABILITIES bit 15 is set: its
 * bytes are the fractions (in 255ths, rounded) of the slots each Topdown
 * category took since it was last written, counted while FIXED_CTR3
 * counts and GLOBAL_CTRL bit 48 is set; a non-zero write stands for
 * FIXED_CTR3's slots at that moment. RDPMC reads it with ECX = 1 << 29;
 * without the capability, the MSR, that RDPMC and GLOBAL_CTRL bit 48
 * fault. */
#ifndef BAREBENCH_TEST_MODEL_H
#define BAREBENCH_TEST_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "pmu/pmu.h"
#include "tools/hostlib/cpus.h"

enum model_signal {
    SIG_CYCLES, /* unhalted core cycles */
    SIG_REF,    /* reference cycles */
    SIG_INSTR,  /* instructions retired */
    SIG_BRANCH, /* branches retired */
    SIG_BRMISS, /* mispredicted branches */
    SIG_LOADS,  /* data memory reads */
    SIG_UOPS,   /* micro-ops retired (several per clock: for cmask) */
    /* Topdown: the issue slots of a clock by what became of them (Intel
     * SDM vol. 3B, "Performance Metrics"); FIXED_CTR3 counts their sum. */
    SIG_TD_RETIRING,
    SIG_TD_BAD_SPEC,
    SIG_TD_FE_BOUND,
    SIG_TD_BE_BOUND,
    SIG_N,
};

/* One clock of the modelled CPU. */
struct model_clock {
    unsigned cpl;
    uint8_t n[SIG_N];
};

enum model_kind {
    MODEL_P5,     /* Pentium, with or without MMX (from CPUID) */
    MODEL_P6,     /* Pentium Pro, II, III, M */
    MODEL_ARCH,   /* architectural perfmon v1-v5 */
    MODEL_AMD,    /* K7 and later */
    MODEL_DEAD,   /* QEMU TCG: MSRs read 0, writes dropped, RDPMC #UD */
    MODEL_GP,     /* Bochs without msrs=: every PMU MSR #GP, RDPMC returns 0 */
    MODEL_PPC604, /* PowerPC 604/604e: MMCR0/MMCR1 and PMC1-PMC4 as SPRs */
};

#define MODEL_MAX_COUNTERS 8
#define MODEL_MAX_FIXED    4
#define MODEL_LOG          128

struct model {
    enum model_kind kind;
    struct cpu_info cpu;
    unsigned n_gp, gp_width, n_fixed, fixed_width, version;
    bool mmx, core_ext;
    uint64_t perf_caps;

    /* Register file. */
    uint64_t cesr;
    uint64_t sel[MODEL_MAX_COUNTERS];
    uint64_t ctr[MODEL_MAX_COUNTERS];
    uint64_t fixed[MODEL_MAX_FIXED];
    uint64_t fixed_ctrl, global_ctrl, global_status;
    /* PERF_METRICS, where perf_caps bit 15 says so: the value last written,
     * FIXED_CTR3 at that write, and the slots of each Topdown category
     * counted since (SIG_TD_* order). */
    uint64_t metrics_written, metrics_base, metrics_slots[4];
    uint32_t mmcr0, mmcr1; /* PowerPC 604/604e */

    /* Edge detection: the condition's value on the previous clock. */
    bool prev[MODEL_MAX_COUNTERS];

    /* Every successful WRMSR, in order. */
    unsigned n_log;
    struct {
        uint32_t msr;
        uint64_t value;
    } log[MODEL_LOG];

    /* Every RDMSR, WRMSR and RDPMC that faulted (#GP, or #UD for RDPMC),
     * and the last one: a test of code that must not fault asserts 0. */
    unsigned faults;
    uint32_t fault_msr;
    uint64_t fault_value;
    /* Counter writes while the counter counts (the SDM's sequence is to
     * disable a counter, write it, then enable it), and the last one. */
    unsigned running_writes;
    uint32_t running_write_msr;
};

/* Builds the model of a synthetic CPU named as pmu_cpu_by_name() knows it
 * ("p5", "piii", "arch", "k8", ...); kind DEAD and GP take any CPU. */
bool model_init(struct model *m, enum model_kind kind, const char *cpu_name,
                const struct pmu_cpu_opts *opts);

/* The struct pmu_hw that drives this model; its workload runs the known
 * loop of model_run_loop() at CPL 0. */
struct pmu_hw model_hw(struct model *m);

/* Advances the model by one clock. */
void model_clock(struct model *m, const struct model_clock *clk);

/* The known loop, per iteration 3 clocks: 4 instructions, 1 branch, 1
 * load, 6 uops (3, 2, 1 over the clocks), reference cycles = cycles; 12
 * slots (4 a clock): 6 retiring, 1 bad speculation, 1 front-end bound and
 * 4 back-end bound. */
void model_run_loop(struct model *m, unsigned iterations, unsigned cpl);
#define MODEL_LOOP_CYCLES 3
#define MODEL_LOOP_INSTR  4

/* Test conveniences: a model and a PMU layer instance driving it. */
bool model_pmu(struct model *m, struct pmu *pmu, enum model_kind kind, const char *cpu_name,
               const struct pmu_cpu_opts *opts);

/* Reads an event's counter the way the harness does (RDPMC or RDMSR). */
uint64_t model_read(struct model *m, const struct pmu_assigned_event *ev);

/* True when the model's write log, from entry `from`, is exactly the
 * writes pmu_encode_pass() lists for the pass. */
bool model_log_is_encoding(const struct model *m, unsigned from, const struct pmu *pmu,
                           const struct pmu_plan *plan, unsigned pass);

/* Raw accessors (what pmu_hw calls). */
int model_rdmsr(void *ctx, uint32_t msr, uint64_t *val);
int model_wrmsr(void *ctx, uint32_t msr, uint64_t val);
int model_rdpmc(void *ctx, uint32_t ecx, uint64_t *val);

/* Per-kind parts (tests/host/models/model_*.c). */
int model_p5_rdmsr(struct model *m, uint32_t msr, uint64_t *val);
int model_p5_wrmsr(struct model *m, uint32_t msr, uint64_t val);
void model_p5_clock(struct model *m, const struct model_clock *clk);
int model_p6_rdmsr(struct model *m, uint32_t msr, uint64_t *val);
int model_p6_wrmsr(struct model *m, uint32_t msr, uint64_t val);
void model_p6_clock(struct model *m, const struct model_clock *clk);
int model_arch_rdmsr(struct model *m, uint32_t msr, uint64_t *val);
int model_arch_wrmsr(struct model *m, uint32_t msr, uint64_t val);
int model_arch_rdpmc(struct model *m, uint32_t ecx, uint64_t *val);
void model_arch_clock(struct model *m, const struct model_clock *clk);
int model_amd_rdmsr(struct model *m, uint32_t msr, uint64_t *val);
int model_amd_wrmsr(struct model *m, uint32_t msr, uint64_t val);
void model_amd_clock(struct model *m, const struct model_clock *clk);
int model_ppc_rdspr(struct model *m, uint32_t spr, uint64_t *val);
int model_ppc_wrspr(struct model *m, uint32_t spr, uint64_t val);
void model_ppc_clock(struct model *m, const struct model_clock *clk);

/* Shared PerfEvtSel semantics (P6, arch, AMD): how much a counter with
 * selector `sel` counts in a clock where its signal happened `count`
 * times. Updates the edge state *prev. */
uint64_t model_evtsel_increment(uint64_t sel, unsigned count, unsigned cpl, bool *prev);

/* Adds inc to a width-bit counter; returns true when it wrapped. */
bool model_counter_add(uint64_t *ctr, uint64_t inc, unsigned width);

/* Sign-extends bit 31 of a written value to `width` bits (P6 and arch
 * writes through IA32_PMCi). */
uint64_t model_sign_extend32(uint64_t value, unsigned width);

/* Notes a write to counter MSR `msr` when `counting` (the per-kind
 * models call it from their WRMSR of a counter). */
void model_note_counter_write(struct model *m, uint32_t msr, bool counting);

#endif
