/* VGA text mode at 0xB8000: write, wrap, scroll. No cursor: nobody types. */
#include "kernel/x86/vga.h"

#include <stdint.h>

#include "lib/kstring.h"

#define COLS 80
#define ROWS 25
#define ATTR 0x0700 /* light grey on black */

static volatile uint16_t *const screen = (volatile uint16_t *)0xb8000;
static unsigned row, col;

void vga_init(void)
{
    for (unsigned i = 0; i < COLS * ROWS; i++)
        screen[i] = ATTR | ' ';
    row = col = 0;
}

static void scroll(void)
{
    for (unsigned i = 0; i < COLS * (ROWS - 1); i++)
        screen[i] = screen[i + COLS];
    for (unsigned i = COLS * (ROWS - 1); i < COLS * ROWS; i++)
        screen[i] = ATTR | ' ';
    row = ROWS - 1;
}

void vga_putc(char c)
{
    if (c == '\n') {
        col = 0;
        if (++row == ROWS)
            scroll();
        return;
    }
    if (c == '\r')
        return;
    screen[row * COLS + col] = (uint16_t)(ATTR | (uint8_t)c);
    if (++col == COLS) {
        col = 0;
        if (++row == ROWS)
            scroll();
    }
}
