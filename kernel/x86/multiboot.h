/* What the boot loader tells us: the command line, the memory map and the
 * modules it loaded, from a multiboot1 (QEMU -kernel) or multiboot2 (GRUB) information block. */
#ifndef BAREBENCH_MULTIBOOT_H
#define BAREBENCH_MULTIBOOT_H

#include <stdbool.h>
#include <stdint.h>

#define MB_MAX_REGIONS 32
#define MB_MAX_MODULES 8

struct mem_region {
    uint64_t base, length;
    uint32_t type; /* 1 = usable RAM */
};

/* A module as the loader placed it: [start, end) and its command line
 * (the file name and any words after it; "" when the loader gave none). */
struct boot_module {
    uint32_t start, end;
    const char *name;
};

struct boot_info {
    unsigned protocol; /* 1 or 2; 0 when the magic was not recognised */
    const char *cmdline;
    const char *loader;
    unsigned n_regions;
    struct mem_region regions[MB_MAX_REGIONS];
    uint64_t usable_bytes;
    unsigned n_modules;
    struct boot_module modules[MB_MAX_MODULES];
    unsigned modules_dropped; /* loaded beyond MB_MAX_MODULES */
};

void multiboot_parse(uint32_t magic, uint32_t info_addr, struct boot_info *out);

#endif
