#!/usr/bin/env python3
"""The NetBurst backend end to end under the counting QEMU (its Pentium 4
model: ESCRs, CCCRs, 18 counters) and -icount, on kvm32 (family 15 model 6)
and P4 models made with QEMU's CPU properties (model 2, the Prescotts 3 and
4): the backend is chosen and counts; every payload with a fixed instruction
count measures exactly its instructions, as many cycles
(global_power_events RUNNING: the model retires one instruction per clock)
and its branches; a pass with 18 events programs all 18 counters and the
three modelled events count exactly there while the others read 0; the
RDPMC fast read (32 bits) is exact across a wrap of the low 32 bits; a
cascade follower counts nothing until its leader's N events and everything
after them."""

import bootcheck as bc
from test_counting import boot, backend_of, check_exact, results_by_event

NAMES = ("instr_retired:NBOGUSNTAG:NBOGUSTAG", "global_power_events:RUNNING",
         "branch_retired:MMNP:MMNM:MMTP:MMTM")
INSN = NAMES[0]

# QEMU CPU model -> the backend it must select (IQ_ESCR0/1 only below model 3).
MODELS = [
    ("kvm32", "p4-prescott"),
    ("kvm32,model=2,stepping=9", "p4"),
    ("kvm32,model=3,stepping=4", "p4-prescott"),
    ("kvm32,model=4,stepping=1", "p4-prescott"),
]

# Two of each modelled event (an ESCR serves one counter) and of six events
# the model does not count, each pair on the two ESCRs of one unit: one
# pass over the 18 counters (and within the 255 characters of an option).
PAIRS = ("instructions", "cycles", "branches", "BPU_fetch_request", "tc_ms_xfer", "TC_misc",
         "x87_FP_uop", "load_port_replay", "resource_stall")
ALL_18 = ",".join("%s,%s:k" % (e, e) for e in PAIRS)
COUNTING = {NAMES[0]: "insns", NAMES[0] + ":k": "insns",
            NAMES[1]: "insns", NAMES[1] + ":k": "insns",
            NAMES[2]: "branches", NAMES[2] + ":k": "branches"}
# bench -> (instructions, branches) per iteration
PAYLOADS = {"add_throughput": (6, 0), "branch_random": (13, 2)}


def stats(fields):
    return [fields[s] for s in ("min", "median", "max")]


def exact_all(fields, want):
    return all(v == "%d.00" % want for v in stats(fields))


def check_model(item):
    cpu, backend = item
    b = boot(cpu, "bench=all events=instructions,cycles,branches")
    target = "counting qemu %s" % cpu
    bc.report(backend_of(b.serial) == backend and "do not count" not in b.serial,
              "%s selects %s and counts (no TSC fallback)" % (target, backend))
    run = bc.records(b)
    if run:
        check_exact(target, run, NAMES)
    bc.report(b.passed, "%s ends with PASS (%s)" % (target, "; ".join(b.problems) or "ok"))


def check_all_counters(cpu):
    b = boot(cpu, "bench=%s events=%s" % ("+".join(PAYLOADS), ALL_18))
    run = bc.records(b)
    if not run:
        bc.report(False, "counting qemu %s, 18 events: records (%s)" % (cpu, b.problems))
        return
    passes = {r.fields["pass"] for r in run.of_type("pass")}
    for bench, (insns, branches) in PAYLOADS.items():
        got = results_by_event(run, bench)
        counters = {f["counter"] for v in got.values() for f in v}
        wrong = []
        for event, fields in got.items():
            want = {"insns": insns, "branches": branches}.get(COUNTING.get(event), 0)
            if len(fields) != 1 or not exact_all(fields[0], want):
                wrong.append("%s=%s (want %d)" % (event, [stats(f) for f in fields], want))
        bc.report(passes == {"0"} and len(got) == 18 and len(counters) == 18 and not wrong,
                  "counting qemu %s %s: 18 events in one pass (%s) on %d counters; "
                  "instructions %d, cycles %d, branches %d exact, the 12 unmodelled "
                  "events 0%s" % (cpu, bench, sorted(passes), len(counters), insns, insns,
                                  branches, "; wrong: " + ", ".join(wrong[:4]) if wrong else ""))


def check_fast(cpu):
    """period=50 leaves the low 32 bits at 2^32-50: they wrap within every
    window of 100 NOPs, which the 32-bit fast read must still count exactly."""
    b = boot(cpu, "bench=nop unroll=100 events=instructions:fast:period=50,instructions:rdmsr")
    run = bc.records(b)
    got = results_by_event(run, "nop") if run else {}
    fast = got.get(INSN + ":period=50:fast", [])
    slow = got.get(INSN + ":rdmsr", [])
    bc.report(len(fast) == 1 and "fast" in fast[0]["encoding"] and exact_all(fast[0], 1) and
              len(slow) == 1 and exact_all(slow[0], 1),
              "counting qemu %s: the RDPMC fast (32-bit) read counts 1 instruction per NOP "
              "across wraps of the low 32 bits, as RDMSR does (%s, %s)"
              % (cpu, [stats(f) for f in fast], [stats(f) for f in slow]))


def check_cascade(cpu, period, want, what):
    b = boot(cpu, "bench=%s events=instructions:period=%d,instructions:cascade"
             % ("+".join(PAYLOADS), period))
    run = bc.records(b)
    if not run:
        bc.report(False, "counting qemu %s cascade period=%d: records (%s)"
                  % (cpu, period, b.problems))
        return
    for bench, (insns, _) in PAYLOADS.items():
        got = results_by_event(run, bench)
        lead = got.get("%s:period=%d" % (INSN, period), [])
        follow = got.get(INSN + ":cascade", [])
        bc.report(len(lead) == 1 and exact_all(lead[0], insns) and len(follow) == 1 and
                  exact_all(follow[0], want(insns)),
                  "counting qemu %s %s: A:period=%d counts its %d instructions; the "
                  "cascaded B %s (%s, %s)"
                  % (cpu, bench, period, insns, what, [stats(f) for f in lead],
                     [stats(f) for f in follow]))


def main():
    why = bc.launch.counting_problem()
    if not bc.report(why is None, "the counting QEMU is built (%s)" % (why or "make emu")):
        return bc.summary()
    bc.in_parallel(check_model, MODELS)
    bc.in_parallel(check_all_counters, ["kvm32", "kvm32,model=2,stepping=9"])
    check_fast("kvm32")
    # A leader that never reaches its N events (2^32 - 1 instructions): B waits.
    check_cascade("kvm32", 0xffffffff, lambda n: 0, "never starts: 0")
    # A leader that overflows at its first event wraps past 2^40 before the
    # windows: B, the same event on the alternate counter, extends it.
    check_cascade("kvm32", 1, lambda n: n, "extends it past 40 bits: as many")
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
