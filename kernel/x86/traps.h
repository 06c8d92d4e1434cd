/* Exceptions: an unexpected one is reported in full and ends the run;
 * an expected one (inside trap_try) resumes the code that armed the catch. */
#ifndef BAREBENCH_TRAPS_H
#define BAREBENCH_TRAPS_H

#include <stdbool.h>
#include <stdint.h>

/* As boot/x86/traps.asm pushes it: pushad, vector, error code, then the CPU's part. */
struct trap_frame {
    uint32_t edi, esi, ebp, esp_at_pushad, ebx, edx, ecx, eax;
    uint32_t vector, error;
    uint32_t eip, cs, eflags;
    uint32_t user_esp, user_ss; /* only when the trap came from ring 3 */
};

struct kjmp_buf {
    uint32_t ebx, esi, edi, ebp, esp, eip;
};

int ksetjmp(struct kjmp_buf *buf) __attribute__((returns_twice));
void klongjmp(struct kjmp_buf *buf, int value) __attribute__((noreturn));

/* What a caught fault was. */
struct trap_info {
    uint32_t vector, error, eip, cr2;
};

/* An armed catch: a fault while it is armed jumps back into trap_try. */
struct trap_catch {
    struct kjmp_buf jmp;
    struct trap_catch *outer;
    struct trap_info info;
};

extern struct trap_catch *trap_current_catch;

/* Arms `c` and returns 0; when a fault happens before trap_end(c), returns
 * again with the vector + 1, c->info filled and the catch disarmed.
 * A macro, because the frame that called ksetjmp must still be live. */
#define trap_try(c) ((c)->outer = trap_current_catch, trap_current_catch = (c), ksetjmp(&(c)->jmp))

/* Disarms `c` (the innermost catch). */
static inline void trap_end(struct trap_catch *c)
{
    trap_current_catch = c->outer;
}

/* Mnemonic of an exception vector, e.g. "#GP". */
const char *trap_mnemonic(unsigned vector);

/* Raises the exception a `fault=` boot option names, outside any catch. */
void trap_raise_deliberate(unsigned which);

#endif
