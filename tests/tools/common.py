"""Shared helpers of the host-tool tests: paths, real kernel logs, damage.

Real logs come from booting build/barebench.elf under QEMU with -icount (fast
and deterministic) once per test process; damaged copies are made from them.
"""

import atexit
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))
from bblib import launch, records  # noqa: E402

# Another image can be tested with BAREBENCH_KERNEL=path (and BAREBENCH_ISO).
KERNEL = os.path.abspath(os.environ.get("BAREBENCH_KERNEL", os.path.join(ROOT, "build", "barebench.elf")))
ISO = os.path.abspath(os.environ.get("BAREBENCH_ISO", os.path.join(ROOT, "build", "barebench.iso")))
BAREBENCH = os.path.join(ROOT, "tools", "barebench")
BOOT = os.path.join(ROOT, "tools", "boot")
# Two CPU models, so that compare and plot see two different targets.
REAL_CPUS = ("pentium3", "Skylake-Client")


class Skip(Exception):
    """Raised by a test that cannot run here; the message says why."""


_real_logs = {}


def real_log(cpu=REAL_CPUS[0], append=""):
    """The serial log of the kernel on `cpu` (QEMU icount), default suite
    unless `append` says otherwise. Skips only when there is no kernel image;
    a boot without records fails."""
    if (cpu, append) not in _real_logs:
        if not os.path.exists(KERNEL):
            raise Skip("no kernel image %s (make build/barebench.elf)" % KERNEL)
        boot = launch.boot_qemu(KERNEL, cpu=cpu, append=append, icount=True, timeout=60)
        if records.PREFIX not in boot.serial:
            raise AssertionError("the kernel printed no machine records on %s (%s)"
                                 % (cpu, "; ".join(boot.problems) or "no problem reported"))
        _real_logs[cpu, append] = boot.serial
    return _real_logs[cpu, append]


def real_log_file(cpu=REAL_CPUS[0], name=None):
    """real_log written to a temporary file named after the target."""
    return write_temp(real_log(cpu), name or "qemu-%s.log" % cpu)


_tmp = tempfile.mkdtemp(prefix="bb-tools-tests-")
atexit.register(shutil.rmtree, _tmp, ignore_errors=True)


def write_temp(text, name):
    path = os.path.join(_tmp, name)
    with open(path, "w", encoding="latin-1", newline="") as f:
        f.write(text)
    return path


def tool(*args, program=BAREBENCH):
    """Runs tools/barebench (or `program`); returns (exit status, stdout, stderr)."""
    p = subprocess.run([sys.executable, program] + list(args), capture_output=True, text=True,
                       timeout=300, cwd=ROOT)
    return p.returncode, p.stdout, p.stderr


def record_lines(text):
    """Indexes (into text.split("\\n")) of the lines holding a record."""
    return [i for i, line in enumerate(text.split("\n")) if records.PREFIX in line]


def refused(text, name="log"):
    """The problems check_log names for text; fails the test if it accepts it."""
    try:
        records.check_log(text, name)
    except records.LogError as e:
        return e.problems
    raise AssertionError("damaged log accepted")


def expect_refused(text, phrase, line):
    """The first problem must name `line` (1-based) and contain `phrase`."""
    first = refused(text)[0]
    assert first.startswith("log:%d: " % line), "wrong line, expected %d: %s" % (line, first)
    assert phrase in first, "expected %r in: %s" % (phrase, first)
