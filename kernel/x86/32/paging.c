/* The page tables: one page directory, one page table for the first 4 MiB
 * (page 0 not present), large pages or more tables for the rest. */
#include "kernel/x86/paging.h"

#include <stdint.h>

#include "kernel/x86/cpu.h"
#include "kernel/x86/pte.h"

#define SMALL_TABLES   16 /* 64 MiB without PSE */
#define APIC_PDE_FIRST (0xfec00000u >> 22)

static uint32_t page_directory[1024] __attribute__((aligned(4096)));
static uint32_t page_tables[SMALL_TABLES][1024] __attribute__((aligned(4096)));

static bool has_pse(void)
{
    struct cpuid_regs r;
    cpuid_raw(1, 0, &r);
    return (r.edx >> 3) & 1;
}

void paging_init(const struct cpu_info *cpu)
{
    bool pse = cpu->max_leaf >= 1 && has_pse();
    unsigned small = pse ? 1 : SMALL_TABLES;

    for (unsigned t = 0; t < small; t++) {
        for (unsigned i = 0; i < 1024; i++) {
            page_tables[t][i] = ((t * 1024 + i) << 12) | PTE_PRESENT | PTE_WRITE;
        }
        page_directory[t] = (uint32_t)page_tables[t] | PTE_PRESENT | PTE_WRITE;
    }
    page_tables[0][0] = 0;
    for (unsigned d = small; d < 1024 && pse; d++) {
        page_directory[d] = (d << 22) | PDE_LARGE | PTE_PRESENT | PTE_WRITE;
    }
    /* The I/O APIC (0xFEC00000) and local APIC (0xFEE00000) registers
     * must not be cached. */
    for (unsigned d = APIC_PDE_FIRST; d < 1024 && pse; d++) {
        page_directory[d] |= PTE_PCD | PTE_PWT;
    }
    if (pse) {
        write_cr4(read_cr4() | CR4_PSE);
    }
    write_cr3((uint32_t)page_directory);
    write_cr0(read_cr0() | CR0_PG);
}

void paging_allow_user(void)
{
    for (unsigned d = 0; d < 1024; d++) {
        if (page_directory[d] & PTE_PRESENT) {
            page_directory[d] |= PTE_USER;
        }
    }
    for (unsigned t = 0; t < SMALL_TABLES; t++) {
        for (unsigned i = 0; i < 1024; i++) {
            if (page_tables[t][i] & PTE_PRESENT) {
                page_tables[t][i] |= PTE_USER;
            }
        }
    }
    write_cr3((uint32_t)page_directory); /* flush the TLB */
}

bool paging_maps(uint64_t addr)
{
    if (addr >> 32) {
        return false;
    }
    uint32_t pde = page_directory[addr >> 22];
    if (!(pde & PTE_PRESENT)) {
        return false;
    }
    if (pde & PDE_LARGE) {
        return true;
    }
    return (((const uint32_t *)(pde & ~0xfffu))[(addr >> 12) & 0x3ff] & PTE_PRESENT) != 0;
}
