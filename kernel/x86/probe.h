/* Fault-safe forms of the privileged or model-specific instructions:
 * each returns 0, or the negated vector + 1 of the exception it raised
 * (-14 for #GP, -7 for #UD), instead of ending the run. */
#ifndef BAREBENCH_PROBE_H
#define BAREBENCH_PROBE_H

#include <stdint.h>

int rdmsr_safe(uint32_t msr, uint64_t *val);
int wrmsr_safe(uint32_t msr, uint64_t val);
int rdpmc_safe(uint32_t ecx, uint64_t *val);

#endif
