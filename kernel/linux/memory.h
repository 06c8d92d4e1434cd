/* The hosted program's arena for benchmark buffers (kernel/memory.h): one
 * anonymous mapping, in 2 MiB pages where the system gives them, so that a
 * pointer chase measures the caches and not the TLB's misses. */
#ifndef BAREBENCH_LINUX_MEMORY_H
#define BAREBENCH_LINUX_MEMORY_H

#include <stddef.h>

/* Maps `bytes` for the arena and touches every page of it. Returns the page
 * size it got, "2M-hugetlb", "2M-thp" or "4K", and says why in `detail`; or
 * NULL (and why) when nothing could be mapped. */
const char *linux_mem_init(size_t bytes, char *detail, size_t n);

#endif
