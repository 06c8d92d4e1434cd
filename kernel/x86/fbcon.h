/* The screen on a linear RGB framebuffer the boot loader set up (UEFI GOP,
 * VBE): text drawn with lib/font8x16, dots as pixels. */
#ifndef BAREBENCH_FBCON_H
#define BAREBENCH_FBCON_H

#include <stdbool.h>

#include "kernel/screen.h"
#include "kernel/x86/multiboot.h"

/* The device for fb, or NULL (no RGB framebuffer, a depth it cannot draw,
 * above 4 GiB, or too small for a line of text). */
const struct screen_device *fbcon_init(const struct fb_info *fb);

/* Whether the framebuffer lies in mapped memory once paging is on. */
bool fbcon_mapped(void);

#endif
