#!/usr/bin/env python3
"""A run that does not do what was asked says so in an `error` record as
well as on the console: an option ignored, a bench= selection that matches
nothing (which measures nothing rather than another set), events dropped,
a PMU backend not used, a command line longer than the kernel reads,
sampling that cannot be done, a serial speed no 16550 makes. The
kernel still ends with its status; `barebench run` fails the target on the
error records (tests/tools/test_run.py)."""

import re

import bootcheck as bc


def errors(run):
    return [(r.fields["where"], r.fields["message"]) for r in run.of_type("error")]


def check_selection(spec):
    boot = bc.qemu("pentium3", "bench=" + spec, icount=True)
    run = bc.records(boot)
    if not run:
        return
    said = errors(run)
    shown = spec.replace("*", "_")  # record fields never hold '*' (README)
    bc.report(run.of_type("bench") == [] and run.of_type("result") == [],
              "bench=%s measures nothing (not the default suite): %d bench records"
              % (spec, len(run.of_type("bench"))))
    bc.report(("bench", "'%s' matches no benchmark (bench=list shows them); skipped" % shown)
              in said and ("bench", "bench=%s selects no benchmark: none is measured" % shown)
              in said, "bench=%s: error records name the word and say nothing runs (%s)"
              % (spec, said))
    bc.report("bench: bench=%s selects no benchmark: none is measured" % spec in boot.serial
              and boot.passed, "bench=%s: the console says so too, and the run ends" % spec)


def check_partial_selection():
    boot = bc.qemu("pentium3", "bench=nop+zzz_nomatch", icount=True)
    run = bc.records(boot)
    if run:
        bc.report([r.fields["name"] for r in run.of_type("bench")] == ["nop"] and
                  errors(run) == [("bench", "'zzz_nomatch' matches no benchmark (bench=list "
                                   "shows them); skipped")],
                  "bench=nop+zzz_nomatch measures nop, one error record for the other word")


def check_bad_option():
    boot = bc.qemu("pentium3", "bench=nop reps=abc", icount=True)
    run = bc.records(boot)
    if run:
        bc.report(errors(run) == [("options", "option 'reps=abc': expected a number from 1 to "
                                   "1000 (using the default)")] and
                  run.boot["cmdline"].endswith("reps=abc"),
                  "a bad option is an error record after the boot record (%s)" % errors(run))


def check_events_dropped():
    # One more event than a plan holds (PMU_MAX_EVENTS, pmu/pmu.h).
    events = ",".join(["tsc"] * 33)
    boot = bc.qemu("pentium3", "pmu=tsc events=%s bench=nop reps=3" % events, icount=True)
    run = bc.records(boot)
    if run:
        measured = len(run.of_type("result"))
        bc.report(measured == 32 and errors(run) == [
            ("events", "'tsc': more than 32 events: the 32 event(s) before it are measured; it "
             "and the rest of events= are not")],
            "33 events: 32 are measured (%d) and an error record says the rest are not (%s)"
            % (measured, errors(run)))


def check_backend_ignored():
    boot = bc.qemu("pentium3", "pmu=p4 bench=nop reps=3", icount=True)
    run = bc.records(boot)
    if run:
        said = errors(run)
        bc.report(len(said) == 1 and said[0][0] == "pmu" and
                  said[0][1].startswith("pmu=p4 is not used: ") and run.boot["pmu"] == "p6",
                  "pmu=p4 on a Pentium III is not used, and an error record says so (%s)" % said)


def check_long_command_line():
    # Options after byte 511 were lost when the line was copied into 512 bytes.
    boot = bc.qemu("pentium3", "verbose=1 comment=%s bench=nop reps=5" % ("x" * 600),
                   icount=True)
    run = bc.records(boot)
    if run:
        reps = {r.fields["reps"] for r in run.of_type("result")}
        bc.report([r.fields["name"] for r in run.of_type("bench")] == ["nop"] and reps == {"5"},
                  "a 630-byte line is read whole: bench=nop reps=5 after a 600-byte word apply")
    # Past the kernel's copy (4 KiB) whole words are kept and the rest named.
    words = ["bench=nop"] + ["verbose=1"] * 420 + ["reps=5"]
    boot = bc.qemu("pentium3", " ".join(words), icount=True)
    run = bc.records(boot)
    if run:
        said = [m for w, m in errors(run) if w == "cmdline"]
        reps = {r.fields["reps"] for r in run.of_type("result")}
        bc.report(len(said) == 1 and re.match(r"\d+ bytes: more than the 4095 read: the words "
                                              r"from 'verbose=1 verbose=1 .*' on are ignored$",
                                              said[0]) is not None and
                  [r.fields["name"] for r in run.of_type("bench")] == ["nop"] and reps == {"11"},
                  "a line longer than 4095 bytes: the words before the cut apply, an error "
                  "record names where it is (%s)" % said)


def check_sampling_impossible():
    # Stock QEMU: the counters do not count, so no counter can overflow.
    for option, says in (("sample=instructions:1000", "sampling unavailable: the PMU's counters "
                          "do not count on this machine"),
                         ("sample=instructions", "sample=instructions: expected EVENT:PERIOD")):
        boot = bc.qemu("pentium3", option + " bench=nop reps=3", icount=True)
        run = bc.records(boot)
        if run:
            said = errors(run)
            bc.report(any(w == "sample" and m.startswith(says) for w, m in said)
                      and not run.of_type("samples"),
                      "%s where it cannot sample: an error record says so (%s)" % (option, said))


def check_serial_speed():
    """serial= sets COM1's speed before the first line (the banner names it);
    a speed no 16550 divisor makes is an error record, and 115200 stays."""
    for speed, said in (("9600", []), ("1234", [("options", "serial=1234: not a speed a 16550 "
                                                 "makes (115200 / N); using 115200")])):
        boot = bc.qemu("pentium3", "bench=nop reps=3 serial=%s" % speed, icount=True,
                       extra=["-trace", "serial_update_parameters"])
        run = bc.records(boot)
        if not run:
            continue
        baud = speed if not said else "115200"
        # What QEMU's 16550 says once the kernel has programmed it.
        uart = "serial_update_parameters baudrate=%s parity='N' data=8 stop=1" % baud
        bc.report(errors(run) == said and uart in boot.stderr and
                  "serial COM1 %s 8N1)" % baud in boot.serial and boot.passed,
                  "serial=%s: QEMU's 16550 runs at %s baud 8N1 and the banner says so%s (%s)"
                  % (speed, baud, ", with an error record" if said else "", errors(run)))


def main():
    bc.in_parallel(check_selection, ["zzz_nomatch", "chase_zz*"])
    check_partial_selection()
    check_bad_option()
    check_events_dropped()
    check_backend_ignored()
    check_long_command_line()
    check_sampling_impossible()
    check_serial_speed()
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
