/* The exception handler: a vector's claimant, then a catch, resume;
 * anything else is reported with the registers and ends the run. */
#include "kernel/ppc/traps.h"

#include "kernel/console.h"
#include "kernel/ppc/exit.h"
#include "lib/kstring.h"

const char trap_pc_name[] = "srr0";

extern const char vectors_start[], vectors_end[];

/* The first vector, system reset, is at 0x100; below it is reserved. */
#define FIRST_VECTOR 0x100u
#define LAST_VECTOR  0x1400u

static trap_claimant claimants[LAST_VECTOR / FIRST_VECTOR + 1];

void trap_claim(unsigned vector, trap_claimant claimant)
{
    if (vector >= FIRST_VECTOR && vector <= LAST_VECTOR && vector % FIRST_VECTOR == 0) {
        claimants[vector / FIRST_VECTOR] = claimant;
    }
}

void vectors_install(void)
{
    /* Physical 0x100 on is where the vectors live with MSR[IP] = 0. */
    char *to = (char *)FIRST_VECTOR;
    size_t n = (uintptr_t)vectors_end - (uintptr_t)vectors_start - FIRST_VECTOR;
    memcpy(to, vectors_start + FIRST_VECTOR, n);
    /* New code: write the data cache back, drop stale instructions
     * (PowerPC 604e manual, "Instruction Cache Coherency"). */
    for (size_t at = 0; at < n; at += 32) {
        __asm__ volatile("dcbst 0, %0; sync; icbi 0, %0" : : "r"(to + at) : "memory");
    }
    __asm__ volatile("sync; isync" ::: "memory");
}

const char *trap_name(unsigned vector)
{
    switch (vector) {
    case 0x100:
        return "system reset";
    case 0x200:
        return "machine check";
    case 0x300:
        return "DSI";
    case 0x400:
        return "ISI";
    case 0x500:
        return "external interrupt";
    case 0x600:
        return "alignment";
    case 0x700:
        return "program";
    case 0x800:
        return "FP unavailable";
    case 0x900:
        return "decrementer";
    case 0xc00:
        return "system call";
    case 0xd00:
        return "trace";
    case 0xf00:
        return "performance monitor";
    case 0x1300:
        return "instruction breakpoint";
    case 0x1400:
        return "system management";
    default:
        return "reserved vector";
    }
}

static void report(const struct trap_frame *f)
{
    kprintf("\n*** %s exception (vector 0x%x) at srr0 %08x, srr1 %08x, dar %08x, dsisr %08x\n",
            trap_name(f->vector), (unsigned)f->vector, (unsigned)f->srr0, (unsigned)f->srr1,
            (unsigned)f->dar, (unsigned)f->dsisr);
    kprintf("    lr %08x ctr %08x cr %08x xer %08x\n", (unsigned)f->lr, (unsigned)f->ctr,
            (unsigned)f->cr, (unsigned)f->xer);
    for (unsigned i = 0; i < 32; i += 4) {
        kprintf("    r%-2u %08x  r%-2u %08x  r%-2u %08x  r%-2u %08x\n", i, (unsigned)f->gpr[i],
                i + 1, (unsigned)f->gpr[i + 1], i + 2, (unsigned)f->gpr[i + 2], i + 3,
                (unsigned)f->gpr[i + 3]);
    }
}

/* Returns only when the exception's claimant handled it
 * (boot/ppc/vectors.S then resumes the interrupted code). */
void trap_handler(const struct trap_frame *f);
void trap_handler(const struct trap_frame *f)
{
    trap_claimant claimant = claimants[f->vector / FIRST_VECTOR];
    if (claimant && claimant(f)) {
        return;
    }
    /* SRR1 bits 11-15 say why a program exception happened (PowerPC 604e
     * manual, "Program Exception"); the DSISR does for a DSI. */
    uint32_t cause = f->vector == 0x300 ? f->dsisr : f->srr1 & 0x001f0000u;
    trap_escape(&(struct trap_info){f->vector, cause, f->srr0});
    report(f);
    run_finish(false);
}

void trap_raise_deliberate(unsigned vector)
{
    kprintf("fault: raising a %s exception on purpose\n", trap_name(vector));
    if (vector == 0x600) {
        /* lwarx needs a word-aligned address (PowerPC 604e manual, "Alignment
         * Exception"). */
        static uint32_t words[2];
        uint32_t v;
        __asm__ volatile("lwarx %0, 0, %1" : "=r"(v) : "r"((char *)words + 1) : "memory");
        (void)v;
    }
    __asm__ volatile(".long 0" ::: "memory"); /* an illegal instruction: program exception */
}
