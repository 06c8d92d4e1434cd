#!/usr/bin/env python3
"""The PowerPC kernel under the counting qemu-system-ppc (`make emu`: QEMU
with the 604/604e PMU model of emu/qemu/patches) and -icount: on every
machine the PMCs count, so the kernel measures with them and not with the
time base; every fixed-count payload measures exactly its instruction count
per iteration, and as many cycles (the model completes one instruction per
cycle), with zero spread, on the 604e (four counters) and the 604 (two);
the counts do not depend on -icount, on the RAM (each machine's least and
largest) or on how the kernel was booted (each boot medium through
OpenBIOS); the freeze bits filter by privilege and by MSR[PM] (the windows
run in supervisor state with MSR[PM] = 0), and with ring=3 by problem
state, whose windows read through the system-call gate, where the
decrementer still stops a runaway window; and the performance-monitor interrupt (vector 0xF00) is raised when PMC1
goes negative with MMCR0[ENINT] and [PMC1CE] set, taken by the kernel right
after the instruction that made PMC1 negative (SRR0 follows SIA, the
same instruction on every machine, with and without -icount), and clears
ENINT. One MMCR0 write freezes and one unfreezes every counter of a
window, so its overhead does not grow with the counters it reads.
BAREBENCH_COUNTING_QEMU_PPC names another binary."""

import os
import re
import sys

from bootcheck import ROOT, counting_ppc_ready, in_parallel, records, report, summary

sys.path.insert(0, os.path.join(ROOT, "tools"))
from bblib import ppc  # noqa: E402

KERNEL = os.path.join(ROOT, "build", "ppc", "barebench.elf")
STATS = ("min", "median", "mean", "max", "trimmed_mean")
INSNS, CYCLES = "INSTRUCTIONS_COMPLETED", "CYCLES"
MIN_EXACT_PAYLOADS = 15
PMI_TAKEN = re.compile(r"pmu: performance-monitor interrupt \(vector 0xf00\): taken when PMC1 "
                       r"went negative \(PMC1 (0x[0-9a-f]+), srr0 ([0-9a-f]+), sia ([0-9a-f]+), "
                       r"(\d+) loop iterations\); MMCR0\[ENINT\] cleared by it")


def boot(machine, cpu="604e", append="", icount=True):
    return ppc.boot(KERNEL, machine, cpu, append, icount, timeout=60, counting=True)


def exact(value, want):
    return value == "%d.00" % want


def exact_payloads(run, events):
    """(payloads whose every event is exact in every statistic, the wrong
    ones): `events` maps an event name to how many it must count per
    instruction of the payload (1, or 0 for a frozen event)."""
    declared = {r.fields["name"]: r.fields["expected"] for r in run.of_type("bench")}
    good, wrong = {}, []
    for r in run.of_type("result"):
        name, event = r.fields["bench"], r.fields["event"]
        if declared.get(name, "-") == "-" or event not in events:
            continue
        want = int(declared[name]) * events[event]
        got = [r.fields[s] for s in STATS]
        if all(exact(g, want) for g in got):
            good.setdefault(name, set()).add(event)
        else:
            wrong.append("%s %s=%s (want %d)" % (name, event, "/".join(got), want))
    whole = sorted(n for n, evs in good.items() if evs == set(events))
    return whole, wrong


def interrupt_taken(what, serial):
    """The start-up check's interrupt: taken right after the instruction
    that made PMC1 negative (the check's loop has no branch there, so SRR0
    is SIA + 4). Its figures, or None."""
    m = PMI_TAKEN.search(serial)
    srr0, sia = (int(m.group(2), 16), int(m.group(3), 16)) if m else (0, 0)
    report(m is not None and srr0 == sia + 4,
           "%s: PMC1 going negative with ENINT and PMC1CE raises the performance-monitor "
           "interrupt, the kernel takes it at 0xF00 right after SIA's instruction, ENINT is "
           "cleared (%s)" % (what, ", ".join(m.groups()) if m else "no such line"))
    return m.groups() if m else None


