#!/usr/bin/env python3
"""The counting path end to end, under the counting QEMU (`make emu`: QEMU
with the PMU model of emu/qemu/patches) and -icount: every QEMU CPU model of
the boot matrix selects its backend and does not fall back to the TSC; every
payload with a fixed instruction count measures exactly that many
instructions per iteration, as many cycles (the model retires one
instruction per clock), and exactly the branches it declares, with zero
spread, at several unroll values and with both ways of removing the
window's cost; event lists larger than the counters run in passes with the
same results; in ring 3 a user-only event counts the payload and not the
gate's kernel path, and a kernel-only event the other way round; an event
the model does not count is marked as not modelled, result by result, and
the three it counts never are."""

import re

import bootcheck as bc

STATS = ("min", "median", "mean", "max", "trimmed_mean")
EVENTS = "instructions,cycles,branches"
MIN_EXACT_PAYLOADS = 15

# The canonical names each backend gives instructions, cycles and branches.
NAMES = {
    "p5mmx": ("INSTRUCTIONS_EXECUTED", "NUMBER_OF_CYCLES_NOT_IN_HALT_STATE", "BRANCHES"),
    "p6": ("INST_RETIRED", "CPU_CLK_UNHALTED", "BR_INST_RETIRED"),
    "arch": ("INSTRUCTION_RETIRED", "UNHALTED_CORE_CYCLES", "BRANCH_INSTRUCTIONS_RETIRED"),
    "amd": ("RETIRED_INSTRUCTIONS", "CPU_CLK_UNHALTED", "RETIRED_BRANCH_INSTRUCTIONS"),
}

# QEMU CPU model -> the backend it must select and count with.
MODELS = [
    ("pentium", "p5mmx"),
    ("pentium2", "p6"),
    ("pentium3", "p6"),
    ("qemu32", "p6"),
    ("coreduo", "arch"),
    ("core2duo", "arch"),
    ("Nehalem", "arch"),
    ("Skylake-Client", "arch"),
    ("Icelake-Server", "arch"),
    ("athlon", "amd"),
    ("max", "amd"),
]
# One model per backend family, over unroll values and both methods.
VARIANTS = [(cpu, opts) for cpu in ("pentium", "pentium3", "coreduo", "Skylake-Client", "max")
            for opts in ("unroll=1", "unroll=17 method=empty", "unroll=1000")]
# Family 15 (the NetBurst backend) is tests/boot/test_counting_p4.py.


def boot(cpu, options, **kw):
    return bc.launch.boot_qemu(bc.KERNEL, cpu, options, icount=kw.pop("icount", True),
                               timeout=kw.pop("timeout", 120), counting=True, **kw)


def backend_of(serial):
    m = re.search(r"^pmu: backend (\S+)", serial, re.M)
    return m and m.group(1)


def exact(value, want):
    return value == "%d.00" % want


# The Pentium's BRANCHES (12H) also counts serializing instructions, VERR and
# VERW as taken branches (SDM vol. 3B, Table 19-38): per iteration, those of
# each payload that runs any.
P5_SERIALIZING = {"cost_cpuid": 1}


def check_exact(target, run, names):
    """Each fixed-count payload: instructions = cycles = its count, branches
    = its declared branches (and, on the Pentium, its serializing
    instructions), in every statistic."""
    declared = {}
    for r in run.of_type("bench"):
        declared[r.fields["name"]] = r.fields["expected"]
    branches = bench_branches()
    wrong, measured = [], set()
    for r in run.of_type("result"):
        name, event = r.fields["bench"], r.fields["event"]
        if declared.get(name, "-") == "-" or event not in names:
            continue
        want = int(declared[name]) if event != names[2] else branches.get(name)
        if want is None:
            continue
        if event == names[2] and names == NAMES["p5mmx"]:
            want += P5_SERIALIZING.get(name, 0)
        got = [r.fields[s] for s in STATS]
        if all(exact(g, want) for g in got):
            measured.add((name, event))
        else:
            wrong.append("%s %s=%s (want %d)" % (name, event, "/".join(got), want))
    whole = {n for n, _ in measured
             if all((n, e) in measured for e in names)}
    bc.report(not wrong and len(whole) >= MIN_EXACT_PAYLOADS,
              "%s: %d payloads measure exactly their instructions, as many cycles, and their "
              "branches, spread 0%s" % (target, len(whole),
                                        "; wrong: " + ", ".join(wrong[:6]) if wrong else ""))


