/* The screen on VGA/EGA text mode at 0xB8000 (80x25): characters, and
 * code page 437's half blocks as 80x50 dots. */
#ifndef BAREBENCH_VGA_H
#define BAREBENCH_VGA_H

#include "kernel/screen.h"

const struct screen_device *vga_init(void);

#endif
