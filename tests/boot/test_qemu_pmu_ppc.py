#!/usr/bin/env python3
"""The counting qemu-system-ppc's own test (tests/tcg/ppc/system/pmu604.c of
the patched tree that `make emu` built the binary from): built as its
Makefile.softmmu-target builds it (powerpc-linux-gnu-gcc, -nostdlib, its
boot.S and QEMU's minilib) and booted as the 40p's firmware on a 604 and a
604e, with and without -icount, as its run-pmu604-% rules do. Each run must
end in PASS. The 604/604e manuals' rules it checks (exact PMC reads, an
MMIO read counted once, the instructions that do not complete, the
performance-monitor interrupt right after the instruction that made PMC1
negative with SIA at that instruction, DISCOUNT without a visible DIS,
PMCTRIGGER starting PMC2 when PMC1 goes negative, an interrupt signaled
while MSR[EE] is clear) then guard every build of the series."""

import os

import bootcheck as bc
import qemu_side

TEST = "tests/tcg/ppc/system"
CC = "powerpc-linux-gnu-gcc"
CPUS = ["604", "604e"]
ICOUNT = "shift=0,sleep=off"
# Where PMC1 goes negative (instruction 1 to 1000 of a loop, and 201 with
# DISCOUNT): each must show the interrupt right after it.
PMI_RUNS = 7
# Lines a run must print whatever the test itself judges: the exact figures
# the model promises.
REQUIRED = [
    "ok: instructions from PMC1 read to PMC1 read, 5 nops between = 6",
    "ok: instructions around an MMIO read = 6",
    "ok: illegal instruction: not counted = 1",
    "ok: tweq (trap in a helper): not counted = 1",
    "ok: PMC2 with PMCTRIGGER, PMC1 negative after 10 = 17",
    "ok: PMC1 stopped by DISCOUNT = 0",
    "ok: signaled with MSR[EE] clear: taken once it is set = 1",
]


def build(src, out):
    """The test firmware, as Makefile.softmmu-target links it. None, or the
    compiler's complaint."""
    system = os.path.join(src, TEST)
    minilib = os.path.join(src, "tests/tcg/minilib")
    cflags = ["-nostdlib", "-ffreestanding", "-O0", "-msdata=none", "-isystem", minilib]
    steps = [
        [CC] + cflags + ["-c", os.path.join(system, "boot.S"), "-o", out + "/boot.o"],
        [CC] + cflags + ["-c", os.path.join(minilib, "printf.c"), "-o", out + "/printf.o"],
        [CC] + cflags + [os.path.join(system, "pmu604.c"), "-o", out + "/pmu604", "-static",
                         "-Wl,-T" + os.path.join(system, "kernel.ld"), out + "/boot.o",
                         out + "/printf.o", "-lgcc"],
    ]
    return qemu_side.build(steps)


def run(firmware, cpu, icount):
    """The test's output on one CPU: its COM1."""
    return qemu_side.output(lambda path: [
        bc.launch.COUNTING_QEMU_PPC, "-M", "40p", "-cpu", cpu, "-monitor", "none",
        "-display", "none", "-vga", "none", "-net", "none", "-no-reboot",
        "-chardev", "file,path=%s,id=output" % path, "-serial", "chardev:output",
        "-bios", firmware] + (["-icount", ICOUNT] if icount else []))


def check(firmware, item):
    cpu, icount = item
    lines = run(firmware, cpu, icount).splitlines()
    missing = ["missing '%s'" % want for want in REQUIRED if want not in lines]
    pmis = sum(1 for line in lines if line.startswith("PMI after instruction"))
    if pmis != PMI_RUNS:
        missing.append("%d PMI runs, not %d" % (pmis, PMI_RUNS))
    qemu_side.judge("QEMU-side 604 PMU test on the 40p with a %s%s"
                    % (cpu, " under -icount" if icount else ""), lines, missing)


def main():
    return qemu_side.main("QEMU-side 604 PMU test", bc.launch.COUNTING_QEMU_PPC,
                          TEST + "/pmu604.c", CC, build, check,
                          [(cpu, icount) for cpu in CPUS for icount in (False, True)])


if __name__ == "__main__":
    raise SystemExit(main())
