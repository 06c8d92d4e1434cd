/* How the harness's windows run in this kernel: under the watchdog, and on
 * x86 at CPL 0 or 3 (ring=). The same runner on every architecture; what
 * it needs of the machine comes in a struct winrun_machine. */
#ifndef BAREBENCH_WINRUN_H
#define BAREBENCH_WINRUN_H

#include <stdbool.h>
#include <stdint.h>

#include "bench/window.h"

struct winrun_machine {
    /* Around each window: the watchdog's timeout started and stopped (both
     * NULL: no watchdog). */
    void (*watchdog_arm)(void);
    void (*watchdog_disarm)(void);
    /* Runs a window's code unprivileged (NULL: windows run privileged); the
     * window then leaves by INT exit_vector. */
    void (*enter_user)(const void *code);
    uint8_t exit_vector;
};

/* Installs the runner (bench/window.h) when the watchdog or unprivileged
 * windows need one; the default direct call stays otherwise. */
void winrun_init(const struct winrun_machine *machine);

/* The runner winrun_init installs: one window under its own catch and the
 * watchdog, for a platform whose runner wraps it (a Linux process runs a
 * disturbed window again). */
void winrun_window(const struct window *w);

/* Whether the windows run unprivileged (x86: at CPL 3, through the
 * monitor gate). */
bool winrun_at_ring3(void);

#endif
