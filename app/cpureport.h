/* The CPU report printed at boot. */
#ifndef BAREBENCH_CPUREPORT_H
#define BAREBENCH_CPUREPORT_H

#include "lib/cpuinfo.h"

/* Decodes the running CPU's CPUID. */
void cpu_identify(struct cpu_info *info);

/* Prints vendor, family/model/stepping, brand, features, leaf 0xA. */
void cpu_report(const struct cpu_info *info);

#endif
