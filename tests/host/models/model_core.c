/* The PMU models' common parts: construction, the pmu_hw glue, the write
 * log, the known loop and the PerfEvtSel counting rule. */
#include <string.h>

#include "tests/host/models/model.h"

bool model_init(struct model *m, enum model_kind kind, const char *cpu_name,
                const struct pmu_cpu_opts *opts)
{
    memset(m, 0, sizeof *m);
    m->kind = kind;
    if (!pmu_cpu_by_name(cpu_name, opts, &m->cpu)) {
        return false;
    }
    const struct cpu_arch_perfmon *pm = &m->cpu.perfmon;
    switch (kind) {
    case MODEL_P5:
        m->n_gp = 2;
        m->gp_width = 40;
        m->mmx = m->cpu.features[FEAT_MMX];
        return m->cpu.family == 5;
    case MODEL_P6:
        m->n_gp = 2;
        m->gp_width = 40;
        return m->cpu.family == 6;
    case MODEL_ARCH:
        m->version = pm->version;
        m->n_gp = pm->gp_counters;
        m->gp_width = pm->gp_width;
        m->n_fixed = pm->version >= 2 ? pm->fixed_counters : 0;
        m->fixed_width = pm->fixed_width;
        /* Power-on: GLOBAL_CTRL enables every GP counter (SDM 18.2.2). */
        m->global_ctrl = (1ull << m->n_gp) - 1;
        return pm->version >= 1;
    case MODEL_AMD:
        m->core_ext = m->cpu.features[FEAT_AMD_PERFCTR_CORE];
        m->n_gp = m->core_ext ? 6 : 4;
        m->gp_width = 48;
        /* PerfMonV2: CPUID says how many counters; PerfCntrGlobalCtl
         * starts at 0 here, so that a PMU layer that does not program it
         * counts nothing. */
        m->version = m->cpu.features[FEAT_AMD_PERFMON_V2] ? 2 : 0;
        if (m->version == 2) {
            m->n_gp = m->cpu.amd_core_counters;
            m->global_ctrl = 0;
        }
        return m->cpu.vendor == VENDOR_AMD;
    case MODEL_PPC604:
        m->n_gp = m->cpu.family == 0x0004 ? 2 : 4;
        m->gp_width = 32;
        return m->cpu.vendor == VENDOR_POWERPC;
    case MODEL_DEAD:
    case MODEL_GP:
        return true;
    }
    return false;
}

static void workload(void *ctx, uint32_t iterations)
{
    model_run_loop(ctx, iterations, 0);
}

struct pmu_hw model_hw(struct model *m)
{
    struct pmu_hw hw = {.rdmsr = model_rdmsr,
                        .wrmsr = model_wrmsr,
                        .rdpmc = model_rdpmc,
                        .ctx = m,
                        .workload = workload};
    return hw;
}

/* Returns an access's result r, counting it when it faulted. */
static int note_fault(struct model *m, int r, uint32_t msr, uint64_t val)
{
    if (r < 0) {
        m->faults++;
        m->fault_msr = msr;
        m->fault_value = val;
    }
    return r;
}

static int rdmsr_kind(struct model *m, uint32_t msr, uint64_t *val)
{
    switch (m->kind) {
    case MODEL_P5:
        return model_p5_rdmsr(m, msr, val);
    case MODEL_P6:
        return model_p6_rdmsr(m, msr, val);
    case MODEL_ARCH:
        return model_arch_rdmsr(m, msr, val);
    case MODEL_AMD:
        return model_amd_rdmsr(m, msr, val);
    case MODEL_PPC604:
        return model_ppc_rdspr(m, msr, val);
    case MODEL_DEAD:
        *val = 0;
        return 0;
    case MODEL_GP:
        break;
    }
    return -1;
}

int model_rdmsr(void *ctx, uint32_t msr, uint64_t *val)
{
    return note_fault(ctx, rdmsr_kind(ctx, msr, val), msr, 0);
}

int model_wrmsr(void *ctx, uint32_t msr, uint64_t val)
{
    struct model *m = ctx;
    int r = -1;
    switch (m->kind) {
    case MODEL_P5:
        r = model_p5_wrmsr(m, msr, val);
        break;
    case MODEL_P6:
        r = model_p6_wrmsr(m, msr, val);
        break;
    case MODEL_ARCH:
        r = model_arch_wrmsr(m, msr, val);
        break;
    case MODEL_AMD:
        r = model_amd_wrmsr(m, msr, val);
        break;
    case MODEL_PPC604:
        r = model_ppc_wrspr(m, msr, val);
        break;
    case MODEL_DEAD:
        r = 0; /* silently dropped */
        break;
    case MODEL_GP:
        break;
    }
    if (note_fault(m, r, msr, val) == 0 && m->n_log < MODEL_LOG) {
        m->log[m->n_log].msr = msr;
        m->log[m->n_log].value = val;
        m->n_log++;
    }
    return r;
}

void model_note_counter_write(struct model *m, uint32_t msr, bool counting)
{
    if (counting) {
        m->running_writes++;
        m->running_write_msr = msr;
    }
}

static int rdpmc_kind(struct model *m, uint32_t ecx, uint64_t *val)
{
    switch (m->kind) {
    case MODEL_P5:
        /* Only the Pentium with MMX has RDPMC; the other one #UD. */
        if (!m->mmx || ecx > 1) {
            return -1;
        }
        *val = m->ctr[ecx];
        return 0;
    case MODEL_P6:
    case MODEL_AMD:
        if (ecx >= m->n_gp) {
            return -1;
        }
        *val = m->ctr[ecx];
        return 0;
    case MODEL_ARCH:
        return model_arch_rdpmc(m, ecx, val);
    case MODEL_GP:
        *val = 0;
        return ecx < 2 ? 0 : -1;
    case MODEL_DEAD:
    case MODEL_PPC604: /* no RDPMC: counters are SPRs, read with mfspr */
        break;
    }
    return -1;
}

