#!/usr/bin/env python3
"""The NetBurst backend on Bochs's two Pentium 4 models: the backend is chosen
from CPUID and prints its inventory; with an msrs= file that makes the P4 PMU
MSRs plain storage, every register the kernel programs (pmudump: written and
read back) equals what pmu-encode prints for the same events."""

import os
import re
import tempfile

import bootcheck as bc
import msrdump
from bblib import runner

# Two passes (three CRU_ESCR0/1 events), filters, a preset counter with a
# cascade follower, a replay metric (IA32_PEBS_ENABLE and the matrix).
EVENTS = ("cycles,instructions,uops:k,branch_retired:MMTP:thr=1:cmpl:e,"
          "uops_retired:NBOGUS:period=1000,instr_retired:NBOGUSTAG:cascade,"
          "replay_event:L1_LD_MISS")

# Bochs model -> (pmu-encode name, backend name, ESCR count, IQ_ESCR0/1 present).
MODELS = [
    ("p4_willamette", "p4", "p4", 45, True),
    ("p4_prescott_celeron_336", "p4-prescott", "p4-prescott", 43, False),
]

COUNTERS = list(range(0x300, 0x312))
CCCRS = list(range(0x360, 0x372))
# Every ESCR (0x3a0-0x3e1 minus the holes), IQ_ESCR0/1 only below model 3.
ESCRS = [a for a in range(0x3a0, 0x3e2)
         if a <= 0x3be or 0x3c0 <= a <= 0x3c5 or 0x3c8 <= a <= 0x3cd or a >= 0x3e0]
IQ_ESCRS = (0x3ba, 0x3bb)
PEBS = (0x3f1, 0x3f2)


def p4_msrs(iq_escrs):
    """The whole NetBurst register file of the model, as storage."""
    return [msr for msr in COUNTERS + CCCRS + ESCRS + list(PEBS)
            if iq_escrs or msr not in IQ_ESCRS]


def check(item):
    model, pmu, backend, n_escrs, iq = item
    with tempfile.TemporaryDirectory(prefix="bb-p4-") as work:
        msrs = os.path.join(work, "msrs.def")
        msrdump.msrs_file(msrs, p4_msrs(iq))
        iso = runner.iso_with_options(bc.KERNEL, os.path.join(bc.ROOT, "iso", "grub.cfg"),
                                      "pmudump bench=nop events=" + EVENTS, work)
        boot = bc.launch.boot_bochs(iso, model, msrs=msrs, timeout=240)
    serial = boot.serial
    bc.report(re.search(r"^pmu: backend %s\s*$" % re.escape(backend), serial, re.M),
              "bochs %s: the NetBurst backend is chosen (%s)" % (model, backend))
    bc.report(re.search(r"^pmu: %s: 18 counters 0-17 x 40 bits \(MSR 0x300-0x311\); control "
                        r"CCCR0-17 \(MSR 0x360-0x371\)" % re.escape(backend), serial, re.M) and
              re.search(r"^pmu: NetBurst PMU \(family 15 model \d+\): counters in 9 pairs, %d "
                        r"ESCRs" % n_escrs, serial, re.M),
              "bochs %s: inventory: 18 counters, 18 CCCRs, %d ESCRs" % (model, n_escrs))
    iq_line = re.search(r"^pmu:\s+IQ\s+counters 12-17, ESCRs:(.*)$", serial, re.M)
    bc.report(iq_line and (" IQ_ESCR0/1" in iq_line.group(1)) == iq,
              "bochs %s: IQ_ESCR0/1 listed %s" % (model, "(model below 3)" if iq else "no more"))
    rows = msrdump.dumped(serial)
    want = msrdump.encode(["--pmu", pmu], EVENTS)
    got = [(p, msr, value) for p, msr, value, _ in rows]
    bc.report(rows and got == want,
              "bochs %s: the %d programmed writes (2 passes) equal pmu-encode --pmu %s%s"
              % (model, len(rows), pmu, "" if got == want else ": got %s, want %s" % (got, want)))
    bad = msrdump.unread(rows)
    bc.report(rows and not bad,
              "bochs %s: every ESCR/CCCR/counter reads back what was written%s"
              % (model, " (%s)" % bad if bad else ""))
    bc.report(boot.passed, "bochs %s ends with the PASS line (%s)"
              % (model, "; ".join(boot.problems) or "ok"))


def main():
    if not os.path.exists(msrdump.ENCODE):
        bc.report(False, "build/host/pmu-encode exists (make host)")
        return bc.summary()
    bc.in_parallel(check, MODELS)
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
