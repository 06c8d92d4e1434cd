#!/usr/bin/env python3
"""The counting QEMU carries its PMU state through migration (the vmstate
subsection cpu/pmu_tcg of emu/qemu/patches/x86). The guest of `make
bench-emu` (emu/bench/alu_loop.asm) starts PMC0 on instructions retired,
runs a loop of 10^10 instructions and prints the count. Stopped in the
middle of the loop (ECX, the iterations left, between the ends), migrated
to a file and continued in a second QEMU, it must print the count of a run
that was not migrated, to the instruction."""

import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

import bootcheck as bc
import bench_emu  # tools/, on the path through bootcheck
from bblib import launch

ITERATIONS = 10**9
CPU = "Skylake-Client"


class Monitor:
    """QEMU's human monitor on a Unix socket: a command, then its answer
    up to the next prompt."""

    def __init__(self, path):
        deadline = time.monotonic() + 10
        self.sock = socket.socket(socket.AF_UNIX)
        while True:
            try:
                self.sock.connect(path)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        self._until_prompt()

    def _until_prompt(self):
        text = b""
        self.sock.settimeout(10)
        while not text.endswith(b"(qemu) "):
            chunk = self.sock.recv(4096)
            if not chunk:
                break
            text += chunk
        # the monitor echoes with terminal escapes: keep the answer's lines
        return re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", text.decode("latin-1"))

    def ask(self, command):
        self.sock.sendall(command.encode() + b"\n")
        return self._until_prompt()


def start(cmd, work, name, extra=()):
    """A QEMU with a monitor at work/name.sock: (process, Monitor)."""
    path = os.path.join(work, name + ".sock")
    proc = subprocess.Popen(cmd + ["-monitor", "unix:%s,server,nowait" % path] + list(extra),
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    return proc, Monitor(path)


def stop_in_loop(mon):
    """Stops the guest once it is in its loop: the iterations left (ECX)."""
    for _ in range(200):
        mon.ask("stop")
        regs = mon.ask("info registers")
        ecx = re.search(r"ECX=([0-9a-f]{8})", regs)
        left = int(ecx.group(1), 16) if ecx else 0
        if 0 < left < ITERATIONS:
            return left
        mon.ask("cont")
        time.sleep(0.05)
    return None


def migrate(cmd, work):
    """Runs the guest, stops it in its loop, migrates it through a file and
    continues it in a second QEMU: (iterations left at the stop, the source's
    output, the destination's output and exit status)."""
    state = os.path.join(work, "state")
    source, mon = start(cmd, work, "source")
    try:
        left = stop_in_loop(mon)
        mon.ask('migrate "exec:cat > %s"' % state)
        for _ in range(200):
            if "Migration status: completed" in mon.ask("info migrate"):
                break
            time.sleep(0.05)
        mon.sock.sendall(b"quit\n")
        said = source.communicate(timeout=30)[0]
    finally:
        if source.poll() is None:
            source.kill()
            source.wait()
    dest, mon = start(cmd, work, "dest", ["-incoming", "exec:cat %s" % state])
    try:
        for _ in range(200):
            status = mon.ask("info status")
            if "VM status: paused" in status and "inmigrate" not in status:
                break
            time.sleep(0.05)
        mon.ask("cont")
        out = dest.communicate(timeout=120)[0]
    finally:
        if dest.poll() is None:
            dest.kill()
            dest.wait()
    return left, said, out, dest.returncode


def main():
    problem = launch.counting_problem()
    if problem:
        bc.skip("migration of the PMU state: %s" % problem)
        return 0
    work = tempfile.mkdtemp(prefix="bb-migrate-")
    try:
        guest = bench_emu.build_guest(work, ITERATIONS, True)
        cmd = launch.qemu_command(guest, CPU, memory=16, counting=True)
        reference = launch.run_timed(cmd, 120)
        left, said, out, code = migrate(cmd, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    want = re.search(r"count=\w+", reference[0])
    got = re.search(r"count=\w+", out)
    bc.report(want is not None and reference[2] == launch.QEMU_EXIT_PASS,
              "%s: the guest counts its loop without migration (%s)"
              % (CPU, want.group(0) if want else reference[0][-80:]))
    bc.report(left is not None and "count=" not in said,
              "%s: the source is stopped in the loop, %s of %d iterations left, "
              "and prints nothing" % (CPU, left, ITERATIONS))
    bc.report(want is not None and got is not None and got.group(0) == want.group(0)
              and code == launch.QEMU_EXIT_PASS,
              "%s: continued after migration, the guest prints the same count (%s, exit %s)"
              % (CPU, got.group(0) if got else out[-80:], code))
    return bc.summary()


if __name__ == "__main__":
    sys.exit(main())
