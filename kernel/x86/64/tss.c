/* The 64-bit task-state segment (Intel SDM Vol. 3A, 8.7): RSP0, the stack a
 * trap from ring 3 switches to, and IST1, the double fault's own stack. A
 * #DF means the CPU could not deliver an exception, usually because the
 * stack it pushes onto is gone; through IST1 its stub runs anyway, and the
 * report (kernel/x86/traps.c) shows the frame. */
#include "kernel/x86/tss.h"

#include "kernel/x86/desc.h"

#define DF_STACK_BYTES 8192
#define DF_IST         1

struct __attribute__((packed)) tss {
    uint32_t reserved0;
    uint64_t rsp[3];
    uint64_t reserved1;
    uint64_t ist[7];
    uint64_t reserved2;
    uint16_t reserved3, iomap_base;
};

static struct tss tss;
static uint8_t df_stack[DF_STACK_BYTES] __attribute__((aligned(16)));

void tss_init(void)
{
    tss.iomap_base = sizeof tss; /* no I/O permission bitmap */
    tss.ist[DF_IST - 1] = (uint64_t)(df_stack + DF_STACK_BYTES);
    gdt_set_tss(SEL_TSS, (uintptr_t)&tss, sizeof tss - 1);
    __asm__ volatile("ltr %w0" : : "r"(SEL_TSS));
    idt_set_ist(8, DF_IST);
}

void tss_set_ring0_stack(uintptr_t sp0)
{
    tss.rsp[0] = sp0;
}
