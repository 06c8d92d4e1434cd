/* The NMI: the watchdog's timer and the PMU's overflow interrupt both
 * arrive as NMIs, and so may a chipset's. Each source claims its own: the
 * dispatcher asks every claimant, and an NMI that none claims is counted
 * and otherwise ignored, so that no NMI outside a window can end the run. */
#ifndef BAREBENCH_NMI_H
#define BAREBENCH_NMI_H

#include <stdbool.h>

#include "kernel/x86/traps.h"

/* True when the NMI was this source's. */
typedef bool (*nmi_claimant)(const struct trap_frame *f);

/* Takes vector 2 over from the exception stubs. */
void nmi_init(void);

/* Adds a source; false when the table is full. */
bool nmi_add_claimant(nmi_claimant claimant);

/* The handler (boot/x86/<mode>/user_entry.asm calls it). */
void nmi_dispatch(struct trap_frame *f);

#endif
