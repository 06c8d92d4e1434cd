/* The PowerPC arena (kernel/memory.h): from the end of the kernel to the
 * top of the RAM the machine was given. */
#ifndef BAREBENCH_PPC_MEMORY_H
#define BAREBENCH_PPC_MEMORY_H

#include "kernel/memory.h"

/* The first byte above the RAM from address 0 that the kernel maps (256
 * MiB at most), and how it was found (*how). */
uintptr_t mem_ram_top(const char **how);

/* ram_top: the first byte above usable RAM. */
void mem_init(uintptr_t ram_top);

#endif
