/* CR0: EM off (no emulation), MP and NE on (native x87 errors);
 * CR4: OSFXSR and OSXMMEXCPT where SSE exists; OSXSAVE and XCR0 where XSAVE
 * exists, for the vector state the CPU offers (lib/xsave.h). The kernel
 * itself uses no vector register and switches no task, so it saves none
 * of this state: the payloads own it. */
#include "kernel/x86/fpu.h"

#include "kernel/x86/cpu.h"
#include "lib/xsave.h"

#define CR0_MP         (1u << 1)
#define CR0_EM         (1u << 2)
#define CR0_TS         (1u << 3)
#define CR0_NE         (1u << 5)
#define CR4_OSXMMEXCPT (1u << 10)

void fpu_init(const struct cpu_info *cpu)
{
    write_cr0((read_cr0() & ~(CR0_EM | CR0_TS)) | CR0_MP | CR0_NE);
    __asm__ volatile("fninit");
    if (cpu->features[FEAT_SSE]) {
        write_cr4(read_cr4() | CR4_OSFXSR | CR4_OSXMMEXCPT);
    }
    if (cpu->features[FEAT_XSAVE] && cpu->xsave_components) {
        write_cr4(read_cr4() | CR4_OSXSAVE);
        xsetbv(0, xsave_enable(cpu->xsave_components));
    }
}
