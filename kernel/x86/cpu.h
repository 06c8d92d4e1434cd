/* Thin wrappers around the instructions the kernel needs. These fault on a
 * CPU that lacks them; kernel/x86/probe.h has the fault-safe forms. */
#ifndef BAREBENCH_CPU_H
#define BAREBENCH_CPU_H

#include <stdint.h>

#include "lib/cpuinfo.h"

static inline void outb(uint16_t port, uint8_t v)
{
    __asm__ volatile("outb %0, %1" : : "a"(v), "Nd"(port));
}

static inline uint8_t inb(uint16_t port)
{
    uint8_t v;
    __asm__ volatile("inb %1, %0" : "=a"(v) : "Nd"(port));
    return v;
}

static inline void outl(uint16_t port, uint32_t v)
{
    __asm__ volatile("outl %0, %1" : : "a"(v), "Nd"(port));
}

static inline void outw(uint16_t port, uint16_t v)
{
    __asm__ volatile("outw %0, %1" : : "a"(v), "Nd"(port));
}

static inline void cpuid_raw(uint32_t leaf, uint32_t subleaf, struct cpuid_regs *r)
{
    __asm__ volatile("cpuid"
                     : "=a"(r->eax), "=b"(r->ebx), "=c"(r->ecx), "=d"(r->edx)
                     : "a"(leaf), "c"(subleaf));
}

static inline uint64_t rdtsc(void)
{
    uint32_t lo, hi;
    __asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
    return ((uint64_t)hi << 32) | lo;
}

/* read_crN and write_crN, one pair a control register, so that their width
 * (32 bits in protected mode, 64 in long mode) is written once. CR2 (the
 * faulting address) is only read. */
#define CR_READ(n)                                                                                 \
    static inline uintptr_t read_cr##n(void)                                                       \
    {                                                                                              \
        uintptr_t v;                                                                               \
        __asm__ volatile("mov %%cr" #n ", %0" : "=r"(v));                                          \
        return v;                                                                                  \
    }
#define CR_WRITE(n)                                                                                \
    static inline void write_cr##n(uintptr_t v)                                                    \
    {                                                                                              \
        __asm__ volatile("mov %0, %%cr" #n : : "r"(v) : "memory");                                 \
    }
CR_READ(0)
CR_WRITE(0)
CR_READ(2)
CR_READ(3)
CR_WRITE(3)
CR_READ(4)
CR_WRITE(4)

/* cpuid_raw in the shape lib/cpuinfo.h's decoders take (ctx unused). */
static inline void cpuid_decode_fn(uint32_t leaf, uint32_t subleaf, struct cpuid_regs *out,
                                   void *ctx)
{
    (void)ctx;
    cpuid_raw(leaf, subleaf, out);
}

/* XCR0 as the operating system set it: 0 where it has not enabled XSAVE
 * (CPUID.1:ECX.OSXSAVE, bit 27, mirrors CR4.OSXSAVE; without it XGETBV
 * raises #UD). */
static inline uint64_t xcr0_enabled(void)
{
    struct cpuid_regs r;
    uint32_t lo, hi;
    cpuid_raw(1, 0, &r);
    if (!((r.ecx >> 27) & 1)) {
        return 0;
    }
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return (uint64_t)hi << 32 | lo;
}

static inline void xsetbv(uint32_t xcr, uint64_t value)
{
    __asm__ volatile("xsetbv" ::"c"(xcr), "a"((uint32_t)value), "d"((uint32_t)(value >> 32)));
}

static inline void halt_forever(void)
{
    for (;;) {
        __asm__ volatile("cli; hlt");
    }
}

#define CR0_PG      (1u << 31)
#define CR4_PSE     (1u << 4)
#define CR4_PAE     (1u << 5)
#define CR4_PCE     (1u << 8)
#define CR4_OSFXSR  (1u << 9)
#define CR4_OSXSAVE (1u << 18)

#endif
