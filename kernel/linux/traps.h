/* Faults in a Linux process: the kernel turns a CPU exception into a signal
 * (SIGSEGV, SIGILL, SIGFPE, SIGBUS, SIGTRAP) whose context still carries the
 * vector, the error code and the faulting address. The handler gives them
 * to the armed trap catch (kernel/trap_catch.h) exactly as a bare-metal
 * exception handler does; outside a catch it reports the fault and ends
 * the run. */
#ifndef BAREBENCH_LINUX_TRAPS_H
#define BAREBENCH_LINUX_TRAPS_H

#include <stdint.h>

/* Installs the handlers, on a stack of their own (a payload may have
 * changed the stack pointer when it faults). */
void linux_traps_init(void);

/* What SIGALRM does (the watchdog): `alarm` is called with the interrupted
 * program counter. */
void linux_traps_on_alarm(void (*alarm)(uintptr_t pc));

#endif
