/* The PowerPC's last resort: no usable PMU, time comes from the time base
 * (mftb/mftbu, 64 bits), which advances at a rate of the machine's choosing
 * (a quarter of the bus clock on the 604e; PowerPC 604e RISC Microprocessor
 * User's Manual, "Time Base"). Every event it accepts is "TB", so no result
 * can pass for a PMU count. */
#include "pmu/time_counter.h"
#include "pmu/ppc/registry.h"

static bool timebase_detect(const struct cpu_info *cpu)
{
    return cpu->vendor == VENDOR_POWERPC;
}

static const char *const aliases[] = {"tb", "timebase", "cycles", "cpu-cycles", NULL};

static const struct pmu_time_counter counter = {
    .name = "TB",
    .encoding = "tb",
    .counts = "time base ticks",
    .source = "time base",
    .read = "mftbu/mftb",
    .aliases = aliases,
};

const struct pmu_backend pmu_timebase_backend = {
    .name = "timebase",
    .reg_kind = PMU_REG_SPR,
    .detect = timebase_detect,
    PMU_TIME_COUNTER_OPS(&counter),
};
