#!/usr/bin/env python3
"""Topdown level 1 (Intel SDM vol. 3B, "Performance Metrics") on the counting
QEMU, whose Icelake-Server has FIXED_CTR3 and PERF_METRICS (emu/README.md):
its one-wide machine retires an instruction in every slot, so it knows the
breakdown exactly.

- Icelake-Server, with and without -icount, at CPL 0 and in ring-3
  windows: events=topdown gives slots = retiring = the payload's declared
  instructions per iteration, bad speculation, front-end and back-end
  bound 0, and the lines after each pass say 100% and 0% of the slots; no
  result is marked unmodelled.
- Skylake-Client (no PERF_METRICS): a metric is refused with the reason in
  an error record, and the events before it are measured."""

import re

import bootcheck as bc

BENCH = "nop,add_latency,branch_predictable"
METRICS = ("TOPDOWN_RETIRING", "TOPDOWN_BAD_SPEC", "TOPDOWN_FE_BOUND", "TOPDOWN_BE_BOUND")


def declared(serial):
    """{bench: instructions per iteration} from the payload headers."""
    return {m.group(1): "%.2f" % float(m.group(2)) for m in re.finditer(
        r"^(\w+): .*\[(\d+(?:\.\d+)?) instructions? per iteration", serial, re.M)}


def check_breakdown(case):
    name, icount, opts = case
    b = bc.qemu("Icelake-Server", "bench=%s reps=3 events=topdown %s" % (BENCH, opts),
                icount=icount, counting=True, timeout=240)
    run = bc.records(b)
    if not run:
        return
    got = {(r.fields["bench"], r.fields["event"]): r.fields["median"]
           for r in run.of_type("result")}
    per = declared(b.serial)
    wrong = []
    for bench in BENCH.split(","):
        want = {"TOPDOWN_SLOTS": per.get(bench), "TOPDOWN_RETIRING": per.get(bench)}
        want.update({m: "0.00" for m in METRICS[1:]})
        wrong += [(bench, ev, got.get((bench, ev)), v) for ev, v in want.items()
                  if got.get((bench, ev)) != v]
    bc.report(b.passed and per and not wrong,
              "%s: slots = retiring = the declared instructions per iteration, the other "
              "metrics 0, in every benchmark (wrong: %s)" % (name, wrong or "none"))
    shares = re.findall(r"^  (TOPDOWN_\w+): ([\d.]+)% of TOPDOWN_SLOTS", b.serial, re.M)
    bc.report(len(shares) == 4 * len(BENCH.split(",")) and
              all(v == ("100.00" if ev == "TOPDOWN_RETIRING" else "0.00") for ev, v in shares),
              "%s: each pass says retiring 100%% of the slots and the others 0%% (%d lines)"
              % (name, len(shares)))
    marked = sorted({r.fields["event"] for r in run.of_type("unmodelled")})
    bc.report(not marked, "%s: no Topdown result is marked unmodelled (%s)"
              % (name, marked or "none"))


def refused(cpu, events):
    """A run's error messages and the events it measured, or None."""
    b = bc.qemu(cpu, "bench=nop reps=3 events=%s" % events, icount=True, counting=True,
                timeout=120)
    run = bc.records(b)
    if not run:
        return None
    return (b.passed, [r.fields["message"] for r in run.of_type("error")],
            sorted({r.fields["event"] for r in run.of_type("result")}))


def check_refused():
    got = refused("Skylake-Client", "instructions,slots,topdown-retiring")
    if got:
        bc.report(any("'slots': TOPDOWN_SLOTS is not on this CPU" in e for e in got[1]) and
                  got[2] == ["INSTRUCTION_RETIRED"],
                  "Skylake-Client: the slots and their metric are refused with the reason, the "
                  "events before them measured (%s; measured %s)" % (got[1], got[2]))
    got = refused("Icelake-Server", "instructions,topdown-retiring")
    if got:
        bc.report(got[0] and any("list TOPDOWN_SLOTS before it" in e for e in got[1]),
                  "Icelake-Server: a metric without the slots before it is refused with the "
                  "reason (%s)" % got[1])


def main():
    if not bc.report(not bc.launch.counting_problem(), "the counting QEMU is built (make emu)"):
        return bc.summary()
    bc.in_parallel(check_breakdown, [("icount", True, ""), ("no icount", False, ""),
                                     ("ring 3", True, "ring=3")])
    check_refused()
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
