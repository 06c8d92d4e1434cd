/* The gate at vector 0xC00. A read freezes every counter with one MMCR0
 * write (MMCR0[FC]), reads the running window's PMCs in order into its
 * start or end values and lets the counters go again, as a supervisor
 * window's own reads do (bench/ppc/window.c): a snapshot. The exit returns
 * from user_run. An sc with another r0, or from outside a problem-state
 * window, is not the gate's: it is reported as any exception. */
#include "app/ppc/gate.h"

#include "bench/ppc/gate.h"
#include "bench/window.h"
#include "boot/ppc/regs.h"
#include "kernel/ppc/cpu.h"
#include "kernel/ppc/traps.h"
#include "kernel/ppc/user.h"
#include "pmu/ppc/mmcr.h"

static struct pmu *gate_pmu;

/* False when a read cannot be taken: the window's value is then wrong, and
 * the exception is reported instead. */
static bool read_all(const struct window *w, bool at_end)
{
    uint32_t mmcr0 = mfspr(SPR_MMCR0);
    mtspr(SPR_MMCR0, mmcr0 | MMCR0_FC);
    __asm__ volatile("isync" ::: "memory");
    bool ok = true;
    for (unsigned i = 0; i < w->n_reads && ok; i++) {
        uint64_t v = 0;
        ok = gate_pmu->hw.rdmsr(gate_pmu->hw.ctx, w->reads[i].index, &v) == 0;
        window_put_outside_read(i, at_end, v);
    }
    mtspr(SPR_MMCR0, mmcr0);
    __asm__ volatile("isync" ::: "memory");
    return ok;
}

static bool system_call(const struct trap_frame *f)
{
    const struct window *w = window_running();
    if (!w || !(f->srr1 & MSR_PR)) {
        return false;
    }
    switch (f->gpr[0]) {
    case GATE_READ_START:
    case GATE_READ_END:
        return read_all(w, f->gpr[0] == GATE_READ_END);
    case GATE_EXIT:
        user_return();
    default:
        return false;
    }
}

void gate_init(struct pmu *pmu)
{
    gate_pmu = pmu;
    trap_claim(VECTOR_SYSTEM_CALL, system_call);
}
