/* Constants shared by the PowerPC assembly files (register names come from
 * the assembler's -mregnames). */
#ifndef BAREBENCH_PPC_REGS_H
#define BAREBENCH_PPC_REGS_H

/* MSR bits (PowerPC 604e RISC Microprocessor User's Manual, "Machine State
 * Register"). */
#define MSR_EE 0x8000
#define MSR_PR 0x4000
#define MSR_FP 0x2000
#define MSR_ME 0x1000
#define MSR_IP 0x0040
#define MSR_IR 0x0020
#define MSR_DR 0x0010

/* How the kernel was entered (kernel/ppc/platform.h). */
#define PLATFORM_PREP 0
#define PLATFORM_OF   1

#endif
