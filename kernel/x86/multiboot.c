/* Reads the multiboot1 or multiboot2 information structure. */
#include "kernel/x86/multiboot.h"

#include "lib/kstring.h"

#define MB1_BOOT_MAGIC   0x2badb002u
#define MB2_BOOT_MAGIC   0x36d76289u
#define MB1_FLAG_CMDLINE (1u << 2)
#define MB1_FLAG_MODS    (1u << 3)
#define MB1_FLAG_MMAP    (1u << 6)
#define MB1_FLAG_LOADER  (1u << 9)
#define MB1_FLAG_FB      (1u << 12)
#define MB1_INFO_BYTES   116 /* up to the framebuffer's colour fields (Multiboot 0.6.96, 3.3) */
#define MB2_TAG_END      0
#define MB2_TAG_CMDLINE  1
#define MB2_TAG_MODULE   3
#define MB2_TAG_LOADER   2
#define MB2_TAG_MMAP     6
#define MB2_TAG_FB       8
#define MB2_TAG_EFI32    11
#define MB2_TAG_EFI64    12

static void add_region(struct boot_info *bi, uint64_t base, uint64_t length, uint32_t type)
{
    if (type == 1) {
        bi->usable_bytes += length;
    }
    if (bi->n_regions < MB_MAX_REGIONS) {
        bi->regions[bi->n_regions++] = (struct mem_region){base, length, type};
    }
}

static void add_module(struct boot_info *bi, uint32_t start, uint32_t end, const char *name)
{
    if (bi->n_modules < BOOT_MAX_MODULES) {
        bi->modules[bi->n_modules++] = (struct boot_module){start, end, name ? name : ""};
    } else {
        bi->modules_dropped++;
    }
}

/* The loaders hand 32-bit physical addresses; the kernel maps them 1:1
 * in either mode. */
static const void *phys(uint32_t addr)
{
    return (const void *)(uintptr_t)addr;
}

/* Multiboot 0.6.96 section 3.3: mods_count at 20, mods_addr at 24, each
 * entry mod_start, mod_end, string, reserved. */
static void parse_mb1_modules(const uint8_t *info, struct boot_info *bi)
{
    uint32_t count = *(const uint32_t *)(info + 20);
    const uint32_t *mod = phys(*(const uint32_t *)(info + 24));
    for (uint32_t i = 0; i < count; i++, mod += 4) {
        add_module(bi, mod[0], mod[1], phys(mod[2]));
    }
}

/* The framebuffer fields, laid out alike in both protocols from the
 * address on (Multiboot 1.6 section 3.3; Multiboot2 1.0 section 3.6.12):
 * u64 address, u32 pitch, width, height, u8 bpp, type, then for direct
 * RGB the position and size of red, green and blue at color (the
 * protocols differ in the padding before it; NULL: not there). */
static void parse_fb(const uint8_t *p, const uint8_t *color, struct fb_info *fb)
{
    static const enum fb_kind kinds[3] = {FB_NONE, FB_RGB, FB_EGA_TEXT};
    memcpy(&fb->addr, p, 8);
    fb->pitch = *(const uint32_t *)(p + 8);
    fb->width = *(const uint32_t *)(p + 12);
    fb->height = *(const uint32_t *)(p + 16);
    fb->bpp = p[20];
    fb->kind = p[21] < 3 ? kinds[p[21]] : FB_NONE; /* 0: indexed colours, not drawn */
    if (fb->kind == FB_RGB && !color) {
        fb->kind = FB_NONE;
    }
    if (fb->kind != FB_RGB) {
        return;
    }
    fb->red_pos = color[0];
    fb->red_bits = color[1];
    fb->green_pos = color[2];
    fb->green_bits = color[3];
    fb->blue_pos = color[4];
    fb->blue_bits = color[5];
}

static void parse_mb1(const uint8_t *info, struct boot_info *bi)
{
    uint32_t flags = *(const uint32_t *)info;
    if (flags & MB1_FLAG_CMDLINE) {
        bi->cmdline = phys(*(const uint32_t *)(info + 16));
    }
    if (flags & MB1_FLAG_LOADER) {
        bi->loader = phys(*(const uint32_t *)(info + 64));
    }
    if (flags & MB1_FLAG_MODS) {
        parse_mb1_modules(info, bi);
    }
    if (flags & MB1_FLAG_FB) {
        parse_fb(info + 88, info + 110, &bi->fb);
    }
    if (!(flags & MB1_FLAG_MMAP)) {
        return;
    }
    uint32_t len = *(const uint32_t *)(info + 44);
    const uint8_t *p = phys(*(const uint32_t *)(info + 48));
    const uint8_t *end = p + len;
    while (p < end) {
        uint32_t size = *(const uint32_t *)p;
        uint64_t base, length;
        memcpy(&base, p + 4, 8);
        memcpy(&length, p + 12, 8);
        add_region(bi, base, length, *(const uint32_t *)(p + 20));
        p += size + 4;
    }
}

