/* The PMU's access in a Linux process (app/pmu_hw.h): no register at all.
 * Each pass's events go to perf_event_open (app/linux/perf.h) in place of
 * their register writes, and a counter is read through perf. A register
 * access is what a process cannot make: it fails as a #GP would. */
#include "app/pmu_hw.h"

#include "app/linux/perf.h"

static int no_register(void *ctx, uint32_t reg, uint64_t *val)
{
    (void)ctx;
    (void)reg;
    (void)val;
    return -1;
}

static int no_write(void *ctx, uint32_t reg, uint64_t val)
{
    (void)ctx;
    (void)reg;
    (void)val;
    return -1;
}

static int read_event(void *ctx, uint32_t index, uint64_t *val)
{
    (void)ctx;
    return perf_read(index, val);
}

static int start_pass(void *ctx, const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass)
{
    (void)ctx;
    return perf_open_pass(pmu, plan, pass);
}

static int stop_pass(void *ctx, const struct pmu *pmu, const struct pmu_plan *plan, unsigned pass)
{
    (void)ctx;
    (void)pmu;
    (void)plan;
    (void)pass;
    perf_close_pass();
    return 0;
}

static bool reads_outside(void *ctx)
{
    (void)ctx;
    return !perf_rdpmc();
}

const struct pmu_hw pmu_hw_kernel = {.rdmsr = no_register,
                                     .wrmsr = no_write,
                                     .rdpmc = read_event,
                                     .start_pass = start_pass,
                                     .stop_pass = stop_pass,
                                     .reads_outside = reads_outside};

int pmu_hw_read_back(uint32_t reg, uint64_t *val)
{
    return no_register(0, reg, val);
}

const char pmu_hw_fallback[] = "; measuring the TSC; results are TSC ticks";
