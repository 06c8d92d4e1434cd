/* Written by the PReP entry (boot/ppc/entry.S), as kernel/ppc/residual.h
 * says. */
#include "kernel/ppc/residual.h"

struct prep_residual prep_residual;
