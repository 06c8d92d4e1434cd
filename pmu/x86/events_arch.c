/* The architectural events (Intel SDM vol. 3B, "Pre-defined Architectural
 * Performance Events"), indexed by their CPUID leaf 0xA EBX bit: event e
 * is available when bit e is inside EAX[31:24] and clear in EBX. Names as
 * libpfm4's ix86arch; the unit mask rides in code bits 23:16. */
#include "pmu/x86/events_arch.h"

static const struct pmu_event_desc arch_events[ARCH_N_EVENTS] = {
    [ARCH_CORE_CYCLES] = {.name = "UNHALTED_CORE_CYCLES", .code = 0x3c, .flags = PMU_EVF_ADVANCES},
    [ARCH_INSTRUCTIONS] = {.name = "INSTRUCTION_RETIRED", .code = 0xc0, .flags = PMU_EVF_ADVANCES},
    [ARCH_REF_CYCLES] = {.name = "UNHALTED_REFERENCE_CYCLES", .code = 0x01003c},
    [ARCH_LLC_REFERENCES] = {.name = "LLC_REFERENCES", .code = 0x4f002e},
    [ARCH_LLC_MISSES] = {.name = "LLC_MISSES", .code = 0x41002e},
    [ARCH_BRANCHES] = {.name = "BRANCH_INSTRUCTIONS_RETIRED", .code = 0xc4},
    [ARCH_BRANCH_MISSES] = {.name = "MISPREDICTED_BRANCH_RETIRED", .code = 0xc5},
    [ARCH_TOPDOWN_SLOTS] = {.name = "TOPDOWN_SLOTS", .code = 0x0100a4},
};

const struct pmu_event_table arch_table = {
    .name = "arch",
    .events = arch_events,
    .n_events = ARCH_N_EVENTS,
};

/* What IA32_FIXED_CTRj counts (the SDM's fixed-function counter table;
 * Linux's KVM keeps the same map, fixed_pmc_events). */
static const enum arch_event fixed_events[ARCH_N_FIXED] = {
    [0] = ARCH_INSTRUCTIONS,
    [1] = ARCH_CORE_CYCLES,
    [2] = ARCH_REF_CYCLES,
    [3] = ARCH_TOPDOWN_SLOTS,
};

int arch_fixed_counter(enum arch_event event)
{
    for (int j = 0; j < ARCH_N_FIXED; j++) {
        if (fixed_events[j] == event) {
            return j;
        }
    }
    return -1;
}

int arch_fixed_of(uint32_t select, uint32_t umask, bool *only)
{
    *only = select == 0 && umask >= 1 && umask <= ARCH_N_FIXED;
    if (*only) {
        return (int)umask - 1;
    }
    for (int j = 0; j < ARCH_N_FIXED; j++) {
        uint32_t code = arch_events[fixed_events[j]].code;
        if ((code & 0xff) == select && code >> 16 == umask) {
            return j;
        }
    }
    return -1;
}

static const struct pmu_event_desc metric_events[ARCH_N_METRICS] = {
    {.name = "TOPDOWN_RETIRING", .code = 0x800000, .desc = "slots that retired a micro-op"},
    {.name = "TOPDOWN_BAD_SPEC",
     .code = 0x810000,
     .desc = "slots wasted on micro-ops that did not retire, and on recovery"},
    {.name = "TOPDOWN_FE_BOUND",
     .code = 0x820000,
     .desc = "slots the front end left without a micro-op"},
    {.name = "TOPDOWN_BE_BOUND",
     .code = 0x830000,
     .desc = "slots without a micro-op for want of back-end resources"},
};

const struct pmu_event_table arch_metric_table = {
    .name = "topdown",
    .events = metric_events,
    .n_events = ARCH_N_METRICS,
};

int arch_metric_of(uint32_t select, uint32_t umask)
{
    for (int k = 0; k < ARCH_N_METRICS; k++) {
        if ((metric_events[k].code & 0xff) == select && metric_events[k].code >> 16 == umask) {
            return k;
        }
    }
    return -1;
}
