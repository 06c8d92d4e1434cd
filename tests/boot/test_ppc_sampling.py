#!/usr/bin/env python3
"""Sampling on the PowerPC 604/604e, under the counting qemu-system-ppc
(`make emu`) and -icount: PMC1 counts instructions completed from 2^31 -
PERIOD with MMCR0[PMXE] set, the model takes the performance-monitor
interrupt (vector 0xF00) right after the instruction that made it negative,
and the kernel's handler files SRR0 under the payload's body offset,
re-arms the counter and returns to the interrupted code. The windows run in
supervisor state, so the kernel between windows and the handler count too:
the least period is 1000, and a shorter one is raised with an error record.
On every machine, per payload:
- the histogram's total is floor(C / PERIOD), C being what the counter
  counted while the payload ran (its value at the end plus a period per
  re-arming), and its buckets add up to it;
- every body offset sampled is a multiple of 4, an instruction boundary;
- two boots give the same samples and histograms.
In problem state (ring=3) with `instructions:u` the counter counts exactly
the windows' instructions, as on x86 with ring=3 and `:u`.
With sampling on, a payload that faults is reported and the suite goes on
sampling the next, and the watchdog still stops a runaway one; under stock
QEMU, whose counters do not count, the
kernel says sampling is unavailable and prints no samples."""

import os
import re
import subprocess
import sys

from bootcheck import ROOT, counting_ppc_ready, in_parallel, records, report, summary, tail

sys.path.insert(0, os.path.join(ROOT, "tools"))
from bblib import ppc  # noqa: E402

KERNEL = os.path.join(ROOT, "build", "ppc", "barebench.elf")
PERIOD = 1009  # prime, and above the least period of a supervisor-state event
OPTS = "sample=instructions:%d bench=all" % PERIOD
MACHINES = [("40p", "604e"), ("g3beige", "604e"), ("mac99", "604e"), ("40p", "604")]


def boot(machine, cpu, append, counting=True):
    return ppc.boot(KERNEL, machine, cpu, append, icount=True, timeout=120, counting=counting)


def body_sizes():
    """{payload: bytes of its body} from the kernel's symbols
    (bench/ppc/payload.inc labels each body's start and end)."""
    out = subprocess.run(["powerpc-linux-gnu-nm", KERNEL], capture_output=True, text=True).stdout
    at = {(m.group(2), m.group(3)): int(m.group(1), 16)
          for m in re.finditer(r"^([0-9a-f]+) t (\w+)_body_(start|end)$", out, re.M)}
    return {name: at[(name, "end")] - at[(name, "start")]
            for name, side in at if side == "start" and (name, "end") in at}


def sampled(run):
    """{bench: (samples record fields, {where: count})}"""
    out = {r.fields["bench"]: (r.fields, {}) for r in run.of_type("samples")}
    for r in run.of_type("hist"):
        out[r.fields["bench"]][1][r.fields["where"]] = int(r.fields["count"])
    return out


def check_machine(item):
    machine, cpu = item
    what = "counting qemu %s -cpu %s %s" % (machine, cpu, OPTS)
    boots = [boot(machine, cpu, OPTS) for _ in range(2)]
    b = boots[0]
    said = "sample: INSTRUCTIONS_COMPLETED every %d events on PMC1, the performance-monitor " \
           "interrupt (vector 0xf00)" % PERIOD
    report(said in b.serial and all(x.passed for x in boots),
           "%s: samples through vector 0xf00 and ends with PASS (%s)"
           % (what, "; ".join(b.problems) or tail(b, 1)))
    runs = [records(x) for x in boots]
    if not all(runs):
        return
    got = sampled(runs[0])
    ran = {r.fields["name"] for r in runs[0].of_type("bench")}
    if not report(got and set(got) == ran,
                  "%s: a samples record for each of the %d payloads (%d)" % (what, len(ran), len(got))):
        return
    wrong = [p for p, (fields, hist) in got.items()
             if int(fields["samples"]) != int(fields["counted"]) // PERIOD or
             sum(hist.values()) != int(fields["samples"])]
    report(not wrong, "%s: samples = floor(counted / %d) per payload, and the histogram adds "
           "up%s" % (what, PERIOD, "; not: " + ", ".join(wrong) if wrong else ""))
    offsets = [(p, w) for p, (_, hist) in got.items() for w in hist if w.startswith("0x")]
    off = ["%s+%s" % (p, w) for p, w in offsets if int(w.rstrip("+"), 16) % 4]
    report(len(offsets) >= len(got) // 2 and not off,
           "%s: %d body offsets sampled, every one a multiple of 4%s"
           % (what, len(offsets), "; not: " + ", ".join(off) if off else ""))
    same = [(r.type, r.fields) for r in runs[0].records if r.type in ("samples", "hist")] == \
        [(r.type, r.fields) for r in runs[1].records if r.type in ("samples", "hist")]
    report(same, "%s: two boots give the same samples and histograms (%d samples)"
           % (what, sum(int(f["samples"]) for f, _ in got.values())))


