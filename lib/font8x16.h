/* An 8x16 bitmap font for printable ASCII: one byte per row, the most
 * significant bit the leftmost pixel. Characters outside it draw as '?'. */
#ifndef BAREBENCH_FONT8X16_H
#define BAREBENCH_FONT8X16_H

#include <stdint.h>

#define FONT_WIDTH  8
#define FONT_HEIGHT 16
#define FONT_FIRST  0x20
#define FONT_LAST   0x7e

extern const uint8_t font8x16[FONT_LAST - FONT_FIRST + 1][FONT_HEIGHT];

/* The glyph of c ('?' for what the font lacks). */
const uint8_t *font_glyph(char c);

#endif
