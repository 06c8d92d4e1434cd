/* Set-up of the payloads that need registers or memory (outside the window). */
#include "bench/chase.h"
#include "bench/payload.h"
#include "bench/x86/payload_regs.h"
#include "kernel/memory.h"

#define LINE 64

const char *div_prepare(struct payload_regs *regs, const struct payload_env *env);
const char *xorshift_prepare(struct payload_regs *regs, const struct payload_env *env);
const char *forward_prepare(struct payload_regs *regs, const struct payload_env *env);
const char *copy_prepare(struct payload_regs *regs, const struct payload_env *env);
const char *bandwidth_prepare(struct payload_regs *regs, const struct payload_env *env);

const char *div_prepare(struct payload_regs *regs, const struct payload_env *env)
{
    (void)env;
    regs->r[REG_EAX] = 123456789; /* EDX:EAX / 1 leaves EAX as it is and EDX = 0 */
    regs->r[REG_EDX] = 0;
    regs->r[REG_EBP] = 1;
    return 0;
}

const char *xorshift_prepare(struct payload_regs *regs, const struct payload_env *env)
{
    (void)env;
    regs->r[REG_ESI] = 2463534242u; /* any non-zero xorshift32 state */
    return 0;
}

/* What the chase bodies walk (bench/chase.h): their register, and lines
 * of the cache line size. */
const uint32_t chase_line = LINE;

uintptr_t *chase_start(struct payload_regs *regs)
{
    return &regs->r[REG_ESI];
}

const char *forward_prepare(struct payload_regs *regs, const struct payload_env *env)
{
    (void)env;
    uint32_t *slot = mem_alloc(LINE, LINE);
    if (!slot) {
        return "no memory";
    }
    regs->r[REG_EDI] = (uintptr_t)slot;
    return 0;
}

const char *copy_prepare(struct payload_regs *regs, const struct payload_env *env)
{
    (void)env;
    uint8_t *src = mem_alloc(4096, 4096), *dst = mem_alloc(4096, 4096);
    if (!src || !dst) {
        return "no memory";
    }
    regs->r[REG_EBP] = (uintptr_t)src;
    regs->r[REG_EBX] = (uintptr_t)dst;
    return 0;
}

/* The working set the bandwidth payloads walk (bench/x86/payloads/
 * bandwidth.asm), written once so that every page is there before the
 * first window. */
const char *bandwidth_prepare(struct payload_regs *regs, const struct payload_env *env)
{
    uint8_t *buf = mem_alloc(env->working_set, 4096);
    if (!buf) {
        return "not enough memory for the working set";
    }
    for (uint32_t i = 0; i < env->working_set; i++) {
        buf[i] = (uint8_t)i;
    }
    regs->r[REG_ESI] = (uintptr_t)buf;
    regs->r[REG_EBP] = (uintptr_t)buf;
    regs->r[REG_EDI] = (uintptr_t)buf + env->working_set;
    return 0;
}