_branches = {}


def bench_branches():
    """Branches per iteration of each payload, from bench=list."""
    if not _branches:
        listing = bc.qemu("pentium3", "bench=list", icount=True)
        for m in re.finditer(r"^  [ *t] (\S+) +(-|\d+) +(-|\d+)  ", listing.serial, re.M):
            if m.group(3) != "-":
                _branches[m.group(1)] = int(m.group(3))
    return _branches


def check_model(item):
    cpu, backend = item
    b = boot(cpu, "bench=all events=" + EVENTS)
    target = "counting qemu %s" % cpu
    bc.report(backend_of(b.serial) == backend and "do not count" not in b.serial,
              "%s selects %s and counts (no TSC fallback)" % (target, backend))
    run = bc.records(b)
    if run:
        bc.report(run.boot["counting"] == "1", "%s: the boot record says the PMU counts" % target)
        check_exact(target, run, NAMES[backend])
        marked = {r.fields["event"] for r in run.of_type("unmodelled")}
        bc.report(not marked, "%s: instructions, cycles and branches are never marked not "
                  "modelled (%s)" % (target, sorted(marked)))
    bc.report(b.passed, "%s ends with PASS (%s)" % (target, "; ".join(b.problems) or "ok"))


def check_variant(item):
    cpu, options = item
    b = boot(cpu, "bench=all events=%s %s" % (EVENTS, options))
    run = bc.records(b)
    if run:
        check_exact("counting qemu %s '%s'" % (cpu, options), run, NAMES[backend_of(b.serial)])


def results_by_event(run, bench):
    out = {}
    for r in run.of_type("result"):
        if r.fields["bench"] == bench:
            out.setdefault(r.fields["event"], []).append(r.fields)
    return out


def check_passes():
    """Six events on the P6's two counters: three passes, each event as exact
    as alone; the same event in two passes gives the same numbers."""
    events = "instructions,cycles,branches,instructions:k,instructions:u,cycles"
    b = boot("pentium3", "bench=add_throughput+branch_random events=" + events)
    run = bc.records(b)
    if not run:
        bc.report(False, "counting qemu pentium3, six events: records (%s)" % b.problems)
        return
    passes = {int(r.fields["pass"]) for r in run.of_type("pass")}
    bc.report(passes == {0, 1, 2}, "six events on two counters run in three passes (%s)"
              % sorted(passes))
    for bench, insns, branches in (("add_throughput", 6, 0), ("branch_random", 13, 2)):
        got = results_by_event(run, bench)
        want = {"INST_RETIRED": [insns], "CPU_CLK_UNHALTED": [insns, insns],
                "BR_INST_RETIRED": [branches], "INST_RETIRED:k": [insns],
                "INST_RETIRED:u": [0]}
        ok = all(sorted(f["median"] for f in got.get(ev, [])) == ["%d.00" % v for v in vals] and
                 all(f["min"] == f["max"] for f in got.get(ev, []))
                 for ev, vals in want.items())
        cycle_passes = sorted(f["pass"] for f in got.get("CPU_CLK_UNHALTED", []))
        bc.report(ok and len(set(cycle_passes)) == 2,
                  "%s: each event exact in its pass, cycles alike in passes %s, nothing at CPL 3 "
                  "in ring 0 (%s)" % (bench, cycle_passes,
                                      {e: [f["median"] for f in v] for e, v in got.items()}))


