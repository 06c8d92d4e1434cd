"""Shared pieces of the boot tests: where the images are, how to boot them
in parallel, and report lines that read like a specification."""

import os
import re
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
from bblib import launch  # noqa: E402

BUILD = os.path.join(ROOT, os.environ.get("BUILD", "build"))
KERNEL = os.path.join(BUILD, "barebench.elf")
ISO = os.path.join(BUILD, "barebench.iso")
JOBS = 2

failures = 0
_print_lock = threading.Lock()  # checks run in threads (in_parallel)


def report(cond, what):
    """One PASS/FAIL line, as tests/run-checks counts them."""
    global failures
    with _print_lock:  # one whole line at a time, or two threads' lines run together
        print("%s: %s" % ("PASS" if cond else "FAIL", what), flush=True)
        if not cond:
            failures += 1
    return cond


def skip(what):
    with _print_lock:
        print("SKIP: %s" % what, flush=True)


def summary():
    return 1 if failures else 0


def counting_ppc_ready(kernel):
    """Whether the counting qemu-system-ppc and the PowerPC kernel are
    built, each said as a check."""
    why = launch.counting_problem(launch.COUNTING_QEMU_PPC)
    return (report(why is None, "the counting qemu-system-ppc is built (%s)" % (why or "make emu"))
            and report(os.path.exists(kernel), "the PowerPC kernel is built (make ARCH=ppc)"))


def in_parallel(fn, items):
    """Runs fn over items JOBS at a time; results in the order of items."""
    with ThreadPoolExecutor(max_workers=JOBS) as pool:
        return list(pool.map(fn, items))


def qemu(cpu="max", append="", **kw):
    return launch.boot_qemu(KERNEL, cpu, append, timeout=kw.pop("timeout", 60), **kw)


def bochs(model, **kw):
    return launch.boot_bochs(ISO, model, timeout=kw.pop("timeout", 120), **kw)


def identity(serial):
    """(vendor, family, model) from the kernel's CPU report, or None."""
    m = re.search(r"^cpu: (\S+) family (\d+) model (\d+) stepping", serial, re.M)
    return (m.group(1), int(m.group(2)), int(m.group(3))) if m else None


def perfmon(serial):
    """(version, gp, gp width, fixed, fixed width) from the report, or None."""
    m = re.search(r"^arch perfmon: version (\d+), (\d+) GP counters x (\d+) bits, "
                  r"(\d+) fixed x (\d+) bits", serial, re.M)
    return tuple(int(g) for g in m.groups()) if m else None


def tail(boot, n=6):
    """The last lines of a boot's console, for a failure message."""
    return " | ".join(boot.serial.strip().splitlines()[-n:])


def records(boot):
    """The machine records of one boot, checked (CRC, sequence, end record)
    by the same code as `barebench report`; None (after a FAIL line) when
    the log is damaged."""
    from bblib import records as rec
    try:
        runs = rec.check_log(boot.serial, boot.target)
    except rec.LogError as e:
        report(False, "%s: records check: %s" % (boot.target, e.problems[0]))
        return None
    return runs[-1] if report(len(runs) == 1, "%s: one run of records" % boot.target) else None
