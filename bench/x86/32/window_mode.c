/* The window in 32-bit protected mode: PUSHAD and POPAD keep the caller's
 * registers; loads and stores name their address in a ModRM disp32. */
#include "bench/x86/window_mode.h"

/* The stack pointer at the window's start. A body must leave ESP alone
 * (bench/payload.h), but one from a module may not: the window takes ESP
 * back from here after the end reads, so that a body that only writes it
 * (xor esp, esp) cannot send popad and ret into memory at address 0. */
static uint32_t window_esp;

/* The register field of ModRM for each payload register. */
static const uint8_t reg_field[REG_COUNT] = {
    [REG_EAX] = 0, [REG_ECX] = 1, [REG_EDX] = 2, [REG_EBX] = 3,
    [REG_EBP] = 5, [REG_ESI] = 6, [REG_EDI] = 7};

void window_mode_enter(struct emitter *e)
{
    emit_u8(e, 0x60); /* pushad */
    emit_u8(e, 0x89); /* mov [window_esp], esp */
    emit_u8(e, 0x25);
    emit_addr32(e, &window_esp);
}

/* mov reg, [addr]: ModRM mod 00, r/m 101 is disp32 (EAX has the short A1
 * form). */
void window_mode_load(struct emitter *e, enum x86_payload_reg reg, const uintptr_t *from)
{
    if (reg == REG_EAX) {
        emit_u8(e, 0xa1);
    } else {
        emit_u8(e, 0x8b);
        emit_u8(e, (uint8_t)(reg_field[reg] << 3 | 5));
    }
    emit_addr32(e, from);
}

/* mov [addr], reg */
void window_mode_save(struct emitter *e, enum x86_payload_reg reg, uintptr_t *to)
{
    emit_u8(e, 0x89);
    emit_u8(e, (uint8_t)(reg_field[reg] << 3 | 5));
    emit_addr32(e, to);
}

void window_mode_store(struct emitter *e, uint64_t *slot)
{
    emit_u8(e, 0xa3); /* mov [slot], eax */
    emit_addr32(e, slot);
    emit_u8(e, 0x89); /* mov [slot + 4], edx */
    emit_u8(e, 0x15);
    emit_addr32(e, (const uint8_t *)slot + 4);
}

void window_mode_leave(struct emitter *e)
{
    emit_u8(e, 0x8b); /* mov esp, [window_esp] */
    emit_u8(e, 0x25);
    emit_addr32(e, &window_esp);
    emit_u8(e, 0x61); /* popad */
}
