#!/usr/bin/env python3
"""Ring-3 windows, the monitor gate, the watchdog and sampling (as
docs/ring3-sampling.md says them): ring=3 runs the windows at CPL 3 and the gate's
operations answer from there; a privileged instruction or a fault in a
ring-3 payload is reported and the suite goes on; a payload that never ends
is stopped by the watchdog's NMI under QEMU and Bochs; sampling says plainly
that emulators cannot sample; the gate's cost under QEMU -icount is a fixed
number of instructions."""

import os
import re
import shutil
import socket
import subprocess
import tempfile
import time

import bootcheck as bc
from bblib import runner

EXACT = "add_latency+cost_rdtsc"


def results(serial):
    """{bench: median} from the result records."""
    out = {}
    for m in re.finditer(r"^@BB,\d+,result,([^,]+),[^,]*,[^,]*,[^,]*,\d+,[^,]*,\d+,\d+,"
                         r"([-0-9.]+),([-0-9.]+),", serial, re.M):
        out[m.group(1)] = (float(m.group(2)), float(m.group(3)))
    return out


def fault_records(serial):
    return re.findall(r"^@BB,\d+,fault,([^,]+),(\d+),([^,]+),", serial, re.M)


def check_ring3_qemu():
    boot = bc.qemu("pentium3", "ring=3 bench=gate_hello+%s+priv_cli+priv_rdmsr+fault_pf" % EXACT,
                   icount=True)
    s = boot.serial
    bc.report("ring3: windows run at CPL 3" in s, "ring=3: the kernel says windows run at CPL 3")
    bc.report("gate: hello from CPL 3 through int 0x80" in s,
              "the gate's hello answers a CPL 3 caller")
    ops = dict(re.findall(r"^gate: from CPL 3: (.+?) +-> (-?\d+)", s, re.M))
    bc.report(ops.get("hello") == "0" and ops.get("write (default events)") == "1"
              and ops.get("read") == "1" and ops.get("reset counters") == "0"
              and ops.get("write NO_SUCH_EVENT:u") == "-1" and ops.get("reset selection") == "0"
              and ops.get("read (nothing selected)") == "-1"
              and ops.get("operation 9 (none)") == "-1",
              "the gate's operations (hello, write, read, reset counters, reset selection) "
              "answer from CPL 3, bad requests with -1 (%s)" % ops)
    faults = fault_records(s)
    bc.report(("priv_cli", "13", "#GP") in faults and ("priv_rdmsr", "13", "#GP") in faults,
              "CLI and RDMSR at CPL 3 are reported as #GP fault records (%s)" % faults)
    bc.report(("fault_pf", "14", "#PF") in faults and "error code 0x4)" in s,
              "a #PF at CPL 3 is reported with a user-mode error code (0x4)")
    r = results(s)
    bc.report(r.get("add_latency") == (1.0, 1.0) and r.get("cost_rdtsc") == (1.0, 1.0),
              "at CPL 3 under -icount the exact payloads still measure 1 instruction (%s)" % r)
    bc.report(boot.passed, "ring=3 run goes on after the faults and ends with PASS (%s)"
              % ("; ".join(boot.problems) or "ok"))
    return r.get("gate_hello")


def check_gate_cost(ring3_cost):
    boot = bc.qemu("pentium3", "bench=gate_hello+gate_bad", icount=True)
    r = results(boot.serial)
    cost = r.get("gate_hello")
    bc.report(cost is not None and cost[0] == cost[1] and cost[0] > 3,
              "gate_hello under -icount: a fixed instruction count per round trip (%s)" % (cost,))
    bc.report(cost == ring3_cost,
              "the gate costs the same instructions from CPL 0 and CPL 3 (%s vs %s)"
              % (cost, ring3_cost))
    print("INFO: int 0x80 hello round trip: %s instructions (CPL 3), %s (CPL 0); "
          "unknown call: %s" % (ring3_cost, cost, r.get("gate_bad")))


def check_watchdog_qemu(ring):
    boot = bc.qemu("pentium3", "ring=%s watchdog=200 bench=runaway+add_latency" % ring)
    s = boot.serial
    bc.report(re.search(r"WATCHDOG: the window ran for over 200 ms without ending; stopped at eip "
                        r"[0-9a-f]{8} \(CPL %s\)" % ring, s) is not None,
              "qemu ring=%s: the runaway payload is stopped by the watchdog" % ring)
    bc.report(("runaway", "2", "NMI") in fault_records(s),
              "qemu ring=%s: it is reported as a fault record with vector 2 (NMI)" % ring)
    bc.report("add_latency" in results(s) and boot.passed,
              "qemu ring=%s: the suite goes on after it and ends with PASS (%s)"
              % (ring, "; ".join(boot.problems) or "ok"))


