/* x86 exceptions: an unexpected one is reported in full and ends the run;
 * an expected one (inside trap_try, kernel/trap_catch.h) resumes the code
 * that armed the catch. */
#ifndef BAREBENCH_TRAPS_H
#define BAREBENCH_TRAPS_H

#include <stdint.h>

#include "kernel/trap_catch.h"

/* As boot/x86/traps.asm pushes it: pushad, vector, error code, then the CPU's part. */
struct trap_frame {
    uint32_t edi, esi, ebp, esp_at_pushad, ebx, edx, ecx, eax;
    uint32_t vector, error;
    uint32_t eip, cs, eflags;
    uint32_t user_esp, user_ss; /* only when the trap came from ring 3 */
};

#endif
