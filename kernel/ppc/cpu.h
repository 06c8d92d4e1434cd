/* 604/604e instructions C cannot express: special-purpose registers,
 * byte-reversed and synchronized I/O accesses.
 * Architecture code only. */
#ifndef BAREBENCH_PPC_CPU_H
#define BAREBENCH_PPC_CPU_H

#include <stdint.h>

/* mfspr/mtspr take the SPR number as an immediate. */
#define mfspr(spr)                                                                                 \
    ({                                                                                             \
        uint32_t v_;                                                                               \
        __asm__ volatile("mfspr %0, %1" : "=r"(v_) : "i"(spr));                                    \
        v_;                                                                                        \
    })
#define mtspr(spr, v) __asm__ volatile("mtspr %0, %1" : : "i"(spr), "r"((uint32_t)(v)) : "memory")

#define SPR_PVR 287
#define SPR_DEC 22
/* The decrementer interrupts when it goes from 0 to -1 with MSR[EE] set
 * (PowerPC 604e manual, "Decrementer Exception"): loaded with the largest
 * positive value it stays quiet longest, 21 s at a 100 MHz time base. */
#define DEC_PARKED 0x7fffffffu

/* The machine state register (mtmsr context-synchronised by isync). */
static inline uint32_t msr_read(void)
{
    uint32_t v;
    __asm__ volatile("mfmsr %0" : "=r"(v));
    return v;
}

static inline void msr_write(uint32_t v)
{
    __asm__ volatile("mtmsr %0; isync" : : "r"(v) : "memory");
}

/* I/O: uncached in effect under translation off on QEMU; eieio keeps the
 * device accesses in order (PowerPC 604e manual, "eieio"). */
static inline uint8_t io_read8(uintptr_t addr)
{
    uint8_t v = *(volatile uint8_t *)addr;
    __asm__ volatile("eieio" ::: "memory");
    return v;
}

static inline void io_write8(uintptr_t addr, uint8_t v)
{
    *(volatile uint8_t *)addr = v;
    __asm__ volatile("eieio" ::: "memory");
}

/* Little-endian 32-bit accesses (PCI configuration space). */
static inline uint32_t io_read32le(uintptr_t addr)
{
    uint32_t v;
    __asm__ volatile("lwbrx %0, 0, %1; eieio" : "=r"(v) : "r"(addr) : "memory");
    return v;
}

static inline void io_write32le(uintptr_t addr, uint32_t v)
{
    __asm__ volatile("stwbrx %0, 0, %1; eieio" : : "r"(v), "r"(addr) : "memory");
}

#endif
