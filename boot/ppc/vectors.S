/* The exception vectors, copied to physical 0 by vectors_install
 * (kernel/ppc/traps.c): each saves r3 and CTR in SPRG1/SPRG2, puts its
 * offset in r3 and jumps to trap_common, which builds a struct trap_frame
 * on the current stack and calls trap_handler (C). The handler returns
 * only when a claimant took the exception over (the performance-monitor
 * interrupt of sampling, say): the frame is then restored and rfi goes on
 * at SRR0 with SRR1's MSR. Otherwise it resumes an armed catch (klongjmp)
 * or ends the run. Vector offsets: PowerPC 604e RISC Microprocessor User's
 * Manual, "Exceptions". */
#include "boot/ppc/regs.h"

#define FRAME 176

    .section .rodata.vectors, "a"
    .balign 4
    .globl vectors_start, vectors_end
vectors_start:
    .macro VECTOR offset
    .org vectors_start + \offset
    mtsprg1 r3
    mfctr r3
    mtsprg2 r3
    lis r3, trap_common@h
    ori r3, r3, trap_common@l
    mtctr r3
    li r3, \offset
    bctr
    .endm
    VECTOR 0x100
    VECTOR 0x200
    VECTOR 0x300
    VECTOR 0x400
    VECTOR 0x500
    VECTOR 0x600
    VECTOR 0x700
    VECTOR 0x800
    VECTOR 0x900
    VECTOR 0xa00
    VECTOR 0xb00
    VECTOR 0xc00
    VECTOR 0xd00
    VECTOR 0xe00
    VECTOR 0xf00
    VECTOR 0x1000
    VECTOR 0x1100
    VECTOR 0x1200
    VECTOR 0x1300
    VECTOR 0x1400
    .org vectors_start + 0x1500
vectors_end:

    .text
    .balign 4
trap_common:
    stwu r1, -FRAME(r1)
    stw r0, 8(r1)
    addi r0, r1, FRAME
    stw r0, 12(r1)
    stw r2, 16(r1)
    mfsprg1 r0
    stw r0, 20(r1)
    stmw r4, 24(r1)
    mfsrr0 r0
    stw r0, 136(r1)
    mfsrr1 r0
    stw r0, 140(r1)
    mflr r0
    stw r0, 144(r1)
    mfsprg2 r0
    stw r0, 148(r1)
    mfcr r0
    stw r0, 152(r1)
    mfxer r0
    stw r0, 156(r1)
    mfdar r0
    stw r0, 160(r1)
    mfdsisr r0
    stw r0, 164(r1)
    stw r3, 168(r1)
    /* The exception cleared MSR[FP] and MSR[DR]: the payloads after a catch
     * need the FPU, the kernel its I/O mappings (boot/ppc/entry.S). */
    mfmsr r0
    ori r0, r0, MSR_FP | MSR_DR
    mtmsr r0
    isync
    addi r3, r1, 8
    bl trap_handler
    /* Claimed: back to the interrupted code. MSR[EE] is still clear, as the
     * exception left it, so nothing overwrites SRR0/SRR1 before rfi; r2-r31
     * lie in the frame in order (r3 at 20, r4 on from 24). */
    lwz r0, 136(r1)
    mtsrr0 r0
    lwz r0, 140(r1)
    mtsrr1 r0
    lwz r0, 144(r1)
    mtlr r0
    lwz r0, 148(r1)
    mtctr r0
    lwz r0, 152(r1)
    mtcrf 0xff, r0
    lwz r0, 156(r1)
    mtxer r0
    lmw r2, 16(r1)
    lwz r0, 8(r1)
    lwz r1, 12(r1)
    rfi

/* int ksetjmp(struct kjmp_buf *buf): the callee-saved state (r1, r2,
 * r13-r31, LR, CR; SVR4 PowerPC ABI). */
    .globl ksetjmp
ksetjmp:
    stw r1, 0(r3)
    stw r2, 4(r3)
    stmw r13, 8(r3)
    mflr r0
    stw r0, 84(r3)
    mfcr r0
    stw r0, 88(r3)
    li r3, 0
    blr

/* void klongjmp(struct kjmp_buf *buf, int value) */
    .globl klongjmp
klongjmp:
    lwz r1, 0(r3)
    lwz r2, 4(r3)
    lmw r13, 8(r3)
    lwz r0, 84(r3)
    mtlr r0
    lwz r0, 88(r3)
    mtcrf 0xff, r0
    mr. r3, r4
    bnelr
    li r3, 1
    blr
