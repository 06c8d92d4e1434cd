/* Exceptions on the 604/604e: every vector lands in trap_handler with the
 * saved registers. An unexpected exception prints them and ends the run
 * with FAIL; an expected one (inside trap_try, kernel/trap_catch.h)
 * resumes the code that armed the catch. */
#ifndef BAREBENCH_PPC_TRAPS_H
#define BAREBENCH_PPC_TRAPS_H

#include <stdint.h>

#include "kernel/trap_catch.h"

/* What boot/ppc/vectors.S saves, in this order. */
struct trap_frame {
    uint32_t gpr[32];
    uint32_t srr0, srr1, lr, ctr, cr, xer, dar, dsisr;
    uint32_t vector; /* the vector's offset: 0x300 DSI, 0x600 alignment, 0x700 program, ... */
};

/* Copies the vectors to physical 0 (called from boot/ppc/entry.S). */
void vectors_install(void);

#endif
