/* The suite's x86 side: the run's conditions (serializer and the rest),
 * and the CPUID features. */
#include "app/suite_arch.h"

#include "app/bootopts.h"
#include "app/x86/conditions.h"
#include "kernel/console.h"
#include "kernel/x86/probe.h"
#include "kernel/x86/user.h"

/* The x86 conditions (app/x86/conditions.c): one set per run. */
static struct conditions conditions;

enum serializer suite_conditions_setup(struct pmu *pmu, unsigned serialize_choice, bool turbo_off)
{
    conditions_setup(&conditions, pmu, serialize_choice, turbo_off);
    return conditions.ser;
}

void suite_conditions_record(void)
{
    conditions_record(&conditions);
}

void suite_conditions_calibrate(struct pmu *pmu, const char *when)
{
    conditions_calibrate(pmu, when);
}

const char *suite_missing_feature(const struct payload *p, const struct cpu_info *cpu)
{
    uint64_t value;
    if ((p->flags & PAYLOAD_NEEDS_MMX) && !cpu->features[FEAT_MMX])
        return "the CPU has no MMX";
    if ((p->flags & PAYLOAD_NEEDS_SSE) && !cpu->features[FEAT_SSE])
        return "the CPU has no SSE";
    if ((p->flags & PAYLOAD_NEEDS_SSE2) && !cpu->features[FEAT_SSE2])
        return "the CPU has no SSE2";
    if ((p->flags & PAYLOAD_NEEDS_CMOV) && !cpu->features[FEAT_CMOV])
        return "the CPU has no CMOV";
    if ((p->flags & PAYLOAD_NEEDS_TSC) && !cpu->features[FEAT_TSC])
        return "the CPU has no TSC";
    if ((p->flags & PAYLOAD_NEEDS_MSR) && (!cpu->features[FEAT_MSR] || rdmsr_safe(0x10, &value)))
        return "RDMSR of MSR 0x10 faults here";
    if ((p->flags & PAYLOAD_NEEDS_MSR) && user_active())
        return "RDMSR faults at CPL 3 (ring=3)";
    if ((p->flags & PAYLOAD_NEEDS_RDPMC) && rdpmc_safe(0, &value))
        return "RDPMC of counter 0 faults here";
    return 0;
}
