/* GDT and IDT set-up. */
#include "kernel/x86/desc.h"

#include <stdbool.h>

struct __attribute__((packed)) desc_ptr {
    uint16_t limit;
    uint32_t base;
};

struct __attribute__((packed)) gate {
    uint16_t offset_lo;
    uint16_t selector;
    uint8_t zero;
    uint8_t type_attr;
    uint16_t offset_hi;
};

extern void gdt_load(const struct desc_ptr *ptr, uint16_t code_sel, uint16_t data_sel);
extern void idt_load(const struct desc_ptr *ptr);
extern void (*const trap_stub_table[32])(void);

/* Flat 4 GiB segments: access byte, then flags 0xC (4 KiB granularity, 32-bit). */
#define SEGMENT(access) (0x00cf000000000000ull | ((uint64_t)(access) << 40) | 0xffffull)

static uint64_t gdt[7] = {
    0,
    SEGMENT(0x9a), /* kernel code */
    SEGMENT(0x92), /* kernel data */
    SEGMENT(0xfa), /* user code */
    SEGMENT(0xf2), /* user data */
    0,             /* the main TSS (kernel/x86/<mode>/tss.c) */
    0,             /* the double-fault task's TSS */
};

static struct gate idt[256];

void idt_set_gate(unsigned vector, void (*stub)(void), unsigned dpl)
{
    uint32_t addr = (uint32_t)stub;
    idt[vector] = (struct gate){
        .offset_lo = (uint16_t)addr,
        .selector = SEL_KERNEL_CODE,
        .type_attr = (uint8_t)(0x8e | (dpl << 5)), /* present, 32-bit interrupt gate */
        .offset_hi = (uint16_t)(addr >> 16),
    };
}

void idt_set_task_gate(unsigned vector, unsigned tss_selector)
{
    idt[vector] = (struct gate){.selector = (uint16_t)tss_selector, .type_attr = 0x85};
}

void gdt_set_tss(unsigned selector, uintptr_t base, uint32_t limit)
{
    /* 32-bit available TSS (type 9), present, DPL 0, byte granularity. */
    gdt[selector >> 3] = (uint64_t)(limit & 0xffff) | ((uint64_t)(base & 0xffffff) << 16) |
                         (0x89ull << 40) | ((uint64_t)((limit >> 16) & 0xf) << 48) |
                         ((uint64_t)(base >> 24) << 56);
}

void desc_init(void)
{
    static const struct desc_ptr gdtr = {sizeof gdt - 1, (uint32_t)gdt};
    static const struct desc_ptr idtr = {sizeof idt - 1, (uint32_t)idt};

    gdt_load(&gdtr, SEL_KERNEL_CODE, SEL_KERNEL_DATA);
    for (unsigned v = 0; v < 32; v++) {
        idt_set_gate(v, trap_stub_table[v], 0);
    }
    idt_load(&idtr);
}
