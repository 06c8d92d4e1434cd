/* The window in 64-bit mode. There is no PUSHAD: it pushes the registers
 * the System V AMD64 ABI has the callee keep (RBX, RBP, R12-R15); the
 * others, R8-R11 among them, are the body's to clobber. Loads and stores
 * name their address as an absolute disp32 through a SIB byte with no base
 * and no index (ModRM r/m 100, SIB 0x25), since r/m 101 means RIP-relative
 * in 64-bit mode (Intel SDM Vol. 2, 2.2.1.6). */
#include "bench/x86/window_mode.h"

/* The stack pointer at the window's start: taken back after the end reads,
 * whatever the body did to RSP (see bench/x86/32/window_mode.c). */
static uintptr_t window_rsp;

/* The register field of ModRM for each payload register. */
static const uint8_t reg_field[REG_COUNT] = {
    [REG_EAX] = 0, [REG_ECX] = 1, [REG_EDX] = 2, [REG_EBX] = 3,
    [REG_EBP] = 5, [REG_ESI] = 6, [REG_EDI] = 7};

#define REX_W 0x48
#define REX_B 0x41

/* op reg, [disp32] or op [disp32], reg: [REX.W,] opcode, ModRM 00 reg 100,
 * SIB 0x25 (rex 0: none, a 32-bit operand). */
static void emit_absolute(struct emitter *e, uint8_t rex, uint8_t opcode, uint8_t reg,
                          const void *addr)
{
    if (rex) {
        emit_u8(e, rex);
    }
    emit_u8(e, opcode);
    emit_u8(e, (uint8_t)(reg << 3 | 4));
    emit_u8(e, 0x25);
    emit_addr32(e, addr);
}

void window_mode_enter(struct emitter *e)
{
    static const uint8_t push[] = {
        0x53,        /* push rbx */
        0x55,        /* push rbp */
        REX_B, 0x54, /* push r12 */
        REX_B, 0x55, /* push r13 */
        REX_B, 0x56, /* push r14 */
        REX_B, 0x57, /* push r15 */
    };
    emit(e, push, sizeof push);
    emit_absolute(e, REX_W, 0x89, 4, &window_rsp); /* mov [window_rsp], rsp */
    /* and rsp, -16: a C payload's function is called with the stack
     * aligned as the ABI asks. */
    static const uint8_t align[] = {REX_W, 0x83, 0xe4, 0xf0};
    emit(e, align, sizeof align);
}

void window_mode_load(struct emitter *e, enum x86_payload_reg reg, const uintptr_t *from)
{
    emit_absolute(e, REX_W, 0x8b, reg_field[reg], from); /* mov reg, [from] */
}

void window_mode_save(struct emitter *e, enum x86_payload_reg reg, uintptr_t *to)
{
    emit_absolute(e, REX_W, 0x89, reg_field[reg], to); /* mov [to], reg */
}

void window_mode_store(struct emitter *e, uint64_t *slot)
{
    emit_absolute(e, 0, 0x89, 0, slot);                      /* mov [slot], eax */
    emit_absolute(e, 0, 0x89, 2, (const uint8_t *)slot + 4); /* mov [slot + 4], edx */
}

void window_mode_leave(struct emitter *e)
{
    emit_absolute(e, REX_W, 0x8b, 4, &window_rsp); /* mov rsp, [window_rsp] */
    static const uint8_t pop[] = {
        REX_B, 0x5f, /* pop r15 */
        REX_B, 0x5e, /* pop r14 */
        REX_B, 0x5d, /* pop r13 */
        REX_B, 0x5c, /* pop r12 */
        0x5d,        /* pop rbp */
        0x5b,        /* pop rbx */
    };
    emit(e, pop, sizeof pop);
}
