/* The sampler's interrupt on the 604/604e: a counter that goes negative
 * with MMCR0[PMXE] set signals the performance-monitor exception (vector
 * 0xF00), taken when MSR[EE] is set (PowerPC 604e RISC Microprocessor
 * User's Manual, "Performance Monitor Interrupt"). Windows run with EE
 * clear, so EE is set for the sampled pass only, with the decrementer,
 * which interrupts under the same EE, parked (should it run down, the
 * watchdog, its owner, parks it again: kernel/ppc/watchdog.h). The
 * handler's claim (kernel/ppc/traps.h) lets the interrupted code go on. */
#include "app/ppc/pmi_delivery.h"

#include "boot/ppc/regs.h"
#include "kernel/console.h"
#include "kernel/ppc/cpu.h"
#include "kernel/ppc/traps.h"
#include "pmu/ppc/mmcr.h"

static bool check_passed;
static unsigned stale;

/* An interrupt whose counter is not negative was signalled while EE was
 * clear (after a fault in the pass, before PMXE was cleared) and comes
 * when the next sampled pass sets EE: said once, and let go. */
static bool pmi(const struct trap_frame *f)
{
    if (!sample_pmi(f->srr0) && stale++ == 0) {
        kprintf("sample: a performance-monitor interrupt with no counter negative at srr0 %08x "
                "(signalled while MSR[EE] was clear; ignored)\n",
                (unsigned)f->srr0);
    }
    return true;
}

static const char *init(const struct cpu_info *cpu)
{
    (void)cpu;
    if (!check_passed) {
        return "the performance-monitor interrupt did not come at start-up (pmu: line above)";
    }
    trap_claim(VECTOR_PERFORMANCE_MONITOR, pmi);
    return 0;
}

static void pass_armed(void)
{
    mtspr(SPR_DEC, DEC_PARKED);
    msr_write(msr_read() | MSR_EE);
}

/* PMXE off first, so that the counter, which runs on until the pass
 * stops, signals nothing that would wait for the next EE. A PMI between
 * the read and the write re-arms in vain: the write clears PMXE all the
 * same. */
static void pass_ending(void)
{
    mtspr(SPR_MMCR0, mfspr(SPR_MMCR0) & ~MMCR0_PMXE);
    __asm__ volatile("isync" ::: "memory");
    msr_write(msr_read() & ~MSR_EE);
}

static const struct sample_delivery delivery = {
    "the performance-monitor interrupt (vector 0xf00), MSR[EE] set for the sampled pass",
    init,
    pass_armed,
    pass_ending,
    NULL,
};

const struct sample_delivery *pmi_delivery(bool pmi_seen)
{
    check_passed = pmi_seen;
    return &delivery;
}
