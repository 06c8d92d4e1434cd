#!/usr/bin/env python3
"""The hosted run's counters (app/linux/perf.c) where Linux offers a PMU.
This machine's may not, so the hosted programs run as processes of a Linux
guest: Debian's own kernel and busybox (emu/guest/build.sh) under the
counting QEMU for x86-64 (make emu), whose PMU model Linux's perf driver
takes as a Skylake's (and, in a second guest, as an EPYC's: Linux's AMD
driver). Linux then programs the counters, and the program only asks
perf_event_open for them.

Each program (both modes: the guest kernel has IA32 emulation) says it
counts through perf and reads with RDPMC, selects the architectural
backend, and measures every payload of a fixed instruction count at
exactly that many user-mode instructions and branches per iteration: the
model counts them exactly (emu/README.md), so any slip in locating the
counters, taking their deltas or redoing a disturbed window shows. With
RDPMC refused at CPL 3 (the cpu PMU's rdpmc attribute set to 0) the group
is read with read() outside the window, the run says so, and the counts are
as exact. Events beyond the counters run in passes; an unknown event is
named and the rest are measured."""

import os
import re
import subprocess
import tempfile

import bootcheck as bc
from bblib import initramfs
from bblib import records as rec

# Beside the counting qemu-system-i386 (make emu).
EMU = os.path.dirname(bc.launch.COUNTING_QEMU)
QEMU = os.path.join(EMU, "qemu-system-x86_64")
PROGRAMS = {"64": os.path.join(bc.BUILD, "linux", "barebench"),
            "32": os.path.join(bc.BUILD, "32-linux", "barebench")}
STATS = ("min", "median", "max")
EVENTS = "instructions:u,branches:u"
NAMES = ("INSTRUCTION_RETIRED:u", "BRANCH_INSTRUCTIONS_RETIRED:u")
# Each backend's name for instructions:u.
INSTRUCTIONS = {"arch": NAMES[0], "amd": "RETIRED_INSTRUCTIONS:u"}
COMMON = "cpu=0 reps=3 warmup=1 unroll=20"
MIN_EXACT_PAYLOADS = 10
# What runs in the guest, one command each: (name, shell line).
RUNS = [
    ("rdpmc-64", "/64/barebench bench=all events=%s %s" % (EVENTS, COMMON)),
    ("rdpmc-32", "/32/barebench bench=all events=%s %s" % (EVENTS, COMMON)),
    ("passes", "/64/barebench bench=add_latency+branch_taken events=instructions:u,"
               "branches:u,cycles:u,instructions:k,branches:k,cycles:k,instructions,branches "
               + COMMON),
    ("bad-event", "/64/barebench bench=add_latency events=instructions:u,no_such_event "
                  + COMMON),
    ("read", "echo 0 > /sys/bus/event_source/devices/cpu/rdpmc; "
             "/64/barebench bench=all events=%s %s" % (EVENTS, COMMON)),
]
# The same under an AMD model, whose PMU Linux's AMD driver takes.
RUNS_AMD = [("amd-64", "/64/barebench bench=all events=%s %s" % (EVENTS, COMMON))]
INIT = """#!/bin/busybox sh
/bin/busybox mkdir -p /proc /sys
/bin/busybox mount -t proc proc /proc
/bin/busybox mount -t sysfs sys /sys
export PATH=/bin
/bin/busybox --install -s /bin
%s
poweroff -f
"""


def guest_files():
    """The kernel and busybox, or None when they cannot be had."""
    p = subprocess.run(["emu/guest/build.sh"], cwd=bc.ROOT, capture_output=True, text=True)
    paths = p.stdout.split()
    return paths if p.returncode == 0 and len(paths) == 2 else None


def boot(kernel, busybox, cpu, runs):
    """Runs every command of runs in one guest of QEMU CPU model cpu:
    {name: (exit status, output)}."""
    script = "\n".join("echo '@@begin %s'; %s; echo \"@@end %s $?\"" % (n, c, n)
                       for n, c in runs)
    entries = [initramfs.directory("bin"), initramfs.directory("dev"), initramfs.console(),
               initramfs.program("bin/busybox", open(busybox, "rb").read()),
               initramfs.program("init", (INIT % script).encode())]
    for mode, path in PROGRAMS.items():
        entries += [initramfs.directory(mode),
                    initramfs.program(mode + "/barebench", open(path, "rb").read())]
    with tempfile.TemporaryDirectory() as tmp:
        cpio = os.path.join(tmp, "init.cpio")
        initramfs.write(cpio, entries)
        p = subprocess.run(
            ["timeout", "600", QEMU, "-display", "none", "-nodefaults", "-no-reboot", "-m", "512",
             "-serial", "stdio", "-cpu", cpu + ",pmu=on", "-kernel", kernel,
             "-initrd", cpio, "-append", "console=ttyS0 quiet nmi_watchdog=0 panic=-1"],
            capture_output=True, text=True, errors="replace")
    out = {}
    for m in re.finditer(r"^@@begin (\S+)\r?\n(.*?)^@@end \1 (\d+)", p.stdout, re.S | re.M):
        out[m.group(1)] = (int(m.group(3)), m.group(2).replace("\r", ""))
    if len(out) != len(runs):
        print(p.stdout[-3000:])
    return out


