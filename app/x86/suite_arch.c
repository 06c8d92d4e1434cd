/* The suite's x86 side: LFENCE/SERIALIZE/CPUID, CPUID features, the
 * payload arena and the trap catch. */
#include "app/suite_arch.h"

#include "app/bootopts.h"
#include "kernel/console.h"
#include "kernel/x86/memory.h"
#include "kernel/x86/probe.h"
#include "kernel/x86/traps.h"
#include "kernel/x86/user.h"

enum serializer suite_serializer(const struct cpu_info *cpu, unsigned choice)
{
    bool has_lfence = cpu->features[FEAT_SSE2];
    bool has_serialize = cpu->features[FEAT_SERIALIZE];
    enum serializer best = has_serialize ? SERIALIZER_SERIALIZE
                           : has_lfence  ? SERIALIZER_LFENCE
                                         : SERIALIZER_CPUID;
    if (choice == SER_CPUID)
        return SERIALIZER_CPUID;
    if ((choice == SER_LFENCE && !has_lfence) || (choice == SER_SERIALIZE && !has_serialize)) {
        kprintf("bench: serialize=%s: this CPU lacks it; using %s\n",
                choice == SER_LFENCE ? "lfence" : "serialize", serializer_name(best));
        return best;
    }
    if (choice == SER_LFENCE)
        return SERIALIZER_LFENCE;
    if (choice == SER_SERIALIZE)
        return SERIALIZER_SERIALIZE;
    return best;
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

void suite_mem_reset(void)
{
    mem_reset();
}

bool suite_catch(const char *(*fn)(void *arg), void *arg, const char **why,
                 struct suite_fault *fault)
{
    static struct trap_catch c;
    if (trap_try(&c)) {
        *fault = (struct suite_fault){c.info.vector, trap_mnemonic(c.info.vector), c.info.error,
                                      c.info.eip, "eip"};
        return false;
    }
    *why = fn(arg);
    trap_end(&c);
    return true;
}