def check_no_watchdog():
    boot = bc.qemu("pentium3", "bench=add_latency")
    bc.report("watchdog: a window is stopped 2000 to 3000 ms after it starts: RTC alarm" in
              boot.serial, "by default the watchdog stops a window after 2 to 3 s and says how")
    boot = bc.qemu("pentium,-apic", "ring=3 bench=add_latency")
    bc.report("watchdog: no watchdog on this machine: the CPU has no local APIC" in boot.serial
              and boot.passed, "a Pentium without APIC says there is no watchdog, and runs on")
    boot = bc.qemu("pentium3", "watchdog=0 bench=add_latency")
    bc.report("watchdog: off (watchdog=0)" in boot.serial and boot.passed,
              "watchdog=0 turns it off and says so")


def check_stray_nmi():
    """An NMI outside any window (QEMU's monitor `nmi` command once the run
    has halted) is claimed by nobody, said once and ignored."""
    work = tempfile.mkdtemp(prefix="bb-nmi-")
    sock = os.path.join(work, "monitor")
    cmd = bc.launch.qemu_command(bc.KERNEL, "pentium3", "exit=halt bench=add_latency")
    cmd += ["-monitor", "unix:%s,server,nowait" % sock]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    out = ""
    try:
        deadline = time.time() + 30
        while bc.launch.FINAL_PASS not in out and time.time() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            out += line
        mon = socket.socket(socket.AF_UNIX)
        mon.connect(sock)
        mon.sendall(b"nmi\n")
        deadline = time.time() + 10
        while "nmi: an NMI nobody claimed" not in out and time.time() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            out += line
        mon.close()
    finally:
        proc.kill()
        proc.wait()
        shutil.rmtree(work, ignore_errors=True)
    bc.report(bc.launch.FINAL_PASS in out and "nmi: an NMI nobody claimed at eip" in out,
              "an NMI outside any window is said once and ignored (%s)"
              % " | ".join(out.strip().splitlines()[-2:]))


def check_sampling_unavailable():
    boot = bc.qemu("pentium3", "sample=INST_RETIRED:10000 bench=add_latency")
    s = boot.serial
    bc.report("sample: sampling unavailable: the PMU's counters do not count on this machine" in s,
              "sample= under QEMU says plainly that sampling is unavailable (counters do not count)")
    bc.report("samples of" not in s and boot.passed,
              "no invented samples are printed, and the run ends with PASS")
    boot = bc.qemu("pentium", "sample=INSTRUCTIONS_EXECUTED:1000 bench=add_latency")
    bc.report("sample: sampling unavailable:" in boot.serial,
              "sample= on a Pentium says sampling is unavailable")


def check_bochs(model):
    with tempfile.TemporaryDirectory(prefix="bb-ring3-") as work:
        iso = runner.iso_with_options(bc.KERNEL, os.path.join(bc.ROOT, "iso", "grub.cfg"),
                                      "ring=3 watchdog=100 bench=runaway+add_latency+cost_rdpmc",
                                      work)
        boot = bc.launch.boot_bochs(iso, model, timeout=180)
    s = boot.serial
    bc.report("ring3: windows run at CPL 3" in s and "gate: hello from CPL 3" in s,
              "bochs %s: ring=3 and the gate from CPL 3" % model)
    bc.report(re.search(r"WATCHDOG: .* \(CPL 3\)", s) is not None
              and ("runaway", "2", "NMI") in fault_records(s),
              "bochs %s: the watchdog NMI stops the runaway ring-3 payload" % model)
    r = results(s)
    bc.report("add_latency" in r and boot.passed,
              "bochs %s: the suite goes on and ends with PASS (%s)"
              % (model, "; ".join(boot.problems) or "ok"))
    print("INFO: bochs %s: RDPMC at CPL 3 (cost_rdpmc, instructions): %s"
          % (model, r.get("cost_rdpmc")))


def main():
    ring3_cost = check_ring3_qemu()
    check_gate_cost(ring3_cost)
    bc.in_parallel(check_watchdog_qemu, ["0", "3"])
    check_no_watchdog()
    check_stray_nmi()
    check_sampling_unavailable()
    bc.in_parallel(check_bochs, ["p3_katmai", "core2_penryn_t9600"])
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
