/* The general-purpose counters an event may use on an Intel model
 * (pmu/x86/arch_constraints.c). */
#ifndef BAREBENCH_PMU_X86_ARCH_CONSTRAINTS_H
#define BAREBENCH_PMU_X86_ARCH_CONSTRAINTS_H

#include <stdint.h>

/* Bit i: PMCi may count the event select and unit mask on the model whose
 * libpfm4 table is pfm_name; all bits set where any counter may. */
uint32_t arch_gp_counters(const char *pfm_name, uint32_t select, uint32_t umask);

#endif
