/* The architectural events (Intel SDM vol. 3B, "Pre-defined Architectural
 * Performance Events"), in CPUID leaf 0xA EBX bit order: entry i is
 * available when bit i is inside EAX[31:24] and clear in EBX. Names as
 * libpfm4's ix86arch; the unit mask rides in code bits 23:16. */
#include "pmu/x86/events_arch.h"

static const struct pmu_event_desc arch_events[ARCH_N_EVENTS] = {
    {.name = "UNHALTED_CORE_CYCLES", .code = 0x3c, .flags = PMU_EVF_ADVANCES},
    {.name = "INSTRUCTION_RETIRED", .code = 0xc0, .flags = PMU_EVF_ADVANCES},
    {.name = "UNHALTED_REFERENCE_CYCLES", .code = 0x01003c},
    {.name = "LLC_REFERENCES", .code = 0x4f002e},
    {.name = "LLC_MISSES", .code = 0x41002e},
    {.name = "BRANCH_INSTRUCTIONS_RETIRED", .code = 0xc4},
    {.name = "MISPREDICTED_BRANCH_RETIRED", .code = 0xc5},
    {.name = "TOPDOWN_SLOTS", .code = 0x0100a4},
};

const struct pmu_event_table arch_table = {
    .name = "arch",
    .events = arch_events,
    .n_events = ARCH_N_EVENTS,
};

/* IA32_FIXED_CTR0 counts instructions, 1 core cycles, 2 reference
 * cycles, 3 topdown slots (v5). */
const int arch_fixed_counter[ARCH_N_EVENTS] = {1, 0, 2, -1, -1, -1, -1, 3};
