/* A small PowerPC emitter for the measured window (the x86 one is
 * bench/x86/window.c). The generated code is a function:
 *
 *   stwu r1, -96(r1); save LR, CR, r2, r13-r31 in the frame
 *   load r3..r9 from window_regs (bench/ppc/payload_regs.h)
 *   [sync; freeze]      (when a performance-monitor counter is read)
 *   for each counter:  sync; isync; read -> start[i]
 *   [unfreeze]
 *   body x unroll
 *   [sync; freeze]
 *   for each counter:  sync; isync; read -> end[i]
 *   [unfreeze]
 *   store r3..r9 back to window_regs
 *   restore; blr
 *
 * In problem state (ring=3: window_exit_vector set) the reads of a window
 * that reads performance-monitor counters are each one gate call
 * (`li r0, op; sc`, bench/ppc/gate.h), and the window leaves by the gate
 * instead of blr.
 *
 * Freeze and unfreeze set and clear MMCR0[FC] with one mtspr each, which
 * stops or starts every counter at once (PowerPC 604e RISC Microprocessor
 * User's Manual, "Monitor Mode Control Register 0"): the reads between
 * take a snapshot, and every counter of a window covers the same
 * instructions, from the mtspr that unfreezes to the one that freezes.
 * The isync after each mtspr lets nothing after it start before the
 * counters have stopped or started. The backend leaves the counters
 * running (MMCR0[FC] clear) when a window is called, and the window leaves
 * them so.
 *
 * A read uses r0 and r10-r12 only. The time base is read upper, lower,
 * upper again until the two upper halves agree (PowerPC Operating
 * Environment Architecture, "Reading the Time Base"): one pass of the loop
 * unless the lower half wrapped in between. sync waits for every earlier
 * instruction and storage access, isync discards what was fetched after
 * it (PowerPC 604e RISC Microprocessor User's Manual, "Synchronization"),
 * so the read sees the body complete and nothing after it started. Their
 * cost, like the reads', is the same in every window and is removed by
 * differencing or by subtracting the empty window. */
#include "bench/ppc/gate.h"
#include "bench/ppc/payload_regs.h"
#include "bench/window_state.h"

#include "lib/kstring.h"
#include "pmu/ppc/mmcr.h"

#define FRAME 96
#define TBL   268
#define TBU   269

struct emitter {
    uint32_t *at, *end;
    bool overflow;
};

static void emit(struct emitter *e, uint32_t insn)
{
    if (e->at == e->end) {
        e->overflow = true;
        return;
    }
    *e->at++ = insn;
}

/* Instruction forms (PowerPC Microprocessor Family: The Programming
 * Environments, chapter 8). */
static uint32_t d_form(unsigned op, unsigned rt, unsigned ra, int32_t d)
{
    return (uint32_t)op << 26 | rt << 21 | ra << 16 | ((uint32_t)d & 0xffff);
}

static uint32_t x_form(unsigned rt, unsigned ra, unsigned rb, unsigned xo)
{
    return 31u << 26 | rt << 21 | ra << 16 | rb << 11 | xo << 1;
}

/* mfspr/mtspr/mftb: the SPR number with its two 5-bit halves swapped. */
static uint32_t spr_form(unsigned rt, unsigned spr, unsigned xo)
{
    unsigned swapped = (spr & 0x1f) << 5 | (spr >> 5 & 0x1f);
    return 31u << 26 | rt << 21 | swapped << 11 | xo << 1;
}

#define ADDI(rt, ra, d)  d_form(14, rt, ra, d)
#define ADDIS(rt, ra, d) d_form(15, rt, ra, d)
#define ORIS(ra, rs, ui) d_form(25, rs, ra, (int32_t)(ui))
#define LWZ(rt, d, ra)   d_form(32, rt, ra, d)
#define STW(rs, d, ra)   d_form(36, rs, ra, d)
#define STWU(rs, d, ra)  d_form(37, rs, ra, d)
#define LMW(rt, d, ra)   d_form(46, rt, ra, d)
#define STMW(rs, d, ra)  d_form(47, rs, ra, d)
#define MFSPR(rt, spr)   spr_form(rt, spr, 339)
#define MTSPR(spr, rs)   spr_form(rs, spr, 467)
#define MFTB(rt, tbr)    spr_form(rt, tbr, 371)
#define MFCR(rt)         x_form(rt, 0, 0, 19)
#define MTCRF_ALL(rs)    (31u << 26 | (rs) << 21 | 0xffu << 12 | 144u << 1)
#define CMPW(ra, rb)     x_form(0, ra, rb, 0)
/* bc BO, BI, BD: BO 0010y branches if CR bit BI is clear, and y = 1
 * reverses the static prediction, which for a negative displacement is
 * "taken" ("Branch Conditional" and the BO operand encodings in the
 * Programming Environments): so BO 00101 is the "bne-" of a backward
 * branch, as the assembler encodes it (0x40a2fff0 for 16 bytes back). BI 2
 * is CR0[EQ]. */
