/* The PowerPC arena (kernel/memory.h): from the end of the kernel to the
 * top of the RAM the machine was given. */
#ifndef BAREBENCH_PPC_MEMORY_H
#define BAREBENCH_PPC_MEMORY_H

#include "kernel/memory.h"

/* ram_top: the first byte above usable RAM. */
void mem_init(uintptr_t ram_top);

#endif
