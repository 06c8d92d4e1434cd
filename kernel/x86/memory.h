/* Memory for benchmark buffers: a bump allocator over the largest usable
 * region of the loader's memory map above the kernel. Nothing is freed;
 * mem_reset() starts over between benchmarks. */
#ifndef BAREBENCH_X86_MEMORY_H
#define BAREBENCH_X86_MEMORY_H

#include <stddef.h>
#include <stdint.h>

#include "kernel/memory.h"
#include "kernel/x86/multiboot.h"

void mem_init(const struct boot_info *boot);

#endif
