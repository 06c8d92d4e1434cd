/* Exceptions on the 604/604e: every vector lands in trap_handler with the
 * saved registers. A vector's claimant may take it over and let the
 * interrupted code go on; otherwise an expected exception (inside
 * trap_try, kernel/trap_catch.h) resumes the code that armed the catch,
 * and an unexpected one prints the registers and ends the run with FAIL. */
#ifndef BAREBENCH_PPC_TRAPS_H
#define BAREBENCH_PPC_TRAPS_H

#include <stdbool.h>
#include <stdint.h>

#include "kernel/trap_catch.h"

/* What boot/ppc/vectors.S saves, in this order. */
struct trap_frame {
    uint32_t gpr[32];
    uint32_t srr0, srr1, lr, ctr, cr, xer, dar, dsisr;
    uint32_t vector; /* the vector's offset: 0x300 DSI, 0x600 alignment, 0x700 program, ... */
};

/* The vectors the kernel claims (PowerPC 604e RISC Microprocessor User's
 * Manual, "Exceptions"). */
#define VECTOR_DECREMENTER         0x900u
#define VECTOR_SYSTEM_CALL         0xc00u
#define VECTOR_PERFORMANCE_MONITOR 0xf00u

/* Copies the vectors to physical 0 (called from boot/ppc/entry.S). */
void vectors_install(void);

/* An exception's claimant: true when it handled this one, and the
 * interrupted code goes on at SRR0 as if nothing had happened; false, and
 * the exception is reported as any other. */
typedef bool (*trap_claimant)(const struct trap_frame *f);

/* Gives `vector` (0x100 to 0x1400) to `claimant` (NULL: to nobody). */
void trap_claim(unsigned vector, trap_claimant claimant);

#endif
