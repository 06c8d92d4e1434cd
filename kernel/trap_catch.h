/* Catching exceptions, alike on every architecture: code arms a catch with
 * trap_try, and an exception while it is armed resumes that code, with what
 * the exception was recorded, instead of ending the run. Each architecture
 * saves and restores the registers (ksetjmp and klongjmp:
 * kernel/x86/<mode>/kjmp.asm, boot/ppc/vectors.S),
 * decides in its exception handler which vectors a catch may take, and
 * names its vectors (kernel/<arch>/traps.c). */
#ifndef BAREBENCH_TRAP_CATCH_H
#define BAREBENCH_TRAP_CATCH_H

#include <stdint.h>

/* The callee-saved state ksetjmp keeps. Room for the largest: PowerPC's
 * r1, r2, r13-r31, LR and CR (23 words; x86 needs 6: ebx, esi, edi, ebp,
 * esp, eip; x86-64 8: rbx, rbp, r12-r15, rsp, rip). */
struct kjmp_buf {
    uintptr_t regs[24];
};

int ksetjmp(struct kjmp_buf *buf) __attribute__((returns_twice));
void klongjmp(struct kjmp_buf *buf, int value) __attribute__((noreturn));

/* What a caught exception was. */
struct trap_info {
    unsigned vector; /* x86: 0-31; PowerPC: the vector's offset (0x700 program, ...) */
    uint32_t cause;  /* x86: the error code; PowerPC: SRR1's cause bits, the DSISR for a DSI */
    uintptr_t pc;    /* where it happened: EIP (RIP), SRR0 */
};

/* An armed catch: an exception while it is armed jumps back into trap_try. */
struct trap_catch {
    struct kjmp_buf jmp;
    struct trap_catch *outer;
    struct trap_info info;
};

extern struct trap_catch *trap_current_catch;

/* Arms `c` and returns 0; when an exception happens before trap_end(c),
 * returns again with the vector + 1, c->info filled and the catch disarmed.
 * A macro, because the frame that called ksetjmp must still be live. */
#define trap_try(c) ((c)->outer = trap_current_catch, trap_current_catch = (c), ksetjmp(&(c)->jmp))

/* Disarms `c` (the innermost catch). */
static inline void trap_end(struct trap_catch *c)
{
    trap_current_catch = c->outer;
}

/* Leaves for the innermost armed catch as if `info` had happened inside it:
 * disarms it, gives it `info` and resumes its trap_try. Returns only when no
 * catch is armed. */
void trap_escape(const struct trap_info *info);

/* Name of a vector, e.g. "#GP", "program" (kernel/<arch>/traps.c). */
const char *trap_name(unsigned vector);

/* The name of the program counter in reports: "eip", "srr0". */
extern const char trap_pc_name[];

/* Raises the exception at `vector` on purpose, outside any catch (the
 * fault= boot option). */
void trap_raise_deliberate(unsigned vector);

#endif
