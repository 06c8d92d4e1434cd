#!/usr/bin/env python3
"""Results a known erratum makes suspect carry its mark (an `erratum` record
after the result). Under the counting QEMU, -cpu Snowridge is family 6
model 0x86, an E-core whose instructions and branches retired overcount on
far transfers and IRET (erratum SRF7, pmu/x86/arch.c): the boot's PMU
inventory names the erratum, and a ring-3 window, which passes the monitor
gate, marks its instructions and branches but not its cycles; a ring-0
window marks nothing."""

import bootcheck as bc

EVENTS = "instructions,branches,cycles"


def check(ring):
    b = bc.qemu("Snowridge", "bench=nop reps=3 ring=%s events=%s" % (ring, EVENTS), icount=True,
                counting=True, timeout=120)
    run = bc.records(b)
    if not run:
        return
    marked = {r.fields["event"]: r.fields["name"] for r in run.of_type("erratum")}
    measured = [r.fields["event"] for r in run.of_type("result")]
    want = set(measured[:2]) if ring == "3" else set()
    bc.report(len(measured) == 3 and set(marked) == want and
              all("SRF7" in name for name in marked.values()),
              "Snowridge ring=%s: %s marked by erratum SRF7 (%s of %s)"
              % (ring, "instructions and branches" if want else "nothing", sorted(marked),
                 measured))
    bc.report("pmu: arch (tmt): E-core erratum SRF7 (Jacobsville/Snowridge)" in b.serial and b.passed,
              "Snowridge ring=%s: the PMU inventory names the erratum and its source, and the "
              "run ends with PASS" % ring)


def main():
    if not bc.report(not bc.launch.counting_problem(), "the counting QEMU is built (make emu)"):
        return bc.summary()
    bc.in_parallel(check, ["3", "0"])
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
