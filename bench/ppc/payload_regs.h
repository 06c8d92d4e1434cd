/* The PowerPC register each slot of struct payload_regs starts: slot i is
 * GPR REG_FIRST_GPR + i, r3..r9, which bench/ppc/window.c loads before the
 * start reads (those use r0 and r10-r12 only). */
#ifndef BAREBENCH_PPC_PAYLOAD_REGS_H
#define BAREBENCH_PPC_PAYLOAD_REGS_H

#include "bench/payload.h"

#define REG_FIRST_GPR 3
enum ppc_payload_reg { REG_R3, REG_R4, REG_R5, REG_R6, REG_R7, REG_R8, REG_R9, REG_COUNT };
_Static_assert(REG_COUNT == PAYLOAD_REGS, "every slot of struct payload_regs has a register");

#endif
