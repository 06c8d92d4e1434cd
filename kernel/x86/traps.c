/* Exception dispatch and the report of an unexpected exception (the names
 * of the vectors are kernel/x86/exceptions.c). */
#include "kernel/x86/traps.h"

#include "kernel/console.h"
#include "kernel/x86/cpu.h"
#include "kernel/x86/exit.h"

/* The stack the trap came from: in 32-bit mode the CPU pushes SS:ESP only
 * on a change of privilege level, so a kernel trap's stack goes on right
 * after the frame. */
static uintptr_t trap_stack(const struct trap_frame *f)
{
#ifdef __x86_64__
    return f->sp;
#else
    return (f->cs & 3) ? f->sp : (uintptr_t)&f->sp;
#endif
}

/* The top of the stack, read under a catch of its own: a double fault's
 * stack is often the broken one. */
static void print_stack(const uintptr_t *stack)
{
    enum { WORDS = 12, W = 2 * sizeof(uintptr_t) };
    uintptr_t words[WORDS];
    static struct trap_catch c; /* the run ends after the one report */
    int fault = trap_try(&c);
    if (fault) {
        kprintf("    stack: unreadable at %0*lx\n", W, (unsigned long)stack);
        return;
    }
    for (unsigned i = 0; i < WORDS; i++) {
        words[i] = stack[i];
    }
    trap_end(&c);
    kprintf("    stack:");
    for (unsigned i = 0; i < WORDS; i++) {
        kprintf("%s %0*lx", i % 6 ? "" : "\n     ", W, (unsigned long)words[i]);
    }
    kprintf("\n");
}

static void report_and_fail(struct trap_frame *f)
{
    enum { W = 2 * sizeof(uintptr_t) }; /* hex digits of a register */
    const char r = trap_pc_name[0];     /* e (EAX) or r (RAX) */
    const uintptr_t *stack = (const uintptr_t *)trap_stack(f);

    kprintf("\n*** unexpected exception %s (vector %u), error code 0x%x\n", trap_name(f->vector),
            (unsigned)f->vector, (unsigned)f->error);
    kprintf("    %s=%0*lx cs=%04x %cflags=%08x", trap_pc_name, W, (unsigned long)f->ip,
            (unsigned)f->cs, r, (unsigned)f->flags);
    if (f->vector == 14) {
        kprintf(" cr2=%0*lx", W, (unsigned long)read_cr2());
    }
    kprintf("\n    %cax=%0*lx %cbx=%0*lx %ccx=%0*lx %cdx=%0*lx\n", r, W, (unsigned long)f->ax, r, W,
            (unsigned long)f->bx, r, W, (unsigned long)f->cx, r, W, (unsigned long)f->dx);
    kprintf("    %csi=%0*lx %cdi=%0*lx %cbp=%0*lx %csp=%0*lx\n", r, W, (unsigned long)f->si, r, W,
            (unsigned long)f->di, r, W, (unsigned long)f->bp, r, W, (unsigned long)stack);
#ifdef __x86_64__
    const uint64_t high[8] = {f->r8, f->r9, f->r10, f->r11, f->r12, f->r13, f->r14, f->r15};
    for (unsigned i = 0; i < 8; i += 4) {
        kprintf("    r%-2u=%016lx r%-2u=%016lx r%-2u=%016lx r%-2u=%016lx\n", i + 8, high[i], i + 9,
                high[i + 1], i + 10, high[i + 2], i + 11, high[i + 3]);
    }
#endif
    print_stack(stack);
    run_finish(false);
}

void trap_dispatch(struct trap_frame *f)
{
    /* Exceptions only: the vectors above 31 are interrupts. */
    /* A double fault is an abort (Intel SDM Vol. 3A, 6.15): no catch
     * resumes after it. */
    if (f->vector < 32 && f->vector != 8) {
        trap_escape(&(struct trap_info){f->vector, f->error, f->ip});
    }
    report_and_fail(f);
}
