/* The bump allocator over the arena, the same on every architecture. */
#include "kernel/memory.h"

static uintptr_t arena_start, arena_end, arena_next;

void mem_arena_set(uintptr_t start, uintptr_t end)
{
    arena_start = start;
    arena_end = end > start ? end : start;
    arena_next = arena_start;
}

size_t mem_arena_size(void)
{
    return arena_end - arena_start;
}

void *mem_alloc(size_t size, size_t align)
{
    uintptr_t p = (arena_next + align - 1) & ~(uintptr_t)(align - 1);
    if (p < arena_next || p > arena_end || arena_end - p < size) {
        return NULL;
    }
    arena_next = p + size;
    return (void *)p;
}

void mem_reset(void)
{
    arena_next = arena_start;
}
