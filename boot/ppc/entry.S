/* Entry on the 604/604e. The kernel runs with instruction translation off
 * (MSR[IR] = 0) and data translation on (MSR[DR] = 1) through four block
 * address translations, each 256 MiB, one to one: RAM at 0 cacheable, and
 * the I/O ranges 0x80000000 (PReP ISA and PCI I/O, the Macs' PCI memory),
 * 0xc0000000 (PReP PCI memory) and 0xf0000000 (the Macs' host bridges)
 * cache-inhibited and guarded, which real mode cannot say for data (its
 * default storage attributes cache everything). The page table is empty,
 * so any other address raises a DSI. Exception vectors are at physical 0
 * (MSR[IP] = 0), the FPU is on for the payloads (MSR[FP]) and external
 * interrupts stay off (MSR[EE] = 0). PowerPC 604e RISC Microprocessor
 * User's Manual, "Machine State Register" and "Block Address
 * Translation". */
#include "boot/ppc/regs.h"
#include "lib/prep_residual.h"

    .section .reset, "ax"
    .globl _reset
/* The 40p's reset vector, in ROM: on to RAM, where QEMU loaded the rest.
 * No firmware ran, so there is no residual data (r26 = 0, see real). */
_reset:
    li r26, 0
    lis r3, _start_prep@ha
    addi r3, r3, _start_prep@l
    mtctr r3
    bctr

    .section .text.entry, "ax"
    .globl _start
/* 0x01000000: Open Firmware (OpenBIOS) jumps here with translation on and
 * its client interface in r5: ask it for the RAM and the PCI host bridge
 * now, on its stack and in its environment, which the kernel leaves next
 * (kernel/ppc/of.c). */
_start:
    mr r3, r5
    bl of_ask
    li r26, 0
    li r30, PLATFORM_OF
    b common
_start_prep:
    li r30, PLATFORM_PREP
common:
    lis r4, real@ha
    addi r4, r4, real@l
    mtsrr0 r4
    li r4, MSR_ME | MSR_FP
    mtsrr1 r4
    rfi
/* A PReP boot image's entry (tools/bblib/ppc.py prep_image; PReP
 * Specification, "Boot Process"): the firmware loads the image wherever it
 * likes and jumps here. Copy the image (its file part: the kernel zeroes
 * its .bss) to its link address, from the end where the copy runs upward
 * over its source, push it out of the data cache and out of the
 * instruction cache (604e User's Manual, "Cache Management
 * Instructions"), and enter as the 40p's boot ROM does. Position-
 * independent up to the final jump. The tool finds it after the marker.
 * First, while nothing has moved, read the residual data's length, memory
 * sizes, bus frequency and time base divisor from the address the firmware
 * passes in r3 (PReP Specification, "Residual Data"; 0: none) into r27-r29
 * and r24-r25, with r26 = 1 when there is one (lib/prep_residual.h). */
    .balign 4
    .ascii "barebench-prep-entry"
    .globl _prep_entry
_prep_entry:
    li r26, 0
    li r27, 0
    li r28, 0
    li r29, 0
    li r24, 0
    li r25, 0
    cmpwi r3, 0
    beq 0f
    li r26, 1
    lwz r27, PREP_RESIDUAL_LENGTH(r3)
    lwz r28, PREP_RESIDUAL_TOTAL_MEMORY(r3)
    lwz r29, PREP_RESIDUAL_GOOD_MEMORY(r3)
    lwz r24, PREP_RESIDUAL_BUS_HZ(r3)
    lwz r25, PREP_RESIDUAL_TB_DIVISOR(r3)
0:  bcl 20, 31, 1f
1:  mflr r6
    addis r6, r6, (__kernel_start - 1b)@ha
    addi r6, r6, (__kernel_start - 1b)@l
    lis r7, __kernel_start@ha
    addi r7, r7, __kernel_start@l
    lis r8, __bss_start@ha
    addi r8, r8, __bss_start@l
    subf r8, r7, r8
    srwi r8, r8, 2
    mtctr r8
    cmplw r6, r7
    beq 5f
    blt 3f
2:  lwz r9, 0(r6)
    stw r9, 0(r7)
    addi r6, r6, 4
    addi r7, r7, 4
    bdnz 2b
    b 5f
