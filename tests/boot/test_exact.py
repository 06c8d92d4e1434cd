#!/usr/bin/env python3
"""Exactness where the TSC counts instructions (QEMU -icount, Bochs): every
payload with a fixed instruction count must measure exactly that many per
iteration, with zero spread, for unroll counts from 1 to 1000 and both ways
of removing the window's cost; two runs of the same image and options give
identical records; a faulting payload is reported and the suite goes on."""

import os
import re
import tempfile

import bootcheck as bc
from bblib import runner

STATS = ("min", "median", "mean", "max", "trimmed_mean")
# (cpu, boot options): CPUID serialization on the Pentium and on max (an AMD
# family 6 with SSE2, not in AMD's LFENCE table), LFENCE when asked for on max.
ICOUNT_RUNS = [("max", "bench=all unroll=%d" % u) for u in (1, 2, 17, 100, 1000)] + [
    ("max", "bench=all unroll=1 method=empty"),
    ("max", "bench=all unroll=1000 method=empty"),
    ("pentium", "bench=all unroll=50"),
    ("max", "bench=all unroll=64 serialize=lfence"),
]
BOCHS_RUNS = [("p2_klamath", "bench=all unroll=1"), ("core2_penryn_t9600", "bench=all unroll=1000")]
MIN_EXACT_PAYLOADS = 15


def check_exact(target, run):
    """Every fixed-count payload's result equals its count, all statistics."""
    expected = {r.fields["name"]: r.fields["expected"] for r in run.of_type("bench")}
    exact, wrong = [], []
    for r in run.of_type("result"):
        want = expected.get(r.fields["bench"], "-")
        if want == "-":
            continue
        got = [r.fields[s] for s in STATS]
        (exact if got == ["%s.00" % want] * len(STATS) else wrong).append(
            "%s=%s (want %s)" % (r.fields["bench"], "/".join(got), want))
    bc.report(not wrong and len(exact) >= MIN_EXACT_PAYLOADS,
              "%s: %d payloads measure exactly their instruction count, spread 0%s"
              % (target, len(exact), "; wrong: " + ", ".join(wrong) if wrong else ""))
    return run


def icount(item):
    cpu, options = item
    boot = bc.qemu(cpu, options, icount=True)
    bc.report(boot.passed, "qemu -icount %s '%s' ends with PASS" % (cpu, options))
    run = bc.records(boot)
    if run:
        check_exact("qemu -icount %s '%s'" % (cpu, options), run)
    return boot


def bochs(item):
    model, options = item
    with tempfile.TemporaryDirectory(prefix="bb-exact-") as work:
        iso = runner.iso_with_options(bc.KERNEL, os.path.join(bc.ROOT, "iso", "grub.cfg"),
                                      options, work)
        boot = bc.launch.boot_bochs(iso, model, timeout=180)
    bc.report(boot.passed, "bochs %s '%s' ends with PASS" % (model, options))
    run = bc.records(boot)
    if run:
        check_exact("bochs %s '%s'" % (model, options), run)


def check_repeatable():
    first, second = bc.in_parallel(lambda _: bc.qemu("pentium3", "bench=all", icount=True), [0, 1])
    lines = [[l for l in b.serial.splitlines() if l.startswith("@BB,")] for b in (first, second)]
    bc.report(lines[0] and lines[0] == lines[1],
              "two -icount runs of the same image and options give identical records (%d)"
              % len(lines[0]))


def check_payload_faults():
    boot = bc.qemu("pentium3", "bench=fault_*+nop", icount=True)
    for name, mnemonic in (("fault_de", "#DE"), ("fault_gp", "#GP"), ("fault_pf", "#PF"),
                           ("fault_ud", "#UD")):
        bc.report(re.search(r"FAULT: %s raised %s \(vector \d+" % (name, mnemonic), boot.serial),
                  "payload %s is reported with its name and %s" % (name, mnemonic))
    run = bc.records(boot)
    if run:
        faults = {r.fields["bench"]: r.fields["mnemonic"] for r in run.of_type("fault")}
        bc.report(len(faults) == 4, "four fault records (%s)" % faults)
        bc.report([r.fields["bench"] for r in run.of_type("result")] == ["nop"],
                  "the suite goes on after the faults: nop is measured")
    bc.report(boot.passed, "a run with faulting payloads still ends with PASS")


def check_table():
    """Each row of the human table has a value under every column its header
    names, and its spread is max - min (without -icount, where they differ)."""
    boot = bc.qemu("max", "bench=add_latency+div_latency+chase_l1")
    header = re.search(r"^ +(\S+) +min +max +mean +trimmed +spread +event", boot.serial, re.M)
    rows = re.findall(r"^ +(-?\d+\.\d\d) +(-?\d+\.\d\d) +(-?\d+\.\d\d) +(-?\d+\.\d\d)"
                      r" +(-?\d+\.\d\d) +(-?\d+\.\d\d)  \S", boot.serial, re.M)
    run = bc.records(boot)
    results = run.of_type("result") if run else []

    def cents(text):
        return round(float(text) * 100)
    bc.report(header is not None and len(rows) == len(results) == 3 and
              all(cents(r[5]) == cents(r[2]) - cents(r[1]) for r in rows),
              "every table row has its six values, spread = max - min (%s)" % rows)


def check_selection():
    boot = bc.qemu("pentium", "bench=nop+nosuch*+add_lat*", icount=True)
    bc.report("bench: 'nosuch*' matches no benchmark" in boot.serial,
              "an unknown benchmark name is named")
    run = bc.records(boot)
    if run:
        bc.report([r.fields["name"] for r in run.of_type("bench")] == ["nop", "add_latency"],
                  "names and globs select exactly nop and add_latency")
    boot = bc.qemu("pentium", "bench=list", icount=True)
    bc.report(re.search(r"^  \* nop +1 +0  one NOP", boot.serial, re.M) is not None and
              re.search(r"^  \* branch_random +13 +2  ", boot.serial, re.M) is not None and
              re.search(r"^  \* gate_hello +- +-  ", boot.serial, re.M) is not None,
              "bench=list prints the library with instruction and branch counts")
    listed = re.findall(r"^  [* t] (\S+) ", boot.serial, re.M)
    run = bc.records(boot)
    bc.report(run is not None and listed and
              [r.fields["name"] for r in run.of_type("bench")] == listed and
              not run.of_type("result"),
              "bench=list is a sound log: a bench record per payload listed (%d), no results"
              % len(listed))


def main():
    bc.in_parallel(icount, ICOUNT_RUNS)
    bc.in_parallel(bochs, BOCHS_RUNS)
    check_repeatable()
    check_payload_faults()
    check_selection()
    check_table()
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
