/* The i386 signal frame: uc_flags, uc_link and uc_stack (three words) are 5
 * words; struct sigcontext_32 starts with gs, fs, es, ds, di, si, bp, sp,
 * bx, dx, cx, ax, then trapno, err, ip, cs, flags, sp_at_signal, ss,
 * fpstate, oldmask, cr2. */
#include "kernel/linux/x86/sigcontext.h"

const struct linux_sigcontext_layout linux_sigcontext = {
    .mcontext = 5, .trapno = 12, .err = 13, .ip = 14, .cr2 = 21};
