/* Set-up of the payloads that need registers or memory (outside the window). */
#include "bench/chase.h"
#include "bench/payload.h"
#include "kernel/memory.h"

#define LINE 64

const char *div_prepare(struct payload_regs *regs, const struct payload_env *env);
const char *xorshift_prepare(struct payload_regs *regs, const struct payload_env *env);
const char *forward_prepare(struct payload_regs *regs, const struct payload_env *env);
const char *copy_prepare(struct payload_regs *regs, const struct payload_env *env);

const char *div_prepare(struct payload_regs *regs, const struct payload_env *env)
{
    (void)env;
    regs->eax = 123456789; /* EDX:EAX / 1 leaves EAX as it is and EDX = 0 */
    regs->edx = 0;
    regs->ebp = 1;
    return 0;
}

const char *xorshift_prepare(struct payload_regs *regs, const struct payload_env *env)
{
    (void)env;
    regs->esi = 2463534242u; /* any non-zero xorshift32 state */
    return 0;
}

/* What the chase bodies walk (bench/chase.h): their register, and lines
 * of the cache line size. */
const uint32_t chase_line = LINE;

uint32_t *chase_start(struct payload_regs *regs)
{
    return &regs->esi;
}

const char *forward_prepare(struct payload_regs *regs, const struct payload_env *env)
{
    (void)env;
    uint32_t *slot = mem_alloc(LINE, LINE);
    if (!slot)
        return "no memory";
    regs->edi = (uint32_t)(uintptr_t)slot;
    return 0;
}

const char *copy_prepare(struct payload_regs *regs, const struct payload_env *env)
{
    (void)env;
    uint8_t *src = mem_alloc(4096, 4096), *dst = mem_alloc(4096, 4096);
    if (!src || !dst)
        return "no memory";
    regs->ebp = (uint32_t)(uintptr_t)src;
    regs->ebx = (uint32_t)(uintptr_t)dst;
    return 0;
}
