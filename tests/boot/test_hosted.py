#!/usr/bin/env python3
"""The hosted run (make HOSTED=1): the same suite as a Linux process on the
machine at hand. Structure only, never timing: the records are sound, the
process says what Linux gave it (kernel, CPU, scheduling, pages, counters),
the payloads that need the machine are skipped with their reason, faults
and a runaway payload give the same fault records as on bare metal, and a
fault outside any payload ends the run with FAIL. A kernel that runs no
i386 processes (IA32 emulation off, as on this project's CI machines) gets
the program under qemu-i386 (Debian's qemu-user): the structure is the same,
the figures are an emulator's."""

import errno
import os
import shutil
import signal
import subprocess
import time

import bootcheck as bc
from bblib import records as rec

# The hosted builds: the host's mode, then the i386 one beside it.
PROGRAMS = [os.path.join(bc.BUILD, name, "barebench") for name in ("linux", "32-linux")]
SUITE = ("bench=add_latency+imul_latency+chase_l1+gate_hello+cost_rdmsr+fault_ud+fault_pf+"
         "priv_cli+priv_rdmsr+runaway reps=5 warmup=1 watchdog=500")
# payload -> the vector its fault record carries (runaway: the watchdog's;
# priv_*: the #GP they exist to raise at CPL 3, as under ring=3)
FAULTS = {"fault_ud": "6", "fault_pf": "14", "priv_cli": "13", "priv_rdmsr": "13", "runaway": "2"}
HOSTED_CONDS = ["hosted_kernel", "hosted_cpu", "hosted_sched", "hosted_pages", "hosted_counters",
                "ticks_per_cycle_before", "ticks_per_cycle_after", "redone", "mode", "disturbances"]


def elf_mode(program):
    """"32" or "64", from the ELF header's class byte."""
    with open(program, "rb") as f:
        return {1: "32", 2: "64"}[f.read(5)[4]]


def launcher(program):
    """How this machine runs the program: [] natively, else qemu-i386 for an
    i386 one (None when it cannot)."""
    try:
        subprocess.run([program, "bench=list"], capture_output=True, timeout=60)
        return []
    except OSError as e:
        if e.errno != errno.ENOEXEC:
            raise
    qemu = shutil.which("qemu-i386")
    return [qemu] if qemu and elf_mode(program) == "32" else None


