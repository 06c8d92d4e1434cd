#!/usr/bin/env python3
"""What the kernel programs into the PMU equals what pmu-encode prints for
the same event spec (the Pentium 4 has its own test, test_p4_bochs.py).
Bochs makes the PMU MSRs plain storage with a `msrs=` file, so the `pmudump`
option reads back each register written. The counters still do not count
there: the kernel must say so and fall back to the TSC."""

import os
import tempfile

import bootcheck as bc
import msrdump
from bblib import runner

# Bochs model, backend the kernel must pick, pmu-encode arguments, event spec.
CASES = [
    ("pentium_mmx", "p5mmx", ["--pmu", "p5mmx"], "DATA_READ,DATA_WRITE:u"),
    ("p2_klamath", "p6", ["--pmu", "pii"], "INST_RETIRED:u,CPU_CLK_UNHALTED"),
    ("core2_penryn_t9600", "arch", ["--pmu", "arch", "--version", "2", "--gp", "2", "--fixed", "3"],
     "INSTRUCTION_RETIRED,UNHALTED_CORE_CYCLES:k,LLC_MISSES,LLC_REFERENCES,BRANCH_INSTRUCTIONS_RETIRED"),
    ("tigerlake", "arch", ["--pmu", "arch", "--version", "5", "--gp", "8", "--fixed", "4"],
     "INSTRUCTION_RETIRED:u,BRANCH_INSTRUCTIONS_RETIRED,MISPREDICTED_BRANCH_RETIRED"),
]


def check(case):
    model, backend, args, spec = case
    name = "bochs %s events=%s" % (model, spec)
    try:
        expected = msrdump.encode(args, spec)
    except Exception as e:  # the tool's own message says what is wrong
        bc.report(False, "pmu-encode %s -e %s: %s" % (" ".join(args), spec, e))
        return
    with tempfile.TemporaryDirectory(prefix="bb-msrs-") as work:
        msrs = os.path.join(work, "msrs.def")
        msrdump.msrs_file(msrs, {msr for _, msr, _ in expected})
        iso = runner.iso_with_options(bc.KERNEL, os.path.join(bc.ROOT, "iso", "grub.cfg"),
                                      "pmudump events=%s bench=nop" % spec, work)
        boot = bc.launch.boot_bochs(iso, model, msrs=msrs, timeout=120)
    rows = msrdump.dumped(boot.serial)
    programmed = [(p, msr, value) for p, msr, value, _ in rows]
    passes = len({p for p, _, _ in expected})
    bc.report("pmu: backend %s" % backend in boot.serial, "%s: backend %s chosen" % (name, backend))
    bc.report(expected and programmed == expected,
              "%s: the kernel's %d register writes (%d pass(es)) equal pmu-encode's %d"
              % (name, len(programmed), passes, len(expected)))
    bad = msrdump.unread(rows)
    bc.report(rows and not bad,
              "%s: every register reads back the last value written to it%s"
              % (name, " (%s)" % bad if bad else ""))
    bc.report("do not count on this machine" in boot.serial,
              "%s: the counters do not count: the kernel says so and falls back to the TSC" % name)
    bc.report(boot.passed, "%s: ends with PASS (%s)" % (name, "; ".join(boot.problems) or "ok"))


def check_refused_writes():
    """Without msrs= storage Bochs raises #GP on the first PMU write: the
    dump says programming faulted instead of passing the read-backs off as
    what was programmed, and the run goes on."""
    with tempfile.TemporaryDirectory(prefix="bb-msrs-") as work:
        iso = runner.iso_with_options(bc.KERNEL, os.path.join(bc.ROOT, "iso", "grub.cfg"),
                                      "pmudump bench=nop", work)
        boot = bc.launch.boot_bochs(iso, "p2_klamath", timeout=120)
    bc.report("pmudump: pass 0: a register write faulted while programming" in boot.serial,
              "bochs p2_klamath, no msrs=: pmudump says the programming faulted")
    bc.report(boot.passed, "... and the run goes on to PASS (%s)"
              % ("; ".join(boot.problems) or "ok"))


def main():
    if not bc.report(os.path.exists(msrdump.ENCODE), "pmu-encode is built (%s)" % msrdump.ENCODE):
        return bc.summary()
    bc.in_parallel(check, CASES)
    check_refused_writes()
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
