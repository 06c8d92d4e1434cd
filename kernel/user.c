/* The ring-3 set-up: TSS, stacks, paging, CR4.PCE, the gates. */
#include "user.h"

#include "console.h"
#include "cpu.h"
#include "desc.h"
#include "paging.h"

#define STACK_BYTES 16384

/* The 32-bit TSS: only SS0:ESP0 matter (no hardware task switches); an
 * I/O map base past the limit means no I/O permission bitmap. */
struct __attribute__((packed)) tss {
    uint32_t link, esp0, ss0, esp1, ss1, esp2, ss2, cr3, eip, eflags;
    uint32_t eax, ecx, edx, ebx, esp, ebp, esi, edi;
    uint32_t es, cs, ss, ds, fs, gs, ldtr;
    uint16_t trap, iomap_base;
};

static struct tss tss;
static bool active;
static uint8_t ring0_stack[STACK_BYTES] __attribute__((aligned(16)));
static uint8_t user_stack[STACK_BYTES] __attribute__((aligned(16)));

extern void user_call(const void *code, uint32_t user_esp);
extern void user_exit_stub(void);

/* Why ring 3 cannot read the plan's counters, or NULL. */
static const char *unreadable(const struct pmu_plan *plan)
{
    for (unsigned i = 0; i < plan->n_events; i++) {
        if (plan->events[i].read.kind == PMU_READ_RDMSR)
            return "this PMU is read with RDMSR (a Pentium without RDPMC), which faults at CPL 3";
    }
    return 0;
}

bool user_init(const struct pmu_plan *plan)
{
    const char *why = unreadable(plan);
    if (why) {
        kprintf("ring3: staying in ring 0: %s\n", why);
        return false;
    }
    tss.ss0 = SEL_KERNEL_DATA;
    tss.esp0 = (uint32_t)(ring0_stack + STACK_BYTES);
    tss.iomap_base = sizeof tss;
    gdt_set_tss((uint32_t)&tss, sizeof tss - 1);
    __asm__ volatile("ltr %w0" : : "r"(SEL_TSS));
    paging_allow_user();
    write_cr4(read_cr4() | CR4_PCE);
    idt_set_gate(USER_EXIT_VECTOR, user_exit_stub, 3);
    active = true;
    kprintf("ring3: windows run at CPL 3 (user code 0x%x, data 0x%x, TSS 0x%x, CR4.PCE set); "
            "int 0x%x ends a window\n",
            SEL_USER_CODE, SEL_USER_DATA, SEL_TSS, USER_EXIT_VECTOR);
    return true;
}

bool user_active(void)
{
    return active;
}

void user_run(const void *code)
{
    user_call(code, (uint32_t)(user_stack + STACK_BYTES));
}
