/* The watchdog's timer is the RTC's alarm (MC146818 registers through
 * ports 0x70/0x71): armed for "now + N seconds" on the seconds register,
 * with minutes and hours set to "don't care", it raises IRQ 8 once; the
 * I/O APIC turns that edge into an NMI. One interrupt per runaway window
 * and none in a window that ends in time, so measurements stay exact
 * (a periodic or chained timer would add the handler's instructions to
 * long windows). The price is a 1 s resolution: a window is stopped
 * between the timeout and one second later.
 *
 * IRQ 8 reaches I/O APIC pin 8 on every PC (QEMU, Bochs, chipsets alike:
 * no interrupt source override moves it). The 8259s stay fully masked and
 * interrupts off, so nothing else is delivered. */
#include "kernel/x86/watchdog.h"

#include "kernel/console.h"
#include "kernel/x86/apic.h"
#include "kernel/x86/cpu.h"

#define RTC_INDEX      0x70 /* bit 7 clear: the legacy NMI stays enabled */
#define RTC_DATA       0x71
#define RTC_SECONDS    0x00
#define RTC_SEC_ALARM  0x01
#define RTC_MIN_ALARM  0x03
#define RTC_HOUR_ALARM 0x05
#define RTC_STATUS_A   0x0a
#define RTC_STATUS_B   0x0b
#define RTC_STATUS_C   0x0c
#define RTC_A_UIP      0x80 /* an update is about to happen: time unstable */
#define RTC_B_BINARY   0x04
#define RTC_B_AIE      0x20 /* alarm interrupt enable */
#define RTC_C_AF       0x20 /* alarm flag (reading C clears it and IRQ 8) */
#define RTC_DONT_CARE  0xc0
#define RTC_IRQ_PIN    8
#define PIC1_DATA      0x21
#define PIC2_DATA      0xa1

extern void nmi_unblock(void);

static bool enabled;
static uint32_t timeout_ms;
static unsigned alarm_seconds;
static volatile bool active;
/* The RTC register last selected: port 0x70 cannot be read back, and an
 * NMI (a PMI) may come between the index write and the data access of
 * the code it interrupts; the handler selects this one again. */
static volatile uint8_t rtc_index;

static uint8_t rtc_read(uint8_t reg)
{
    rtc_index = reg;
    outb(RTC_INDEX, reg);
    return inb(RTC_DATA);
}

static void rtc_write(uint8_t reg, uint8_t v)
{
    rtc_index = reg;
    outb(RTC_INDEX, reg);
    outb(RTC_DATA, v);
}

static bool rtc_binary(void)
{
    return (rtc_read(RTC_STATUS_B) & RTC_B_BINARY) != 0;
}

unsigned rtc_seconds(void)
{
    while (rtc_read(RTC_STATUS_A) & RTC_A_UIP)
        ;
    uint8_t s = rtc_read(RTC_SECONDS);
    return rtc_binary() ? s : (unsigned)(s >> 4) * 10 + (s & 15);
}

static void alarm_off(void)
{
    rtc_write(RTC_STATUS_B, rtc_read(RTC_STATUS_B) & (uint8_t)~RTC_B_AIE);
    (void)rtc_read(RTC_STATUS_C); /* drops a pending alarm and IRQ 8 */
}

static void alarm_in(unsigned seconds)
{
    unsigned at = (rtc_seconds() + seconds) % 60;
    alarm_off();
    rtc_write(RTC_SEC_ALARM, (uint8_t)(rtc_binary() ? at : (at / 10) << 4 | at % 10));
    rtc_write(RTC_STATUS_B, rtc_read(RTC_STATUS_B) | RTC_B_AIE);
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
    if (!why && !ioapic_present(&pins)) {
        why = "no I/O APIC answers at 0xFEC00000";
    }
    if (!why && pins <= RTC_IRQ_PIN) {
        why = "the I/O APIC has no pin for IRQ 8";
    }
    if (why) {
        kprintf("watchdog: no watchdog on this machine: %s, so nothing can turn a timer into "
                "the NMI that stops a window running with interrupts off\n",
                why);
        return false;
    }
    outb(PIC1_DATA, 0xff); /* the 8259s deliver nothing */
    outb(PIC2_DATA, 0xff);
    alarm_off();
    rtc_write(RTC_MIN_ALARM, RTC_DONT_CARE);
    rtc_write(RTC_HOUR_ALARM, RTC_DONT_CARE);
    ioapic_route_nmi(RTC_IRQ_PIN);
    timeout_ms = ms;
    /* The alarm fires when the seconds register next reaches the target:
     * between seconds - 1 and seconds from now. */
    alarm_seconds = (unsigned)((ms + 999) / 1000) + 1;
    enabled = true;
    kprintf("watchdog: a window is stopped %u to %u ms after it starts: RTC alarm -> IRQ 8 -> "
            "I/O APIC pin 8 as NMI -> local APIC %u\n",
            (unsigned)(alarm_seconds - 1) * 1000, alarm_seconds * 1000, (unsigned)apic_id());
    return true;
}

void watchdog_arm(void)
{
    if (!enabled) {
        return;
    }
    active = true;
    alarm_in(alarm_seconds);
}

void watchdog_disarm(void)
{
    if (!enabled) {
        return;
    }
    active = false;
    alarm_off();
}

/* Leaves the NMI handler through the innermost catch, as a fault would. */
static void stop_window(const struct trap_frame *f)
{
    kprintf("  WATCHDOG: the window ran for over %u ms without ending; stopped at %s %0*lx "
            "(CPL %u)\n",
            (unsigned)timeout_ms, trap_pc_name, (int)(2 * sizeof f->ip), (unsigned long)f->ip,
            (unsigned)(f->cs & 3));
    nmi_unblock();
    trap_escape(&(struct trap_info){2, 0, f->ip});
}

/* Whether the alarm fired, leaving the interrupted code's RTC register
 * selected. */
static bool alarm_fired(void)
{
    uint8_t interrupted = rtc_index;
    bool fired = (rtc_read(RTC_STATUS_C) & RTC_C_AF) != 0;
    rtc_index = interrupted;
    outb(RTC_INDEX, interrupted);
    return fired;
}

bool watchdog_nmi(const struct trap_frame *f)
{
    if (!enabled || !alarm_fired()) {
        return false;
    }
    bool stop = active && trap_current_catch;
    active = false;
    alarm_off();
    if (stop) {
        stop_window(f);
    }
    return true;
}
