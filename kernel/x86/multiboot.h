/* What the boot loader tells us: the command line, the memory map and the
 * modules it loaded, from a multiboot1 (QEMU -kernel) or multiboot2 (GRUB) information block. */
#ifndef BAREBENCH_MULTIBOOT_H
#define BAREBENCH_MULTIBOOT_H

#include <stdbool.h>
#include <stdint.h>

#include "kernel/boot_module.h"

#define MB_MAX_REGIONS 32

struct mem_region {
    uint64_t base, length;
    uint32_t type; /* 1 = usable RAM */
};

/* The loader's framebuffer (multiboot1 flag 12, multiboot2 tag 8). */
enum fb_kind { FB_NONE, FB_RGB, FB_EGA_TEXT };
struct fb_info {
    enum fb_kind kind;
    uint64_t addr;
    uint32_t pitch, width, height; /* bytes per line; pixels, or characters for text */
    uint8_t bpp;
    uint8_t red_pos, red_bits, green_pos, green_bits, blue_pos, blue_bits;
};

struct boot_info {
    unsigned protocol; /* 1 or 2; 0 when the magic was not recognised */
    const char *cmdline;
    const char *loader;
    unsigned n_regions;
    struct mem_region regions[MB_MAX_REGIONS];
    uint64_t usable_bytes;
    unsigned n_modules;
    struct boot_module modules[BOOT_MAX_MODULES];
    unsigned modules_dropped; /* loaded beyond BOOT_MAX_MODULES */
    struct fb_info fb;
    unsigned efi_bits;   /* 32 or 64: a UEFI system table was passed (multiboot2); 0: none */
    uint64_t efi_systab; /* its physical address */
};

void multiboot_parse(uint32_t magic, uint32_t info_addr, struct boot_info *out);

/* Whether anything the loader handed over lies in [start, end): the
 * information (multiboot2: one block of tags; multiboot1: the block, the
 * memory map and module list it points to), the strings, the modules. */
bool multiboot_lies_in(uint32_t info_addr, const struct boot_info *bi, uint64_t start,
                       uint64_t end);

#endif
