#!/usr/bin/env python3
"""Sampling end to end, under the counting QEMU (`make emu`) and -icount:
the model raises the overflow interrupt (PMI, delivered as an NMI) right
after the instruction that overflows the sampled counter, on every backend
that has one (P6, architectural perfmon, AMD, the Pentium 4), and the kernel's sampler files each one under the payload's
body offset.

Windows run in ring 3 and the sampled event counts ring 3 only
(`instructions:u`), so the counter counts exactly the instructions of the
measured windows: none of the kernel's, none of the NMI handler's. Then,
per payload:
- the histogram's total is floor(C / PERIOD), C being what the counter
  counted while the payload ran (the `samples` record: its value at the end
  plus a period per re-arming);
- C is the windows' instructions: warm-up + reps runs of a U-copy and a
  2U-copy window (method diff), 14 x (3U x body + 2E) with E the ring-3
  instructions of a window outside its body, the same for every payload;
  two payloads with different bodies fix E, and every other payload must
  agree with it. On AMD C also holds one instruction per sample: the IRET
  from each PMI back to ring 3, which AMD counts in its target mode
  (ring 3) as it does every instruction that changes the mode. A window's
  way in and out does not change E: AMD counts the IRET in and not the
  INT 0x80 out, the others the INT 0x80 and not the IRET;
- every sample falls in a window (body or counter reads), and every body
  offset sampled is an instruction boundary of the body's code (objdump);
- two boots give the same records, sample for sample.
In ring 0 the kernel is sampled too, the same in two boots. The watchdog
still stops a runaway payload with sampling on, and the Pentium, which has
no overflow interrupt, says so."""

import os
import re
import subprocess

import bootcheck as bc

PERIOD = 997  # prime: samples land on every offset of a body
OPTS = "ring=3 sample=instructions:u:%d" % PERIOD
PAYLOADS = ("nop", "add_throughput", "branch_random", "imul_latency", "store_forward")
WINDOWS = 14          # warmup 3 + reps 11 of each window (the defaults)
COPIES = 3 * 100      # unroll 100, method diff: a window of U copies, one of 2U

# QEMU CPU model -> backend, with the sampled counter each one uses.
MODELS = [
    ("pentium3", "p6"),
    ("coreduo", "arch"),          # version 1: overflow in the counter's top bit
    ("Skylake-Client", "arch"),   # version 4: GLOBAL_STATUS, a fixed counter
    ("athlon", "amd"),
    ("phenom", "amd"),
    ("kvm32", "p4-prescott"),     # CCCR OVF_PMI_T0, the OVF flag
    ("kvm32,model=2,stepping=9", "p4"),
]


def boot(cpu, options):
    b = bc.launch.boot_qemu(bc.KERNEL, cpu, options, icount=True, timeout=120, counting=True)
    b.serial = b.serial.replace("\r", "")
    return b


def sampled(run):
    """{bench: (samples record fields, {where: count})}"""
    out = {}
    for r in run.of_type("samples"):
        out[r.fields["bench"]] = (r.fields, {})
    for r in run.of_type("hist"):
        out[r.fields["bench"]][1][r.fields["where"]] = int(r.fields["count"])
    return out


def body_addresses(serial):
    """{bench: body address} from the human histogram's '(address)' column."""
    out = {}
    for m in re.finditer(r"^ +\d+  (\w+)\+0x([0-9a-f]+) \(([0-9a-f]{8})\)$", serial, re.M):
        out[m.group(1)] = int(m.group(3), 16) - int(m.group(2), 16)
    return out


def boundaries(address, length):
    """Instruction start offsets of the kernel's code at address (objdump)."""
    dump = subprocess.run(["objdump", "-d", "--start-address=%#x" % address,
                           "--stop-address=%#x" % (address + length), bc.KERNEL],
                          capture_output=True, text=True).stdout
    return {int(m.group(1), 16) - address
            for m in re.finditer(r"^ *([0-9a-f]+):\t", dump, re.M)}


