/* Interrupts a CPU has taken, from the text of Linux's /proc/interrupts
 * (every line's column for that CPU: device IRQs, the local timer, IPIs).
 * Pure: the caller reads the file (a hosted run) or holds a sample (a
 * test). */
#ifndef BAREBENCH_PROC_INTERRUPTS_H
#define BAREBENCH_PROC_INTERRUPTS_H

#include <stdint.h>

/* The total of CPU cpu's column in text, or -1 where the header names no
 * such CPU. */
int64_t interrupts_of_cpu(const char *text, int cpu);

#endif
