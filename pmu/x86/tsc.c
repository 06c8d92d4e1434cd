/* The last resort: no usable PMU, cycles come from the time-stamp counter.
 * Every event it accepts is "TSC", so no result can pass for a PMU count. */
#include "pmu/time_counter.h"
#include "pmu/x86/registry.h"

static bool tsc_detect(const struct cpu_info *cpu)
{
    (void)cpu;
    return true;
}

static const char *const aliases[] = {
    "tsc", "cycles", "cpu-cycles", "UNHALTED_CORE_CYCLES", "CPU_CLK_UNHALTED", NULL};

static const struct pmu_time_counter counter = {
    .name = "TSC",
    .encoding = "tsc",
    .counts = "TSC cycles",
    .source = "time-stamp counter",
    .read = "RDTSC",
    .aliases = aliases,
};

const struct pmu_backend pmu_tsc_backend = {
    .name = "tsc",
    .detect = tsc_detect,
    PMU_TIME_COUNTER_OPS(&counter),
};
