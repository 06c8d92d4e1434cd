#include "kernel/ppc/memory.h"

extern char __kernel_end[];

static uintptr_t arena_start, arena_end, arena_next;

void mem_init(uintptr_t ram_top)
{
    arena_start = ((uintptr_t)__kernel_end + 4095) & ~(uintptr_t)4095;
    arena_end = ram_top > arena_start ? ram_top : arena_start;
    arena_next = arena_start;
}

void *mem_alloc(size_t size, size_t align)
{
    uintptr_t p = (arena_next + align - 1) & ~(uintptr_t)(align - 1);
    if (p < arena_next || p > arena_end || arena_end - p < size)
        return NULL;
    arena_next = p + size;
    return (void *)p;
}

void mem_reset(void)
{
    arena_next = arena_start;
}

size_t mem_arena_size(void)
{
    return arena_end - arena_start;
}
