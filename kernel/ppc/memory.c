/* The PowerPC arena: from the end of the kernel image to the top of RAM,
 * as Open Firmware or a PReP firmware's residual data gives it, or as a
 * probe finds it where no firmware says (the 40p under QEMU, whose boot
 * ROM is the kernel itself). */
#include "kernel/ppc/memory.h"

#include <stdbool.h>

#include "kernel/ppc/of.h"
#include "kernel/ppc/residual.h"
#include "lib/fmt.h"

extern char __kernel_end[];

#define MIB 0x100000u
/* BAT 0 maps RAM from 0 to here (boot/ppc/entry.S): the kernel reaches no
 * more. */
#define RAM_MAPPED (256u * MIB)

/* Whether a word at addr keeps what is written to it once the write has
 * left the data cache (dcbf; PowerPC 604e User's Manual, "Cache
 * Management Instructions"): where no RAM answers, the read finds
 * nothing there. The word is put back. */
static bool holds(uintptr_t addr)
{
    volatile uint32_t *p = (volatile uint32_t *)addr;
    uint32_t kept = *p, pattern = 0x5a3cc3a5u ^ (uint32_t)addr;
    *p = pattern;
    __asm__ volatile("dcbf 0, %0; sync" : : "r"(addr) : "memory");
    bool ok = *p == pattern;
    *p = kept;
    __asm__ volatile("dcbf 0, %0; sync" : : "r"(addr) : "memory");
    return ok;
}

/* The first MiB from `from` on whose first word holds nothing. A memory
 * controller that wraps addresses past the RAM (as none of QEMU's does)
 * would read as more RAM. */
static uintptr_t probe_top(uintptr_t from)
{
    uintptr_t at = (from + MIB - 1) & ~(uintptr_t)(MIB - 1);
    while (at < RAM_MAPPED && holds(at)) {
        at += MIB;
    }
    return at;
}

/* How the RAM's top was found, per enum of_memory_status. */
static const char *const found_by[] = {
    [OF_MEMORY_NOT_ASKED] = "probed by MiB: no firmware says",
    [OF_MEMORY_FOUND] = "Open Firmware: /memory's reg",
    [OF_MEMORY_NO_NODE] = "probed by MiB: Open Firmware has no /memory",
    [OF_MEMORY_NO_REG] = "probed by MiB: /memory has no reg",
    [OF_MEMORY_NO_BANK_0] = "probed by MiB: no /memory bank at 0",
};

/* What a PReP firmware's residual data says, or 0 and *how: why the RAM
 * was probed instead. */
static uintptr_t residual_top(const char **how)
{
    static char probed[96];
    const char *why;
    uint32_t good = prep_residual_ram(&prep_residual, &why);
    if (good) {
        *how = "PReP residual data: GoodMemory";
    } else {
        fmt_snprintf(probed, sizeof probed, "probed by MiB: %s", why);
        *how = probed;
    }
    return good;
}

uintptr_t mem_ram_top(const char **how)
{
    uintptr_t top = 0;
    *how = found_by[of_machine.memory];
    if (of_machine.memory == OF_MEMORY_FOUND) {
        top = of_machine.bank0_size;
    } else if (prep_residual.passed) {
        top = residual_top(how);
    }
    if (!top) {
        top = probe_top((uintptr_t)__kernel_end);
    }
    return top > RAM_MAPPED ? RAM_MAPPED : top;
}

void mem_init(uintptr_t ram_top)
{
    mem_arena_set(((uintptr_t)__kernel_end + 4095) & ~(uintptr_t)4095, ram_top);
}
