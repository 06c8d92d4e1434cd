# Hosted x86 (an i386 process; a 64-bit kernel runs it through its IA32
# emulation): from the bare-metal folders, the pieces that are the ISA's and
# not the machine's: the fault-safe probes (a fault is a signal here, which
# the same catch takes), the exceptions' names, the non-local jump, the CPU
# report, the run's conditions and the payloads' CPUID needs. And the suite's
# sampling hooks that do nothing, which the PowerPC kernel uses too: the
# interrupt is the Linux kernel's.
K_SHARED := kernel/x86/probe.c kernel/x86/exceptions.c kernel/x86/kjmp.asm \
            app/x86/cpureport.c app/x86/conditions.c app/x86/suite_needs.c app/x86/pmu_hw.c \
            app/ppc/sample.c
