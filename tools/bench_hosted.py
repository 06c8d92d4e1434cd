#!/usr/bin/env python3
"""make bench-hosted: the hosted program (make HOSTED=1) run a few times on
this machine, its figures beside the published ones for the host's
microarchitecture.

  tools/bench_hosted.py [--program build/linux/barebench] [--runs 3] [--append OPTS]
                        (default: unroll=1000)
                        [--timeout S] [-o DIR]
  tools/bench_hosted.py --logs LOG ...   (the table of runs already made)

Each run's log is DIR/runN.log, checked as `barebench run --hosted` checks
it; the table goes to stdout and DIR/bench-hosted.md. Exit status 1 when a
run failed or a log was refused.
"""

import argparse
import os
import sys

# Leave no __pycache__ in the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bblib import files, hosted_bench, launch, records, results, runner  # noqa: E402


def _runs(a):
    """Runs the program a.runs times; the logs, or exits when one failed."""
    if not os.path.exists(a.program):
        sys.exit("bench-hosted: hosted program %s not found (make HOSTED=1)" % a.program)
    if launch.hosted_problem(a.program):
        sys.exit("bench-hosted: %s: no figure of this machine's core can be measured"
                 % launch.hosted_problem(a.program))
    files.make_folder(a.out)
    logs = []
    for n in range(1, a.runs + 1):
        outcome = runner.run_hosted(a.out, a.program, a.append, a.timeout, name="run%d" % n)
        print(outcome.summary(), file=sys.stderr, flush=True)
        if not outcome.ok:
            sys.exit("bench-hosted: run %d failed: %s" % (n, outcome.log))
        logs.append(outcome.log)
    return logs


def main():
    p = argparse.ArgumentParser(prog="bench_hosted.py", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--program", default="build/linux/barebench")
    p.add_argument("--runs", type=int, default=3)
    # 1000 copies a window: a hypervisor's TSC may tick in steps (21 ticks on
    # the machine this was written on), and the difference of 1000 and 2000
    # copies resolves a fiftieth of the step a copy where 100 resolve a fifth.
    p.add_argument("--append", default="unroll=1000", metavar="OPTS",
                   help="options for every run (default: the built-in default set, unroll=1000)")
    p.add_argument("--timeout", type=float, default=120, help="seconds per run")
    p.add_argument("-o", "--out", default="build/linux/bench-hosted")
    p.add_argument("--logs", nargs="+", metavar="LOG", help="tabulate these logs, run nothing")
    a = p.parse_args()
    launch.stop_on_signals("bench-hosted")
    logs = a.logs or _runs(a)
    try:
        rep = results.load(logs)
    except records.LogError as e:
        for problem in e.problems:
            print("bench-hosted: refused: %s" % problem, file=sys.stderr)
        return 1
    text = hosted_bench.table(rep)
    sys.stdout.write(text)
    if not a.logs:
        files.write(os.path.join(a.out, "bench-hosted.md"), text.encode("utf-8"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
