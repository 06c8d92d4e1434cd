/* Ring-3 windows (ring=3): a TSS whose ring-0 stack takes traps from CPL
 * 3, a user stack, every page user-accessible, CR4.PCE so that RDPMC works
 * at CPL 3, and int 0x81, the gate that ends a ring-3 window (the monitor
 * gate, int 0x80, is app/x86/gate.h). */
#ifndef BAREBENCH_USER_H
#define BAREBENCH_USER_H

#include <stdbool.h>
#include <stdint.h>

#define USER_EXIT_VECTOR 0x81

/* Prepares ring 3 and says so. */
void user_init(void);

/* Whether windows run at CPL 3 (user_init succeeded). */
bool user_active(void);

/* Runs code at CPL 3 until it raises int 0x81 (see boot/x86/<mode>/user_entry.asm). */
void user_run(const void *code);

#endif
