/* The arena is the largest usable region, clipped to start after the
 * kernel image and to end below 4 GiB. */
#include "kernel/x86/memory.h"

extern char __kernel_end[];

void mem_init(const struct boot_info *boot)
{
    uint64_t lowest = (uintptr_t)__kernel_end, best_start = lowest, best_end = lowest;
    for (unsigned i = 0; i < boot->n_regions; i++) {
        const struct mem_region *r = &boot->regions[i];
        if (r->type != 1) {
            continue;
        }
        uint64_t start = r->base < lowest ? lowest : r->base;
        uint64_t end = r->base + r->length;
        if (end > 0xffff0000ull) {
            end = 0xffff0000ull;
        }
        if (end > start && end - start > best_end - best_start) {
            best_start = start;
            best_end = end;
        }
    }
    mem_arena_set((uintptr_t)best_start, (uintptr_t)best_end);
}
