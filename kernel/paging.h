/* Identity paging, so that a stray null pointer faults (#PF) instead of
 * silently reading the real-mode interrupt table. */
#ifndef BAREBENCH_PAGING_H
#define BAREBENCH_PAGING_H

#include "cpuinfo.h"

/* Maps all 4 GiB 1:1 (4 MiB pages where the CPU has PSE, else the first
 * 64 MiB in 4 KiB pages) with the first page left unmapped. */
void paging_init(const struct cpu_info *cpu);

#endif
