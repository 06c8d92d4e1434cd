#!/usr/bin/env python3
"""The counting QEMU's own test (tests/tcg/i386/system/pmu.c of the patched
tree that `make emu` built the binary from): built as QEMU's tcg Makefile
builds it (gcc -m32, -nostdlib, its boot.S and minilib), and run on every
PMU family the x86 series models, with and without -icount, as its
run-pmu-<cpu> rules do (with a second CPU, for the INIT check). Each run
must end in PASS. The manual's rules it checks (exact counts, the PMI's
instruction, the Pentium 4's PMI on the event after the overflow, cascades
that stop, #GP where silicon faults, no PMI through a disabled APIC, the
counters kept across INIT, leaf 0xA and full-width writes per model,
interrupts and serializing instructions in the Pentium's and AMD's counts,
HostOnly against EFER.SVME, an instruction counted once where QEMU ends or
abandons a translation block, SYSEXIT and SYSENTER counted in their target
mode on AMD) then guard every build of the series, not only the one its
author ran."""

import os

import bootcheck as bc
import qemu_side

# As the series' run-pmu-% rules, plus the Pentium 4 models whose cascades
# and errata differ (models 0-1 by stepping, 2, the Prescotts 3 and 4), a
# Silvermont (model 55), CPUs whose user turned PDCM off (PERF_METRICS goes
# with it on an Ice Lake) and Hygon's Dhyana (AMD's model under another
# vendor string).
CPUS = ["pentium", "pentium3", "coreduo", "core2duo", "Nehalem", "SandyBridge",
        "Skylake-Client", "Skylake-Client,model=55", "Skylake-Client,-pdcm", "Icelake-Server",
        "Icelake-Server,-pdcm", "athlon", "phenom", "EPYC", "Dhyana", "max",
        "kvm32", "kvm32,model=1,stepping=3", "kvm32,model=1,stepping=10", "kvm32,model=2",
        "kvm32,model=3", "kvm32,model=4"]
ICOUNT = "shift=0,sleep=off"
INIT_CHECK = "ok: counter after INIT went on from its value = 1"
AMD = ("athlon", "phenom", "EPYC", "Dhyana", "max")


def edge_checks(cpu):
    """Where QEMU ends or abandons a TB, on every CPU: an MMIO read in mid-block
    (6 instructions), a store into its own TB (5), a CALL whose target's
    fetch faults (10; the Pentium and AMD count the #PF's delivery too)."""
    fetch = 11 if cpu == "pentium" or cpu in AMD else 10
    return ["ok: instructions around an MMIO read = 6",
            "ok: instructions around a store into their TB = 5",
            "ok: instructions around a code fetch fault = %d" % fetch]

def target_mode_checks(cpu):
    """Where the model has SYSENTER and an event select with USR (not the
    Pentium's CESR, not the Pentium 4): a CPL 3 count read at CPL 3 after
    SYSEXIT has it on AMD (3: SYSEXIT, MOV, RDPMC), not elsewhere (2)."""
    if cpu == "pentium" or cpu.startswith("kvm32"):
        return []
    return ["ok: instructions at CPL 3 when RDPMC runs there after SYSEXIT = %d"
            % (3 if cpu in AMD else 2)]


# CPUs with IA32_APERF and IA32_MPERF (architectural perfmon, AMD from
# family 10h where CPUID reaches leaf 6: not phenom, whose CPUID stops at 5).
APERF = ("coreduo", "core2duo", "Nehalem", "SandyBridge", "Skylake-Client",
         "Skylake-Client,model=55", "Skylake-Client,-pdcm", "Icelake-Server",
         "Icelake-Server,-pdcm", "EPYC", "Dhyana")


def aperf_checks(cpu):
    """CPUID.06H:ECX bit 0 as the model has the MSRs; where it does, both
    count on from a write."""
    has = cpu in APERF
    return ["ok: CPUID.06H:ECX bit 0 (APERF/MPERF) = %d" % has] + (
        ["ok: MPERF and APERF count on = 1"] if has else ["ok: IA32_APERF #GP"])


