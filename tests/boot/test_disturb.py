#!/usr/bin/env python3
"""What disturbed each repetition (app/x86/disturb.c): the smi_once payload
writes the APM control port once, which under QEMU's PIIX4 with SeaBIOS
raises a real SMI. On a CPU with MSR_SMI_COUNT (Skylake-Client; stock QEMU
and the counting one, with -icount, whose model adds APERF and MPERF at a
constant ratio: no clock change is claimed) that repetition is seen, measured again
and said (a `disturbed` record: 1 redone, 0 kept, "smi 1"), and the nop
beside it is not touched. A Pentium III has no MSR_SMI_COUNT: the kernel
reads only the IRR there, and says so in its `disturbances` condition."""

import bootcheck as bc

OPTIONS = "bench=smi_once+nop reps=5 warmup=0"


def disturbed(run):
    return {(r.fields["bench"], r.fields["pass"]): r.fields for r in run.of_type("disturbed")}


def condition(run):
    return next((r.fields for r in run.of_type("cond") if r.fields["key"] == "disturbances"), {})


def check(case):
    cpu, counting, reads, seen = case
    b = bc.qemu(cpu, OPTIONS, counting=counting, icount=counting, timeout=120)
    run = bc.records(b)
    if not run:
        return
    bc.report(condition(run).get("value") == reads and b.passed,
              "%s: reads %s around each repetition (%s), and the run ends with PASS"
              % (b.target, reads, condition(run).get("value")))
    got = disturbed(run)
    want = {("smi_once", "0"): {"bench": "smi_once", "pass": "0", "redone": "1", "kept": "0",
                                "why": "smi 1"}} if seen else {}
    bc.report(got == want, "%s: %s (%s)" % (
        b.target, "the repetition with the SMI is measured again, nop is untouched" if seen
        else "no SMI can be seen, none is claimed", got))


def main():
    cases = [("Skylake-Client", False, "smi+irr", True), ("pentium3", False, "irr", False)]
    if bc.report(not bc.launch.counting_problem(), "the counting QEMU is built (make emu)"):
        # The counting QEMU's model has APERF and MPERF, at one ratio (emu/README.md)
        cases.append(("Skylake-Client", True, "smi+aperf_mperf+irr", True))
    bc.in_parallel(check, cases)
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
