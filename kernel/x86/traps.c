/* Exception dispatch and the report of an unexpected exception (the names
 * of the vectors are kernel/x86/exceptions.c). */
#include "kernel/x86/traps.h"

#include "kernel/console.h"
#include "kernel/x86/cpu.h"
#include "kernel/x86/exit.h"

static void report_and_fail(struct trap_frame *f)
{
    bool from_user = (f->cs & 3) != 0;
    uint32_t esp = from_user ? f->user_esp : (uint32_t)&f->user_esp;

    kprintf("\n*** unexpected exception %s (vector %u), error code 0x%x\n", trap_name(f->vector),
            (unsigned)f->vector, (unsigned)f->error);
    kprintf("    eip=%08x cs=%04x eflags=%08x", (unsigned)f->eip, (unsigned)f->cs,
            (unsigned)f->eflags);
    if (f->vector == 14) {
        kprintf(" cr2=%08x", (unsigned)read_cr2());
    }
    kprintf("\n    eax=%08x ebx=%08x ecx=%08x edx=%08x\n", (unsigned)f->eax, (unsigned)f->ebx,
            (unsigned)f->ecx, (unsigned)f->edx);
    kprintf("    esi=%08x edi=%08x ebp=%08x esp=%08x\n", (unsigned)f->esi, (unsigned)f->edi,
            (unsigned)f->ebp, (unsigned)esp);
    kprintf("    stack:");
    const uint32_t *stack = (const uint32_t *)esp;
    for (unsigned i = 0; i < 12; i++) {
        kprintf("%s %08x", i % 6 ? "" : "\n     ", (unsigned)stack[i]);
    }
    kprintf("\n");
    run_finish(false);
}

void trap_dispatch(struct trap_frame *f)
{
    /* Exceptions only: the vectors above 31 are interrupts. */
    if (f->vector < 32) {
        trap_escape(&(struct trap_info){f->vector, f->error, f->eip});
    }
    report_and_fail(f);
}