# Lines a run must print besides PASS: what the test can only report, not
# judge (it cannot know the user's flags), or checks it runs on some models.
REQUIRED = {
    "Nehalem": ["PDCM: 0"],                   # no full-width writes before Sandy Bridge
    "SandyBridge": ["ok: FW_WRITE = 1"],
    "Skylake-Client,model=55": ["ok: Silvermont general counters = 2",
                                "ok: Silvermont counter width = 40"],
    "Skylake-Client,-pdcm": ["PDCM: 0"],
    "Icelake-Server": ["ok: topdown slots = 35", "ok: fixed topdown slots = 35",
                       "ok: PERF_METRICS_AVAILABLE with FIXED_CTR3 and PDCM = 1",
                       "ok: PERF_METRICS by RDPMC: all retiring = 255"],
    "Icelake-Server,-pdcm": ["PDCM: 0", "ok: PERF_METRICS_AVAILABLE with FIXED_CTR3 and PDCM = 0"],
    # HostOnly exists from family 10h: phenom, EPYC and Dhyana, not athlon or max
    "phenom": ["ok: HostOnly with EFER.SVME clear = 0", "ok: GuestOnly in the host = 0"],
    "EPYC": ["ok: HostOnly with EFER.SVME clear = 0", "ok: GuestOnly in the host = 0"],
    "Dhyana": ["ok: HostOnly with EFER.SVME clear = 0", "ok: GuestOnly in the host = 0"],
}


def build(src, out):
    """The test kernel, as tests/tcg/i386/Makefile.softmmu-target links it.
    None, or the compiler's complaint."""
    system = os.path.join(src, "tests/tcg/i386/system")
    minilib = os.path.join(src, "tests/tcg/minilib")
    cflags = ["-m32", "-ffreestanding", "-nostdlib", "-fno-stack-protector", "-fno-pie",
              "-O0", "-isystem", minilib]
    steps = [
        ["gcc"] + cflags + ["-c", os.path.join(system, "boot.S"), "-o", out + "/boot.o"],
        ["gcc"] + cflags + ["-c", os.path.join(minilib, "printf.c"), "-o", out + "/printf.o"],
        ["gcc"] + cflags + [os.path.join(system, "pmu.c"), "-o", out + "/pmu", "-no-pie",
                            "-static", "-Wl,-T" + os.path.join(system, "kernel.ld"),
                            "-Wl,-melf_i386", out + "/boot.o", out + "/printf.o", "-lgcc"],
    ]
    return qemu_side.build(steps)


def run(kernel, cpu, icount):
    """The test's output on one CPU: its debugcon file."""
    return qemu_side.output(lambda path: [
        bc.launch.COUNTING_QEMU, "-monitor", "none", "-display", "none",
        "-chardev", "file,path=%s,id=output" % path, "-device", "isa-debugcon,chardev=output",
        "-device", "isa-debug-exit,iobase=0xf4,iosize=0x4", "-cpu", bc.launch.counting_cpu(cpu),
        "-smp", "2", "-kernel", kernel] + (["-icount", ICOUNT] if icount else []))


def check(kernel, item):
    cpu, icount = item
    lines = run(kernel, cpu, icount).splitlines()
    qemu_side.judge("QEMU-side PMU test on %s%s" % (cpu, " under -icount" if icount else ""),
                    lines, ["missing '%s'" % want
                            for want in REQUIRED.get(cpu, []) + [INIT_CHECK] + edge_checks(cpu)
                            + aperf_checks(cpu) + target_mode_checks(cpu) if want not in lines])


def main():
    return qemu_side.main("QEMU-side PMU test", bc.launch.COUNTING_QEMU,
                          "tests/tcg/i386/system/pmu.c", "gcc -m32", build, check,
                          [(cpu, icount) for cpu in CPUS for icount in (False, True)])


if __name__ == "__main__":
    raise SystemExit(main())
