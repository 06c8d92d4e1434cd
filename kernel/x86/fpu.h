/* Turns on the x87 FPU and, where the CPU has them, SSE (FXSR) and the
 * XSAVE state components up to AVX-512 and AMX (XCR0), so that MMX, x87,
 * SSE and AVX payloads can run. The kernel's own C code uses none. */
#ifndef BAREBENCH_FPU_H
#define BAREBENCH_FPU_H

#include "lib/cpuinfo.h"

void fpu_init(const struct cpu_info *cpu);

#endif
