/* Set-up of the PowerPC payloads that need registers or memory (outside
 * the window). */
#include "bench/chase.h"
#include "bench/payload.h"
#include "bench/ppc/payload_regs.h"
#include "kernel/memory.h"

#define LINE 32 /* the 604e's cache line */

const char *divw_prepare(struct payload_regs *regs, const struct payload_env *env);
const char *xorshift_prepare(struct payload_regs *regs, const struct payload_env *env);
const char *forward_prepare(struct payload_regs *regs, const struct payload_env *env);
const char *odd_prepare(struct payload_regs *regs, const struct payload_env *env);
const char *fp_prepare(struct payload_regs *regs, const struct payload_env *env);
const char *unmapped_prepare(struct payload_regs *regs, const struct payload_env *env);

const char *divw_prepare(struct payload_regs *regs, const struct payload_env *env)
{
    (void)env;
    regs->r[REG_R3] = 123456789; /* r3 / 1 leaves r3 as it is */
    regs->r[REG_R4] = 1;
    return 0;
}

const char *xorshift_prepare(struct payload_regs *regs, const struct payload_env *env)
{
    (void)env;
    regs->r[REG_R3] = 2463534242u; /* any non-zero xorshift32 state */
    return 0;
}

/* What the chase bodies walk (bench/chase.h): their register, and lines
 * of the cache line size. */
const uint32_t chase_line = LINE;

uintptr_t *chase_start(struct payload_regs *regs)
{
    return &regs->r[REG_R3];
}

const char *forward_prepare(struct payload_regs *regs, const struct payload_env *env)
{
    (void)env;
    uint32_t *slot = mem_alloc(LINE, LINE);
    if (!slot) {
        return "no memory";
    }
    regs->r[REG_R4] = (uintptr_t)slot;
    return 0;
}

const char *odd_prepare(struct payload_regs *regs, const struct payload_env *env)
{
    (void)env;
    uint8_t *buf = mem_alloc(LINE, LINE);
    if (!buf) {
        return "no memory";
    }
    regs->r[REG_R4] = (uintptr_t)(buf + 1);
    return 0;
}

/* The FPRs are not in struct payload_regs and the window leaves them
 * alone: set them here (the kernel's C never touches them, -msoft-float). */
const char *fp_prepare(struct payload_regs *regs, const struct payload_env *env)
{
    (void)regs;
    (void)env;
    static const double values[3] = {1.0, 0.0, 1.0};
    __asm__ volatile("lfd 1, 0(%0); lfd 2, 8(%0); lfd 3, 16(%0)" : : "b"(values) : "memory");
    return 0;
}

/* No block translation covers 0x50000000 and the page table is empty
 * (boot/ppc/entry.S): a load there raises a DSI. */
const char *unmapped_prepare(struct payload_regs *regs, const struct payload_env *env)
{
    (void)env;
    regs->r[REG_R4] = 0x50000000u;
    return 0;
}