def check_model(item):
    cpu, backend = item
    target = "counting qemu %s (%s)" % (cpu, backend)
    boots = [boot(cpu, "%s bench=%s" % (OPTS, "+".join(PAYLOADS))) for _ in range(2)]
    b = boots[0]
    bc.report(re.search(r"^pmu: backend %s$" % backend, b.serial, re.M) is not None and
              "sampling unavailable" not in b.serial and b.passed,
              "%s: samples every %d ring-3 instructions and ends with PASS (%s)"
              % (target, PERIOD, "; ".join(b.problems) or bc.tail(b, 2)))
    runs = [bc.records(x) for x in boots]
    if not all(runs):
        return
    got = sampled(runs[0])
    declared = {r.fields["name"]: int(r.fields["expected"]) for r in runs[0].of_type("bench")}
    if not bc.report(set(got) == set(PAYLOADS),
                     "%s: a samples record for each payload (%s)" % (target, sorted(got))):
        return

    # E from the first two payloads, then every payload must agree. On AMD
    # the IRET back from each sample's PMI counts in ring 3 (its target mode).
    counted = {p: int(got[p][0]["counted"]) - (int(got[p][0]["samples"]) if backend == "amd" else 0)
               for p in PAYLOADS}
    a, c = PAYLOADS[0], PAYLOADS[1]
    extra2 = (counted[a] // WINDOWS) - COPIES * declared[a]
    wrong = [p for p in PAYLOADS
             if counted[p] != WINDOWS * (COPIES * declared[p] + extra2)]
    bc.report(counted[a] % WINDOWS == 0 and extra2 > 0 and not wrong,
              "%s: the sampled counter counted exactly the windows' instructions, "
              "%d x (300 x body + %d) for every payload%s"
              % (target, WINDOWS, extra2, "; not: " + ", ".join(
                  "%s %d" % (p, counted[p]) for p in wrong) if wrong else ""))
    totals = {p: int(got[p][0]["samples"]) for p in PAYLOADS}
    bc.report(all(totals[p] == int(got[p][0]["counted"]) // PERIOD and
                  sum(got[p][1].values()) == totals[p] for p in PAYLOADS),
              "%s: samples = floor(counted / %d) per payload, the histogram adds up (%s)"
              % (target, PERIOD, ", ".join("%s %d of %s" % (p, totals[p], got[p][0]["counted"])
                                           for p in PAYLOADS)))
    bc.report(not any("outside" in got[p][1] for p in PAYLOADS),
              "%s: every sample falls in a window (body or counter reads)" % target)
    bodies = body_addresses(b.serial)
    off_boundary = []
    for p in PAYLOADS:
        offsets = [int(w.rstrip("+"), 16) for w in got[p][1] if w.startswith("0x")]
        if p not in bodies or not offsets:
            off_boundary.append("%s: no body samples" % p)
            continue
        starts = boundaries(bodies[p], max(offsets) + 16)
        off_boundary += ["%s+%#x" % (p, o) for o in offsets if o not in starts]
    bc.report(not off_boundary,
              "%s: every body sample is on an instruction boundary of the payload's code%s"
              % (target, "; not: " + ", ".join(off_boundary) if off_boundary else ""))
    same = [(r.type, r.fields) for r in runs[0].records if r.type in ("samples", "hist")] == \
        [(r.type, r.fields) for r in runs[1].records if r.type in ("samples", "hist")]
    bc.report(same, "%s: two boots give the same samples and histograms" % target)


def check_ring0():
    """In ring 0 with the plain event the kernel is counted and sampled too
    (outside the windows), and still the same in two boots."""
    opts = "sample=instructions:1000 bench=nop+add_throughput"
    runs = [bc.records(boot("pentium3", opts)) for _ in range(2)]
    if not all(runs):
        return
    hist = [[(r.type, r.fields) for r in run.records if r.type in ("samples", "hist")]
            for run in runs]
    got = sampled(runs[0])
    bc.report(hist[0] == hist[1] and all(int(got[p][0]["samples"]) > 0 for p in got) and
              len(got) == 2,
              "counting qemu pentium3 ring 0: the samples (%s) are the same in two boots"
              % ", ".join("%s %s" % (p, got[p][0]["samples"]) for p in sorted(got)))


def check_short_periods():
    """A period below what the PMI handler itself counts in ring 0 hung the
    kernel (60-150) or gave 0 samples and passed (10, 2): it is raised to
    PMU_OVERFLOW_MIN_RING0 with an error record saying so, and every run
    ends. Ring 3 only (:u) keeps any period: the handler is not counted."""
    cases = [("pentium3", "sample=instructions:100", True, "1000"),
             ("Skylake-Client", "sample=cycles:100", False, "1000"),
             ("pentium3", "sample=instructions:10", True, "1000"),
             ("pentium3", "sample=instructions:2 ring=3", True, "1000"),
             ("pentium3", "sample=instructions:u:2 ring=3", True, "2")]

    def one(case):
        cpu, opts, icount, period = case
        return bc.launch.boot_qemu(bc.KERNEL, cpu, opts + " bench=nop", icount=icount,
                                   timeout=120, counting=True)
    for (cpu, opts, icount, period), b in zip(cases, bc.in_parallel(one, cases)):
        what = "counting qemu %s %s%s" % (cpu, opts, " -icount" if icount else "")
        run = bc.records(b)
        if not bc.report(run is not None and b.passed, "%s: ends with PASS (%s)"
                         % (what, "; ".join(b.problems) or "ok")):
            continue
        got = sampled(run).get("nop")
        said = [r.fields["message"] for r in run.of_type("error")
                if r.fields["where"] == "sample"]
        raised = period != opts.split(":")[-1].split()[0]
        bc.report(got is not None and got[0]["period"] == period and
                  int(got[0]["samples"]) > 0 and
                  len(said) == int(raised) and
                  all(m.endswith("sampling every %s events instead" % period) for m in said),
                  "%s: samples every %s events (%s samples)%s"
                  % (what, period, got[0]["samples"] if got else "no",
                     ", raised, with an error record" if raised else ", as asked"))


def check_watchdog():
    """A runaway payload with sampling on: the watchdog's NMI still stops it
    (the sampler does not claim an NMI that is not its overflow), and the
    next payload is sampled as before."""
    b = boot("Skylake-Client", "%s bench=runaway+nop" % OPTS)
    run = bc.records(b)
    if not run:
        return
    faults = [(r.fields["bench"], r.fields["mnemonic"]) for r in run.of_type("fault")]
    got = sampled(run)
    bc.report(("runaway", "NMI") in faults and "nop" in got and
              int(got["nop"][0]["samples"]) == int(got["nop"][0]["counted"]) // PERIOD > 0,
              "counting qemu Skylake-Client: with PMIs on, the watchdog stops runaway and nop is "
              "sampled after it (faults %s)" % faults)


def check_pentium():
    b = boot("pentium", "%s bench=nop" % OPTS)
    bc.report("sample: sampling unavailable: the Pentium signals a counter overflow on its "
              "PM0/PM1 pins only" in b.serial
              and b.passed and "samples of" not in b.serial,
              "counting qemu pentium: no overflow interrupt (PM pins only): said, no samples")


def main():
    if not os.path.exists(bc.KERNEL):
        bc.report(False, "kernel image %s exists (make all)" % bc.KERNEL)
        return bc.summary()
    bc.in_parallel(check_model, MODELS)
    check_ring0()
    check_short_periods()
    check_watchdog()
    check_pentium()
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
