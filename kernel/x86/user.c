/* The ring-3 set-up: TSS, stacks, paging, CR4.PCE, the gates. */
#include "kernel/x86/user.h"

#include "kernel/console.h"
#include "kernel/x86/cpu.h"
#include "kernel/x86/desc.h"
#include "kernel/x86/paging.h"
#include "kernel/x86/tss.h"

#define STACK_BYTES 16384

static bool active;
static uint8_t ring0_stack[STACK_BYTES] __attribute__((aligned(16)));
static uint8_t user_stack[STACK_BYTES] __attribute__((aligned(16)));

extern void user_call(const void *code, uintptr_t user_sp);
extern void user_exit_stub(void);

void user_init(void)
{
    tss_set_ring0_stack((uintptr_t)(ring0_stack + STACK_BYTES));
    paging_allow_user();
    write_cr4(read_cr4() | CR4_PCE);
    idt_set_gate(USER_EXIT_VECTOR, user_exit_stub, 3);
    active = true;
    kprintf("ring3: windows run at CPL 3 (user code 0x%x, data 0x%x, TSS 0x%x, CR4.PCE set); "
            "int 0x%x ends a window\n",
            SEL_USER_CODE, SEL_USER_DATA, SEL_TSS, USER_EXIT_VECTOR);
}

bool user_active(void)
{
    return active;
}

void user_run(const void *code)
{
    user_call(code, (uintptr_t)(user_stack + STACK_BYTES));
}
