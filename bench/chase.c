/* A cycle through every line of the buffer in a pseudo-random order
 * (Sattolo's shuffle), so that prefetchers cannot follow it; and the chase
 * payloads' prepare functions on top of it. */
#include "bench/chase.h"

#include "kernel/memory.h"

/* Allocates `bytes` and links every `line`-byte line of it into one cycle
 * in a pseudo-random order, each line starting with a pointer to the next;
 * returns the address of the first line, or 0 when the memory is not
 * there. */
static uintptr_t chase_build(uint32_t bytes, uint32_t line)
{
    uint32_t lines = bytes / line;
    uint8_t *buf = mem_alloc(bytes, 4096);
    uint32_t *order = mem_alloc(lines * sizeof *order, 4);
    if (!buf || !order || lines < 2) {
        return 0;
    }
    for (uint32_t i = 0; i < lines; i++) {
        order[i] = i;
    }
    uint32_t seed = 12345;
    for (uint32_t i = lines - 1; i > 0; i--) {
        seed = seed * 1103515245u + 12345u;
        uint32_t j = (seed >> 8) % i;
        uint32_t t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    for (uint32_t i = 0; i < lines; i++) {
        uint32_t next = order[(i + 1) % lines];
        *(uintptr_t *)(buf + order[i] * line) = (uintptr_t)(buf + next * line);
    }
    return (uintptr_t)(buf + order[0] * line);
}

static const char *chase_prepare(struct payload_regs *regs, uint32_t bytes)
{
    uintptr_t start = chase_build(bytes, chase_line);
    if (!start) {
        return "not enough memory for the working set";
    }
    *chase_start(regs) = start;
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
