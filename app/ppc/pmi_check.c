/* The 604/604e performance-monitor interrupt (vector 0xF00), checked once
 * at start-up: PMC1 counts instructions completed from a little below
 * 2^31 with MMCR0[ENINT] and MMCR0[PMC1CE] set and MSR[EE] on, so it goes
 * negative and signals the interrupt; the hardware clears ENINT when it
 * does (PowerPC 604 and 604e RISC Microprocessor User's Manuals,
 * "Performance Monitor", MMCR0 bit 5), and sets SIA to "the address of the
 * last instruction completed" then. The interrupt ends in the kernel's
 * exception catch, which says which vector came, SRR0 and SIA: where the
 * counter went negative and where the interrupt came, which differ by the
 * skid of the machine. */
#include "app/ppc/pmi_check.h"

#include "boot/ppc/regs.h"
#include "kernel/console.h"
#include "kernel/ppc/cpu.h"
#include "kernel/ppc/traps.h"
#include "lib/kstring.h"
#include "pmu/ppc/events_604e.h"
#include "pmu/ppc/mmcr.h"

/* PMC1 turns negative this many instructions after it starts. */
#define PMI_LEAD 64u
/* Long enough for PMI_LEAD instructions many times over. */
#define PMI_SPINS 10000u

static unsigned instructions_select(void)
{
    for (unsigned i = 0; i < ppc604e_n_events; i++) {
        if (str_ieq(ppc604e_events[i].name, "INSTRUCTIONS_COMPLETED")) {
            return (unsigned)ppc604e_events[i].code[0];
        }
    }
    return 0;
}

static volatile unsigned spins;

bool pmi_check(const struct pmu *pmu)
{
    static struct trap_catch c;
    if (pmu_reg_kind(pmu) != PMU_REG_SPR || !pmu->counting) {
        kprintf("pmu: performance-monitor interrupt (vector 0xf00): cannot check it, the "
                "counters do not count on this machine\n");
        return false;
    }
    mtspr(SPR_MMCR0, MMCR0_FC);
    mtspr(SPR_PMC1, 0x80000000u - PMI_LEAD);
    /* No decrementer interrupt while MSR[EE] is on. */
    mtspr(SPR_DEC, DEC_PARKED);
    spins = 0;
    if (trap_try(&c)) {
        uint32_t mmcr0 = mfspr(SPR_MMCR0), pmc1 = mfspr(SPR_PMC1), sia = mfspr(SPR_SIA);
        mtspr(SPR_MMCR0, MMCR0_FC);
        if (c.info.vector == VECTOR_PERFORMANCE_MONITOR) {
            kprintf("pmu: performance-monitor interrupt (vector 0xf00): taken when PMC1 went "
                    "negative (PMC1 0x%08x, srr0 %08x, sia %08x, %u loop iterations); "
                    "MMCR0[ENINT] %s\n",
                    (unsigned)pmc1, (unsigned)c.info.pc, (unsigned)sia, spins,
                    (mmcr0 & MMCR0_PMXE) ? "still set" : "cleared by it");
            return true;
        }
        kprintf("pmu: performance-monitor interrupt (vector 0xf00): a %s exception (vector "
                "0x%x) came instead\n",
                trap_name(c.info.vector), (unsigned)c.info.vector);
        return false;
    }
    mtspr(SPR_MMCR0, MMCR0_PMXE | MMCR0_PMC1CE | (instructions_select() << MMCR0_PMC1SEL_SHIFT));
    msr_write(msr_read() | MSR_EE);
    while (spins < PMI_SPINS) {
        spins = spins + 1;
    }
    msr_write(msr_read() & ~MSR_EE);
    trap_end(&c);
    mtspr(SPR_MMCR0, MMCR0_FC);
    kprintf("pmu: performance-monitor interrupt (vector 0xf00): did not come (PMC1 0x%08x, "
            "MMCR0 0x%08x)\n",
            (unsigned)mfspr(SPR_PMC1), (unsigned)mfspr(SPR_MMCR0));
    return false;
}
