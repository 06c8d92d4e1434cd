/* The system-call gate of problem-state windows (ring=3 on the 604/604e).
 * In problem state (MSR[PR] = 1) mfspr and mtspr of the performance
 * monitor's registers raise a program exception (PowerPC 604e RISC
 * Microprocessor User's Manual, "Performance Monitor"): such a window reads
 * its counters with `sc` (vector 0xC00), r0 holding the operation, and
 * leaves by `sc` too. The kernel's handler of the gate is app/ppc/gate.c. */
#ifndef BAREBENCH_PPC_GATE_H
#define BAREBENCH_PPC_GATE_H

/* r0 at the window's sc: */
#define GATE_READ_START 1 /* every read of the window, into its start values */
#define GATE_READ_END   2 /* the same, into its end values */
#define GATE_EXIT       3 /* the window is done: back to the kernel */

/* The exit_vector (bench/window.h) of problem-state windows: sc's vector,
 * 0xC00, in units of 0x100. */
#define GATE_EXIT_VECTOR 0x0c

#endif