3:  slwi r9, r8, 2
    add r6, r6, r9
    add r7, r7, r9
4:  lwzu r9, -4(r6)
    stwu r9, -4(r7)
    bdnz 4b
5:  lis r7, __kernel_start@ha
    addi r7, r7, __kernel_start@l
    lis r8, __bss_start@ha
    addi r8, r8, __bss_start@l
6:  dcbst 0, r7
    sync
    icbi 0, r7
    addi r7, r7, 32
    cmplw r7, r8
    blt 6b
    sync
    isync
    lis r7, _start_prep@ha
    addi r7, r7, _start_prep@l
    mtctr r7
    bctr

real:
    lis r1, boot_stack_top@ha
    addi r1, r1, boot_stack_top@l
    li r0, 0
    stwu r0, -16(r1)
    lis r4, __bss_start@ha
    addi r4, r4, __bss_start@l
    lis r5, __bss_end@ha
    addi r5, r5, __bss_end@l
1:  cmplw r4, r5
    bge 3f
    stw r0, 0(r4)
    addi r4, r4, 4
    b 1b
    /* What the PReP entry read (struct prep_residual), now that .bss is
     * clear. */
3:  lis r4, prep_residual@ha
    addi r4, r4, prep_residual@l
    stw r27, 0(r4)
    stw r28, 4(r4)
    stw r29, 8(r4)
    stw r24, 12(r4)
    stw r25, 16(r4)
    stb r26, 20(r4)
    bl mmu_init
    bl vectors_install
    mr r3, r30
    bl kmain
4:  b 4b

/* DBATn upper: BEPI | BL (256 MiB: 0x7ff << 2) | Vs (0x2) [| Vp (0x1)];
 * lower: BRPN | WIMG (I = 0x20, G = 0x08) | PP (0x2: read/write). The RAM
 * is valid in problem state too: ring=3 windows run there (kernel/ppc/user.h). */
#define BAT_256M_U(ea)      ((ea) | 0x1ffe)
#define BAT_256M_USER_U(ea) ((ea) | 0x1fff)
#define BAT_RAM_L(pa)  ((pa) | 0x02)
#define BAT_IO_L(pa)   ((pa) | 0x2a)
#define SPR_DBAT0U 536
#define EMPTY_HTAB 0x00010000

    .macro SETBAT n, upper, lower
    li r4, 0
    mtspr SPR_DBAT0U + 2 * \n, r4
    lis r4, (\lower)@h
    ori r4, r4, (\lower)@l
    mtspr SPR_DBAT0U + 2 * \n + 1, r4
    lis r4, (\upper)@h
    ori r4, r4, (\upper)@l
    mtspr SPR_DBAT0U + 2 * \n, r4
    .endm

    .text
mmu_init:
    SETBAT 0, BAT_256M_USER_U(0x00000000), BAT_RAM_L(0x00000000)
    SETBAT 1, BAT_256M_U(0x80000000), BAT_IO_L(0x80000000)
    SETBAT 2, BAT_256M_U(0xc0000000), BAT_IO_L(0xc0000000)
    SETBAT 3, BAT_256M_U(0xf0000000), BAT_IO_L(0xf0000000)
    /* An empty 64 KiB hash table (HTABMASK 0) at physical 0x10000, above
     * the vectors and outside the image (the 40p loads the image as its
     * boot ROM, which holds 1 MiB, .bss included), and segment registers
     * with VSID 0: no page translation exists. */
    lis r4, EMPTY_HTAB@h
    li r5, 0
    li r6, 65536 / 4
    mtctr r6
    mr r6, r4
2:  stw r5, 0(r6)
    addi r6, r6, 4
    bdnz 2b
    mtsdr1 r4
    li r4, 0
    lis r5, 0
    li r6, 16
    mtctr r6
1:  mtsrin r4, r5
    addis r5, r5, 0x1000
    bdnz 1b
    sync
    mfmsr r4
    ori r4, r4, MSR_DR
    mtmsr r4
    isync
    blr

/* Outside .bss, which is cleared while the stack is in use. */
    .section .data
    .balign 16
boot_stack:
    .space 65536
boot_stack_top:
