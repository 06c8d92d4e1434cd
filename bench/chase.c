/* A cycle through every line of the buffer in a pseudo-random order
 * (Sattolo's shuffle), so that prefetchers cannot follow it. */
#include "bench/chase.h"

#include "kernel/memory.h"

uint32_t chase_build(uint32_t bytes, uint32_t line)
{
    uint32_t lines = bytes / line;
    uint8_t *buf = mem_alloc(bytes, 4096);
    uint32_t *order = mem_alloc(lines * sizeof *order, 4);
    if (!buf || !order || lines < 2)
        return 0;
    for (uint32_t i = 0; i < lines; i++)
        order[i] = i;
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
        *(uint32_t *)(buf + order[i] * line) = (uint32_t)(uintptr_t)(buf + next * line);
    }
    return (uint32_t)(uintptr_t)(buf + order[0] * line);
}
