#!/usr/bin/env python3
"""tools/boot as a user runs it: --append reaches the kernel on every path,
including the ISO boots (Bochs, QEMU --iso), which have no -append and get a
temporary ISO whose first menu entry carries the options."""

import os
import re
import subprocess
import sys
import tempfile

import bootcheck as bc

OPTS = "bench=nop reps=1 warmup=0"


def boot(args, work, timeout):
    """Runs tools/boot; returns (exit status, serial log text)."""
    log = os.path.join(work, "serial.log")
    if os.path.exists(log):
        os.remove(log)
    proc = subprocess.run([sys.executable, os.path.join(bc.ROOT, "tools", "boot")] + args +
                          ["--quiet", "--timeout", str(timeout), "--log", log],
                          cwd=bc.ROOT, capture_output=True, text=True, timeout=timeout + 60)
    text = open(log, encoding="latin-1").read() if os.path.exists(log) else ""
    return proc.returncode, text


def honoured(text):
    """The boot record's command line ends with OPTS (QEMU -kernel puts the
    kernel's path first), and bench=nop ran nop alone."""
    boot = re.search(r"^@BB,0,boot,(?:[^,]*,){10}([^*]*)\*", text, re.M)
    benches = re.findall(r"^@BB,\d+,bench,(\w+),", text, re.M)
    return boot is not None and boot.group(1).endswith(OPTS) and benches == ["nop"], (
        boot.group(1) if boot else None, benches)


def main():
    with tempfile.TemporaryDirectory(prefix="bb-boottool-") as work:
        for name, args, timeout in (
                ("bochs", ["bochs", "--model", "p3_katmai", "--append", OPTS, bc.ISO], 120),
                ("qemu --iso", ["qemu", "--cpu", "pentium3", "--iso", bc.ISO, "--append", OPTS],
                 60),
                ("qemu -kernel", ["qemu", "--cpu", "pentium3", "--append", OPTS, bc.KERNEL], 60)):
            status, text = boot(args, work, timeout)
            ok, got = honoured(text)
            bc.report(status == 0 and ok,
                      "tools/boot %s --append '%s': the kernel gets the options and runs only "
                      "nop (status %d, command line and benchmarks %r)" % (name, OPTS, status, got))
    return bc.summary()


if __name__ == "__main__":
    sys.exit(main())
