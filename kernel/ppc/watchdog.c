/* The decrementer as the watchdog (kernel/ppc/watchdog.h). */
#include "kernel/ppc/watchdog.h"

#include "boot/ppc/regs.h"
#include "kernel/console.h"
#include "kernel/ppc/cpu.h"
#include "kernel/ppc/timebase.h"
#include "kernel/ppc/traps.h"
#include "kernel/trap_catch.h"

/* The time base of QEMU's 40p and mac99 (docs/emulators.md), taken where no
 * firmware says the rate. */
#define ASSUMED_TIMEBASE_HZ 100000000u

static volatile bool active;
static uint32_t timeout_ms, ticks, ee_before;

static bool decrementer(const struct trap_frame *f)
{
    mtspr(SPR_DEC, DEC_PARKED);
    if (!active || !trap_current_catch) {
        return true;
    }
    active = false;
    kprintf("  WATCHDOG: the window ran for over %u ms without ending; stopped at srr0 %08x\n",
            (unsigned)timeout_ms, (unsigned)f->srr0);
    trap_escape(&(struct trap_info){VECTOR_DECREMENTER, 0, f->srr0});
    return true;
}

bool watchdog_init(uint32_t ms)
{
    trap_claim(VECTOR_DECREMENTER, decrementer);
    if (!ms) {
        kprintf("watchdog: off (watchdog=0): a payload that never ends hangs the run\n");
        return false;
    }
    const char *how;
    uint32_t said = timebase_hz(&how), hz = said ? said : ASSUMED_TIMEBASE_HZ;
    uint64_t wanted = (uint64_t)ms * hz / 1000;
    timeout_ms = ms;
    ticks = wanted > DEC_PARKED ? DEC_PARKED : (uint32_t)wanted;
    if (wanted > DEC_PARKED) {
        timeout_ms = (uint32_t)((uint64_t)DEC_PARKED * 1000 / hz);
        kprintf("watchdog: watchdog=%u is more than the decrementer holds at %u Hz: %u ms\n",
                (unsigned)ms, (unsigned)hz, (unsigned)timeout_ms);
    }
    kprintf("watchdog: a window is stopped %u ms after it starts: the decrementer, %u ticks at "
            "%u Hz (%s%s), MSR[EE] set during windows\n",
            (unsigned)timeout_ms, (unsigned)ticks, (unsigned)hz,
            said ? "" : "QEMU's, assumed: ", how);
    return true;
}

void watchdog_arm(void)
{
    uint32_t msr = msr_read();
    ee_before = msr & MSR_EE;
    mtspr(SPR_DEC, ticks);
    active = true;
    msr_write(msr | MSR_EE);
}

void watchdog_disarm(void)
{
    uint32_t msr = msr_read();
    msr_write(msr & ~MSR_EE);
    active = false;
    mtspr(SPR_DEC, DEC_PARKED);
    msr_write((msr & ~MSR_EE) | ee_before);
}
