/* What the x86 window (bench/x86/window.c) leaves to the mode it runs in:
 * how it saves and restores the caller's registers and stack pointer, how
 * it loads a payload register and how it stores a counter read. Each mode's
 * bench/x86/<mode>/window_mode.c has them. */
#ifndef BAREBENCH_X86_WINDOW_MODE_H
#define BAREBENCH_X86_WINDOW_MODE_H

#include <stdint.h>

#include "bench/x86/emit.h"
#include "bench/x86/payload_regs.h"

/* Saves the registers the caller keeps and the stack pointer. */
void window_mode_enter(struct emitter *e);

/* Loads payload register `reg` (a whole register of the mode) from *from. */
void window_mode_load(struct emitter *e, enum x86_payload_reg reg, const uintptr_t *from);

/* Stores payload register `reg` into *to. */
void window_mode_save(struct emitter *e, enum x86_payload_reg reg, uintptr_t *to);

/* Stores EDX:EAX, a counter's value, into *slot. */
void window_mode_store(struct emitter *e, uint64_t *slot);

/* Takes the stack pointer back and restores what enter saved. */
void window_mode_leave(struct emitter *e);

#endif
