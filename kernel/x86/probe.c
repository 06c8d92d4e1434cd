/* The probes arm a trap catch around one instruction. */
#include "kernel/x86/probe.h"

#include <stdbool.h>

#include "kernel/x86/traps.h"

/* RDMSR and RDPMC share their register interface: ECX in, EDX:EAX out. */
static int read_safe(bool pmc, uint32_t ecx, uint64_t *val)
{
    struct trap_catch c;
    int fault = trap_try(&c);
    if (fault) {
        return -fault;
    }
    uint32_t lo, hi;
    if (pmc) {
        __asm__ volatile("rdpmc" : "=a"(lo), "=d"(hi) : "c"(ecx));
    } else {
        __asm__ volatile("rdmsr" : "=a"(lo), "=d"(hi) : "c"(ecx));
    }
    trap_end(&c);
    *val = ((uint64_t)hi << 32) | lo;
    return 0;
}

int rdmsr_safe(uint32_t msr, uint64_t *val)
{
    return read_safe(false, msr, val);
}

int rdpmc_safe(uint32_t ecx, uint64_t *val)
{
    return read_safe(true, ecx, val);
}

int wrmsr_safe(uint32_t msr, uint64_t val)
{
    struct trap_catch c;
    int fault = trap_try(&c);
    if (fault) {
        return -fault;
    }
    __asm__ volatile("wrmsr" : : "c"(msr), "a"((uint32_t)val), "d"((uint32_t)(val >> 32)));
    trap_end(&c);
    return 0;
}
