#!/usr/bin/env python3
"""Long mode from the one image (docs/running.md, "Long mode"): with
mode=64 on a CPU that has long mode, the 32-bit kernel the loaders start
hands over to the long-mode kernel it carries, which says so in its banner
and its records and runs the 64-bit payloads, each fixed-count one exactly
under QEMU -icount (the TSC counts instructions), under the counting QEMU's
PMU, and, for AVX-512, under the Bochs models that have it. Where the CPU
has no long mode, mode=64 is refused with the reason and the 32-bit run goes
on. Faults, payload faults, the watchdog, ring 3 and sampling work in long
mode as in 32-bit mode, with the 64-bit registers in the reports."""

import os
import re
import tempfile

import bootcheck as bc
import test_counting as tc
import test_exact as te
import test_sampling as ts
from bblib import runner

MIN_EXACT_PAYLOADS = 30
# Payloads whose count is fixed in long mode and that QEMU 7.2's TCG runs
# (no AVX-512): the vector ones among them.
AVX_PAYLOADS = ("avx_vaddps_ymm", "fma_vfmadd231ps_ymm", "avx2_vpermps_ymm", "avx2_vpshufb_ymm")
AVX512_PAYLOADS = ("avx512_vaddps_zmm", "avx512_vfmadd231ps_zmm_tp", "avx512_kandw",
                   "avx512_kmovw_gpr", "avx512_vpaddd_zmm", "avx512_vaddps_zmm_cold")
# The counting QEMU's x86-64 build: a model per family that has long mode,
# its backend and its names for instructions, cycles and branches (EPYC's
# are libpfm4's Zen table's).
COUNTING_MODELS = [
    ("Skylake-Client", "arch", tc.NAMES["arch"]),
    ("Icelake-Server", "arch", tc.NAMES["arch"]),
    ("EPYC", "amd", ("RETIRED_INSTRUCTIONS", "CYCLES_NOT_IN_HALT", "RETIRED_BRANCH_INSTRUCTIONS")),
]


def boot64(cpu="max", options="", **kw):
    return bc.launch.boot_qemu(bc.KERNEL, cpu, "mode=64 " + options,
                               timeout=kw.pop("timeout", 120), long_mode=True, **kw)


def mode_of(boot):
    m = re.search(r"^@BB,\d+,cond,mode,(\d+),", boot.serial, re.M)
    return m and m.group(1)


def check_handover(cpu):
    b = boot64(cpu, "bench=all unroll=100", icount=True)
    target = "qemu-system-x86_64 -icount %s mode=64" % cpu
    bc.report("bare-metal x86-64 benchmarks" in b.serial and mode_of(b) == "64",
              "%s: the long-mode kernel runs (banner x86-64, mode 64 on record)" % target)
    run = bc.records(b)
    if run:
        te.check_exact(target, run)
        exact = {r.fields["bench"] for r in run.of_type("result")
                 if r.fields["median"] == "%s.00" % expected(run).get(r.fields["bench"])}
        bc.report(set(AVX_PAYLOADS) <= exact, "%s: the AVX, AVX2 and FMA payloads are among "
                  "them (%s)" % (target, sorted(set(AVX_PAYLOADS) - exact) or "all"))
    bc.report(b.passed, "%s ends with PASS (%s)" % (target, "; ".join(b.problems) or "ok"))


def expected(run):
    return {r.fields["name"]: r.fields["expected"] for r in run.of_type("bench")}


def check_modes():
    """mode=32 keeps the 32-bit kernel on a CPU with long mode, and the
    default hands over; mode=64 where the CPU has no long mode is refused
    with the reason, and the run goes on."""
    for options, want in (("mode=32", "32"), ("", "64"), ("mode=auto", "64")):
        b = bc.launch.boot_qemu(bc.KERNEL, "max", options + " bench=nop", long_mode=True)
        bc.report(mode_of(b) == want and b.passed,
                  "qemu-system-x86_64 max '%s': payloads in %s-bit mode, PASS" % (options, want))
    for binary_long, cpu in ((True, "pentium3"), (False, "max")):
        b = bc.launch.boot_qemu(bc.KERNEL, cpu, "mode=64 bench=nop", long_mode=binary_long)
        bc.report("@BB," in b.serial and mode_of(b) == "32" and re.search(
            r"^@BB,\d+,error,options,mode=64: the CPU has no long mode \(CPUID\.80000001H:EDX\.LM "
            r"= 0\); the payloads run in 32-bit mode", b.serial, re.M) and b.passed,
                  "%s %s mode=64: refused with the reason on record, the 32-bit run ends with "
                  "PASS" % ("qemu-system-x86_64" if binary_long else "qemu-system-i386", cpu))


