/* The x86-64 signal frame: uc_flags, uc_link and uc_stack (pointer, int
 * padded to 8 bytes, size) are 5 words; struct sigcontext_64 starts with
 * r8-r15, di, si, bp, bx, dx, ax, cx, sp, ip, flags, then cs, gs, fs and ss
 * in one word, err, trapno, oldmask, cr2. */
#include "kernel/linux/x86/sigcontext.h"

const struct linux_sigcontext_layout linux_sigcontext = {
    .mcontext = 5, .trapno = 20, .err = 19, .ip = 16, .cr2 = 22};
