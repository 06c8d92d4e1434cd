/* The NMI: the watchdog's timer and the PMU's overflow interrupt both
 * arrive as NMIs (windows run with IF=0). */
#ifndef BAREBENCH_NMI_H
#define BAREBENCH_NMI_H

#include "traps.h"

/* Takes vector 2 over from the exception stubs. */
void nmi_init(void);

/* The handler (boot/user_entry.asm calls it). */
void nmi_dispatch(struct trap_frame *f);

#endif
