/* Where the x86 signal frame keeps what a fault report needs: the words of
 * the mode's size from the start of the ucontext to its mcontext, and the
 * index of each register in the mode's struct sigcontext (Linux's
 * arch/x86/include/uapi/asm/sigcontext.h and ucontext.h). Each mode's
 * kernel/linux/x86/<mode>/sigcontext.c has the numbers. */
#ifndef BAREBENCH_LINUX_X86_SIGCONTEXT_H
#define BAREBENCH_LINUX_X86_SIGCONTEXT_H

struct linux_sigcontext_layout {
    unsigned mcontext; /* words before uc_mcontext: uc_flags, uc_link, uc_stack */
    unsigned trapno, err, ip, cr2;
};

extern const struct linux_sigcontext_layout linux_sigcontext;

#endif
