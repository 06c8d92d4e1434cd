/* The 32-bit task-state segment. The kernel uses two: the main one, whose
 * SS0:ESP0 is the stack a ring-3 window traps to, and the double-fault
 * task's, whose own stack survives a broken kernel stack. */
#ifndef BAREBENCH_TSS_H
#define BAREBENCH_TSS_H

#include <stdint.h>

struct __attribute__((packed)) tss {
    uint32_t link, esp0, ss0, esp1, ss1, esp2, ss2, cr3, eip, eflags;
    uint32_t eax, ecx, edx, ebx, esp, ebp, esi, edi;
    uint32_t es, cs, ss, ds, fs, gs, ldtr;
    uint16_t trap, iomap_base;
};

/* Loads the main TSS and gives the double fault its own task (TSS, stack,
 * task gate at vector 8), so that a fault while delivering a fault (a
 * broken kernel stack) is reported instead of triple-faulting. Call once
 * paging is on: the task switch loads the double-fault task's CR3. */
void tss_init(void);

/* Sets the stack a trap from ring 3 switches to (the main TSS's SS0:ESP0). */
void tss_set_ring0_stack(uint32_t esp0);

#endif