static void parse_mb2(const uint8_t *info, struct boot_info *bi)
{
    uint32_t total = *(const uint32_t *)info;
    const uint8_t *p = info + 8;
    while (p < info + total) {
        uint32_t type = *(const uint32_t *)p;
        uint32_t size = *(const uint32_t *)(p + 4);
        if (type == MB2_TAG_END || size < 8) {
            break;
        }
        if (type == MB2_TAG_CMDLINE) {
            bi->cmdline = (const char *)(p + 8);
        } else if (type == MB2_TAG_MODULE && size >= 17) {
            /* Multiboot2 section 3.6.6: mod_start, mod_end, then the string. */
            add_module(bi, *(const uint32_t *)(p + 8), *(const uint32_t *)(p + 12),
                       (const char *)(p + 16));
        } else if (type == MB2_TAG_LOADER) {
            bi->loader = (const char *)(p + 8);
        } else if (type == MB2_TAG_FB && size >= 32) {
            /* EGA text has no colour fields: the tag may end at 32 bytes
             * (GRUB's does), RGB's runs to 38. */
            parse_fb(p + 8, size >= 38 ? p + 32 : 0, &bi->fb);
        } else if ((type == MB2_TAG_EFI32 && size >= 12) || (type == MB2_TAG_EFI64 && size >= 16)) {
            /* Multiboot2 sections 3.6.12 and 3.6.13: the firmware is UEFI's. */
            bi->efi_bits = type == MB2_TAG_EFI32 ? 32 : 64;
            bi->efi_systab = 0;
            memcpy(&bi->efi_systab, p + 8, type == MB2_TAG_EFI32 ? 4 : 8);
        } else if (type == MB2_TAG_MMAP) {
            uint32_t entry_size = *(const uint32_t *)(p + 8);
            for (const uint8_t *e = p + 16; entry_size && e + entry_size <= p + size;
                 e += entry_size) {
                uint64_t base, length;
                memcpy(&base, e, 8);
                memcpy(&length, e + 8, 8);
                add_region(bi, base, length, *(const uint32_t *)(e + 16));
            }
        }
        p += (size + 7) & ~7u;
    }
}

void multiboot_parse(uint32_t magic, uint32_t info_addr, struct boot_info *bi)
{
    memset(bi, 0, sizeof *bi);
    bi->cmdline = "";
    bi->loader = "";
    if (magic == MB1_BOOT_MAGIC) {
        bi->protocol = 1;
        parse_mb1(phys(info_addr), bi);
    } else if (magic == MB2_BOOT_MAGIC) {
        bi->protocol = 2;
        parse_mb2(phys(info_addr), bi);
    }
}

static bool overlaps(uint64_t a, uint64_t a_end, uint64_t b, uint64_t b_len)
{
    return a < b + b_len && b < a_end;
}

static bool string_in(uint64_t start, uint64_t end, const char *s)
{
    return overlaps(start, end, (uintptr_t)s, strlen(s) + 1);
}

bool multiboot_lies_in(uint32_t info_addr, const struct boot_info *bi, uint64_t start, uint64_t end)
{
    const uint8_t *info = phys(info_addr);
    bool in = false;
    if (bi->protocol == 2) {
        in = overlaps(start, end, info_addr, *(const uint32_t *)info); /* every tag */
    } else if (bi->protocol == 1) {
        uint32_t flags = *(const uint32_t *)info;
        in = overlaps(start, end, info_addr, MB1_INFO_BYTES) ||
             ((flags & MB1_FLAG_MODS) && overlaps(start, end, *(const uint32_t *)(info + 24),
                                                  16ull * *(const uint32_t *)(info + 20))) ||
             ((flags & MB1_FLAG_MMAP) &&
              overlaps(start, end, *(const uint32_t *)(info + 48), *(const uint32_t *)(info + 44)));
    }
    in = in || string_in(start, end, bi->cmdline) || string_in(start, end, bi->loader);
    for (unsigned i = 0; i < bi->n_modules; i++) {
        const struct boot_module *m = &bi->modules[i];
        in = in || overlaps(start, end, m->start, m->end - m->start) ||
             string_in(start, end, m->name);
    }
    return in;
}