def parse(name, output):
    code, text = output
    try:
        runs = rec.check_log(text, name)
    except rec.LogError as e:
        bc.report(False, "%s: records check: %s" % (name, e.problems[0]))
        return None
    bc.report(len(runs) == 1 and code == 0 and text.rstrip().endswith("status PASS"),
              "%s: one run of sound records, PASS, exit status %d" % (name, code))
    return runs[0]


def counters_cond(run):
    return next((r.fields for r in run.of_type("cond") if r.fields["key"] == "hosted_counters"),
                {"value": "-", "detail": "no hosted_counters record"})


def check_exact(name, run, backend):
    """Each payload of a fixed instruction count: exactly that many user-mode
    instructions per iteration."""
    declared = {r.fields["name"]: r.fields["expected"] for r in run.of_type("bench")}
    wrong, exact = [], set()
    for r in run.of_type("result"):
        bench, event = r.fields["bench"], r.fields["event"]
        if event != INSTRUCTIONS[backend] or declared.get(bench, "-") == "-":
            continue
        got = [r.fields[s] for s in STATS]
        if all(g == "%s.00" % declared[bench] for g in got):
            exact.add(bench)
        else:
            wrong.append("%s=%s (want %s)" % (bench, "/".join(got), declared[bench]))
    bc.report(not wrong and len(exact) >= MIN_EXACT_PAYLOADS,
              "%s: %d payloads measure exactly their instructions at CPL 3, spread 0%s"
              % (name, len(exact), "; wrong: " + ", ".join(wrong[:5]) if wrong else ""))


def check_counting(name, run, read, backend="arch"):
    counters = counters_cond(run)
    bc.report(counters["value"] == read and run.boot["pmu"] == backend and
              run.boot["counting"] == "1",
              "%s: counts through perf with the %s backend, read by %s (%s: %s)"
              % (name, backend, read, counters["value"], counters["detail"]))
    check_exact(name, run, backend)


def check_passes(run):
    results = {}
    for r in run.of_type("result"):
        results.setdefault(r.fields["bench"], {})[r.fields["event"]] = r.fields["median"]
    add = results.get("add_latency", {})
    bc.report(len(add) == 8 and add.get(NAMES[0]) == "1.00" and add.get("INSTRUCTION_RETIRED")
              == "1.00" and add.get("INSTRUCTION_RETIRED:k") == "0.00",
              "eight events on the arch counters run in passes: add_latency counts 1 instruction "
              "at CPL 3, 1 at any level, 0 in the kernel (%s)" % add)


def check_bad_event(run, text):
    errors = [r.fields for r in run.of_type("error")]
    bc.report(any("no_such_event" in e.get("message", "") for e in errors) and
              "no_such_event" in text,
              "an unknown event is named (%s)" % [e.get("message") for e in errors][:1])
    measured = {r.fields["event"] for r in run.of_type("result") if r.fields["bench"] ==
                "add_latency"}
    bc.report(measured == {NAMES[0]}, "the events before it are measured (%s)" % measured)


def main():
    missing = [p for p in [QEMU] + list(PROGRAMS.values()) if not os.path.exists(p)]
    if not bc.report(not missing, "the x86-64 counting QEMU and both hosted programs are built "
                     "(make emu, make HOSTED=1 [MODE=32]): %s" % (missing or "yes")):
        return bc.summary()
    files = guest_files()
    if not bc.report(files is not None, "Debian's kernel and busybox for the guest "
                     "(emu/guest/build.sh)"):
        return bc.summary()
    out = boot(*files, "Skylake-Client", RUNS)
    out.update(boot(*files, "EPYC", RUNS_AMD))
    bc.report(set(out) == {n for n, _ in RUNS + RUNS_AMD},
              "every run in the guests ended (%s)" % sorted(out))
    runs = {name: parse(name, out[name]) for name, _ in RUNS + RUNS_AMD if name in out}
    for name in ("rdpmc-64", "rdpmc-32"):
        if runs.get(name):
            check_counting(name, runs[name], "perf-rdpmc")
    if runs.get("read"):
        check_counting("read", runs["read"], "perf-read")
    if runs.get("amd-64"):
        check_counting("amd-64", runs["amd-64"], "perf-rdpmc", "amd")
    if runs.get("passes"):
        check_passes(runs["passes"])
    if runs.get("bad-event"):
        check_bad_event(runs["bad-event"], out["bad-event"][1])
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