#define BC(bo, bi, bd)    (16u << 26 | (bo) << 21 | (bi) << 16 | ((uint32_t)(bd) & 0xfffc))
#define BO_FALSE_UNLIKELY 5u
#define CR0_EQ            2u
#define SC                0x44000002u
#define SYNC              0x7c0004acu
#define ISYNC             0x4c00012cu
#define BLR               0x4e800020u
#define SPR_LR            8

/* rlwinm ra, rs, 0, mb, me: rs masked to bits mb..me (M-form) */
#define RLWINM_MASK(ra, rs, mb, me) (21u << 26 | (rs) << 21 | (ra) << 16 | (mb) << 6 | (me) << 1)

/* ha/lo halves of an address for lis + a displacement. */
static int32_t hi_adjusted(const void *addr)
{
    return (int32_t)(((uint32_t)(uintptr_t)addr + 0x8000u) >> 16);
}

static int32_t lo(const void *addr)
{
    return (int16_t)((uint32_t)(uintptr_t)addr & 0xffff);
}

static void emit_load(struct emitter *e, unsigned rt, const uintptr_t *addr)
{
    emit(e, ADDIS(10, 0, hi_adjusted(addr)));
    emit(e, LWZ(rt, lo(addr), 10));
}

static void emit_save(struct emitter *e, unsigned rs, uintptr_t *addr)
{
    emit(e, ADDIS(10, 0, hi_adjusted(addr)));
    emit(e, STW(rs, lo(addr), 10));
}

/* Stores r11 (upper word) and r12 (lower) to a 64-bit slot. */
static void emit_store_pair(struct emitter *e, uint64_t *slot)
{
    uint32_t *words = (uint32_t *)slot;
    emit(e, ADDIS(10, 0, hi_adjusted(&words[0])));
    emit(e, STW(11, lo(&words[0]), 10));
    emit(e, ADDIS(10, 0, hi_adjusted(&words[1])));
    emit(e, STW(12, lo(&words[1]), 10));
}

static void emit_serialize(struct emitter *e)
{
    emit(e, SYNC);
    emit(e, ISYNC);
}

static void emit_read(struct emitter *e, const struct pmu_read *r, uint64_t *slot)
{
    if (r->kind == PMU_READ_RDTSC) {
        emit(e, MFTB(11, TBU));
        emit(e, MFTB(12, TBL));
        emit(e, MFTB(0, TBU));
        emit(e, CMPW(0, 11));
        emit(e, BC(BO_FALSE_UNLIKELY, CR0_EQ, -16)); /* bne- to the first mftb */
    } else {
        emit(e, MFSPR(12, r->index));
        emit(e, ADDI(11, 0, 0));
    }
    emit_store_pair(e, slot);
}

/* MMCR0[FC] set (freeze) or cleared, through r0, then isync. */
static void emit_freeze(struct emitter *e, bool freeze)
{
    emit(e, MFSPR(0, SPR_MMCR0));
    emit(e, freeze ? ORIS(0, 0, MMCR0_FC >> 16) : RLWINM_MASK(0, 0, 1, 31));
    emit(e, MTSPR(SPR_MMCR0, 0));
    emit(e, ISYNC);
}

/* Does the window read a performance-monitor counter (mfspr of a PMC)? */
static bool reads_counters(const struct pmu_read *reads, unsigned n_reads)
{
    for (unsigned i = 0; i < n_reads; i++) {
        if (reads[i].kind == PMU_READ_RDMSR) {
            return true;
        }
    }
    return false;
}

/* A window in problem state reads through the gate: one sc for all its
 * reads, which the kernel takes at a snapshot (bench/ppc/gate.h). */
