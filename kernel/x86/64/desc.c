/* GDT and IDT set-up in long mode (Intel SDM Vol. 3A, 3.4.5 and 6.14.1):
 * 64-bit code segments (the L bit), 16-byte interrupt gates and a 16-byte
 * TSS descriptor. */
#include "kernel/x86/desc.h"

struct __attribute__((packed)) desc_ptr {
    uint16_t limit;
    uint64_t base;
};

struct __attribute__((packed)) gate {
    uint16_t offset_lo;
    uint16_t selector;
    uint8_t ist;
    uint8_t type_attr;
    uint16_t offset_mid;
    uint32_t offset_hi;
    uint32_t reserved;
};

extern void gdt_load(const struct desc_ptr *ptr, uint16_t code_sel, uint16_t data_sel);
extern void idt_load(const struct desc_ptr *ptr);
extern void (*const trap_stub_table[32])(void);

/* Access byte, then flags: 0xA for 64-bit code (G, L), 0xC for data (G, D/B). */
#define CODE64(access) (0x00af000000000000ull | ((uint64_t)(access) << 40) | 0xffffull)
#define DATA(access)   (0x00cf000000000000ull | ((uint64_t)(access) << 40) | 0xffffull)

static uint64_t gdt[7] = {
    0,
    CODE64(0x9a), /* kernel code */
    DATA(0x92),   /* kernel data */
    CODE64(0xfa), /* user code */
    DATA(0xf2),   /* user data */
    0,            /* the TSS (kernel/x86/64/tss.c), both halves */
    0,
};

static struct gate idt[256];

void idt_set_gate(unsigned vector, void (*stub)(void), unsigned dpl)
{
    uint64_t addr = (uint64_t)stub;
    idt[vector] = (struct gate){
        .offset_lo = (uint16_t)addr,
        .selector = SEL_KERNEL_CODE,
        .type_attr = (uint8_t)(0x8e | (dpl << 5)), /* present, 64-bit interrupt gate */
        .offset_mid = (uint16_t)(addr >> 16),
        .offset_hi = (uint32_t)(addr >> 32),
    };
}

void idt_set_ist(unsigned vector, unsigned ist)
{
    idt[vector].ist = (uint8_t)ist;
}

void gdt_set_tss(unsigned selector, uintptr_t base, uint32_t limit)
{
    /* 64-bit available TSS (type 9), present, DPL 0, byte granularity; the
     * next slot holds bits 63:32 of the base. */
    gdt[selector >> 3] = (uint64_t)(limit & 0xffff) | ((uint64_t)(base & 0xffffff) << 16) |
                         (0x89ull << 40) | ((uint64_t)((limit >> 16) & 0xf) << 48) |
                         ((uint64_t)((base >> 24) & 0xff) << 56);
    gdt[(selector >> 3) + 1] = (uint64_t)base >> 32;
}

void desc_init(void)
{
    const struct desc_ptr gdtr = {sizeof gdt - 1, (uintptr_t)gdt};
    const struct desc_ptr idtr = {sizeof idt - 1, (uintptr_t)idt};

    gdt_load(&gdtr, SEL_KERNEL_CODE, SEL_KERNEL_DATA);
    for (unsigned v = 0; v < 32; v++) {
        idt_set_gate(v, trap_stub_table[v], 0);
    }
    idt_load(&idtr);
}
