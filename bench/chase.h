/* The pointer chase's memory: a cycle of pointers through a buffer, and
 * the prepare functions of the chase payloads, alike on every architecture
 * but for the register the body walks and the line size. */
#ifndef BAREBENCH_CHASE_H
#define BAREBENCH_CHASE_H

#include <stdint.h>

#include "bench/payload.h"

/* Each architecture's payloads: the register its chase body starts from,
 * and the cache line size the lines are spaced by. */
uintptr_t *chase_start(struct payload_regs *regs);
extern const uint32_t chase_line;

/* The working sets: 4 KiB (L1), 128 KiB (L2), 16 MiB (memory), wss=. */
const char *chase_prepare_l1(struct payload_regs *regs, const struct payload_env *env);
const char *chase_prepare_l2(struct payload_regs *regs, const struct payload_env *env);
const char *chase_prepare_mem(struct payload_regs *regs, const struct payload_env *env);
const char *chase_prepare_wss(struct payload_regs *regs, const struct payload_env *env);

#endif
