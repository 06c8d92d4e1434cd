/* The x86 exceptions by vector, wherever the code runs (a bare-metal
 * kernel, or a Linux process whose signals carry the vector): their names,
 * and raising one on purpose. */
#include "kernel/console.h"
#include "kernel/trap_catch.h"

/* The instruction pointer is RIP in long mode (Intel SDM Vol. 1, 3.5). */
#ifdef __x86_64__
const char trap_pc_name[] = "rip";
#else
const char trap_pc_name[] = "eip";
#endif

static const char *const mnemonics[32] = {
    "#DE", "#DB", "NMI", "#BP", "#OF", "#BR", "#UD", "#NM", "#DF", "CSO", "#TS",
    "#NP", "#SS", "#GP", "#PF", "#15", "#MF", "#AC", "#MC", "#XM", "#VE", "#CP",
    "#22", "#23", "#24", "#25", "#26", "#27", "#HV", "#VC", "#SX", "#31",
};

const char *trap_name(unsigned vector)
{
    return vector < 32 ? mnemonics[vector] : "IRQ";
}

void trap_raise_deliberate(unsigned vector)
{
    kprintf("raising a deliberate %s as the fault= option asks\n", trap_name(vector));
    switch (vector) {
    case 6:
        __asm__ volatile("ud2");
        break;
    case 13:
        __asm__ volatile("mov %0, %%ds" : : "r"(0x40u)); /* selector beyond the GDT */
        break;
    case 0:
        __asm__ volatile("div %%ecx" : : "a"(1u), "d"(0u), "c"(0u));
        break;
    case 14:
        __asm__ volatile("movl 0, %%eax" : : : "eax"); /* page 0 is unmapped */
        break;
    case 8:
        /* A breakpoint with the stack in the unmapped page 0: delivering it
         * faults (#PF), delivering that faults again: a double fault. */
        __asm__ volatile("movl $0x800, %%esp; int3" : : : "memory");
        break;
    default:
        break;
    }
}
