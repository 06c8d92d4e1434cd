/* The watchdog's timer: PIT channel 0 in mode 0 (interrupt on terminal
 * count). Its OUT line rises once when the count runs out; the I/O APIC
 * turns that edge into an NMI. Mode 0 is a one-shot, so nothing fires
 * between windows, and under QEMU -icount (1 ns per instruction) a 55 ms
 * shot never lands in an ordinary window: measurements stay exact.
 *
 * The PIT's IRQ 0 reaches I/O APIC pin 2 on PCs with an ACPI interrupt
 * source override (QEMU, most chipsets) and pin 0 where ISA IRQs map 1:1
 * (Bochs); both pins are routed, pin 0 otherwise carries only the 8259's
 * INTR, whose inputs stay masked. */
#include "watchdog.h"

#include "apic.h"
#include "console.h"
#include "cpu.h"

#define PIT_HZ       1193182u
#define PIT_CH0      0x40
#define PIT_CMD      0x43
#define PIT_MODE0    0x30 /* channel 0, low then high byte, mode 0, binary */
#define PIT_READBACK 0xe2 /* read-back: status only, channel 0 */
#define PIT_OUT_HIGH 0x80
#define PIC1_DATA    0x21
#define PIC2_DATA    0xa1
#define SHOT_MS_MAX  50u

extern void nmi_unblock(void);

static bool enabled;
static uint32_t timeout_ms;
static volatile bool active;
static volatile uint32_t remaining_ms;
static volatile unsigned stray;

static void pit_stop(void)
{
    outb(PIT_CMD, PIT_MODE0); /* OUT goes low; counting waits for a count */
}

static void pit_shot(uint32_t ms)
{
    uint32_t count = ms * (PIT_HZ / 1000) + ms * (PIT_HZ % 1000) / 1000;
    outb(PIT_CMD, PIT_MODE0);
    outb(PIT_CH0, (uint8_t)count);
    outb(PIT_CH0, (uint8_t)(count >> 8));
}

static bool pit_out_high(void)
{
    outb(PIT_CMD, PIT_READBACK);
    return (inb(PIT_CH0) & PIT_OUT_HIGH) != 0;
}

/* The next shot: at most SHOT_MS_MAX (the PIT's 16 bits hold 54.9 ms). */
static void next_shot(void)
{
    uint32_t ms = remaining_ms < SHOT_MS_MAX ? remaining_ms : SHOT_MS_MAX;
    remaining_ms -= ms;
    pit_shot(ms);
}

bool watchdog_init(const struct cpu_info *cpu, uint32_t ms)
{
    unsigned pins = 0;
    const char *why = 0;
    if (!ms) {
        kprintf("watchdog: off (watchdog=0): a payload that never ends hangs the run\n");
        return false;
    }
    why = apic_init(cpu);
    if (!why && !ioapic_present(&pins))
        why = "no I/O APIC answers at 0xFEC00000";
    if (why) {
        kprintf("watchdog: no watchdog on this machine: %s, so nothing can turn a timer into "
                "the NMI that stops a window running with interrupts off\n",
                why);
        return false;
    }
    outb(PIC1_DATA, 0xff); /* the 8259s deliver nothing: IRQ 0 goes the NMI way */
    outb(PIC2_DATA, 0xff);
    pit_stop();
    ioapic_route_nmi(0);
    if (pins > 2)
        ioapic_route_nmi(2);
    timeout_ms = ms;
    enabled = true;
    kprintf("watchdog: %u ms per window: PIT channel 0 one-shot -> IRQ 0 -> I/O APIC pins 0 and 2 "
            "as NMI -> local APIC %u\n",
            (unsigned)ms, (unsigned)apic_id());
    return true;
}

void watchdog_arm(void)
{
    if (!enabled)
        return;
    remaining_ms = timeout_ms;
    active = true;
    next_shot();
}

void watchdog_disarm(void)
{
    if (!enabled)
        return;
    active = false;
    pit_stop();
}

unsigned watchdog_stray(void)
{
    return stray;
}

/* Leaves the NMI handler through the innermost catch, as a fault would. */
static void __attribute__((noreturn)) stop_window(const struct trap_frame *f)
{
    struct trap_catch *c = trap_current_catch;
    kprintf("  WATCHDOG: the window ran for %u ms without ending; stopped at eip %08x (CPL %u)\n",
            (unsigned)timeout_ms, (unsigned)f->eip, (unsigned)(f->cs & 3));
    trap_current_catch = c->outer;
    c->info = (struct trap_info){2, 0, f->eip, 0};
    nmi_unblock();
    klongjmp(&c->jmp, 2 + 1);
}

bool watchdog_nmi(const struct trap_frame *f)
{
    if (!enabled || !pit_out_high())
        return false;
    if (!active || !trap_current_catch) {
        stray++;
        pit_stop();
        return true;
    }
    if (remaining_ms) {
        next_shot();
        return true;
    }
    active = false;
    pit_stop();
    stop_window(f);
}
