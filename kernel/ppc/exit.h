/* How a PowerPC run ends: the final serial line states the outcome, then
 * the machine leaves the emulator, halts or resets as exit= says. */
#ifndef BAREBENCH_PPC_EXIT_H
#define BAREBENCH_PPC_EXIT_H

#include <stdbool.h>

#include "kernel/run_end.h"

/* Under QEMU when its pvpanic device is there (the tools always add it). */
bool exit_under_qemu(void);

void exit_configure(enum exit_mode mode);

#endif
