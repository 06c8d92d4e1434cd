/* The page tables in long mode (Intel SDM Vol. 3A, 4.5): one PML4 entry,
 * one page-directory-pointer table, four page directories of 2 MiB pages
 * for the first 4 GiB, and one page table for the first 2 MiB (page 0 not
 * present). */
#include "kernel/x86/paging.h"

#include <stdint.h>

#include "kernel/x86/cpu.h"
#include "kernel/x86/pte.h"

#define DIRECTORIES  4
#define LARGE_PAGE   (2ull << 20)
#define APIC_PDE_ALL (0xfec00000ull / LARGE_PAGE) /* from the I/O APIC registers up */
#define TABLE_FLAGS  (PTE_PRESENT | PTE_WRITE)

static uint64_t pml4[512] __attribute__((aligned(4096)));
static uint64_t pdpt[512] __attribute__((aligned(4096)));
static uint64_t directories[DIRECTORIES][512] __attribute__((aligned(4096)));
static uint64_t first_table[512] __attribute__((aligned(4096)));

void paging_init(const struct cpu_info *cpu)
{
    (void)cpu; /* every long-mode CPU has 2 MiB pages */
    for (unsigned i = 0; i < 512; i++) {
        first_table[i] = ((uint64_t)i << 12) | TABLE_FLAGS;
    }
    first_table[0] = 0;
    for (unsigned d = 0; d < DIRECTORIES; d++) {
        for (unsigned i = 0; i < 512; i++) {
            uint64_t n = (uint64_t)d * 512 + i;
            directories[d][i] = n * LARGE_PAGE | PDE_LARGE | TABLE_FLAGS;
            /* The APIC registers must not be cached. */
            directories[d][i] |= n >= APIC_PDE_ALL ? PTE_PCD | PTE_PWT : 0;
        }
        pdpt[d] = (uint64_t)(uintptr_t)directories[d] | TABLE_FLAGS;
    }
    directories[0][0] = (uint64_t)(uintptr_t)first_table | TABLE_FLAGS;
    pml4[0] = (uint64_t)(uintptr_t)pdpt | TABLE_FLAGS;
    write_cr3((uintptr_t)pml4);
}

void paging_allow_user(void)
{
    pml4[0] |= PTE_USER;
    for (unsigned d = 0; d < DIRECTORIES; d++) {
        pdpt[d] |= PTE_USER;
        for (unsigned i = 0; i < 512; i++) {
            directories[d][i] |= PTE_USER;
        }
    }
    for (unsigned i = 1; i < 512; i++) {
        first_table[i] |= PTE_USER;
    }
    write_cr3((uintptr_t)pml4); /* flush the TLB */
}

bool paging_maps(uint64_t addr)
{
    /* Everything below 4 GiB is, but page 0. */
    return (pml4[0] & PTE_PRESENT) && addr >= 4096 && !(addr >> 32);
}
