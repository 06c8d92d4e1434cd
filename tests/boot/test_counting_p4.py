#!/usr/bin/env python3
"""The NetBurst backend end to end under the counting QEMU (its Pentium 4
model: ESCRs, CCCRs, 18 counters) and -icount, on kvm32 (family 15 model 6)
and P4 models made with QEMU's CPU properties (model 2, the Prescotts 3 and
4): the backend is chosen and counts; every payload with a fixed instruction
count measures exactly its instructions, as many cycles
(global_power_events RUNNING: the model retires one instruction per clock)
and its branches; a pass with 18 events programs all 18 counters and the
three modelled events count exactly there while the others read 0;
branch_retired tells taken (MMTP) from not-taken (MMNP) branches; the
RDPMC fast read (32 bits) is exact across a wrap of the low 32 bits; a
cascade follower counts nothing until its leader's N events and everything
after them, starting at exactly the event after the leader's N-th."""

import re

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
PAYLOADS_BRANCHES = {"branch_predictable": 1, "branch_random": 2, "add_throughput": 0}


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


def check_taken(cpu):
    """branch_retired's MMTP counts the taken branches and MMNP the
    conditional ones that fall through: branch_predictable's JNZ is always
    taken, add_throughput has none (instructions rides along: the kernel's
    check that the PMU counts wants an event that must move). branch_random's
    two branches split between the two, differently in every window (its
    xorshift state carries over from window to window), so each varies
    while both together (MMTP:MMNP, one event) count its 2 exactly."""
    b = boot(cpu, "bench=branch_predictable+branch_random+add_throughput "
             "events=instructions,branch_retired:MMTP,branch_retired:MMNP,"
             "branch_retired:MMTP:MMNP")
    run = bc.records(b)
    for bench in ("branch_predictable", "branch_random", "add_throughput"):
        got = results_by_event(run, bench) if run else {}
        taken = got.get("branch_retired:MMTP", [None])[0]
        nottaken = got.get("branch_retired:MMNP", [None])[0]
        both = next((f[0] for name, f in got.items()
                     if "MMTP" in name and "MMNP" in name), None)
        pair = taken and nottaken and (hundredths(taken["median"]),
                                       hundredths(nottaken["median"]))
        exact_both = both is not None and exact_all(both, PAYLOADS_BRANCHES[bench])
        if bench == "branch_random":
            ok = exact_both and pair and all(0 < hundredths(f[k]) < 200 for f in (taken, nottaken)
                                             for k in ("min", "max"))
        else:
            steady = pair and all(f["min"] == f["max"] for f in (taken, nottaken))
            ok = steady and exact_both and pair == {"branch_predictable": (100, 0),
                                                    "add_throughput": (0, 0)}[bench]
        bc.report(ok, "counting qemu %s %s: taken (MMTP) and not taken (MMNP) split its %d "
                  "branches, counted together exactly (%s, both %s)"
                  % (cpu, bench, PAYLOADS_BRANCHES[bench],
                     pair and "%.2f + %.2f" % (pair[0] / 100, pair[1] / 100),
                     both and stats(both)))


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


def hundredths(value):
    return int(round(float(value) * 100))


def cascade_point(cpu, period):
    """ring=3 add_throughput with cycles (so the kernel's probe sees a counter
    move at CPL 0), A = user instructions with a period, B cascaded from A:
    A's and B's result records and the window overhead of A's event."""
    b = boot(cpu, "ring=3 bench=add_throughput events=cycles,instructions:u:period=%d,"
             "instructions:u:cascade" % period)
    run = bc.records(b)
    got = results_by_event(run, "add_throughput") if run else {}
    lead = got.get("%s:u:period=%d" % (INSN, period), [None])[0]
    follow = got.get(INSN + ":u:cascade", [None])[0]
    m = re.search(r"^window overhead, pass 0 .*:u:period=%d (\d+)" % period, b.serial, re.M)
    return lead, follow, m and int(m.group(1))


def check_cascade_point(cpu):
    """Windows run at CPL 3 and A counts only their user instructions, so N
    can aim A's overflow inside one window: past the 3 warm-up pairs (U
    copies, then 2U, each plus the window overhead) and three quarters into
    the first measured pair's second window. The repetition whose window
    holds A's N-th event gives B only what follows that event, so its value
    (the minimum) falls by exactly 0.01 (one event at U = 100) per unit of
    N: B starts at the event after A's N-th, not at A's next read. The
    other repetitions give B the payload's 6."""
    insns, unroll = PAYLOADS["add_throughput"][0], 100
    _, _, overhead = cascade_point(cpu, 0xffffffff)
    if overhead is None:
        bc.report(False, "counting qemu %s ring=3 cascade: the window overhead" % cpu)
        return
    a, b = unroll * insns + overhead, 2 * unroll * insns + overhead
    base = 3 * (a + b) + a + 3 * b // 4
    mins, ok = {}, True
    for n in (base, base + 1, base + 37):
        lead, follow, _ = cascade_point(cpu, n)
        ok = ok and lead is not None and exact_all(lead, insns) and follow is not None and \
            follow["median"] == "%d.00" % insns
        mins[n] = hundredths(follow["min"]) if follow else None
    steps = [mins[base] - mins[base + 1], mins[base] - mins[base + 37]] \
        if None not in mins.values() else None
    bc.report(ok and steps == [1, 37] and 0 < mins[base + 37] and mins[base] < 100 * insns,
              "counting qemu %s ring=3 add_throughput: A:u:period=N counts its %d user "
              "instructions; the cascaded B counts %d in the repetitions after A's overflow and, "
              "in the window of A's N-th event, exactly the events after it: N=%d, %d, %d give "
              "%s hundredths (falls 1 and 37)" % (cpu, insns, insns, base, base + 1, base + 37,
                                                  [mins[n] for n in sorted(mins)]))


def main():
    why = bc.launch.counting_problem()
    if not bc.report(why is None, "the counting QEMU is built (%s)" % (why or "make emu")):
        return bc.summary()
    bc.in_parallel(check_model, MODELS)
    bc.in_parallel(check_all_counters, ["kvm32", "kvm32,model=2,stepping=9"])
    check_fast("kvm32")
    check_taken("kvm32")
    # A leader that never reaches its N events (2^32 - 1 instructions): B waits.
    check_cascade("kvm32", 0xffffffff, lambda n: 0, "never starts: 0")
    # A leader that overflows at its first event wraps past 2^40 before the
    # windows: B, the same event on the alternate counter, extends it.
    check_cascade("kvm32", 1, lambda n: n, "extends it past 40 bits: as many")
    check_cascade_point("kvm32")
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
