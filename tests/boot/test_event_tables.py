#!/usr/bin/env python3
"""The event tables generated from libpfm4 (pmu/x86/events_pfm.h) on the
counting QEMU: the CPU's model picks its table as libpfm4 does, its events
count there as their architectural twins do, and a model no table covers
says so and runs on the architectural events.

- Skylake-Client (family 6 model 0x5e) takes `skl`: INST_RETIRED:ANY_P and
  BR_INST_RETIRED:ALL_BRANCHES count exactly what instructions and branches
  count, window for window (the same selector values, 0x00c0 and 0x00c4).
- Skylake-Client with model=0xad (Granite Rapids, newer than libpfm4 4.13)
  says in one line that its table is unknown, records `event_table unknown`
  and still counts the architectural events.
- Dhyana (HygonGenuine, family 18h) takes Zen 1's table and AMD's counters,
  which count (before, it got no backend and only the TSC)."""

import bootcheck as bc

TWINS = {"skl": ("INST_RETIRED:ANY_P,BR_INST_RETIRED:ALL_BRANCHES,instructions,branches",
                 [("INST_RETIRED:ANY_P", "INSTRUCTION_RETIRED"),
                  ("BR_INST_RETIRED:ALL_BRANCHES", "BRANCH_INSTRUCTIONS_RETIRED")]),
         "amd64_fam17h_zen1": ("RETIRED_INSTRUCTIONS,RETIRED_BRANCH_INSTRUCTIONS,"
                               "CYCLES_NOT_IN_HALT", [])}


def medians(run):
    """{(bench, event): median} of the run's results."""
    return {(r.fields["bench"], r.fields["event"]): r.fields["median"]
            for r in run.of_type("result")}


def table_of(run):
    cond = {r.fields["key"]: r.fields for r in run.of_type("cond")}
    return cond.get("event_table", {}).get("value")


def check_table(case):
    cpu, table, banner = case
    events, twins = TWINS[table]
    b = bc.qemu(cpu, "bench=nop,add_latency,branch_predictable reps=3 events=%s" % events, icount=True,
                counting=True, timeout=180)
    run = bc.records(b)
    if not run:
        return
    got = medians(run)
    bc.report(banner in b.serial and table_of(run) == table and b.passed,
              "%s: the PMU takes table %s (%r; cond event_table %s), and the run ends with PASS"
              % (cpu, table, banner, table_of(run)))
    counted = [r for r in run.of_type("result") if r.fields["unit"] != "TSC"]
    bc.report(len(counted) == len(run.of_type("result")) and counted,
              "%s: every result is counted by the PMU, not the TSC (%d results)"
              % (cpu, len(counted)))
    for ours, arch in twins:
        pairs = [(k[0], got[k], got.get((k[0], arch))) for k in got if k[1] == ours]
        bc.report(pairs and all(a == b for _, a, b in pairs),
                  "%s: %s counts what %s counts in every window: %s" % (cpu, ours, arch, pairs))


def check_unknown():
    b = bc.qemu("Skylake-Client,model=0xad", "bench=nop reps=3 events=instructions,branches",
                icount=True, counting=True, timeout=120)
    run = bc.records(b)
    if not run:
        return
    results = [r for r in run.of_type("result") if r.fields["unit"] != "TSC"]
    bc.report("arch: event table unknown: libpfm4 " in b.serial and
              "has none for Intel family 06h model 0xad" in b.serial and
              "it needs one for that model; using the architectural events and raw codes"
              in b.serial and table_of(run) == "unknown",
              "model 0xad: one line says its table is unknown and what is used instead; "
              "cond event_table %s" % table_of(run))
    bc.report(len(results) == 2 and b.passed,
              "model 0xad: the architectural events still count (%d results), PASS" % len(results))


def main():
    if not bc.report(not bc.launch.counting_problem(), "the counting QEMU is built (make emu)"):
        return bc.summary()
    bc.in_parallel(check_table, [
        ("Skylake-Client", "skl", "event table skl (Intel Skylake)"),
        ("Dhyana", "amd64_fam17h_zen1", "event table amd64_fam17h_zen1 (AMD64 Fam17h Zen1)")])
    check_unknown()
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
