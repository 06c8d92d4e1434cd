# Hosted x86, an x86-64 process (MODE=64) or an i386 one (MODE=32, which a
# 64-bit kernel runs through its IA32 emulation where that is on): from the
# bare-metal folders, the pieces that are the ISA's and not the machine's:
# the fault-safe probes (a fault is a signal here, which the same catch
# takes), the exceptions' names, the non-local jump, the CPU report, the
# run's conditions, the payloads' CPUID needs and the idle before a cold
# window. Not the PMU's register
# access: a process reaches the PMU through perf (app/linux/pmu_hw.c).
K_SHARED := kernel/x86/probe.c kernel/x86/exceptions.c kernel/x86/$(MODE)/kjmp.asm \
            app/x86/cpureport.c app/x86/conditions.c app/x86/suite_needs.c app/x86/cold.c