def check_machine(item):
    """The interrupt's figures, for check_same_interrupt()."""
    machine, cpu = item
    what = "counting qemu-system-ppc %s -cpu %s -icount" % (machine, cpu)
    b = boot(machine, cpu, "bench=all events=instructions,cycles")
    report(b.passed and b.exit_code == 0,
           "%s: boots, ends with status PASS and exit status 0 (%.2f s)" % (what, b.seconds))
    taken = interrupt_taken(what, b.serial)
    run = records(b)
    if not run:
        report(False, "%s: one intact run in the log" % what)
        return taken
    backend = "ppc604e" if cpu == "604e" else "ppc604"
    report(run.boot["pmu"] == backend and run.boot["counting"] == "1"
           and "do not count" not in b.serial
           and all(r.fields["counter"].startswith("PMC") for r in run.of_type("result")),
           "%s: %s counts, no time base fallback, every result read from a PMC" % (what, backend))
    whole, wrong = exact_payloads(run, {INSNS: 1, CYCLES: 1})
    report(len(whole) >= MIN_EXACT_PAYLOADS and not wrong,
           "%s: %d payloads measure exactly their instruction count, as many cycles, spread 0%s"
           % (what, len(whole), "; wrong: " + ", ".join(wrong[:6]) if wrong else ""))
    return taken


def check_filters():
    """The windows run in supervisor state with MSR[PM] = 0: `k` (FCP) and
    `nopm` (FCM1) count everything, `u` (FCS) and `pm` (FCM0) nothing;
    each pair runs in two passes (MMCR0 has one filter)."""
    bench = "bench=nop+add_throughput+branch_random+chase_l1+fadd_latency"
    cases = [("instructions:u,instructions:k", {INSNS + ":u": 0, INSNS + ":k": 1}, "u/k"),
             ("instructions:pm,instructions:nopm", {INSNS + ":pm": 0, INSNS + ":nopm": 1},
              "pm/nopm")]
    boots = in_parallel(lambda c: boot("40p", append="%s events=%s" % (bench, c[0])), cases)
    for (events, want, label), b in zip(cases, boots):
        what = "counting qemu-system-ppc 40p events=%s" % events
        run = records(b)
        whole, wrong = exact_payloads(run, want) if run else ([], ["no run"])
        report(len(whole) == 5 and not wrong and b.passed,
               "%s: the %s filters freeze as MMCR0 says (supervisor, MSR[PM] = 0): %s%s"
               % (what, label, ", ".join("%s x%d" % kv for kv in sorted(want.items())),
                  "; wrong: " + ", ".join(wrong[:4]) if wrong else ""))


def check_problem_state(item):
    """ring=3: the windows run in problem state (MSR[PR] = 1), so `u`
    (FCS) counts the payload's instructions and `k` (FCP) none of them. The
    counters, privileged there, are read through the system-call gate: in
    problem state a window's overhead is only the end read's `li r0` and
    `sc`, 2 instructions. A privileged instruction is a program exception
    with SRR1's privileged bit (0x40000), and the watchdog (the decrementer)
    stops a runaway window there."""
    machine, cpu = item
    what = "counting qemu-system-ppc %s -cpu %s ring=3" % (machine, cpu)
    b = boot(machine, cpu, "ring=3 events=instructions:u,instructions:k watchdog=100 "
             "bench=nop+add_throughput+branch_random+chase_l1+fadd_latency+priv_mfmsr+runaway")
    run = records(b)
    whole, wrong = exact_payloads(run, {INSNS + ":u": 1, INSNS + ":k": 0}) if run else \
        ([], ["no run"])
    faults = [(r.fields["bench"], r.fields["mnemonic"], r.fields["error_code"])
              for r in run.of_type("fault")] if run else []
    overhead = re.search(r"^window overhead, pass 0 [^:]*: %s:u (\d+)\s*$" % INSNS, b.serial, re.M)
    report(len(whole) == 5 and not wrong and faults == [("priv_mfmsr", "program", "0x40000"),
                                                        ("runaway", "decrementer", "0x0")] and
           overhead is not None and overhead.group(1) == "2" and b.passed,
           "%s: u counts every payload's instructions, k none, the window overhead in problem "
           "state is 2 (%s), mfmsr is a privileged-instruction program exception, the "
           "decrementer stops b .%s"
           % (what, overhead.group(1) if overhead else "no line",
              "; wrong: " + ", ".join(wrong[:4]) if wrong else ""))


