/* VGA mode 12h without the BIOS (the kernel runs in protected mode): the
 * register values of IBM's VGA Technical Reference for the mode, as FreeVGA
 * lists them per register. Four bit planes at 0xA0000, 80 bytes a line.
 * Only colours 0 (black) and 15 (white) are used, written to the four
 * planes at once (write mode 0, map mask 0xF), so a byte of video memory
 * is 8 pixels, as a row of a glyph in lib/font8x16 is. Dots that do not
 * cover a whole byte go through the bit mask register: the latches, loaded
 * by a read, supply the bits outside it. */
#include "kernel/x86/vgagfx.h"

#include <stdint.h>

#include "kernel/x86/cpu.h"
#include "lib/font8x16.h"

#define WIDTH      640
#define HEIGHT     480
#define LINE_BYTES (WIDTH / 8)

#define MISC_WRITE 0x3c2
#define SEQ_INDEX  0x3c4
#define GC_INDEX   0x3ce
#define CRTC_INDEX 0x3d4
#define AC_INDEX   0x3c0 /* index and data alternate on one port */
#define STATUS_1   0x3da /* reading it resets the AC's flip-flop */
#define DAC_MASK   0x3c6
#define DAC_WRITE  0x3c8
#define DAC_DATA   0x3c9
#define GC_BITMASK 8

static volatile uint8_t *const vram = (volatile uint8_t *)0xa0000;

/* Misc output: 25 MHz dot clock, colour I/O at 0x3Dx, RAM on, sync
 * polarities that select 480 lines. */
static const uint8_t misc = 0xe3;
/* Clocking (8-dot characters), map mask (all planes), character map,
 * memory mode (no odd/even, no chain 4). */
static const uint8_t seq[] = {0x01, 0x0f, 0x00, 0x06};
/* Horizontal then vertical timing: 800x525 total, 640x480 shown. */
static const uint8_t crtc[] = {0x5f, 0x4f, 0x50, 0x82, 0x54, 0x80, 0x0b, 0x3e, 0x00,
                               0x40, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xea, 0x0c,
                               0xdf, 0x28, 0x00, 0xe7, 0x04, 0xe3, 0xff};
/* Set/reset off, read plane 0, write mode 0, graphics at 0xA0000 (64 KiB),
 * bit mask all. */
static const uint8_t gc[] = {0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x05, 0x0f, 0xff};
/* The EGA palette (colour 15 -> DAC entry 63), then mode control
 * (graphics), overscan, colour plane enable (all), panning, colour select. */
static const uint8_t ac[] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x14, 0x07, 0x38, 0x39, 0x3a,
                             0x3b, 0x3c, 0x3d, 0x3e, 0x3f, 0x01, 0x00, 0x0f, 0x00, 0x00};

static void indexed(uint16_t port, const uint8_t *values, unsigned n, unsigned first)
{
    for (unsigned i = 0; i < n; i++) {
        outb(port, (uint8_t)(first + i));
        outb(port + 1, values[i]);
    }
}

static void dac(uint8_t entry, uint8_t level)
{
    outb(DAC_WRITE, entry);
    for (unsigned i = 0; i < 3; i++) {
        outb(DAC_DATA, level);
    }
}

static void bitmask(uint8_t mask)
{
    outb(GC_INDEX, GC_BITMASK);
    outb(GC_INDEX + 1, mask);
}

static void start(void)
{
    outb(SEQ_INDEX, 0); /* synchronous reset while the clock changes */
    outb(SEQ_INDEX + 1, 0x01);
    outb(MISC_WRITE, misc);
    indexed(SEQ_INDEX, seq, sizeof seq, 1);
    outb(SEQ_INDEX, 0);
    outb(SEQ_INDEX + 1, 0x03);
    outb(CRTC_INDEX, 0x11); /* unlock CRTC registers 0-7 */
    outb(CRTC_INDEX + 1, inb(CRTC_INDEX + 1) & 0x7f);
    indexed(CRTC_INDEX, crtc, sizeof crtc, 0);
    indexed(GC_INDEX, gc, sizeof gc, 0);
    (void)inb(STATUS_1);
    for (unsigned i = 0; i < sizeof ac; i++) {
        outb(AC_INDEX, (uint8_t)i);
        outb(AC_INDEX, ac[i]);
    }
    outb(AC_INDEX, 0x20); /* the palette is set: show the picture */
    outb(DAC_MASK, 0xff); /* every colour bit reaches the DAC */
    dac(0, 0);
    dac(0x3f, 63);
}

static void put(unsigned col, unsigned row, char ch)
{
    const uint8_t *glyph = font_glyph(ch);
    volatile uint8_t *p = vram + row * FONT_HEIGHT * LINE_BYTES + col;
    for (unsigned r = 0; r < FONT_HEIGHT; r++, p += LINE_BYTES) {
        *p = glyph[r];
    }
}

static void dots(unsigned x, unsigned y, unsigned w, unsigned h, bool dark)
{
    uint8_t value = dark ? 0x00 : 0xff;
    if (!w || !h) {
        return;
    }
    for (unsigned b = x / 8; b <= (x + w - 1) / 8; b++) {
        unsigned from = b * 8 < x ? x - b * 8 : 0, to = (x + w) - b * 8;
        to = to > 8 ? 8 : to;
        uint8_t mask = (uint8_t)((0xffu >> from) & ~(0xffu >> to));
        bitmask(mask);
        volatile uint8_t *p = vram + y * LINE_BYTES + b;
        for (unsigned r = 0; r < h; r++, p += LINE_BYTES) {
            if (mask != 0xff) {
                (void)*p; /* loads the latches */
            }
            *p = value;
        }
    }
    bitmask(0xff);
}

static const struct screen_device device = {
    .name = "VGA 640x480",
    .cols = WIDTH / FONT_WIDTH,
    .rows = HEIGHT / FONT_HEIGHT,
    .dots_x = WIDTH,
    .dots_y = HEIGHT,
    .min_module = 4,
    .put = put,
    .dots = dots,
    .start = start,
};

const struct screen_device *vgagfx_device(void)
{
    return &device;
}