def check_no_room():
    """Where the loader put something where the long-mode kernel goes (a
    module of 15 MB reaches past 16 MiB), the 32-bit kernel says so on
    record and runs the suite itself."""
    with tempfile.TemporaryDirectory(prefix="bb-lm-") as work:
        big = os.path.join(work, "big.bin")
        with open(big, "wb") as f:
            f.truncate(15 * 10**6)
        b = bc.launch.boot_qemu(bc.KERNEL, "max", "bench=nop", long_mode=True, modules=[big],
                                memory=128)
    bc.report(mode_of(b) == "32" and re.search(
        r"^@BB,\d+,error,mode,the CPU has long mode; but the long-mode kernel goes at "
        r"0x1000000-0x[0-9a-f]+: the loader put its information or a module there", b.serial,
        re.M) and b.passed,
              "a module where the long-mode kernel goes: an error record says why, and the "
              "32-bit run ends with PASS")


def check_fault(item):
    word, mnemonic, vector = item
    b = boot64("max", "fault=" + word)
    s = b.serial
    bc.report("*** unexpected exception %s (vector %d)" % (mnemonic, vector) in s and
              re.search(r"rip=[0-9a-f]{16} .*\n.*rax=[0-9a-f]{16}", s) and
              re.search(r"r8 =[0-9a-f]{16} r9 =[0-9a-f]{16}", s) and
              b.exit_code == bc.launch.QEMU_EXIT_FAIL,
              "long mode fault=%s: reported with RIP and the 16 general registers, then FAIL"
              % word)
    if vector == 8:
        bc.report("rsp=0000000000000800" in s and "stack: unreadable at 0000000000000800" in s,
                  "long mode fault=df: the #DF runs on its own stack (IST1) and shows the "
                  "broken one")
    else:
        bc.report(re.search(r"stack:\s+[0-9a-f]{16}", s),
                  "long mode fault=%s: the report shows the stack" % word)


def check_payload_faults():
    b = boot64("max", "bench=fault_*+nop", icount=True)
    faults = re.findall(r"^@BB,\d+,fault,([^,]+),(\d+),([^,]+),", b.serial, re.M)
    bc.report({("fault_de", "0", "#DE"), ("fault_gp", "13", "#GP"), ("fault_pf", "14", "#PF"),
               ("fault_ud", "6", "#UD")} <= set(faults) and b.passed,
              "long mode: each faulting payload is a fault record and the suite ends with PASS "
              "(%s)" % faults)


def check_ring3():
    b = boot64("max", "ring=3 bench=gate_hello+add_latency+cost_rdtsc+priv_cli+fault_pf",
               icount=True)
    s = b.serial
    ops = dict(re.findall(r"^gate: from CPL 3: (.+?) +-> (-?\d+)", s, re.M))
    bc.report("gate: hello from CPL 3 through int 0x80" in s and ops.get("hello") == "0" and
              ops.get("write NO_SUCH_EVENT:u") == "-1" and
              ops.get("operation 9 (none)") == "-1",
              "long mode ring=3: the gate answers a CPL 3 caller, bad requests with -1 (%s)" % ops)
    faults = re.findall(r"^@BB,\d+,fault,([^,]+),(\d+),", s, re.M)
    bc.report(("priv_cli", "13") in faults and ("fault_pf", "14") in faults and
              "error code 0x4)" in s,
              "long mode ring=3: CLI is #GP, a load from page 0 a user-mode #PF (%s)" % faults)
    run = bc.records(b)
    medians = {r.fields["bench"]: r.fields["median"] for r in run.of_type("result")} if run else {}
    bc.report(medians.get("add_latency") == "1.00" and medians.get("cost_rdtsc") == "1.00" and
              b.passed, "long mode ring=3: exact payloads measure 1 instruction at CPL 3, PASS "
              "(%s)" % medians)


