/* Memory for benchmark buffers: a bump allocator over the RAM above the
 * kernel, set up by the architecture (kernel/<arch>/memory.c). Nothing is
 * freed; mem_reset() starts over between benchmarks. */
#ifndef BAREBENCH_MEMORY_H
#define BAREBENCH_MEMORY_H

#include <stddef.h>
#include <stdint.h>

/* Returns `size` bytes aligned to `align` (a power of two), or NULL. */
void *mem_alloc(size_t size, size_t align);

/* Frees everything allocated since mem_init. */
void mem_reset(void);

#endif