static void emit_gate_call(struct emitter *e, unsigned op)
{
    emit(e, ADDI(0, 0, (int32_t)op));
    emit(e, SC);
}

static void emit_reads(struct emitter *e, const struct pmu_read *reads, unsigned n_reads,
                       bool freeze, uint64_t *slots)
{
    if (freeze && window_exit_vector) {
        emit_gate_call(e, slots == window_start ? GATE_READ_START : GATE_READ_END);
        return;
    }
    if (freeze) {
        emit(e, SYNC);
        emit_freeze(e, true);
    }
    for (unsigned i = 0; i < n_reads; i++) {
        emit_serialize(e);
        emit_read(e, &reads[i], &slots[i]);
    }
    if (freeze) {
        emit_freeze(e, false);
    }
}

static void emit_body(struct emitter *e, const struct payload *p)
{
    if (p->body) {
        for (uint32_t i = 0; i < p->body_len / 4; i++) {
            emit(e, ((const uint32_t *)p->body)[i]);
        }
        return;
    }
    /* bl to the C function, relative to this instruction */
    uint32_t rel = (uint32_t)(uintptr_t)p->fn - (uint32_t)(uintptr_t)e->at;
    emit(e, 18u << 26 | (rel & 0x03fffffcu) | 1);
}

bool window_build(struct window *w, const struct payload *p, uint32_t unroll,
                  const struct pmu_read *reads, unsigned n_reads, enum serializer ser, uint8_t *buf,
                  size_t cap)
{
    (void)ser; /* always sync + isync */
    struct emitter e = {(uint32_t *)buf, (uint32_t *)(buf + cap / 4 * 4), false};
    if (n_reads > WINDOW_MAX_READS) {
        return false;
    }

    emit(&e, STWU(1, -FRAME, 1));
    emit(&e, MFSPR(0, SPR_LR));
    emit(&e, STW(0, FRAME + 4, 1));
    emit(&e, MFCR(0));
    emit(&e, STW(0, 8, 1));
    emit(&e, STMW(13, 12, 1)); /* r13-r31: 76 bytes */
    emit(&e, STW(2, 88, 1));
    for (unsigned i = 0; i < PAYLOAD_REGS; i++) {
        emit_load(&e, REG_FIRST_GPR + i, &window_regs.r[i]);
    }
    bool freeze = reads_counters(reads, n_reads);
    emit_reads(&e, reads, n_reads, freeze, window_start);
    w->body_at = (size_t)((uint8_t *)e.at - buf);
    for (uint32_t i = 0; i < unroll && !e.overflow; i++) {
        emit_body(&e, p);
    }
    w->body_len = unroll ? (uint32_t)((size_t)((uint8_t *)e.at - buf) - w->body_at) / unroll : 0;
    w->unroll = unroll;
    emit_reads(&e, reads, n_reads, freeze, window_end);
    for (unsigned i = 0; i < PAYLOAD_REGS; i++) {
        emit_save(&e, REG_FIRST_GPR + i, &window_regs.r[i]);
    }
    emit(&e, LWZ(2, 88, 1));
    emit(&e, LMW(13, 12, 1));
    emit(&e, LWZ(0, 8, 1));
    emit(&e, MTCRF_ALL(0));
    emit(&e, LWZ(0, FRAME + 4, 1));
    emit(&e, MTSPR(SPR_LR, 0));
    emit(&e, ADDI(1, 1, FRAME));
    if (window_exit_vector) {
        emit_gate_call(&e, GATE_EXIT);
    } else {
        emit(&e, BLR);
    }

    w->code = buf;
    w->len = (size_t)((uint8_t *)e.at - buf);
    window_keep_reads(w, reads, n_reads);
    /* New code: write it back from the data cache and drop stale copies
     * from the instruction cache (PowerPC 604e manual, "Instruction Cache
     * Coherency"). */
    for (size_t at = 0; at < w->len; at += 32) {
        __asm__ volatile("dcbst 0, %0; sync; icbi 0, %0" : : "r"(buf + at) : "memory");
    }
    __asm__ volatile("sync; isync" ::: "memory");
    return !e.overflow;
}

const char *serializer_name(enum serializer ser)
{
    (void)ser;
    return "sync+isync";
}
