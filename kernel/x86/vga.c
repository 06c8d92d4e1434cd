/* VGA text mode at 0xB8000. Dots are the halves of a cell: code page 437's
 * upper half block (0xDF), lower half block (0xDC), full block (0xDB) and
 * space; being in 0xC0-0xDF, the adapter repeats their eighth column into
 * the ninth, so the blocks join up (IBM VGA Technical Reference, "Line
 * Graphics Enable"). */
#include "kernel/x86/vga.h"

#include <stdint.h>

#define COLS  80
#define ROWS  25
#define ATTR  0x0700 /* light grey on black */
#define CODE  0x0f00 /* white on black: dark modules are black cells */
#define UPPER 0xdf
#define LOWER 0xdc
#define FULL  0xdb

static volatile uint16_t *const screen = (volatile uint16_t *)0xb8000;

static void put(unsigned col, unsigned row, char c)
{
    screen[row * COLS + col] = (uint16_t)(ATTR | (uint8_t)c);
}

/* A light dot is a white half; dark is black (nothing drawn). */
static void dots(unsigned x, unsigned y, unsigned w, unsigned h, bool dark)
{
    for (unsigned dy = y; dy < y + h; dy++) {
        for (unsigned dx = x; dx < x + w; dx++) {
            volatile uint16_t *cell = &screen[(dy / 2) * COLS + dx];
            uint8_t c = (uint8_t)*cell;
            bool top = c == FULL || c == UPPER, bottom = c == FULL || c == LOWER;
            if (dy % 2) {
                bottom = !dark;
            } else {
                top = !dark;
            }
            *cell = (uint16_t)(CODE | (top && bottom ? FULL : top ? UPPER : bottom ? LOWER : ' '));
        }
    }
}

static const struct screen_device device = {"EGA text", COLS, ROWS, COLS, ROWS * 2,
                                            1,          put,  dots, 0};

const struct screen_device *vga_init(void)
{
    return &device;
}
