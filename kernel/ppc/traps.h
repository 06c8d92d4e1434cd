/* Exceptions on the 604/604e: every vector lands in trap_handler with the
 * saved registers. An unexpected exception prints them and ends the run
 * with FAIL; an expected one (inside trap_try) resumes the code that armed
 * the catch, as on x86 (kernel/x86/traps.h). */
#ifndef BAREBENCH_PPC_TRAPS_H
#define BAREBENCH_PPC_TRAPS_H

#include <stdbool.h>
#include <stdint.h>

struct kjmp_buf {
    uint32_t regs[24];
};

int ksetjmp(struct kjmp_buf *buf) __attribute__((returns_twice));
void klongjmp(struct kjmp_buf *buf, int value) __attribute__((noreturn));

/* What boot/ppc/vectors.S saves, in this order. */
struct trap_frame {
    uint32_t gpr[32];
    uint32_t srr0, srr1, lr, ctr, cr, xer, dar, dsisr;
    uint32_t vector; /* the vector's offset: 0x300 DSI, 0x600 alignment, 0x700 program, ... */
};

struct trap_info {
    uint32_t vector, srr0, srr1, dar, dsisr;
};

struct trap_catch {
    struct kjmp_buf jmp;
    struct trap_catch *outer;
    struct trap_info info;
};

extern struct trap_catch *trap_current_catch;

/* Arms `c` and returns 0; when an exception happens before trap_end(c),
 * returns again with a non-zero value, c->info filled and the catch
 * disarmed. A macro: the frame that called ksetjmp must still be live. */
#define trap_try(c) ((c)->outer = trap_current_catch, trap_current_catch = (c), ksetjmp(&(c)->jmp))

static inline void trap_end(struct trap_catch *c)
{
    trap_current_catch = c->outer;
}

/* Name of a vector, e.g. "program". */
const char *trap_name(unsigned vector);

/* Copies the vectors to physical 0 (called from boot/ppc/entry.S). */
void vectors_install(void);

/* Raises the exception fault= asks for (kernel/ppc/traps.c). */
void trap_raise_deliberate(unsigned vector);

#endif
