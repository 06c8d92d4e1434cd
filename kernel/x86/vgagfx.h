/* The screen in VGA graphics, 640x480 (mode 12h), set by programming the
 * adapter's registers: any VGA-compatible adapter has the mode, so a BIOS
 * machine left in EGA text can show the QR codes in pixels. */
#ifndef BAREBENCH_VGAGFX_H
#define BAREBENCH_VGAGFX_H

#include "kernel/screen.h"

/* The device; attaching it (screen_attach) switches the adapter to the
 * mode, for good: EGA text's font is gone after that. */
const struct screen_device *vgagfx_device(void);

#endif
