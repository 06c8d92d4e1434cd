/* Set-up of the payloads that need registers or memory (outside the window). */
#include "bench/chase.h"
#include "bench/payload.h"
#include "kernel/memory.h"

#define LINE 64

const char *div_prepare(struct payload_regs *regs, const struct payload_env *env);
const char *xorshift_prepare(struct payload_regs *regs, const struct payload_env *env);
const char *chase_prepare_l1(struct payload_regs *regs, const struct payload_env *env);
const char *chase_prepare_l2(struct payload_regs *regs, const struct payload_env *env);
const char *chase_prepare_mem(struct payload_regs *regs, const struct payload_env *env);
const char *chase_prepare_wss(struct payload_regs *regs, const struct payload_env *env);
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

static const char *chase_prepare(struct payload_regs *regs, uint32_t bytes)
{
    uint32_t start = chase_build(bytes, LINE);
    if (!start)
        return "not enough memory for the working set";
    regs->esi = start;
    return 0;
}

const char *chase_prepare_l1(struct payload_regs *regs, const struct payload_env *env)
{
    (void)env;
    return chase_prepare(regs, 4 << 10);
}

const char *chase_prepare_l2(struct payload_regs *regs, const struct payload_env *env)
{
    (void)env;
    return chase_prepare(regs, 128 << 10);
}

const char *chase_prepare_mem(struct payload_regs *regs, const struct payload_env *env)
{
    (void)env;
    return chase_prepare(regs, 16 << 20);
}

const char *chase_prepare_wss(struct payload_regs *regs, const struct payload_env *env)
{
    return chase_prepare(regs, env->working_set);
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
