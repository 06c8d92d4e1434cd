/* The measured window on x86, in either mode (bench/window.h shows its
 * layout; bench/x86/<mode>/window_mode.c saves, loads and stores as the
 * mode does). The generated code refers to the registers and sample slots
 * of bench/window_state.h by absolute address, which keeps every access a
 * plain load or store with no base register. */
#include "bench/window_state.h"
#include "bench/x86/emit.h"
#include "bench/x86/window_mode.h"

/* Read i into *slot: [mov ecx, [window_read_index + i];] rdtsc|rdpmc|rdmsr;
 * store. ECX comes from memory, not an immediate, so that a platform that
 * moves a counter between runs (a Linux process) need not rebuild the
 * window; the load is the same in every window, like the read itself. A
 * read outside the window is the platform's: nothing here. */
static void emit_read(struct emitter *e, const struct pmu_read *r, unsigned i, uint64_t *slot)
{
    static const uint8_t rdtsc[] = {0x0f, 0x31}, rdpmc[] = {0x0f, 0x33}, rdmsr[] = {0x0f, 0x32};
    if (r->kind == PMU_READ_OUTSIDE) {
        return;
    }
    if (r->kind != PMU_READ_RDTSC) {
        window_mode_load(e, REG_ECX, &window_read_index[i]);
    }
    emit(e, r->kind == PMU_READ_RDTSC ? rdtsc : r->kind == PMU_READ_RDPMC ? rdpmc : rdmsr, 2);
    window_mode_store(e, slot);
}

/* The payload registers loaded before the start reads, and those loaded
 * after them (the reads use EAX, ECX and EDX, and CPUID EBX too). Those
 * loaded before survive the end reads: they are stored back. */
static const enum x86_payload_reg before_reads[] = {REG_ESI, REG_EDI, REG_EBP};
static const enum x86_payload_reg after_reads[] = {REG_EAX, REG_EBX, REG_ECX, REG_EDX};

static void load(struct emitter *e, const enum x86_payload_reg *regs, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        window_mode_load(e, regs[i], &window_regs.r[regs[i]]);
    }
}

bool window_build(struct window *w, const struct payload *p, uint32_t unroll,
                  const struct pmu_read *reads, unsigned n_reads, enum serializer ser, uint8_t *buf,
                  size_t cap)
{
    struct emitter e = {buf, buf + cap, false};
    if (n_reads > WINDOW_MAX_READS) {
        return false;
    }

    window_mode_enter(&e);
    load(&e, before_reads, sizeof before_reads / sizeof before_reads[0]);
    for (unsigned i = 0; i < n_reads; i++) {
        emit_serialize(&e, ser);
        emit_read(&e, &reads[i], i, &window_start[i]);
    }
    emit_serialize(&e, ser);
    load(&e, after_reads, sizeof after_reads / sizeof after_reads[0]);
    w->body_at = (size_t)(e.at - buf);
    for (uint32_t i = 0; i < unroll && !e.overflow; i++) {
        emit_body(&e, p);
    }
    w->body_len = unroll ? (uint32_t)((size_t)(e.at - buf) - w->body_at) / unroll : 0;
    w->unroll = unroll;
    for (unsigned i = 0; i < n_reads; i++) {
        emit_serialize(&e, ser);
        emit_read(&e, &reads[i], i, &window_end[i]);
    }
    for (unsigned i = 0; i < sizeof before_reads / sizeof before_reads[0]; i++) {
        window_mode_save(&e, before_reads[i], &window_regs.r[before_reads[i]]);
    }
    window_mode_leave(&e);
    if (window_exit_vector) {
        emit_u8(&e, 0xcd); /* int exit_vector */
        emit_u8(&e, window_exit_vector);
    } else {
        emit_u8(&e, 0xc3); /* ret */
    }

    w->code = buf;
    w->len = (size_t)(e.at - buf);
    window_keep_reads(w, reads, n_reads);
    return !e.overflow;
}
