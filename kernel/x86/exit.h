/* How a run ends: the final serial line states the outcome, then the
 * machine exits the emulator, halts or reboots as the exit= option says. */
#ifndef BAREBENCH_EXIT_H
#define BAREBENCH_EXIT_H

#include <stdbool.h>

#include "kernel/run_end.h"

enum run_env { ENV_HW, ENV_QEMU, ENV_BOCHS };

/* Probes for QEMU (fw_cfg signature) and Bochs (port 0xE9 hack). */
enum run_env run_env_detect(void);
const char *run_env_name(enum run_env env);

/* Set once at boot from the exit= option. */
void exit_configure(enum exit_mode mode, enum run_env env);

/* Called instead of halting (exit=halt, or auto on hardware) after the
 * final status line, e.g. to keep showing pages; it need not return. */
void exit_set_idle(void (*idle)(void));

#endif
