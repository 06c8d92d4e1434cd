/* The execution mode of the x86 kernel. One image carries both kernels:
 * the 32-bit one, which the loaders start, hands over to the long-mode one
 * (kernel/x86/32/longmode.c) where the CPU has long mode, unless the
 * command line asks for mode=32. */
#ifndef BAREBENCH_X86_MODE_H
#define BAREBENCH_X86_MODE_H

/* The ISA as the banner names it in this mode. */
#ifdef __x86_64__
#define X86_ISA_NAME "x86-64"
#else
#define X86_ISA_NAME "x86"
#endif

/* The mode's choices of the boot option mode=: auto, 32, 64. */
enum x86_mode_request { X86_MODE_AUTO, X86_MODE_32, X86_MODE_64 };

/* Why this kernel runs in 32-bit mode though mode=64 asked for long mode
 * or the CPU has it (no long mode on the CPU, no room for the long-mode
 * kernel, ...); null in long mode, with mode=32, and where the CPU has no
 * long mode and mode=64 was not asked. */
const char *x86_mode_refusal(void);

#endif
