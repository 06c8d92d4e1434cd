/* Pixels on a direct-colour framebuffer: 15/16, 24 and 32 bits per pixel,
 * the channel positions as the loader gave them (Multiboot2 1.0, 3.6.12). */
#include "kernel/x86/fbcon.h"

#include <stdint.h>

#include "kernel/x86/paging.h"
#include "lib/font8x16.h"

static struct fb_info fb;
static uint32_t white, black, grey;
static volatile uint8_t *base;
static struct screen_device device;

static uint32_t colour(unsigned r, unsigned g, unsigned b)
{
    return (uint32_t)(r >> (8 - fb.red_bits)) << fb.red_pos |
           (uint32_t)(g >> (8 - fb.green_bits)) << fb.green_pos |
           (uint32_t)(b >> (8 - fb.blue_bits)) << fb.blue_pos;
}

static void pixel(volatile uint8_t *p, uint32_t value)
{
    switch (fb.bpp) {
    case 32:
        *(volatile uint32_t *)p = value;
        break;
    case 24:
        p[0] = (uint8_t)value;
        p[1] = (uint8_t)(value >> 8);
        p[2] = (uint8_t)(value >> 16);
        break;
    default:
        *(volatile uint16_t *)p = (uint16_t)value;
        break;
    }
}

static void fill(unsigned x, unsigned y, unsigned w, unsigned h, uint32_t value)
{
    unsigned bytes = fb.bpp / 8u;
    for (unsigned r = 0; r < h; r++) {
        volatile uint8_t *p = base + (y + r) * fb.pitch + x * bytes;
        for (unsigned c = 0; c < w; c++, p += bytes) {
            pixel(p, value);
        }
    }
}

static void put(unsigned col, unsigned row, char ch)
{
    const uint8_t *glyph = font_glyph(ch);
    unsigned bytes = fb.bpp / 8u;
    for (unsigned r = 0; r < FONT_HEIGHT; r++) {
        volatile uint8_t *p = base + (row * FONT_HEIGHT + r) * fb.pitch + col * FONT_WIDTH * bytes;
        for (unsigned c = 0; c < FONT_WIDTH; c++, p += bytes) {
            pixel(p, (glyph[r] & (0x80 >> c)) ? grey : black);
        }
    }
}

static void dots(unsigned x, unsigned y, unsigned w, unsigned h, bool dark)
{
    fill(x, y, w, h, dark ? black : white);
}

const struct screen_device *fbcon_init(const struct fb_info *info)
{
    fb = *info;
    bool depth = fb.bpp == 32 || fb.bpp == 24 || fb.bpp == 16 || fb.bpp == 15;
    if (fb.kind != FB_RGB || !depth || fb.addr >> 32 || fb.width < FONT_WIDTH * 40 ||
        fb.height < FONT_HEIGHT * 20 || fb.red_bits > 8 || fb.green_bits > 8 || fb.blue_bits > 8) {
        return 0;
    }
    if (fb.bpp == 15) {
        fb.bpp = 16;
    }
    base = (volatile uint8_t *)(uintptr_t)fb.addr;
    white = colour(255, 255, 255);
    grey = colour(200, 200, 200);
    black = colour(0, 0, 0);
    device = (struct screen_device){.name = "framebuffer",
                                    .cols = fb.width / FONT_WIDTH,
                                    .rows = fb.height / FONT_HEIGHT,
                                    .dots_x = fb.width,
                                    .dots_y = fb.height,
                                    .min_module = 4,
                                    .put = put,
                                    .dots = dots};
    return &device;
}

bool fbcon_mapped(void)
{
    uint64_t last = fb.addr + (uint64_t)fb.pitch * fb.height - 1;
    for (uint64_t a = fb.addr; a < last; a += 4096) {
        if (!paging_maps(a)) {
            return false;
        }
    }
    return paging_maps(last);
}
