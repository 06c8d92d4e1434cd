/* The arena is the largest usable region, clipped to start after the
 * kernel image and to end below 4 GiB. */
#include "kernel/x86/memory.h"

extern char __kernel_end[];

static uintptr_t arena_start, arena_end, arena_next;

void mem_init(const struct boot_info *boot)
{
    uint64_t lowest = (uintptr_t)__kernel_end;
    for (unsigned i = 0; i < boot->n_regions; i++) {
        const struct mem_region *r = &boot->regions[i];
        if (r->type != 1)
            continue;
        uint64_t start = r->base < lowest ? lowest : r->base;
        uint64_t end = r->base + r->length;
        if (end > 0xffff0000ull)
            end = 0xffff0000ull;
        if (end > start && end - start > arena_end - arena_start) {
            arena_start = (uintptr_t)start;
            arena_end = (uintptr_t)end;
        }
    }
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
