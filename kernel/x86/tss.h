/* The task-state segment (kernel/x86/<mode>/tss.c). It holds the stack a
 * ring-3 window traps to, and gives the double fault a stack of its own
 * that survives a broken kernel stack: in 32-bit mode through a task of its
 * own, in long mode through the interrupt-stack table. */
#ifndef BAREBENCH_TSS_H
#define BAREBENCH_TSS_H

#include <stdint.h>

/* Loads the TSS and gives the double fault its own stack, so that a fault
 * while delivering a fault (a broken kernel stack) is reported instead of
 * triple-faulting. Call once paging is on: the 32-bit double-fault task
 * switch loads the task's CR3. */
void tss_init(void);

/* Sets the stack a trap from ring 3 switches to (SS0:ESP0, RSP0). */
void tss_set_ring0_stack(uintptr_t sp0);

#endif
