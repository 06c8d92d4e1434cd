#!/usr/bin/env python3
"""The PowerPC kernel (make ARCH=ppc) under stock qemu-system-ppc: it boots
on the 40p (its own firmware), the beige G3 and the mac99 (OpenBIOS) with a
604e, and on the 40p with a 604 (two counters); the records are intact and
the exit status is the run's status; the PMCs are storage only, so the
kernel says so, measures with the time base, and says it cannot check
the performance-monitor interrupt; under -icount the time base
advances once per 10 instructions on the 40p and the mac99
(docs/emulators.md), so every fixed-count payload measures exactly a tenth
of its instructions per iteration; exceptions in payloads are reported by
name and the suite goes on; one in the kernel prints the registers and
ends with FAIL."""

import os
import shutil
import sys

from bootcheck import ROOT, in_parallel, report, skip, summary

sys.path.insert(0, os.path.join(ROOT, "tools"))
from bblib import launch, ppc, records  # noqa: E402

KERNEL = os.path.join(ROOT, "build", "ppc", "barebench.elf")
TB_PER_INSN_X100 = 10  # the time base's ticks per 100 instructions under -icount (40p, mac99)


def boot(machine, cpu="604e", append="", icount=False):
    return ppc.boot(KERNEL, machine, cpu, append, icount, timeout=50)


def runs_of(b, what):
    try:
        runs = records.check_log(b.serial, what)
    except records.LogError as e:
        lines = [l for l in b.serial.splitlines() if l.strip()]
        report(False, "%s: records intact (%s; %s; the console's last line: %r)"
               % (what, e.problems[0], "timed out" if b.timed_out else "exit status %s" % b.exit_code,
                  lines[-1] if lines else ""))
        return None
    report(len(runs) == 1, "%s: records intact, one run" % what)
    return runs[0] if runs else None


def check_machines():
    combos = [("40p", "604e"), ("g3beige", "604e"), ("mac99", "604e"), ("40p", "604")]
    boots = in_parallel(lambda c: boot(c[0], c[1], "bench=nop+add_latency+chase_l1"), combos)
    for (machine, cpu), b in zip(combos, boots):
        what = "%s -cpu %s" % (machine, cpu)
        report(b.passed and b.exit_code == 0,
               "%s: boots, ends with status PASS and exit status 0 (%.2f s)" % (what, b.seconds))
        run = runs_of(b, what)
        if not run:
            continue
        backend = "ppc604e" if cpu == "604e" else "ppc604"
        report(run.boot["pmu"] == backend and run.boot["family"] == ("9" if cpu == "604e" else "4"),
               "%s: the PVR picks the %s backend (boot record: %s, family %s)"
               % (what, backend, run.boot["pmu"], run.boot["family"]))
        report("do not count on this machine" in b.serial and run.boot["counting"] == "0"
               and all(r.fields["counter"] == "TB" for r in run.of_type("result")),
               "%s: the PMCs are storage only: said, and every result is time base ticks" % what)
        report("performance-monitor interrupt (vector 0xf00): cannot check it" in b.serial,
               "%s: the kernel says it cannot check the performance-monitor interrupt" % what)
        # The Macs' host bridge is the one Open Firmware's device tree names.
        named = {"40p": "PReP, serial COM1", "g3beige": "Power Mac (Grackle), serial SCC",
                 "mac99": "Power Mac (UniNorth), serial SCC"}[machine]
        report(named in b.serial, "%s: the banner names the machine and its console (%s)"
               % (what, named))


def check_exact():
    """The time base ticks once per 10 instructions under -icount, so a
    window's reading depends on where in a tick it starts. With watchdog=0
    the starts of the repetitions fall at different places in the tick and
    the median is exact. The watchdog's few instructions between windows make
    every repetition start at the same place, and then every one can be a
    tick off (nop: 0.09 in all 11)."""
    machines = ["40p", "mac99"]
    boots = in_parallel(lambda m: boot(m, append="bench=all watchdog=0", icount=True), machines)
    for machine, b in zip(machines, boots):
        run = runs_of(b, "%s -icount" % machine)
        if not run:
            continue
        expected = {r.fields["name"]: r.fields["expected"] for r in run.of_type("bench")}
        fixed = [r for r in run.of_type("result") if expected.get(r.fields["bench"], "-") != "-"]
        wrong = ["%s %s (expected %s instructions)" % (r.fields["bench"], r.fields["median"],
                                                       expected[r.fields["bench"]])
                 for r in fixed
                 if round(float(r.fields["median"]) * 100) !=
                 int(expected[r.fields["bench"]]) * TB_PER_INSN_X100]
        report(len(fixed) >= 15 and not wrong,
               "%s -icount: every fixed-count payload (%d) measures a tenth of its instructions "
               "in time base ticks%s" % (machine, len(fixed), ": " + ", ".join(wrong[:4]) if wrong else ""))