def check_ring3(cpu, names):
    """Windows at CPL 3: a user-only event counts the payload's instructions
    and not the gate's kernel path; a kernel-only event counts that path."""
    user, kernel = names[0] + ":u", names[0] + ":k"
    b = boot(cpu, "ring=3 bench=nop+add_throughput+gate_hello events=instructions:u,instructions:k")
    run = bc.records(b)
    if not run:
        bc.report(False, "counting qemu %s ring=3: records (%s)" % (cpu, b.problems))
        return
    for bench, want_user in (("nop", 1), ("add_throughput", 6)):
        got = results_by_event(run, bench)
        bc.report([f["median"] for f in got.get(user, [])] == ["%d.00" % want_user] and
                  [f["median"] for f in got.get(kernel, [])] == ["0.00"],
                  "counting qemu %s ring=3 %s: %s counts its %d instruction(s), %s none (%s)"
                  % (cpu, bench, user, want_user, kernel,
                     {e: [f["median"] for f in v] for e, v in got.items()}))
    got = results_by_event(run, "gate_hello")
    u, k = got.get(user, []), got.get(kernel, [])
    bc.report(len(u) == 1 and u[0]["median"] == "3.00" and u[0]["min"] == u[0]["max"] and
              len(k) == 1 and float(k[0]["median"]) > 10 and k[0]["min"] == k[0]["max"],
              "counting qemu %s ring=3 gate_hello: %s counts its 3 user instructions (MOV, XOR, "
              "INT), %s the gate's kernel path (%s), both exact"
              % (cpu, user, kernel, k[0]["median"] if k else "none"))


def check_unmodelled():
    """P6 events the model does not count (emu/README.md, "What counts") read
    0.00 like a real zero would: each of their results is marked, on the
    console and by an unmodelled record right after it; INST_RETIRED is not."""
    unmodelled = ("DATA_MEM_REFS", "BR_MISS_PRED_RETIRED")
    b = boot("pentium3", "bench=add_throughput+branch_random events=INST_RETIRED,"
             + ",".join(unmodelled))
    run = bc.records(b)
    if not run:
        bc.report(False, "counting qemu pentium3, unmodelled events: records (%s)" % b.problems)
        return
    results = [(r.fields["bench"], r.fields["event"]) for r in run.of_type("result")]
    marks = [(r.fields["bench"], r.fields["event"]) for r in run.of_type("unmodelled")]
    want = [key for key in results if key[1] in unmodelled]
    bc.report(len(want) == 4 and marks == want,
              "counting qemu pentium3: every result of %s is marked not modelled, and only "
              "those (%s)" % (" and ".join(unmodelled), marks))
    order = [r.type for r in run.records if r.type in ("result", "unmodelled")]
    bc.report(all(order[i - 1] == "result" for i, t in enumerate(order) if t == "unmodelled"),
              "each unmodelled record follows its result")
    bc.report(b.serial.count("DATA_MEM_REFS: not modelled: QEMU TCG") == 2,
              "the console says it under each DATA_MEM_REFS row")


def check_without_icount():
    """Without -icount the instruction and branch counts are still exact
    (the model counts retirements, not time)."""
    b = boot("pentium3", "bench=add_throughput+branch_random events=instructions,branches",
             icount=False)
    run = bc.records(b)
    got = {(r.fields["bench"], r.fields["event"]): r.fields["median"]
           for r in run.of_type("result")} if run else {}
    bc.report(got.get(("add_throughput", "INST_RETIRED")) == "6.00" and
              got.get(("branch_random", "INST_RETIRED")) == "13.00" and
              got.get(("branch_random", "BR_INST_RETIRED")) == "2.00",
              "counting qemu pentium3 without -icount: instructions and branches exact (%s)" % got)


def main():
    why = bc.launch.counting_problem()
    if not bc.report(why is None, "the counting QEMU is built (%s)" % (why or "make emu")):
        return bc.summary()
    bc.in_parallel(check_model, MODELS)
    bc.in_parallel(check_variant, VARIANTS)
    check_passes()
    check_ring3("pentium3", NAMES["p6"])
    check_ring3("Skylake-Client", NAMES["arch"])
    check_without_icount()
    check_unmodelled()
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