def check_memory_and_media():
    """The counting QEMU with each machine's least and largest RAM, and
    from each boot medium through OpenBIOS: the kernel finds the RAM and
    the counters count exactly on every one."""
    cases = [("40p", 64, None), ("40p", 192, None), ("g3beige", 64, None), ("g3beige", 256, None),
             ("mac99", 64, None), ("mac99", 256, None), ("g3beige", 128, "chrp"),
             ("mac99", 128, "xcoff"), ("40p", 128, "prep")]

    def one(case):
        machine, mib, medium = case
        return ppc.boot(KERNEL, machine, append="events=instructions bench=nop+add_throughput",
                        icount=True, timeout=90, counting=True, memory=mib, medium=medium)
    for (machine, mib, medium), b in zip(cases, in_parallel(one, cases)):
        what = "counting qemu-system-ppc %s -m %d%s" % (machine, mib,
                                                       " from its %s medium" % medium if medium else "")
        run = records(b)
        whole, wrong = exact_payloads(run, {INSNS: 1}) if run else ([], ["no run"])
        said = "memory: %d MiB of RAM from 0" % mib
        report(said in b.serial and whole == ["add_throughput", "nop"] and b.passed,
               "%s: %s, and both payloads count exactly%s"
               % (what, said, "; wrong: " + ", ".join(wrong[:4]) if wrong else ""))


def check_snapshot():
    """A window freezes every counter with one mtspr to MMCR0 before its
    reads and unfreezes them with one after (bench/ppc/window.c): each
    counter then counts, besides the body, only the instructions from the
    unfreezing mtspr to the freezing one: isync, then sync, mfspr, oris and
    the freezing mtspr, 5 in all, whether the window reads two counters or
    four. Counters read one after another would each count the reads of
    the others (16 with two counters, 32 with four)."""
    cases = ["instructions,cycles", "instructions,cycles,instructions,cycles"]
    boots = in_parallel(lambda c: boot("40p", append="bench=nop events=" + c), cases)
    for events, b in zip(cases, boots):
        line = re.search(r"^window overhead, pass 0 [^:]*: (.*)$", b.serial, re.M)
        counts = re.findall(r"\S+ (\d+)", line.group(1)) if line else []
        report(len(counts) == events.count(",") + 1 and set(counts) == {"5"} and b.passed,
               "counting qemu-system-ppc 40p events=%s: one MMCR0 write freezes every counter, "
               "the window overhead is 5 instructions on each (%s)"
               % (events, line.group(1) if line else "no overhead line"))


def check_without_icount():
    """The interrupt's figures, for check_same_interrupt()."""
    what = "counting qemu-system-ppc 40p without -icount"
    b = boot("40p", append="bench=nop+add_throughput+branch_random+cost_mfspr "
             "events=instructions,cycles", icount=False)
    taken = interrupt_taken(what, b.serial)
    run = records(b)
    whole, wrong = exact_payloads(run, {INSNS: 1, CYCLES: 1}) if run else ([], ["no run"])
    report(len(whole) == 4 and not wrong,
           "%s: instructions and cycles exact all the same (%s)"
           % (what, ", ".join(wrong[:4]) or "4 payloads"))
    return taken


def check_same_interrupt(taken):
    """The model takes the interrupt at the same instruction count on every
    machine, CPU and -icount setting: the same PMC1, SRR0, SIA and loop
    iterations everywhere."""
    report(None not in taken and len(set(taken)) == 1,
           "counting qemu-system-ppc: the start-up interrupt comes at the same instruction on "
           "every machine, with and without -icount (%s)"
           % "; ".join(", ".join(t) if t else "none" for t in sorted(set(taken), key=str)))


def main():
    if not counting_ppc_ready(KERNEL):
        return summary()
    taken = in_parallel(check_machine, [("40p", "604e"), ("g3beige", "604e"), ("mac99", "604e"),
                                        ("40p", "604")])
    check_filters()
    in_parallel(check_problem_state, [("40p", "604e"), ("g3beige", "604e"), ("mac99", "604e"),
                                      ("40p", "604")])
    check_memory_and_media()
    check_snapshot()
    check_same_interrupt(taken + [check_without_icount()])
    return summary()


if __name__ == "__main__":
    sys.exit(main())