int model_rdpmc(void *ctx, uint32_t ecx, uint64_t *val)
{
    return note_fault(ctx, rdpmc_kind(ctx, ecx, val), ecx, 0);
}

void model_clock(struct model *m, const struct model_clock *clk)
{
    switch (m->kind) {
    case MODEL_P5:
        model_p5_clock(m, clk);
        break;
    case MODEL_P6:
        model_p6_clock(m, clk);
        break;
    case MODEL_ARCH:
        model_arch_clock(m, clk);
        break;
    case MODEL_AMD:
        model_amd_clock(m, clk);
        break;
    case MODEL_PPC604:
        model_ppc_clock(m, clk);
        break;
    case MODEL_DEAD:
    case MODEL_GP:
        break;
    }
}

void model_run_loop(struct model *m, unsigned iterations, unsigned cpl)
{
    static const struct model_clock pattern[MODEL_LOOP_CYCLES] = {
        {0,
         {[SIG_CYCLES] = 1,
          [SIG_REF] = 1,
          [SIG_INSTR] = 2,
          [SIG_UOPS] = 3,
          [SIG_TD_RETIRING] = 3,
          [SIG_TD_FE_BOUND] = 1}},
        {0,
         {[SIG_CYCLES] = 1,
          [SIG_REF] = 1,
          [SIG_INSTR] = 1,
          [SIG_BRANCH] = 1,
          [SIG_UOPS] = 2,
          [SIG_TD_RETIRING] = 2,
          [SIG_TD_BAD_SPEC] = 1,
          [SIG_TD_BE_BOUND] = 1}},
        {0,
         {[SIG_CYCLES] = 1,
          [SIG_REF] = 1,
          [SIG_INSTR] = 1,
          [SIG_LOADS] = 1,
          [SIG_UOPS] = 1,
          [SIG_TD_RETIRING] = 1,
          [SIG_TD_BE_BOUND] = 3}},
    };
    for (unsigned i = 0; i < iterations; i++) {
        for (unsigned c = 0; c < MODEL_LOOP_CYCLES; c++) {
            struct model_clock clk = pattern[c];
            clk.cpl = cpl;
            model_clock(m, &clk);
        }
    }
}

#define SEL_USR  (1ull << 16)
#define SEL_OS   (1ull << 17)
#define SEL_EDGE (1ull << 18)
#define SEL_INV  (1ull << 23)

uint64_t model_evtsel_increment(uint64_t sel, unsigned count, unsigned cpl, bool *prev)
{
    bool privileged_ok = cpl == 3 ? (sel & SEL_USR) : (sel & SEL_OS);
    unsigned cmask = (unsigned)(sel >> 24) & 0xff;
    bool cond;
    if (!privileged_ok) {
        *prev = false;
        return 0;
    }
    if (cmask == 0 && !(sel & SEL_EDGE)) {
        return count; /* plain occurrence counting; INV needs a cmask */
    }
    if (cmask == 0) {
        cond = count > 0;
    } else {
        cond = (sel & SEL_INV) ? count < cmask : count >= cmask;
    }
    uint64_t inc = (sel & SEL_EDGE) ? (cond && !*prev) : cond;
    *prev = cond;
    return inc;
}

bool model_counter_add(uint64_t *ctr, uint64_t inc, unsigned width)
{
    uint64_t mask = width >= 64 ? ~0ull : (1ull << width) - 1;
    uint64_t before = *ctr & mask;
    *ctr = (before + inc) & mask;
    return inc > mask - before; /* passed 2^width - 1 */
}

uint64_t model_sign_extend32(uint64_t value, unsigned width)
{
    uint64_t mask = width >= 64 ? ~0ull : (1ull << width) - 1;
    uint64_t low = value & 0xffffffffull;
    if (low & 0x80000000ull) {
        low |= ~0xffffffffull;
    }
    return low & mask;
}

bool model_pmu(struct model *m, struct pmu *pmu, enum model_kind kind, const char *cpu_name,
               const struct pmu_cpu_opts *opts)
{
    if (!model_init(m, kind, cpu_name, opts)) {
        return false;
    }
    struct pmu_hw hw = model_hw(m);
    pmu_init(pmu, &m->cpu, &hw, NULL);
    return true;
}

uint64_t model_read(struct model *m, const struct pmu_assigned_event *ev)
{
    uint64_t v = ~0ull;
    int r = ev->read.kind == PMU_READ_RDMSR ? model_rdmsr(m, ev->read.index, &v)
                                            : model_rdpmc(m, ev->read.index, &v);
    return r == 0 ? v : ~0ull;
}

bool model_log_is_encoding(const struct model *m, unsigned from, const struct pmu *pmu,
                           const struct pmu_plan *plan, unsigned pass)
{
    struct pmu_write w[64];
    unsigned n = pmu_encode_pass(pmu, plan, pass, w, 64);
    if (n == 0 || n > 64 || from + n != m->n_log) {
        return false;
    }
    for (unsigned i = 0; i < n; i++) {
        if (m->log[from + i].msr != w[i].msr || m->log[from + i].value != w[i].value) {
            return false;
        }
    }
    return true;
}
