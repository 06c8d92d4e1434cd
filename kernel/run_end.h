/* The end of a run, alike on every architecture: how it may end (the exit=
 * choices), the hook that runs first (the final machine record), and the
 * final status line the host tools read. Each architecture defines
 * run_finish (kernel/<arch>/exit.c), which then leaves the emulator, halts
 * or resets. */
#ifndef BAREBENCH_RUN_END_H
#define BAREBENCH_RUN_END_H

#include <stdbool.h>

/* The exit= choices of app/bootopts.c, in order. */
enum exit_mode { EXIT_AUTO, EXIT_QEMU, EXIT_BOCHS, EXIT_HALT, EXIT_REBOOT };

/* Called first at the end, e.g. to print the final machine record. */
void exit_set_hook(void (*hook)(bool pass));

/* Runs the hook (once: a fault inside it must not recurse) and prints
 * "barebench: finished, status PASS" or "... FAIL". */
void run_end_announce(bool pass);

/* Prints the final status line and ends the run; never returns. */
void run_finish(bool pass) __attribute__((noreturn));

#endif
