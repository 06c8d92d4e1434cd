/* The kernel's side of the problem-state windows' system-call gate
 * (bench/ppc/gate.h). */
#ifndef BAREBENCH_APP_PPC_GATE_H
#define BAREBENCH_APP_PPC_GATE_H

#include "pmu/pmu.h"

/* Takes vector 0xC00 over: the gate's reads go through `pmu`'s registers. */
void gate_init(struct pmu *pmu);

#endif
