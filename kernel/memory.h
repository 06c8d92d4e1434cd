/* Memory for benchmark buffers: a bump allocator over the RAM above the
 * kernel, set up by the architecture (kernel/<arch>/memory.c). Nothing is
 * freed; mem_reset() starts over between benchmarks. */
#ifndef BAREBENCH_MEMORY_H
#define BAREBENCH_MEMORY_H

#include <stddef.h>
#include <stdint.h>

/* Sets the arena to [start, end); each architecture's mem_init finds it. */
void mem_arena_set(uintptr_t start, uintptr_t end);

/* The arena's size in bytes. */
size_t mem_arena_size(void);

/* Returns `size` bytes aligned to `align` (a power of two), or NULL. */
void *mem_alloc(size_t size, size_t align);

/* Frees everything allocated since mem_init. */
void mem_reset(void);

#endif
