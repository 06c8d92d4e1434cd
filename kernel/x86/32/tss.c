/* Task-state segments. The kernel never switches tasks except into the
 * double-fault task: a #DF means the CPU could not deliver an exception,
 * usually because the stack it pushes onto is gone, so its handler needs a
 * stack of its own, and only a task gate provides one in 32-bit mode. */
#include "kernel/x86/tss.h"

#include "kernel/console.h"
#include "kernel/x86/cpu.h"
#include "kernel/x86/desc.h"
#include "kernel/x86/exit.h"

#define DF_STACK_BYTES 8192

struct __attribute__((packed)) tss {
    uint32_t link, esp0, ss0, esp1, ss1, esp2, ss2, cr3, eip, eflags;
    uint32_t eax, ecx, edx, ebx, esp, ebp, esi, edi;
    uint32_t es, cs, ss, ds, fs, gs, ldtr;
    uint16_t trap, iomap_base;
};

static struct tss main_tss, df_tss;
static uint8_t df_stack[DF_STACK_BYTES] __attribute__((aligned(16)));

extern void double_fault_entry(void);
void double_fault_report(void);

void tss_init(void)
{
    main_tss.ss0 = SEL_KERNEL_DATA;
    main_tss.iomap_base = sizeof main_tss; /* no I/O permission bitmap */
    gdt_set_tss(SEL_TSS, (uint32_t)&main_tss, sizeof main_tss - 1);
    __asm__ volatile("ltr %w0" : : "r"(SEL_TSS));

    df_tss = (struct tss){
        .cr3 = read_cr3(),
        .eip = (uint32_t)double_fault_entry,
        .eflags = 0x2, /* interrupts off */
        .esp = (uint32_t)(df_stack + DF_STACK_BYTES),
        .cs = SEL_KERNEL_CODE,
        .ss = SEL_KERNEL_DATA,
        .ds = SEL_KERNEL_DATA,
        .es = SEL_KERNEL_DATA,
        .fs = SEL_KERNEL_DATA,
        .gs = SEL_KERNEL_DATA,
        .iomap_base = sizeof df_tss,
    };
    gdt_set_tss(SEL_DF_TSS, (uint32_t)&df_tss, sizeof df_tss - 1);
    idt_set_task_gate(8, SEL_DF_TSS);
}

void tss_set_ring0_stack(uintptr_t sp0)
{
    main_tss.esp0 = sp0;
}

/* Runs in the double-fault task; the CPU saved the broken task's state in
 * the main TSS. */
void double_fault_report(void)
{
    const struct tss *t = &main_tss;
    kprintf("\n*** unexpected exception #DF (vector 8): an exception could not be delivered "
            "(a broken stack?)\n");
    kprintf("    eip=%08x cs=%04x eflags=%08x cr2=%08x\n", (unsigned)t->eip, (unsigned)t->cs,
            (unsigned)t->eflags, (unsigned)read_cr2());
    kprintf("    eax=%08x ebx=%08x ecx=%08x edx=%08x\n", (unsigned)t->eax, (unsigned)t->ebx,
            (unsigned)t->ecx, (unsigned)t->edx);
    kprintf("    esi=%08x edi=%08x ebp=%08x esp=%08x\n", (unsigned)t->esi, (unsigned)t->edi,
            (unsigned)t->ebp, (unsigned)t->esp);
    run_finish(false);
}
