/* The time base's rate, which the decrementer shares (PowerPC 604e RISC
 * Microprocessor User's Manual, "Time Base" and "Decrementer"): the machine
 * sets it, and only its firmware says it. */
#ifndef BAREBENCH_PPC_TIMEBASE_H
#define BAREBENCH_PPC_TIMEBASE_H

#include <stdint.h>

/* Ticks per second as Open Firmware (the Macs) or a PReP firmware's
 * residual data says, and from which (*how); 0 and why not where neither
 * does (the 40p booted from its ROM). */
uint32_t timebase_hz(const char **how);

#endif
