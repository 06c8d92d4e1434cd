#!/usr/bin/env python3
"""Deliberate exceptions (the fault= option) and bad boot options: a fault
is reported with its vector, error code and registers and ends the run with
FAIL; a bad option is named and the run goes on with the default."""

import os
import re
import subprocess
import tempfile

import bootcheck as bc
from bblib import runner

# fault= value -> (mnemonic, vector)
FAULTS = [("ud", "#UD", 6), ("gp", "#GP", 13), ("de", "#DE", 0), ("pf", "#PF", 14),
          ("df", "#DF", 8)]


def check_fault(item):
    word, mnemonic, vector = item
    boot = bc.qemu("pentium3", "fault=" + word)
    line = "*** unexpected exception %s (vector %d)" % (mnemonic, vector)
    bc.report(line in boot.serial, "fault=%s is reported as '%s'" % (word, line))
    bc.report(re.search(r"eip=[0-9a-f]{8} .*\n.*eax=[0-9a-f]{8}", boot.serial) is not None,
              "fault=%s report shows EIP and the general registers" % word)
    if vector == 8:
        # The double fault runs on its own task: the broken stack cannot be dumped.
        bc.report("esp=00000800" in boot.serial and "cr2=000007fc" in boot.serial,
                  "fault=df report shows the broken stack pointer and the faulting address")
    else:
        bc.report(re.search(r"stack:\s+[0-9a-f]{8}", boot.serial) is not None,
                  "fault=%s report shows a stack dump" % word)
    if vector == 14:
        bc.report("cr2=00000000" in boot.serial, "fault=pf report shows CR2 = 0")
    bc.report(boot.final_line == bc.launch.FINAL_FAIL and boot.exit_code == bc.launch.QEMU_EXIT_FAIL,
              "fault=%s ends with the FAIL line and QEMU exit status 3 (got %d, %r)"
              % (word, boot.exit_code, boot.final_line))


def check_double_fault_in_bochs():
    """Bochs switches to the double-fault task too (its own TSS and stack)."""
    with tempfile.TemporaryDirectory(prefix="bb-df-") as work:
        iso = runner.iso_with_options(bc.KERNEL, os.path.join(bc.ROOT, "iso", "grub.cfg"),
                                      "fault=df", work)
        boot = bc.launch.boot_bochs(iso, "p3_katmai", timeout=120)
    bc.report("*** unexpected exception #DF (vector 8)" in boot.serial and
              boot.final_line == bc.launch.FINAL_FAIL,
              "bochs p3_katmai: fault=df is reported by the double-fault task, then FAIL")


def check_bad_options():
    boot = bc.qemu("pentium", "reps=abc frobnicate exit=maybe verbose=2 pmu=nosuch")
    bc.report("option 'reps=abc': expected a number from 1 to 1000" in boot.serial,
              "a malformed number is named with its accepted range")
    bc.report("option 'frobnicate': unknown option; known: help" in boot.serial,
              "an unknown option is named with the list of known ones")
    bc.report("option 'exit=maybe': expected one of auto|qemu|bochs|halt|reboot" in boot.serial,
              "a bad choice is named with the accepted values")
    bc.report("pmu: pmu=nosuch is not used: there is no such backend" in boot.serial and
              "pmu: backend p5mmx" in boot.serial,
              "an unknown pmu= backend is named as not used, and the CPU's own backend runs")
    bc.report(boot.passed, "the run goes on after bad options and ends with PASS (%s)"
              % ("; ".join(boot.problems) or "ok"))


def check_help():
    boot = bc.qemu("pentium", "help")
    bc.report(re.search(r"^  reps +.*\[11\] \(1\.\.1000\)", boot.serial, re.M) is not None,
              "help prints each option with its default and range")
    bc.report(boot.passed, "help goes on to a normal run")


def check_exit_halt():
    boot = bc.qemu("pentium", "exit=halt", timeout=5)
    bc.report(boot.timed_out and boot.final_line == bc.launch.FINAL_PASS,
              "exit=halt prints the PASS line and then halts instead of leaving QEMU")


def check_no_uart():
    """Without a UART the run goes on (on VGA alone) and still exits with PASS."""
    cmd = bc.launch.qemu_command(bc.KERNEL, "pentium3")
    cmd[cmd.index("-serial") + 1] = "none"
    proc = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, timeout=60)
    bc.report(proc.returncode == bc.launch.QEMU_EXIT_PASS,
              "with no serial port the run goes on and exits with the PASS status (%d)"
              % proc.returncode)


def main():
    bc.in_parallel(check_fault, FAULTS)
    check_bad_options()
    check_help()
    check_exit_halt()
    check_no_uart()
    check_double_fault_in_bochs()
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
