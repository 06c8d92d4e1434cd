#!/usr/bin/env python3
"""What the kernel programs into the PMU equals what pmu-encode prints for
the same event spec. Bochs makes the PMU MSRs plain storage with a `msrs=`
file, so the `pmudump` option can read back each register written. The
counters still do not count there: the kernel must say so and fall back to
the TSC."""

import os
import re
import subprocess
import tempfile

import bootcheck as bc
from bblib import runner

ENCODE = os.path.join(bc.BUILD, "host", "pmu-encode")
# Bochs model, backend the kernel must pick, pmu-encode arguments, event spec.
CASES = [
    ("pentium_mmx", "p5mmx", ["--pmu", "p5mmx"], "DATA_READ,DATA_WRITE:u"),
    ("p2_klamath", "p6", ["--pmu", "pii"], "INST_RETIRED:u,CPU_CLK_UNHALTED"),
    ("core2_penryn_t9600", "arch", ["--pmu", "arch", "--version", "2", "--gp", "2", "--fixed", "3"],
     "INSTRUCTION_RETIRED,UNHALTED_CORE_CYCLES:k,LLC_MISSES"),
    ("tigerlake", "arch", ["--pmu", "arch", "--version", "5", "--gp", "8", "--fixed", "4"],
     "INSTRUCTION_RETIRED:u,BRANCH_INSTRUCTIONS_RETIRED,MISPREDICTED_BRANCH_RETIRED"),
    ("p4_willamette", "p4", ["--pmu", "p4"], "instr_retired:nbogusntag,global_power_events:running"),
    ("p4_prescott_celeron_336", "p4", ["--pmu", "p4-prescott"],
     "instr_retired:nbogusntag,global_power_events:running"),
]
WRITE = re.compile(r"^wrmsr (0x[0-9a-f]+) (0x[0-9a-f]+)", re.M)
DUMP = re.compile(r"^pmudump: pass 0 wrmsr (0x[0-9a-f]+) (0x[0-9a-f]+) .*read back (FAULT )?"
                  r"(0x[0-9a-f]+)", re.M)


def msrs_file(path, addresses):
    """Bochs msrs= format: address, type, reset hi/lo, reserved hi/lo, ignored hi/lo."""
    with open(path, "w") as f:
        for a in sorted(addresses):
            f.write("0x%x 0 00000000 00000000 00000000 00000000 00000000 00000000\n" % a)


def check(case):
    model, backend, args, spec = case
    enc = subprocess.run([ENCODE] + args + ["-e", spec], capture_output=True, text=True)
    if not bc.report(enc.returncode == 0, "pmu-encode %s -e %s (%s)"
                     % (" ".join(args), spec, enc.stderr.strip())):
        return
    expected = [(int(a, 16), int(v, 16)) for a, v in WRITE.findall(enc.stdout)]
    with tempfile.TemporaryDirectory(prefix="bb-msrs-") as work:
        msrs = os.path.join(work, "msrs.def")
        msrs_file(msrs, {a for a, _ in expected})
        iso = runner.iso_with_options(bc.KERNEL, os.path.join(bc.ROOT, "iso", "grub.cfg"),
                                      "pmudump events=%s bench=nop" % spec, work)
        boot = bc.launch.boot_bochs(iso, model, msrs=msrs, timeout=120)
    dumped = DUMP.findall(boot.serial)
    programmed = [(int(a, 16), int(v, 16)) for a, v, _, _ in dumped]
    name = "bochs %s events=%s" % (model, spec)
    bc.report("pmu: backend %s" % backend in boot.serial, "%s: backend %s chosen" % (name, backend))
    bc.report(expected and programmed == expected,
              "%s: the kernel's %d register writes equal pmu-encode's %d"
              % (name, len(programmed), len(expected)))
    final = dict(programmed)  # the last value written to each register
    bc.report(dumped and all(not fault and int(back, 16) == final[int(a, 16)]
                             for a, _, fault, back in dumped),
              "%s: every register reads back the last value written to it" % name)
    bc.report("do not count on this machine" in boot.serial and "backend tsc" not in boot.serial,
              "%s: the counters do not count: the kernel says so and falls back to the TSC" % name)
    bc.report(boot.passed, "%s: ends with PASS (%s)" % (name, "; ".join(boot.problems) or "ok"))


def main():
    bc.in_parallel(check, CASES)
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
