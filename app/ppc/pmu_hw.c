/* The PMU's hardware access on PowerPC: the register numbers are SPRs
 * (pmu/pmu.h, PMU_REG_SPR). mfspr and mtspr take the SPR as an immediate,
 * so each performance-monitor SPR has its own accessor. */
#include "app/pmu_hw.h"

#include "kernel/ppc/cpu.h"

/* PowerPC 604e RISC Microprocessor User's Manual, "Performance Monitor". */
#define SPR_MMCR0 952
#define SPR_PMC1  953
#define SPR_PMC2  954
#define SPR_MMCR1 956
#define SPR_PMC3  957
#define SPR_PMC4  958

static int spr_read(void *ctx, uint32_t spr, uint64_t *val)
{
    (void)ctx;
    switch (spr) {
    case SPR_MMCR0:
        *val = mfspr(SPR_MMCR0);
        return 0;
    case SPR_PMC1:
        *val = mfspr(SPR_PMC1);
        return 0;
    case SPR_PMC2:
        *val = mfspr(SPR_PMC2);
        return 0;
    case SPR_MMCR1:
        *val = mfspr(SPR_MMCR1);
        return 0;
    case SPR_PMC3:
        *val = mfspr(SPR_PMC3);
        return 0;
    case SPR_PMC4:
        *val = mfspr(SPR_PMC4);
        return 0;
    default:
        return -1;
    }
}

static int spr_write(void *ctx, uint32_t spr, uint64_t val)
{
    (void)ctx;
    switch (spr) {
    case SPR_MMCR0:
        mtspr(SPR_MMCR0, val);
        return 0;
    case SPR_PMC1:
        mtspr(SPR_PMC1, val);
        return 0;
    case SPR_PMC2:
        mtspr(SPR_PMC2, val);
        return 0;
    case SPR_MMCR1:
        mtspr(SPR_MMCR1, val);
        return 0;
    case SPR_PMC3:
        mtspr(SPR_PMC3, val);
        return 0;
    case SPR_PMC4:
        mtspr(SPR_PMC4, val);
        return 0;
    default:
        return -1;
    }
}

/* RDPMC has no PowerPC counterpart: counters are SPRs, read with mfspr. */
static int no_rdpmc(void *ctx, uint32_t index, uint64_t *val)
{
    (void)ctx;
    (void)index;
    (void)val;
    return -1;
}

const struct pmu_hw pmu_hw_kernel = {.rdmsr = spr_read, .wrmsr = spr_write, .rdpmc = no_rdpmc};

int pmu_hw_read_back(uint32_t reg, uint64_t *val)
{
    return spr_read(0, reg, val);
}

const char pmu_hw_fallback[] = "; falling back to the time base; results are time base ticks";
