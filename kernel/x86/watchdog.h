/* The runaway-payload watchdog. Windows run with IF=0, so only an NMI can
 * stop one: the RTC alarm raises IRQ 8, which the I/O
 * APIC delivers to the CPU as an NMI. Each window arms the alarm before it
 * starts and stops it when it ends; an NMI while a window has been running
 * for the whole timeout ends the window through the trap catch around it,
 * and the suite reports the payload and goes on. */
#ifndef BAREBENCH_WATCHDOG_H
#define BAREBENCH_WATCHDOG_H

#include <stdbool.h>
#include <stdint.h>

#include "kernel/x86/traps.h"
#include "lib/cpuinfo.h"

/* Sets the watchdog up for windows longer than `ms` (0: off) and says
 * which mechanism it uses or why there is none. Returns whether it runs. */
bool watchdog_init(const struct cpu_info *cpu, uint32_t ms);

/* Around one window: arm starts the timeout, disarm stops it. */
void watchdog_arm(void);
void watchdog_disarm(void);

/* From the NMI handler: true when this NMI was the watchdog's PIT. A
 * window that used up its timeout does not return from here: it is
 * stopped through the innermost trap catch (vector 2, "NMI"). */
bool watchdog_nmi(const struct trap_frame *f);

/* The RTC's seconds (0-59), read outside an update cycle; the screen's
 * pages change by it. */
unsigned rtc_seconds(void);

#endif