def run(prefix, *args):
    p = subprocess.run(prefix + list(args), capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout


def check_suite(prefix, mode):
    code, out = run(prefix, *SUITE.split())
    bc.report(code == 0 and out.rstrip().endswith("barebench: finished, status PASS"),
              "hosted suite: ends with PASS, exit status 0, though payloads faulted (got %d)" % code)
    try:
        runs = rec.check_log(out, "hosted")
    except rec.LogError as e:
        bc.report(False, "hosted suite: records check: %s" % e.problems[0])
        return
    bc.report(len(runs) == 1, "hosted suite: one run of sound records (CRC, sequence, end)")
    records = runs[0].records
    boot = records[0].fields
    bc.report(boot["environment"] == "hosted", "the boot record's environment is hosted (got %r)" % boot["environment"])
    conds = {r.fields["key"]: r.fields for r in records if r.type == "cond"}
    missing = [k for k in HOSTED_CONDS if k not in conds]
    bc.report(not missing, "cond records say what Linux gave: %s" % (missing or "all there"))
    if missing:
        return
    has_pmu = any(os.path.exists("/sys/bus/event_source/devices/%s/type" % d)
                  for d in ("cpu", "cpu_core", "cpu_atom"))
    counters = conds["hosted_counters"]
    if has_pmu:
        # Counting itself is tests/boot/test_hosted_perf.py's, in a guest.
        ok = (counters["value"] in ("perf-rdpmc", "perf-read") and boot["pmu"] != "tsc") or \
            (counters["value"] == "tsc" and "refused" in counters["detail"])
    else:
        ok = counters["value"] == "tsc" and "no hardware PMU" in counters["detail"] and \
            boot["pmu"] == "tsc"
    bc.report(ok, "the run says what it counts with: perf where Linux offers a PMU and allows "
              "it, else the TSC, and why (%s: %s)" % (counters["value"], counters["detail"]))
    bc.report(conds["hosted_pages"]["value"] in ("2M-hugetlb", "2M-thp", "4K"),
              "hosted_pages names the page size (%s)" % conds["hosted_pages"]["value"])
    bc.report(conds["hosted_sched"]["value"] in ("fifo", "other"),
              "hosted_sched names the policy obtained (%s)" % conds["hosted_sched"]["value"])
    bc.report(conds["redone"]["value"].isdigit(), "the windows redone are counted")
    bc.report(conds["disturbances"]["value"] == "context_switch+page_fault+interrupt",
              "the disturbances read around each repetition are named (%s: %s)"
              % (conds["disturbances"]["value"], conds["disturbances"]["detail"]))
    bc.report(conds["mode"]["value"] == mode,
              "the mode is on record: %s, the program's ELF class %s" % (conds["mode"]["value"], mode))
    skips = {r.fields["bench"]: r.fields["reason"] for r in records if r.type == "skip"}
    bc.report("monitor gate" in skips.get("gate_hello", ""),
              "gate_hello is skipped: int 0x80 is a Linux system call (%r)"
              % skips.get("gate_hello"))
    bc.report("CPL 3" in skips.get("cost_rdmsr", ""),
              "cost_rdmsr is skipped: RDMSR faults at CPL 3 (%r)" % skips.get("cost_rdmsr"))
    faults = {r.fields["bench"]: r.fields["vector"] for r in records if r.type == "fault"}
    bc.report(faults == FAULTS, "faults and the runaway give fault records with their vectors: "
              "%s" % faults)
    results = {r.fields["bench"] for r in records if r.type == "result"}
    bc.report({"add_latency", "imul_latency", "chase_l1"} <= results,
              "the other payloads are measured after the faults (%s)" % sorted(results))
    tpc = conds["ticks_per_cycle_before"]["value"]
    bc.report(tpc != "-" or "NetBurst" in conds["ticks_per_cycle_before"]["detail"],
              "the TSC is calibrated in cycles by the ADD chain (%s)" % tpc)


def check_disturbed(prefix):
    """A process stopped and continued every few milliseconds (SIGSTOP,
    SIGCONT: switched out, whatever its scheduling class) while it
    measures a long memory-bound payload: repetitions that saw a context
    switch are measured again, and a `disturbed` record says how many."""
    p = subprocess.Popen(prefix + ["bench=chase_mem", "reps=1000", "unroll=1000"],
                         stdout=subprocess.PIPE, text=True)
    stops = 0
    while p.poll() is None:
        time.sleep(0.003)
        try:
            p.send_signal(signal.SIGSTOP)
            time.sleep(0.001)
            p.send_signal(signal.SIGCONT)
            stops += 1
        except ProcessLookupError:
            break
    out = p.communicate(timeout=120)[0]
    try:
        records = rec.check_log(out, "hosted")[0].records
    except (rec.LogError, IndexError) as e:
        bc.report(False, "stopped and continued: records check: %s" % e)
        return
    disturbed = [r.fields for r in records if r.type == "disturbed"]
    bc.report(p.returncode == 0 and any(d["bench"] == "chase_mem" and int(d["redone"]) > 0 and
                                        "context switch" in d["why"] for d in disturbed),
              "stopped and continued %d times: repetitions that saw a context switch are "
              "measured again and on record (%s)" % (stops, disturbed))


def check_fault_outside_payloads(prefix):
    code, out = run(prefix, "fault=ud", "bench=nop")
    bc.report("*** unexpected exception #UD (vector 6" in out and code == 1 and
              out.rstrip().endswith("status FAIL"),
              "fault=ud outside any payload is reported and ends with FAIL, exit status 1 "
              "(got %d)" % code)


def check_bad_options(prefix):
    code, out = run(prefix, "cpu=999", "sample=cycles:1000", "exit=halt", "serial=9600",
                    "bench=nop", "reps=3")
    bc.report("cpu=999: not a CPU this process may run on" in out,
              "cpu= beyond the allowed CPUs is named, and the least loaded is taken")
    bc.report("sample=cycles:1000: a hosted run does not sample" in out,
              "sample= is refused with its reason")
    bc.report("exit=halt: a hosted run ends as a process does" in out,
              "exit= is refused with its reason")
    bc.report("serial=9600: a hosted run writes to standard output; ignored" in out,
              "serial= is refused with its reason")
    bc.report(code == 0, "the run goes on after the bad options (exit status %d)" % code)


def check_program(program):
    mode = elf_mode(program)
    prefix = launcher(program)
    if prefix is None:
        bc.report(False, "%s: this kernel cannot run it%s" % (program, " and qemu-i386 is not "
                  "installed (make deps)" if mode == "32" else ""))
        return
    print("hosted: running %s (%s-bit) %s" % (program, mode, "under qemu-i386" if prefix
          else "natively"), flush=True)
    check_suite(prefix + [program], mode)
    if not prefix:  # qemu-i386 would be stopped, not the program
        check_disturbed([program])
    check_fault_outside_payloads(prefix + [program])
    check_bad_options(prefix + [program])


def main():
    if not bc.report(os.path.exists(PROGRAMS[0]), "%s is built (make HOSTED=1)" % PROGRAMS[0]):
        return bc.summary()
    for program in PROGRAMS:
        if os.path.exists(program):
            check_program(program)
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
