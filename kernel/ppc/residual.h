/* What the PReP entry (boot/ppc/entry.S) read from the residual data a PReP
 * firmware passed it; all zero where no firmware did. */
#ifndef BAREBENCH_PPC_RESIDUAL_H
#define BAREBENCH_PPC_RESIDUAL_H

#include "lib/prep_residual.h"

extern struct prep_residual prep_residual;

#endif
