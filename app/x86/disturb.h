/* What disturbed each repetition, on bare-metal x86 (app/x86/disturb.c). */
#ifndef BAREBENCH_APP_X86_DISTURB_H
#define BAREBENCH_APP_X86_DISTURB_H

#include "bench/measure.h"
#include "pmu/pmu.h"
#include "pmu/x86/disturb.h"

/* The probe the suite's measurements read around each repetition. */
const struct measure_probe *disturb_probe_init(const struct cpu_info *cpu, const struct pmu_hw *hw);

/* Prints and records (a `cond` record) which readings this CPU gives. */
void disturb_record(void);

#endif
