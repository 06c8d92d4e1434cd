/* Identity paging, so that a stray null pointer faults (#PF) instead of
 * silently reading the real-mode interrupt table. */
#ifndef BAREBENCH_PAGING_H
#define BAREBENCH_PAGING_H

#include "lib/cpuinfo.h"

/* Maps all 4 GiB 1:1 with the first page left unmapped: in 32-bit mode 4
 * MiB pages where the CPU has PSE, else the first 64 MiB in 4 KiB pages;
 * in long mode 2 MiB pages (kernel/x86/<mode>/paging.c). */
void paging_init(const struct cpu_info *cpu);

/* Lets ring 3 reach every mapped page (the U/S bit everywhere): ring-3
 * payloads run the harness's generated window, its data and the payloads'
 * memory where the kernel put them. This is a measuring kernel, not an
 * OS: ring 3 changes the privilege level (privileged instructions fault,
 * the PMU's USR/OS filters see CPL 3), not what memory is reachable.
 * Page 0 stays unmapped. */
void paging_allow_user(void);

/* Whether the physical address addr is mapped (the APIC registers lie
 * above 64 MiB, which 32-bit mode maps only with PSE; nothing above 4 GiB
 * is mapped). */
bool paging_maps(uint64_t addr);

#endif
