/* The PowerPC arena: from the end of the kernel image to the top of RAM. */
#include "kernel/ppc/memory.h"

extern char __kernel_end[];

void mem_init(uintptr_t ram_top)
{
    mem_arena_set(((uintptr_t)__kernel_end + 4095) & ~(uintptr_t)4095, ram_top);
}