def check_faults():
    b = boot("40p", append="bench=fault_program+nop+fault_alignment+fault_dsi+add_latency")
    run = runs_of(b, "faulting payloads")
    if run:
        faults = {r.fields["bench"]: r.fields for r in run.of_type("fault")}
        report(faults.get("fault_program", {}).get("mnemonic") == "program"
               and faults.get("fault_program", {}).get("vector") == str(0x700),
               "a payload's illegal instruction is reported as a program exception (0x700)")
        report(faults.get("fault_alignment", {}).get("mnemonic") == "alignment",
               "a payload's lwarx at an odd address is reported as an alignment exception")
        report(faults.get("fault_dsi", {}).get("mnemonic") == "DSI"
               and faults.get("fault_dsi", {}).get("error_code") == "0x40000000",
               "a payload's load from an unmapped address is reported as a DSI with DSISR "
               "'no translation' (0x40000000): %s" % faults.get("fault_dsi"))
        ran = {r.fields["bench"] for r in run.of_type("result")}
        report({"nop", "add_latency"} <= ran and b.passed,
               "the suite goes on after each and ends with PASS")
    for machine in ("40p", "mac99"):
        b = boot(machine, append="fault=ud")
        report("*** program exception (vector 0x700)" in b.serial and " r31 " in b.serial
               and b.final_line == launch.FINAL_FAIL and b.exit_code == 1,
               "%s: an exception in the kernel prints the registers, ends with FAIL and exit "
               "status 1" % machine)


def check_options():
    b = boot("mac99", append="bench=nop reps=5 nosuchoption cpu=1")
    run = runs_of(b, "boot options")
    if run:
        results = run.of_type("result")
        errors = [(r.fields["where"], r.fields["message"]) for r in run.of_type("error")]
        report(run.boot["cmdline"] == "bench=nop reps=5 nosuchoption cpu=1" and
               len(results) == 1 and results[0].fields["reps"] == "5" and
               "nosuchoption" in b.serial,
               "boot options reach the kernel (bench=, reps=; a bad word is named) and run")
        report([w for w, _ in errors] == ["options", "options"] and
               errors[0][1].startswith("option 'nosuchoption': unknown option") and
               errors[1][1].startswith("cpu=1: only a hosted run pins to a CPU"),
               "a bad word and an option PowerPC does not have are error records (%s)" % errors)
        unknown = [k for k in records.PROVENANCE if run.boot[k] != "-"]
        sources = {r.fields["key"]: r.fields for r in run.of_type("cond")
                   if r.fields["key"] in records.PROVENANCE_SOURCES}
        report(not unknown and sorted(sources) == sorted(records.PROVENANCE_SOURCES) and
               all(c["value"] == "-" for c in sources.values()) and
               "no microcode revision register" in sources["microcode_source"]["detail"],
               "the boot record's provenance is '-', and its sources say why (%s %s)"
               % (unknown, sources.get("microcode_source")))
        disturb = [r.fields for r in run.of_type("cond") if r.fields["key"] == "disturbances"]
        report(len(disturb) == 1 and disturb[0]["value"] == "-" and
               "no SMM" in disturb[0]["detail"],
               "nothing is read around a repetition, and the disturbances condition says why (%s)"
               % disturb)


