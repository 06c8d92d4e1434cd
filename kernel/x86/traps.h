/* x86 exceptions: an unexpected one is reported in full and ends the run;
 * an expected one (inside trap_try, kernel/trap_catch.h) resumes the code
 * that armed the catch. */
#ifndef BAREBENCH_TRAPS_H
#define BAREBENCH_TRAPS_H

#include <stdint.h>

#include "kernel/trap_catch.h"

/* As boot/x86/<mode>/traps.asm pushes it: the general registers (PUSHAD's
 * order; in long mode R8-R15 below them), the vector, the error code, then
 * the CPU's part (Intel SDM Vol. 3A, 6.12.1 and 6.14.2). The names leave
 * out the width: ax is EAX or RAX. */
struct trap_frame {
#ifdef __x86_64__
    uint64_t r15, r14, r13, r12, r11, r10, r9, r8;
#endif
    uintptr_t di, si, bp, sp_at_push, bx, dx, cx, ax;
    uintptr_t vector, error;
    uintptr_t ip, cs, flags;
    uintptr_t sp, ss; /* in 32-bit mode only when the trap came from ring 3 */
};

#endif
