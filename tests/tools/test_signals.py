"""Stopping tools/boot or `barebench run` with SIGTERM, SIGINT or SIGHUP
kills its emulators (and what they started) and leaves no /tmp/bb-*
folder. The emulator is a stand-in that starts a child and waits, given as
the counting QEMU (BAREBENCH_COUNTING_QEMU), so the test needs no image
that runs long."""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from common import BAREBENCH, BOOT, KERNEL, ROOT, Skip

EMULATOR = """#!/bin/sh
sleep 300 &
echo $$ $! >> "$BB_TEST_PIDS"
wait
"""


def _alive(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _wait_for(condition, seconds):
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def _stop(argv, signum, started, folder):
    """Starts argv, sends signum once `started` emulators run; returns what
    was left behind (empty when nothing)."""
    tmp = os.path.join(folder, "tmp")
    os.mkdir(tmp)
    pids_file = os.path.join(folder, "pids")
    env = dict(os.environ, TMPDIR=tmp, BB_TEST_PIDS=pids_file,
               BAREBENCH_COUNTING_QEMU=os.path.join(folder, "emulator"))

    def pids():
        if not os.path.exists(pids_file):
            return []
        with open(pids_file) as f:
            return [int(p) for p in f.read().split()]

    tool = subprocess.Popen([sys.executable] + argv, cwd=ROOT, env=env, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        if not _wait_for(lambda: len(pids()) >= 2 * started, 20):
            return ["the emulators did not start: %s" % tool.stderr.read1().decode()]
        tool.send_signal(signum)
        if not _wait_for(lambda: tool.poll() is not None, 20):
            return ["still running 20 s after the signal"]
        time.sleep(0.3)  # a queued boot that wrongly starts would do so now
        left = ["process %d still runs" % p for p in pids() if _alive(p)]
        if len(pids()) > 2 * started:
            left.append("%d emulators started after the signal" % (len(pids()) / 2 - started))
        left += ["%s left behind" % name for name in os.listdir(tmp)]
        if tool.returncode == 0:
            left.append("exit status 0")
        return left
    finally:  # leave nothing running, whatever the tool did
        for pid in pids():
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
        if tool.poll() is None:
            os.killpg(tool.pid, signal.SIGKILL)
            tool.wait()


def test_stopped_tools_leave_no_emulator_or_folder():
    if not os.path.exists(KERNEL):
        raise Skip("no kernel image %s" % KERNEL)
    programs = {
        "tools/boot": ([BOOT, "qemu", "--counting", "--quiet", KERNEL], 1),
        # -j 2 with three targets: the third, queued, must not start.
        "barebench run": ([BAREBENCH, "run", "--counting", "-j", "2", "--kernel", KERNEL,
                           "--qemu", "pentium3 coreduo athlon"], 2),
    }
    problems = []
    for name, (argv, started) in programs.items():
        for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            folder = tempfile.mkdtemp(prefix="bb-signal-test-")
            try:
                with open(os.path.join(folder, "emulator"), "w") as f:
                    f.write(EMULATOR)
                os.chmod(os.path.join(folder, "emulator"), 0o755)
                out = os.path.join(folder, "runs")
                left = _stop(argv + (["-o", out] if "run" in argv else []), signum, started,
                             folder)
                problems += ["%s, %s: %s" % (name, signal.Signals(signum).name, what)
                             for what in left]
            finally:
                shutil.rmtree(folder, ignore_errors=True)
    assert not problems, "\n".join(problems)
