/* The PMU's hardware access on x86: RDMSR, WRMSR and RDPMC through the
 * fault-safe probes. */
#include "app/pmu_hw.h"

#include "kernel/x86/probe.h"

static int hw_rdmsr(void *ctx, uint32_t msr, uint64_t *val)
{
    (void)ctx;
    return rdmsr_safe(msr, val);
}

static int hw_wrmsr(void *ctx, uint32_t msr, uint64_t val)
{
    (void)ctx;
    return wrmsr_safe(msr, val);
}

static int hw_rdpmc(void *ctx, uint32_t ecx, uint64_t *val)
{
    (void)ctx;
    return rdpmc_safe(ecx, val);
}

const struct pmu_hw pmu_hw_kernel = {.rdmsr = hw_rdmsr, .wrmsr = hw_wrmsr, .rdpmc = hw_rdpmc};

int pmu_hw_read_back(uint32_t reg, uint64_t *val)
{
    return rdmsr_safe(reg, val);
}

const char pmu_hw_fallback[] = "; falling back to the TSC; results are TSC ticks";