def check_media():
    """The boot media (barebench media) through QEMU's firmware, OpenBIOS.
    A CHRP CD: OpenBIOS finds the boot-info file by its type in the
    blessed folder, runs its boot-script, and the kernel takes the options
    from Open Firmware's bootargs. The XCOFF on the same CD, booted by name
    as an Old World Mac's Open Firmware would boot it, and a PReP boot disk
    on the 40p's SCSI bus, which OpenBIOS loads wherever it likes and whose
    entry copies the kernel to its link address, carry the options in their
    image. The PReP disk's kernel takes the RAM from the residual data
    OpenBIOS passes it (128 MiB, QEMU's default for the 40p here)."""
    options = "bench=nop+add_latency reps=3"
    cases = [("g3beige", "chrp"), ("mac99", "chrp"), ("g3beige", "xcoff"), ("mac99", "xcoff"),
             ("40p", "prep")]
    tried = {"chrp": "Trying cd:,\\\\:tbxi", "xcoff": "Trying cd:,\\ppc\\barebench.xcoff",
             "prep": "Trying hd:,"}
    what = {"chrp": "CHRP CD", "xcoff": "XCOFF from the CD", "prep": "PReP boot disk"}
    boots = in_parallel(lambda c: ppc.boot(KERNEL, c[0], append=options, timeout=90,
                                           medium=c[1]), cases)
    for (machine, medium), b in zip(cases, boots):
        run = runs_of(b, "%s from the CD's %s" % (machine, medium))
        if not run:
            continue
        ran = sorted({r.fields["bench"] for r in run.of_type("result")})
        report(tried[medium] in b.serial and run.boot["cmdline"] == options and
               ran == ["add_latency", "nop"] and b.passed,
               "%s: OpenBIOS boots the %s, the options arrive (%s) and the run ends with PASS"
               % (machine, what[medium], run.boot["cmdline"]))
        if medium == "prep":
            said = "memory: 128 MiB of RAM from 0 (PReP residual data: GoodMemory)"
            report(said in b.serial, "40p: the PReP boot disk's kernel: %s" % said)
    # Bootargs longer than the kernel reads: cut at a word, and said.
    words = "bench=nop reps=3 " + " ".join(["warmup=1"] * 40)
    b = ppc.boot(KERNEL, "mac99", append=words, timeout=90, medium="chrp")
    run = runs_of(b, "mac99 with long bootargs")
    if run:
        said = [r.fields["message"] for r in run.of_type("error") if r.fields["where"] == "cmdline"]
        kept = run.boot["cmdline"]
        report(len(said) == 1 and said[0].startswith("Open Firmware's bootargs hold %d bytes"
                                                     % (len(words) + 1)) and
               words.startswith(kept + " ") and len(kept) < 256 and b.passed,
               "mac99: bootargs beyond 255 bytes are cut at a word, with an error record (%s)"
               % said)


# RAM per machine: QEMU's 40p takes at most 192 MiB ("RAM size
# incompatible with this board"), the Macs more than the kernel maps (256).
# The 40p's PReP disk (RAM from OpenBIOS's residual data) at 96 MiB:
# OpenBIOS does not load the disk with -m 64 ("Not a bootable ELF image").
MEMORY = [("40p", 64), ("40p", 192), ("40p prep", 96), ("40p prep", 192), ("g3beige", 64),
          ("g3beige", 256), ("mac99", 64), ("mac99", 256)]


def check_memory():
    """The RAM comes from Open Firmware on the Macs, from the residual data
    on the 40p's PReP disk (OpenBIOS is its firmware) and from a probe on
    the 40p booted from its ROM (the kernel: no firmware says): the arena
    ends at the RAM's end, so a working set that fits runs and one that
    does not is skipped, not run on memory that is not there."""
    def one(case):
        machine, mib = case
        wss = (mib - 24) * 1024 if mib == 64 else 4096
        return ppc.boot(KERNEL, machine.split()[0], append="bench=chase wss=%d reps=3 unroll=10"
                        % wss, memory=mib, timeout=90,
                        medium="prep" if machine.endswith(" prep") else None)
    how = {"40p": "probed by MiB: no firmware says", "40p prep": "PReP residual data: GoodMemory",
           "g3beige": "Open Firmware: /memory's reg", "mac99": "Open Firmware: /memory's reg"}
    for (machine, mib), b in zip(MEMORY, in_parallel(one, MEMORY)):
        run = runs_of(b, "%s -m %d" % (machine, mib))
        if not run:
            continue
        said = "memory: %d MiB of RAM from 0 (%s)" % (mib, how[machine])
        ran = [r.fields["bench"] for r in run.of_type("result")]
        report(said in b.serial and ran == ["chase"] and b.passed,
               "%s -m %d: %s, and chase runs over %s" % (machine, mib, said,
                                                          "40 MiB" if mib == 64 else "4 MiB"))
    b = ppc.boot(KERNEL, "mac99", append="bench=chase wss=49152 reps=3", memory=64, timeout=90)
    run = runs_of(b, "mac99 -m 64 wss=49152")
    if run:
        skipped = [(r.fields["bench"], r.fields["reason"]) for r in run.of_type("skip")]
        report(skipped == [("chase", "not enough memory for the working set")] and b.passed,
               "mac99 -m 64: a 48 MiB working set does not fit and is skipped (%s)" % skipped)


# What QEMU's 16550 says (-trace serial_update_parameters) once the kernel
# has programmed it for serial=9600.
SERIAL_9600 = "serial_update_parameters baudrate=9600 parity='N' data=8 stop=1"


