/* What the boot loader tells us: the command line and the memory map,
 * from a multiboot1 (QEMU -kernel) or multiboot2 (GRUB) information block. */
#ifndef BAREBENCH_MULTIBOOT_H
#define BAREBENCH_MULTIBOOT_H

#include <stdbool.h>
#include <stdint.h>

#define MB_MAX_REGIONS 32

struct mem_region {
    uint64_t base, length;
    uint32_t type; /* 1 = usable RAM */
};

struct boot_info {
    unsigned protocol; /* 1 or 2; 0 when the magic was not recognised */
    const char *cmdline;
    const char *loader;
    unsigned n_regions;
    struct mem_region regions[MB_MAX_REGIONS];
    uint64_t usable_bytes;
};

void multiboot_parse(uint32_t magic, uint32_t info_addr, struct boot_info *out);

#endif
