/* The x86 signal frame: rt_sigaction with LINUX_SA_SIGINFO gives the
 * handler a ucontext whose mcontext is struct sigcontext, which holds the
 * CPU's trap number, error code, instruction pointer and fault address (in
 * each mode its own layout: kernel/linux/x86/sigcontext.h).
 * LINUX_SA_NODEFER: a handler that leaves through the catch's klongjmp
 * never returns to unblock its signal, so the signal must not be blocked
 * while it runs. */
#include "kernel/linux/traps.h"

#include <stddef.h>

#include "kernel/console.h"
#include "kernel/linux/syscall.h"
#include "kernel/linux/syscall_nr.h"
#include "kernel/linux/x86/sigcontext.h"
#include "kernel/run_end.h"
#include "kernel/trap_catch.h"

enum {
    LINUX_SIGTRAP = 5,
    LINUX_SIGBUS = 7,
    LINUX_SIGFPE = 8,
    LINUX_SIGSEGV = 11,
    LINUX_SIGALRM = 14,
    LINUX_SIGILL = 4
};
#define LINUX_SA_SIGINFO  0x00000004u
#define LINUX_SA_ONSTACK  0x08000000u
#define LINUX_SA_RESTORER 0x04000000u
#define LINUX_SA_NODEFER  0x40000000u

/* The kernel's struct sigaction (not the C library's), and stack_t. */
struct kernel_sigaction {
    void (*handler)(int, void *, void *);
    unsigned long flags;
    void (*restorer)(void);
    uint32_t mask[2];
};
struct linux_stack {
    void *sp;
    int flags;
    size_t size;
};

static void (*on_alarm)(uintptr_t pc);
static uint8_t handler_stack[64 << 10] __attribute__((aligned(16)));

/* The vector the kernel put in the context; where that is no vector (an
 * emulator's signal, as qemu-user gives), the one the signal stands for:
 * LINUX_SIGSEGV from the kernel itself (si_code SI_KERNEL, 0x80) is #GP, any other
 * a page fault (Linux's arch/x86/kernel/traps.c and mm/fault.c). */
static unsigned vector_of(int sig, const void *info, uintptr_t trapno)
{
    if (trapno < 32) {
        return trapno;
    }
    int code = ((const int32_t *)info)[2]; /* siginfo: signo, errno, code */
    switch (sig) {
    case LINUX_SIGILL:
        return 6;
    case LINUX_SIGFPE:
        return 0;
    case LINUX_SIGBUS:
        return 17;
    case LINUX_SIGTRAP:
        return 3;
    default:
        return code == 0x80 ? 13 : 14;
    }
}

static void handler(int sig, void *info, void *context)
{
    const uintptr_t *sc = (const uintptr_t *)context + linux_sigcontext.mcontext;
    if (sig == LINUX_SIGALRM) {
        if (on_alarm) {
            on_alarm(sc[linux_sigcontext.ip]);
        }
        return;
    }
    struct trap_info t = {vector_of(sig, info, sc[linux_sigcontext.trapno]),
                          (uint32_t)sc[linux_sigcontext.err], sc[linux_sigcontext.ip]};
    trap_escape(&t);
    kprintf("\n*** unexpected exception %s (vector %u, signal %d), error code 0x%x at %s %08lx",
            trap_name(t.vector), t.vector, sig, (unsigned)t.cause, trap_pc_name,
            (unsigned long)t.pc);
    if (t.vector == 14) {
        kprintf(", address %08lx", (unsigned long)sc[linux_sigcontext.cr2]);
    }
    kprintf("\n");
    run_finish(false);
}

void linux_traps_on_alarm(void (*alarm)(uintptr_t pc))
{
    on_alarm = alarm;
}

void linux_traps_init(void)
{
    static const int caught[] = {LINUX_SIGSEGV, LINUX_SIGILL,  LINUX_SIGFPE,
                                 LINUX_SIGBUS,  LINUX_SIGTRAP, LINUX_SIGALRM};
    struct linux_stack stack = {handler_stack, 0, sizeof handler_stack};
    long r = linux_syscall(linux_call_nr[LINUX_CALL_sigaltstack], (long)&stack, 0, 0, 0, 0, 0);
    if (sys_failed(r)) {
        kprintf("traps: sigaltstack failed (errno %d): a fault with a bad stack pointer will "
                "end the process\n",
                (int)-r);
    }
    for (unsigned i = 0; i < sizeof caught / sizeof caught[0]; i++) {
        struct kernel_sigaction act = {handler,
                                       LINUX_SA_SIGINFO | LINUX_SA_ONSTACK | LINUX_SA_RESTORER |
                                           LINUX_SA_NODEFER,
                                       linux_sigreturn,
                                       {0, 0}};
        r = linux_syscall(linux_call_nr[LINUX_CALL_rt_sigaction], caught[i], (long)&act, 0,
                          sizeof act.mask, 0, 0);
        if (sys_failed(r)) {
            kprintf("traps: rt_sigaction(%d) failed (errno %d): that fault ends the process\n",
                    caught[i], (int)-r);
        }
    }
}
