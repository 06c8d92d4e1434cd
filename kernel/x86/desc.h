/* Segment and interrupt descriptor tables. The kernel runs flat: every
 * segment spans 4 GiB; the user segments exist for ring-3 payloads. */
#ifndef BAREBENCH_DESC_H
#define BAREBENCH_DESC_H

#include <stdint.h>

#define SEL_KERNEL_CODE 0x08
#define SEL_KERNEL_DATA 0x10
#define SEL_USER_CODE   0x1b
#define SEL_USER_DATA   0x23
#define SEL_TSS         0x28 /* in long mode 16 bytes: it takes 0x30 too */
#define SEL_DF_TSS      0x30 /* 32-bit mode's double-fault task */

/* Loads our GDT and an IDT whose 32 exception vectors enter trap_dispatch. */
void desc_init(void);

/* Installs a handler stub at an IDT vector; dpl 3 lets ring 3 raise it with INT. */
void idt_set_gate(unsigned vector, void (*stub)(void), unsigned dpl);

/* Fills a TSS slot (SEL_TSS, or 32-bit mode's SEL_DF_TSS) with an
 * available TSS of the mode. */
void gdt_set_tss(unsigned selector, uintptr_t base, uint32_t limit);

/* 32-bit mode: installs a task gate, the vector switches to the task of
 * tss_selector. */
void idt_set_task_gate(unsigned vector, unsigned tss_selector);

/* Long mode: the vector switches to the stack of the TSS's interrupt-stack
 * table entry ist (1-7; Intel SDM Vol. 3A, 6.14.5). */
void idt_set_ist(unsigned vector, unsigned ist);

#endif