def check_watchdog(ring):
    b = boot64("max", "ring=%s watchdog=200 bench=runaway+add_latency" % ring)
    bc.report(re.search(r"WATCHDOG: the window ran for over 200 ms without ending; stopped at rip "
                        r"[0-9a-f]{16} \(CPL %s\)" % ring, b.serial) and
              re.search(r"^@BB,\d+,fault,runaway,2,NMI,", b.serial, re.M) and b.passed,
              "long mode ring=%s: the watchdog's NMI stops a runaway payload, the suite goes on"
              % ring)


def check_counting(item):
    cpu, backend, names = item
    target = "counting qemu-system-x86_64 %s mode=64" % cpu
    b = boot64(cpu, "bench=all events=" + tc.EVENTS, icount=True, counting=True)
    bc.report(tc.backend_of(b.serial) == backend and "do not count" not in b.serial and
              mode_of(b) == "64", "%s selects %s and counts in long mode" % (target, backend))
    run = bc.records(b)
    if run:
        tc.check_exact(target, run, names)
    bc.report(b.passed, "%s ends with PASS (%s)" % (target, "; ".join(b.problems) or "ok"))


def check_sampling():
    """Sampling through the overflow NMI in long mode, as test_sampling.py
    checks it in 32-bit mode: a sample every PERIOD ring-3 instructions, in
    the windows only, the same in two boots."""
    target = "counting qemu-system-x86_64 Skylake-Client mode=64 %s" % ts.OPTS
    options = "%s bench=%s" % (ts.OPTS, "+".join(ts.PAYLOADS))
    boots = bc.in_parallel(lambda _: boot64("Skylake-Client", options, icount=True,
                                            counting=True), [0, 1])
    runs = [bc.records(b) for b in boots]
    if not all(runs):
        return
    got = ts.sampled(runs[0])
    counts = {p: (int(got[p][0]["samples"]), int(got[p][0]["counted"]), sum(got[p][1].values()))
              for p in got}
    bc.report(set(got) == set(ts.PAYLOADS) and all(
        s == c // ts.PERIOD and h == s and s > 0 for s, c, h in counts.values()) and
        not any("outside" in got[p][1] for p in got) and boots[0].passed,
              "%s: samples = floor(counted / %d) per payload, all in the windows, the histogram "
              "adds up (%s)" % (target, ts.PERIOD, counts))
    same = [[(r.type, r.fields) for r in run.records if r.type in ("samples", "hist")]
            for run in runs]
    bc.report(same[0] == same[1], "%s: two boots give the same samples and histograms" % target)


def check_bochs_avx512(model):
    options = "mode=64 bench=avx512_*+add_latency unroll=10"
    with tempfile.TemporaryDirectory(prefix="bb-lm-") as work:
        iso = runner.iso_with_options(bc.KERNEL, os.path.join(bc.ROOT, "iso", "grub.cfg"),
                                      options, work)
        b = bc.launch.boot_bochs(iso, model, timeout=180)
    run = bc.records(b)
    got = {r.fields["bench"]: r.fields["median"] for r in run.of_type("result")} if run else {}
    want = expected(run) if run else {}
    wrong = [p for p in AVX512_PAYLOADS if got.get(p) != "%s.00" % want.get(p)]
    bc.report(mode_of(b) == "64" and not wrong and b.passed,
              "bochs %s mode=64: the AVX-512 payloads measure exactly their count with the TSC "
              "(%s)" % (model, "wrong: %s" % wrong if wrong else got))


def main():
    check_modes()
    check_no_room()
    bc.in_parallel(check_handover, ["max", "Skylake-Client", "EPYC"])
    bc.in_parallel(check_fault, [("ud", "#UD", 6), ("gp", "#GP", 13), ("de", "#DE", 0),
                                 ("pf", "#PF", 14), ("df", "#DF", 8)])
    check_payload_faults()
    check_ring3()
    bc.in_parallel(check_watchdog, ["0", "3"])
    problem = bc.launch.counting_problem(bc.launch.COUNTING_QEMU_64)
    if problem:
        bc.report(False, "the counting x86-64 QEMU: %s" % problem)
    else:
        bc.in_parallel(check_counting, COUNTING_MODELS)
        check_sampling()
    bc.in_parallel(check_bochs_avx512, ["corei7_skylake_x", "tigerlake"])
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
