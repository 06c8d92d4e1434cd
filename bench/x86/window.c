/* A tiny x86 emitter for the measured window. The generated code refers to
 * the registers and sample slots of bench/window_state.h by absolute
 * address, which keeps every access a plain load or store with no base
 * register. */
#include "bench/window_state.h"
#include "bench/x86/payload_regs.h"

#include "lib/kstring.h"

struct emitter {
    uint8_t *at, *end;
    bool overflow;
};

static void emit(struct emitter *e, const uint8_t *bytes, size_t n)
{
    if ((size_t)(e->end - e->at) < n) {
        e->overflow = true;
        return;
    }
    memcpy(e->at, bytes, n);
    e->at += n;
}

static void emit_u8(struct emitter *e, uint8_t b)
{
    emit(e, &b, 1);
}

static void emit_u32(struct emitter *e, uint32_t v)
{
    uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    emit(e, b, 4);
}

/* mov reg, [addr] with ModRM disp32 (EAX has the short A1 form). */
static void emit_load(struct emitter *e, uint8_t modrm, const void *addr)
{
    if (modrm == 0x05) {
        emit_u8(e, 0xa1);
    } else {
        emit_u8(e, 0x8b);
        emit_u8(e, modrm);
    }
    emit_u32(e, (uint32_t)(uintptr_t)addr);
}

/* ModRM bytes for `reg, [disp32]`. */
enum {
    RM_EAX = 0x05,
    RM_ECX = 0x0d,
    RM_EDX = 0x15,
    RM_EBX = 0x1d,
    RM_ESI = 0x35,
    RM_EDI = 0x3d,
    RM_EBP = 0x2d
};

static void emit_serialize(struct emitter *e, enum serializer ser)
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

/* One counter read into *slot: [mov ecx, index;] rdtsc|rdpmc|rdmsr; store. */
static void emit_read(struct emitter *e, const struct pmu_read *r, uint64_t *slot)
{
    static const uint8_t rdtsc[] = {0x0f, 0x31}, rdpmc[] = {0x0f, 0x33}, rdmsr[] = {0x0f, 0x32};
    if (r->kind != PMU_READ_RDTSC) {
        emit_u8(e, 0xb9); /* mov ecx, imm32 */
        emit_u32(e, r->index);
    }
    emit(e, r->kind == PMU_READ_RDTSC ? rdtsc : r->kind == PMU_READ_RDPMC ? rdpmc : rdmsr, 2);
    emit_u8(e, 0xa3); /* mov [slot], eax */
    emit_u32(e, (uint32_t)(uintptr_t)slot);
    emit_u8(e, 0x89); /* mov [slot + 4], edx */
    emit_u8(e, 0x15);
    emit_u32(e, (uint32_t)(uintptr_t)slot + 4);
}

/* The stack pointer at the window's start. A body must leave ESP alone
 * (bench/payload.h), but one from a module may not: the window takes ESP
 * back from here after the end reads, so that a body that only writes it
 * (xor esp, esp) cannot send popad and ret into memory at address 0. */
static uint32_t window_esp;

static void emit_body(struct emitter *e, const struct payload *p)
{
    if (p->body) {
        emit(e, p->body, p->body_len);
        return;
    }
    /* call rel32 to the C function, relative to the end of this instruction */
    emit_u8(e, 0xe8);
    emit_u32(e, (uint32_t)(uintptr_t)p->fn - (uint32_t)(uintptr_t)(e->at + 4));
}

bool window_build(struct window *w, const struct payload *p, uint32_t unroll,
                  const struct pmu_read *reads, unsigned n_reads, enum serializer ser, uint8_t *buf,
                  size_t cap)
{
    struct emitter e = {buf, buf + cap, false};
    if (n_reads > WINDOW_MAX_READS) {
        return false;
    }

    emit_u8(&e, 0x60); /* pushad */
    emit_u8(&e, 0x89); /* mov [window_esp], esp */
    emit_u8(&e, 0x25);
    emit_u32(&e, (uint32_t)(uintptr_t)&window_esp);
    emit_load(&e, RM_ESI, &window_regs.r[REG_ESI]);
    emit_load(&e, RM_EDI, &window_regs.r[REG_EDI]);
    emit_load(&e, RM_EBP, &window_regs.r[REG_EBP]);
    for (unsigned i = 0; i < n_reads; i++) {
        emit_serialize(&e, ser);
        emit_read(&e, &reads[i], &window_start[i]);
    }
    emit_serialize(&e, ser);
    emit_load(&e, RM_EAX, &window_regs.r[REG_EAX]);
    emit_load(&e, RM_EBX, &window_regs.r[REG_EBX]);
    emit_load(&e, RM_ECX, &window_regs.r[REG_ECX]);
    emit_load(&e, RM_EDX, &window_regs.r[REG_EDX]);
    w->body_at = (size_t)(e.at - buf);
    for (uint32_t i = 0; i < unroll && !e.overflow; i++) {
        emit_body(&e, p);
    }
    w->body_len = unroll ? (uint32_t)((size_t)(e.at - buf) - w->body_at) / unroll : 0;
    w->unroll = unroll;
    for (unsigned i = 0; i < n_reads; i++) {
        emit_serialize(&e, ser);
        emit_read(&e, &reads[i], &window_end[i]);
    }
    emit_u8(&e, 0x8b); /* mov esp, [window_esp] */
    emit_u8(&e, 0x25);
    emit_u32(&e, (uint32_t)(uintptr_t)&window_esp);
    emit_u8(&e, 0x61); /* popad */
    if (window_exit_vector) {
        emit_u8(&e, 0xcd); /* int exit_vector */
        emit_u8(&e, window_exit_vector);
    } else {
        emit_u8(&e, 0xc3); /* ret */
    }

    w->code = buf;
    w->len = (size_t)(e.at - buf);
    w->n_reads = n_reads;
    return !e.overflow;
}

const char *serializer_name(enum serializer ser)
{
    return ser == SERIALIZER_CPUID ? "cpuid" : ser == SERIALIZER_LFENCE ? "lfence" : "serialize";
}