def check_problem_state(item):
    """ring=3 and `instructions:u`: the counter counts the windows'
    problem-state instructions and nothing else (not the kernel, not the
    handler, not the gate), so a period under 1000 stands, and per payload
    C = 14 x (300 x body + E): warm-up 3 + reps 11 runs of a window of 100
    body copies and one of 200, E the problem-state instructions of a window
    outside its body, the same for every payload."""
    machine, cpu = item
    period, windows, copies = 997, 14, 300
    payloads = ("nop", "add_throughput", "branch_random", "store_forward", "fadd_latency")
    opts = "ring=3 sample=instructions:u:%d bench=%s" % (period, "+".join(payloads))
    what = "counting qemu %s -cpu %s %s" % (machine, cpu, "ring=3 sample=instructions:u:997")
    boots = [boot(machine, cpu, opts) for _ in range(2)]
    runs = [records(x) for x in boots]
    if not report(all(runs) and all(x.passed for x in boots), "%s: ends with PASS" % what):
        return
    got = sampled(runs[0])
    declared = {r.fields["name"]: int(r.fields["expected"]) for r in runs[0].of_type("bench")}
    if not report(set(got) == set(payloads), "%s: a samples record per payload" % what):
        return
    counted = {p: int(got[p][0]["counted"]) for p in payloads}
    extra = counted[payloads[0]] // windows - copies * declared[payloads[0]]
    wrong = [p for p in payloads if counted[p] != windows * (copies * declared[p] + extra)]
    report(extra > 0 and not wrong,
           "%s: the counter counted exactly the windows' problem-state instructions, "
           "14 x (300 x body + %d) for every payload%s"
           % (what, extra, "; not: " + ", ".join("%s %d" % (p, counted[p]) for p in wrong)
              if wrong else ""))
    size = body_sizes()
    off = ["%s+%s" % (p, w) for p in payloads for w in got[p][1] if w.startswith("0x") and
           (int(w, 16) % 4 or int(w, 16) >= size.get(p, 0))]
    report(all(int(got[p][0]["samples"]) == counted[p] // period for p in payloads) and
           not any("outside" in got[p][1] for p in payloads) and not off,
           "%s: samples = floor(counted / %d), all in the windows, body offsets on the body's "
           "instructions (%s)%s" % (what, period, ", ".join("%s %s" % (p, got[p][0]["samples"])
                                                           for p in payloads),
                                   "; not: " + ", ".join(off) if off else ""))
    same = [(r.type, r.fields) for r in runs[0].records if r.type in ("samples", "hist")] == \
        [(r.type, r.fields) for r in runs[1].records if r.type in ("samples", "hist")]
    report(same, "%s: two boots give the same samples and histograms" % what)


def check_raised_period():
    b = boot("40p", "604e", "sample=instructions:10 bench=nop")
    run = records(b)
    if not run:
        return
    said = [r.fields["message"] for r in run.of_type("error") if r.fields["where"] == "sample"]
    got = sampled(run).get("nop")
    report(b.passed and len(said) == 1 and said[0].endswith("sampling every 1000 events instead")
           and got is not None and got[0]["period"] == "1000" and int(got[0]["samples"]) > 0,
           "40p sample=instructions:10: raised to 1000 with an error record, and sampled (%s)"
           % (got[0]["samples"] if got else "no samples"))


def check_faults():
    payloads = ["fault_program", "nop", "fault_alignment", "fault_dsi", "add_latency"]
    b = boot("40p", "604e", "sample=instructions:%d bench=%s" % (PERIOD, "+".join(payloads)))
    run = records(b)
    if not run:
        return
    faulted = sorted(r.fields["bench"] for r in run.of_type("fault"))
    got = sampled(run)
    report(b.passed and faulted == ["fault_alignment", "fault_dsi", "fault_program"] and
           "no counter negative" not in b.serial and
           all(int(got.get(p, ({"samples": 0}, {}))[0]["samples"]) > 0 for p in payloads),
           "40p: with sampling on, each faulting payload is reported and every payload is "
           "sampled (%s)" % ", ".join("%s %s" % (p, got[p][0]["samples"]) for p in sorted(got)))


def check_watchdog():
    """A runaway payload with sampling on: the decrementer still stops it
    (the interrupts of both come with MSR[EE] set), and the next payload is
    sampled as before."""
    b = boot("40p", "604e", "sample=instructions:%d bench=runaway+nop watchdog=100" % PERIOD)
    run = records(b)
    if not run:
        return
    faults = [(r.fields["bench"], r.fields["mnemonic"]) for r in run.of_type("fault")]
    got = sampled(run)
    report(b.passed and faults == [("runaway", "decrementer")] and "nop" in got and
           int(got["nop"][0]["samples"]) > 0,
           "40p: with sampling on, the watchdog stops the runaway payload (%s) and nop is "
           "sampled after it (%s samples)" % (faults, got["nop"][0]["samples"] if "nop" in got
                                              else "no"))


def check_stock_qemu():
    b = boot("40p", "604e", "sample=instructions:%d bench=nop" % PERIOD, counting=False)
    run = records(b)
    if not run:
        return
    said = [r.fields["message"] for r in run.of_type("error") if r.fields["where"] == "sample"]
    report(b.passed and len(said) == 1 and said[0].startswith("sampling unavailable: the PMU's "
                                                                "counters do not count") and
           not run.of_type("samples"),
           "stock qemu: sampling is unavailable, said in an error record, no samples (%s)" % said)


def main():
    if not counting_ppc_ready(KERNEL):
        return summary()
    in_parallel(check_machine, MACHINES)
    in_parallel(check_problem_state, MACHINES)
    check_raised_period()
    check_faults()
    check_watchdog()
    check_stock_qemu()
    return summary()


if __name__ == "__main__":
    sys.exit(main())
