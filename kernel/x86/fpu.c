/* CR0: EM off (no emulation), MP and NE on (native x87 errors);
 * CR4: OSFXSR and OSXMMEXCPT where SSE exists; OSXSAVE and XCR0 where XSAVE
 * exists, for the vector state the CPU offers (lib/xsave.h). The kernel
 * itself uses no vector register and switches no task, so it saves none
 * of this state: the payloads own it. */
#include "kernel/x86/fpu.h"

#include "kernel/console.h"
#include "kernel/x86/cpu.h"
#include "lib/xsave.h"

#define CR0_MP         (1u << 1)
#define CR0_EM         (1u << 2)
#define CR0_TS         (1u << 3)
#define CR0_NE         (1u << 5)
#define CR4_OSXMMEXCPT (1u << 10)

/* QEMU 7.2's TCG takes CR4.OSXSAVE for a reserved bit unless CPUID leaf
 * 0DH subleaf 1 reports an XSAVE extension (cr4_reserved_bits in
 * target/i386/cpu.h tests that word, not CPUID.1:ECX.XSAVE), and answers
 * the write with an SVM exit outside any guest, which it repeats forever.
 * Its Opteron_G4 and Opteron_G5 models have XSAVE and no such extension.
 * Silicon needs only CPUID.1:ECX.XSAVE (SDM vol. 1, 13.3), so only there is
 * XSAVE left off, and said. */
static bool tcg_refuses_osxsave(const struct cpu_info *cpu)
{
    struct cpuid_regs r;
    if (!cpu_is_qemu_tcg(cpu)) {
        return false;
    }
    cpuid_raw(0xD, 1, &r);
    if (r.eax) {
        return false;
    }
    kprintf("fpu: XSAVE left off: QEMU's TCG would take CR4.OSXSAVE for reserved here (CPUID "
            "0DH subleaf 1 reports no XSAVE extension), and hang\n");
    return true;
}

void fpu_init(const struct cpu_info *cpu)
{
    write_cr0((read_cr0() & ~(CR0_EM | CR0_TS)) | CR0_MP | CR0_NE);
    __asm__ volatile("fninit");
    if (cpu->features[FEAT_SSE]) {
        write_cr4(read_cr4() | CR4_OSFXSR | CR4_OSXMMEXCPT);
    }
    if (cpu->features[FEAT_XSAVE] && cpu->xsave_components && !tcg_refuses_osxsave(cpu)) {
        write_cr4(read_cr4() | CR4_OSXSAVE);
        xsetbv(0, xsave_enable(cpu->xsave_components));
    }
}
