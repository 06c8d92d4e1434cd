/* The x86 register each slot of struct payload_regs starts, as
 * bench/x86/window.c loads them: ESI, EDI and EBP before the start reads,
 * EAX..EDX after them (the reads use those). */
#ifndef BAREBENCH_X86_PAYLOAD_REGS_H
#define BAREBENCH_X86_PAYLOAD_REGS_H

#include "bench/payload.h"

enum x86_payload_reg { REG_EAX, REG_EBX, REG_ECX, REG_EDX, REG_ESI, REG_EDI, REG_EBP, REG_COUNT };
_Static_assert(REG_COUNT == PAYLOAD_REGS, "every slot of struct payload_regs has a register");

#endif
