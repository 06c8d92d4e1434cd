/* The runaway-payload watchdog on the 604/604e: the decrementer. It counts
 * down at the time base's rate and interrupts (vector 0x900) when it goes
 * from 0 to -1 with MSR[EE] set (PowerPC 604e RISC Microprocessor User's
 * Manual, "Decrementer Exception"). Windows run with EE clear; each window
 * under the watchdog loads the decrementer with the timeout, sets EE and
 * puts both back when it ends. A decrementer interrupt while a window has
 * been running for the whole timeout ends the window through the trap
 * catch around it, and the suite reports the payload and goes on. The
 * decrementer is the watchdog's also when it is off: outside a window its
 * interrupt (EE set for sampling, app/ppc/pmi_delivery.c) parks it again. */
#ifndef BAREBENCH_PPC_WATCHDOG_H
#define BAREBENCH_PPC_WATCHDOG_H

#include <stdbool.h>
#include <stdint.h>

/* Sets the watchdog up for windows longer than `ms` (0: off), at the time
 * base's rate as the firmware says it (kernel/ppc/timebase.h; where none
 * does, QEMU's), and says how. Returns whether it runs. */
bool watchdog_init(uint32_t ms);

/* Around one window, once watchdog_init said it runs: arm starts the
 * timeout, disarm stops it. */
void watchdog_arm(void);
void watchdog_disarm(void);

#endif
