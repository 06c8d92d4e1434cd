#!/usr/bin/env python3
"""A run that does not do what was asked says so in an `error` record as
well as on the console: an option ignored. The kernel still ends with its
status; `barebench run` fails the target on the error records
(tests/tools/test_run.py)."""

import bootcheck as bc


def errors(run):
    return [(r.fields["where"], r.fields["message"]) for r in run.of_type("error")]


def check_bad_option():
    boot = bc.qemu("pentium3", "bench=nop reps=abc", icount=True)
    run = bc.records(boot)
    if run:
        bc.report(errors(run) == [("options", "option 'reps=abc': expected a number from 1 to "
                                   "1000 (using the default)")] and
                  run.boot["cmdline"].endswith("reps=abc"),
                  "a bad option is an error record after the boot record (%s)" % errors(run))


def main():
    check_bad_option()
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
