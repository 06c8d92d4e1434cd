/* Into problem state with rfi (SRR1's MSR with PR set), back with a jump to
 * where user_run saved the kernel's registers. */
#include "kernel/ppc/user.h"

#include "boot/ppc/regs.h"
#include "kernel/ppc/cpu.h"
#include "kernel/trap_catch.h"

static struct kjmp_buf back;

void user_run(const void *code)
{
    uint32_t msr = msr_read();
    if (ksetjmp(&back)) {
        msr_write(msr); /* the system call's exception cleared EE */
        return;
    }
    /* Nothing may take SRR0 and SRR1 between their writes and rfi. */
    msr_write(msr & ~MSR_EE);
    __asm__ volatile("mtsrr0 %0; mtsrr1 %1; rfi" : : "r"(code), "r"(msr | MSR_PR) : "memory");
    __builtin_unreachable();
}

void user_return(void)
{
    klongjmp(&back, 1);
}
