/* Entry on the 604/604e, in real mode from here on: the kernel runs with
 * address translation off (MSR[IR] = MSR[DR] = 0), its exception vectors at
 * physical 0 (MSR[IP] = 0), the FPU on for the payloads (MSR[FP]) and
 * external interrupts off (MSR[EE] = 0). MSR bits: PowerPC 604e RISC
 * Microprocessor User's Manual, "Machine State Register". */
#include "boot/ppc/regs.h"

    .section .reset, "ax"
    .globl _reset
/* The 40p's reset vector, in ROM: on to RAM, where QEMU loaded the rest. */
_reset:
    lis r3, _start_prep@ha
    addi r3, r3, _start_prep@l
    mtctr r3
    bctr

    .section .text.entry, "ax"
    .globl _start
/* 0x01000000: Open Firmware (OpenBIOS) jumps here with translation on. */
_start:
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
3:  bl vectors_install
    mr r3, r30
    bl kmain
4:  b 4b

/* Outside .bss, which is cleared while the stack is in use. */
    .section .data
    .balign 16
boot_stack:
    .space 65536
boot_stack_top:
