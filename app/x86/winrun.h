/* How the harness's windows run in this kernel: at CPL 0 or 3 (ring=),
 * under the watchdog. */
#ifndef BAREBENCH_WINRUN_H
#define BAREBENCH_WINRUN_H

#include <stdbool.h>

#include "bench/window.h"

/* Installs the runner (bench/window.h) when ring 3 or the watchdog needs
 * one; the default direct call stays otherwise. */
void winrun_init(bool ring3, bool watchdog);

/* Whether the windows run at CPL 3 (through the monitor gate). */
bool winrun_at_ring3(void);

#endif
