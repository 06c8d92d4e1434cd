/* A tiny x86 emitter for the measured window: bytes into a buffer, and the
 * pieces of a window that are alike in every mode (the serializing
 * instruction, a call of a C payload). Each mode's bench/x86/<mode>/window.c
 * lays the window out with them. */
#ifndef BAREBENCH_X86_EMIT_H
#define BAREBENCH_X86_EMIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bench/payload.h"
#include "bench/window.h"

struct emitter {
    uint8_t *at, *end;
    bool overflow; /* a write did not fit: the window is not usable */
};

void emit(struct emitter *e, const uint8_t *bytes, size_t n);
void emit_u8(struct emitter *e, uint8_t b);
void emit_u32(struct emitter *e, uint32_t v);

/* An absolute address as a disp32. The kernel and the hosted program are
 * linked below 2 GiB (non-PIE, the small code model), so every address the
 * window names is one, zero- and sign-extended alike. */
void emit_addr32(struct emitter *e, const void *addr);

void emit_serialize(struct emitter *e, enum serializer ser);

/* One copy of the body: its bytes, or for a C payload `call rel32` to its
 * function (the window and the function are within 2 GiB of each other). */
void emit_body(struct emitter *e, const struct payload *p);

#endif