def check_watchdog():
    """The decrementer as the watchdog: a runaway payload (b .) is stopped
    after the timeout, reported as a decrementer exception, and the suite
    goes on. The decrementer runs at the time base's rate, which the
    firmware says: the Macs' Open Firmware (the g3beige's 16.6 MHz, the
    mac99's 100 MHz), the residual data of the 40p's PReP disk (OpenBIOS:
    a 100 MHz bus, divisor 1000); on the 40p booted from its ROM no firmware
    does, and the kernel says it assumes QEMU's 100 MHz."""
    rates = {"40p": "50000000 ticks at 100000000 Hz (QEMU's, assumed: the firmware passed no "
                    "residual data)",
             "40p prep": "50000000 ticks at 100000000 Hz (PReP residual data: ProcessorBusHz x "
                         "1000 / TimeBaseDivisor)",
             "g3beige": "8300000 ticks at 16600000 Hz (Open Firmware's timebase-frequency)",
             "mac99": "50000000 ticks at 100000000 Hz (Open Firmware's timebase-frequency)"}
    machines = sorted(rates)

    def one(machine):
        return ppc.boot(KERNEL, machine.split()[0], append="bench=runaway+nop watchdog=500",
                        timeout=90, medium="prep" if machine.endswith(" prep") else None)
    for machine, b in zip(machines, in_parallel(one, machines)):
        run = runs_of(b, "%s watchdog=500" % machine)
        if not run:
            continue
        faults = [(r.fields["bench"], r.fields["mnemonic"], r.fields["vector"])
                  for r in run.of_type("fault")]
        ran = sorted({r.fields["bench"] for r in run.of_type("result")})
        report("watchdog: a window is stopped 500 ms after it starts: the decrementer, %s"
               % rates[machine] in b.serial and
               "WATCHDOG: the window ran for over 500 ms without ending" in b.serial and
               faults == [("runaway", "decrementer", str(0x900))] and ran == ["nop"] and b.passed,
               "%s: the decrementer stops the runaway payload (%s), the suite goes on and ends "
               "with PASS (%.1f s)" % (machine, faults, b.seconds))
    b = boot("40p", append="bench=nop watchdog=0")
    report("watchdog: off (watchdog=0)" in b.serial and b.passed,
           "40p: watchdog=0 turns the watchdog off and says so")


def check_problem_state():
    """ring=3 without counting PMCs: the windows run in problem state and
    read the time base with mftb, which problem state may; a privileged
    instruction there is a program exception with SRR1's privileged bit
    (0x40000), and the decrementer still stops a runaway window."""
    machines = ["40p", "mac99"]
    opts = "ring=3 bench=nop+priv_mfmsr+runaway+add_throughput watchdog=300"
    for machine, b in zip(machines, in_parallel(lambda m: boot(m, append=opts), machines)):
        run = runs_of(b, "%s %s" % (machine, opts))
        if not run:
            continue
        faults = [(r.fields["bench"], r.fields["mnemonic"], r.fields["error_code"])
                  for r in run.of_type("fault")]
        ran = sorted({r.fields["bench"] for r in run.of_type("result")})
        report("they read the time base with mftb" in b.serial and ran == ["add_throughput", "nop"]
               and faults == [("priv_mfmsr", "program", "0x40000"),
                              ("runaway", "decrementer", "0x0")] and b.passed,
               "%s ring=3: windows in problem state read the time base; mfmsr there is a "
               "privileged-instruction program exception, the watchdog stops b . (%s)"
               % (machine, faults))


def check_serial_speed():
    """serial= sets the PReP COM1's speed before the first line; a Mac's
    SCC keeps the speed its firmware set, and the run says so."""
    b = ppc.boot(KERNEL, "40p", append="bench=nop reps=3 serial=9600", timeout=50,
                 extra=["-trace", "serial_update_parameters"])
    run = runs_of(b, "40p serial=9600")
    if run:
        report(SERIAL_9600 in b.stderr and "serial COM1 9600 8N1)" in b.serial and
               not run.of_type("error") and b.passed,
               "40p: serial=9600: QEMU's 16550 runs at 9600 baud 8N1, and the banner says so")
    b = boot("mac99", append="bench=nop reps=3 serial=9600")
    run = runs_of(b, "mac99 serial=9600")
    if run:
        said = [r.fields["message"] for r in run.of_type("error")]
        report(said == ["serial=9600: the Mac's SCC keeps the speed its firmware set; not "
                        "changed"] and b.passed,
               "mac99: serial=9600 is an error record, the SCC left as it was (%s)" % said)


def main():
    if not os.path.exists(KERNEL):
        skip("no %s (make ARCH=ppc)" % os.path.relpath(KERNEL, ROOT))
        return 0
    if not shutil.which("qemu-system-ppc"):
        skip("no qemu-system-ppc (make deps)")
        return 0
    check_machines()
    check_exact()
    check_faults()
    check_options()
    check_watchdog()
    check_problem_state()
    check_serial_speed()
    check_memory()
    check_media()
    return summary()


if __name__ == "__main__":
    sys.exit(main())
