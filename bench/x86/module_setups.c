/* The set-ups a payload module may name (bench/module.h): module payloads
 * carry bodies only, so the register state a generated instruction table
 * (docs/itable.md) starts from is the kernel's. Each leaves the general
 * registers at 1, the x87 stack full of 1.0 (FNINIT then eight FLD1, so
 * that every ST(i) is a number), ESI pointing into a buffer of 1.0
 * singles (the memory operands') and, from the SSE one on, every vector register
 * of its width holding 1.0 in each single-precision lane: values
 * that stay normal numbers through the chains (no denormal assists, no
 * divide by zero). The number of a set-up is its place in the list, from 1;
 * tools/bblib/module.py reads the names from here. */
#include "bench/module.h"
#include "bench/x86/payload_regs.h"
#include "kernel/x86/cpu.h"
#include "lib/xsave.h"

const char *itable_x87(struct payload_regs *regs, const struct payload_env *env);
const char *itable_sse(struct payload_regs *regs, const struct payload_env *env);
const char *itable_avx(struct payload_regs *regs, const struct payload_env *env);
const char *itable_avx512(struct payload_regs *regs, const struct payload_env *env);

#define ONE_SINGLE 0x3f800000u

static const uint32_t one_single[4]
    __attribute__((aligned(16))) = {ONE_SINGLE, ONE_SINGLE, ONE_SINGLE, ONE_SINGLE};

/* What every memory operand of the table addresses, through ESI (RSI in
 * long mode), which the generator gives no form (tools/bblib/itable.py,
 * BASE and MEMORY_BYTES), at its middle, so that operands below and
 * above it take one-byte displacements: 1.0 singles, as in the vector
 * registers, filled again before each payload, 64-byte aligned for the
 * widest aligned access (a zmm). */
static uint32_t itable_memory[4096 / sizeof(uint32_t)] __attribute__((aligned(64)));

/* Each statement names one register: the C compiler may not touch these
 * (-mgeneral-regs-only), so nothing between here and the window does. */
#define EACH8(op)  op(0) op(1) op(2) op(3) op(4) op(5) op(6) op(7)
#define EACH16(op) EACH8(op) op(8) op(9) op(10) op(11) op(12) op(13) op(14) op(15)
#define EACH32(op)                                                                                 \
    EACH16(op)                                                                                     \
    op(16) op(17) op(18) op(19) op(20) op(21) op(22) op(23) op(24) op(25) op(26) op(27) op(28)     \
        op(29) op(30) op(31)
#define MOVUPS(n)       __asm__ volatile("movups %0, %%xmm" #n : : "m"(one_single));
#define VBROADCAST_Y(n) __asm__ volatile("vbroadcastss %0, %%ymm" #n : : "m"(one_single[0]));
#define VBROADCAST_Z(n) __asm__ volatile("vbroadcastss %0, %%zmm" #n : : "m"(one_single[0]));
#define KALLONES(n)     __asm__ volatile("kxnorw %%k" #n ", %%k" #n ", %%k" #n ::);
#if defined(__x86_64__)
#define EACH_VECTOR(op)    EACH16(op)
#define EACH_VECTOR512(op) EACH32(op)
#else
#define EACH_VECTOR(op)    EACH8(op)
#define EACH_VECTOR512(op) EACH8(op)
#endif

/* What every set-up does first. A legacy SSE instruction after AVX code
 * that left the upper halves of the YMM registers dirty pays a transition
 * or a false dependency (Intel 64 and IA-32 Architectures Optimization
 * Reference Manual, "Mixing AVX code with SSE code"): VZEROUPPER, where the
 * AVX state is enabled, cleans them before the vectors are loaded. */
static void start(struct payload_regs *regs)
{
    for (unsigned i = 0; i < PAYLOAD_REGS; i++) {
        regs->r[i] = 1;
    }
    for (unsigned i = 0; i < sizeof itable_memory / sizeof itable_memory[0]; i++) {
        itable_memory[i] = ONE_SINGLE;
    }
    regs->r[REG_ESI] = (uintptr_t)itable_memory + sizeof itable_memory / 2;
    __asm__ volatile("fninit\n\tfld1\n\tfld1\n\tfld1\n\tfld1\n\tfld1\n\tfld1\n\tfld1\n\tfld1");
    if ((xcr0_enabled() & XSAVE_AVX_STATE) == XSAVE_AVX_STATE) {
        __asm__ volatile("vzeroupper");
    }
}

const char *itable_x87(struct payload_regs *regs, const struct payload_env *env)
{
    (void)env;
    start(regs);
    return 0;
}

const char *itable_sse(struct payload_regs *regs, const struct payload_env *env)
{
    (void)env;
    start(regs);
    EACH_VECTOR(MOVUPS)
    return 0;
}

const char *itable_avx(struct payload_regs *regs, const struct payload_env *env)
{
    (void)env;
    start(regs);
    EACH_VECTOR(VBROADCAST_Y)
    return 0;
}

const char *itable_avx512(struct payload_regs *regs, const struct payload_env *env)
{
    (void)env;
    start(regs);
    EACH_VECTOR512(VBROADCAST_Z)
    EACH8(KALLONES)
    return 0;
}

static payload_prepare_fn *const setups[] = {itable_x87, itable_sse, itable_avx, itable_avx512};

const struct module_setups module_setups = {setups, sizeof setups / sizeof setups[0]};
