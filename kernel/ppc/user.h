/* Problem state (MSR[PR] = 1), the 604/604e's unprivileged mode: code runs
 * there with the kernel's translation (the RAM's BAT is valid in problem
 * state too, boot/ppc/entry.S) and comes back through a system call whose
 * handler calls user_return. */
#ifndef BAREBENCH_PPC_USER_H
#define BAREBENCH_PPC_USER_H

/* Runs `code` in problem state, with MSR[EE] as it is now; returns when
 * user_return is called, with the MSR as it was. */
void user_run(const void *code);

/* From an exception's claimant: ends the code user_run runs and returns
 * from user_run. */
void user_return(void) __attribute__((noreturn));

#endif
