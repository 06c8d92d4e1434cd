#include "bench/x86/emit.h"

#include "lib/kstring.h"

void emit(struct emitter *e, const uint8_t *bytes, size_t n)
{
    if ((size_t)(e->end - e->at) < n) {
        e->overflow = true;
        return;
    }
    memcpy(e->at, bytes, n);
    e->at += n;
}

void emit_u8(struct emitter *e, uint8_t b)
{
    emit(e, &b, 1);
}

void emit_u32(struct emitter *e, uint32_t v)
{
    uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    emit(e, b, 4);
}

void emit_addr32(struct emitter *e, const void *addr)
{
    emit_u32(e, (uint32_t)(uintptr_t)addr);
}

void emit_serialize(struct emitter *e, enum serializer ser)
{
    static const uint8_t cpuid[] = {0x31, 0xc0, 0x0f, 0xa2}; /* xor eax, eax; cpuid */
    static const uint8_t lfence[] = {0x0f, 0xae, 0xe8};
    static const uint8_t serialize[] = {0x0f, 0x01, 0xe8};
    if (ser == SERIALIZER_CPUID) {
        emit(e, cpuid, sizeof cpuid);
    } else if (ser == SERIALIZER_LFENCE) {
        emit(e, lfence, sizeof lfence);
    } else {
        emit(e, serialize, sizeof serialize);
    }
}

void emit_body(struct emitter *e, const struct payload *p)
{
    if (p->body) {
        emit(e, p->body, p->body_len);
        return;
    }
    /* call rel32 to the C function, relative to the end of this instruction */
    emit_u8(e, 0xe8);
    emit_u32(e, (uint32_t)((uintptr_t)p->fn - (uintptr_t)(e->at + 4)));
}

const char *serializer_name(enum serializer ser)
{
    return ser == SERIALIZER_CPUID ? "cpuid" : ser == SERIALIZER_LFENCE ? "lfence" : "serialize";
}
