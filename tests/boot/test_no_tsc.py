#!/usr/bin/env python3
"""A CPU without a time-stamp counter (CPUID.1:EDX.TSC = 0) and without
counting PMU counters: RDTSC would raise #UD there (QEMU's TCG runs it
anyway, so what is checked is what the kernel decides). The kernel must say
once that there is nothing to read, skip every benchmark with that reason,
never print a window overhead or a result in ticks, and still PASS."""

import re
import sys

import bootcheck as bc

REASON = ("nothing to read: no working performance counters and no time-stamp counter "
          "(CPUID.1:EDX.TSC = 0)")


def check(cpu):
    boot = bc.qemu(cpu, "bench=default")
    s = boot.serial
    n = re.search(r"^bench: (\d+) benchmark\(s\)", s, re.M)
    skips = re.findall(r"^@BB,\d+,skip,(\w+),([^*]*)\*", s, re.M)
    bc.report(s.count("bench: %s: every benchmark is skipped" % REASON) == 1,
              "%s: says once that nothing can be read, and why" % cpu)
    bc.report(n is not None and len(skips) == int(n.group(1)) and
              all(why == REASON for _, why in skips),
              "%s: one skip record with that reason per selected benchmark (%s of %s)"
              % (cpu, len(skips), n.group(1) if n else "?"))
    bc.report("window overhead" not in s and ",result," not in s and "ticks" not in s and
              ",bench," not in s,
              "%s: no window is run: no overhead line, no bench or result record, no ticks" % cpu)
    bc.report("falling back to the TSC" not in s,
              "%s: does not claim a fall-back to a TSC it does not have" % cpu)
    bc.report(boot.passed, "%s: ends with status PASS (%s)" % (cpu, "; ".join(boot.problems) or "ok"))


def main():
    # 486: no TSC, no PMU (the TSC backend); qemu32,-tsc: a P6 PMU that does
    # not count under QEMU, and no TSC to fall back to.
    for cpu in ("486", "qemu32,-tsc"):
        check(cpu)
    return bc.summary()


if __name__ == "__main__":
    sys.exit(main())
