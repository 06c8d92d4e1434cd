#!/usr/bin/env python3
"""The generated instruction table (docs/itable.md) run for real. Under the
counting QEMU with -icount, in long mode and in 32-bit mode, every
generated payload the model's CPU has measures exactly its instruction
count, as many cycles, and its 16 loop branches, and none faults: this
proves the generator's counts and the windows; with the loop alone taken
off, every form counts exactly one instruction per instruction. The rest are
skipped for a feature the CPU lacks, by name. The default events add the
uops and port events of the model's table, which TCG does not count: the
table says so rather than print zeros. --netboot boots the modules through
iPXE. AVX-512, which QEMU's TCG lacks, is proven exact under Bochs's Ice
Lake model, whose TSC counts instructions. On this machine the hosted run writes the
table, whose JSON has the fields the issue names; figures on silicon are
make bench-itable's, not a test's."""

import collections
import json
import os
import re
import shutil
import subprocess

import bootcheck as bc
from bblib import itable, records

TOOL = os.path.join(bc.ROOT, "tools", "barebench")
OPTIONS = "reps=1 warmup=0 unroll=1 events=instructions,cycles,branches"
NAMES = ("INSTRUCTION_RETIRED", "UNHALTED_CORE_CYCLES", "BRANCH_INSTRUCTIONS_RETIRED")
# Payloads that must measure exactly on Skylake-Client (QEMU 7.2 runs no
# AVX-512, GFNI, SHA, VAES or VPCLMULQDQ): about 3300 in long mode.
MIN_EXACT = 3000


def run_itable(out, *args):
    proc = subprocess.run([TOOL, "itable", "-o", out] + list(args), capture_output=True,
                          text=True, timeout=900)
    return proc.returncode, proc.stdout + proc.stderr


def check_counting(mode):
    target = "counting QEMU Skylake-Client, %d-bit itable" % mode
    out = os.path.join(bc.BUILD, "itable-counting-%d" % mode)
    extra = ["--long-mode"] if mode == 64 else []
    code, said = run_itable(out, "--qemu", "Skylake-Client", "--counting", "--icount",
                            "--append", OPTIONS, *extra)
    if not bc.report(code == 0, "%s: the run and its table (%s)" % (target, said.strip()[-300:])):
        return
    log = os.path.join(out, "qemu-Skylake-Client.log")
    run = records.check_log(open(log, encoding="latin-1").read(), log)[0]
    declared = {r.fields["name"]: int(r.fields["expected"]) for r in run.of_type("bench")}
    got = collections.defaultdict(dict)
    for r in run.of_type("result"):
        got[r.fields["bench"]][r.fields["event"]] = {r.fields[s] for s in ("min", "median",
                                                                             "max")}
    wrong = []
    for name, events in got.items():
        want = (declared[name], declared[name], 0 if name.startswith(itable.CALIBRATION) else itable.LOOP)
        if any(events.get(e) != {"%d.00" % w} for e, w in zip(NAMES, want)):
            wrong.append("%s %s (want %s)" % (name, events, want))
    bc.report(not wrong and len(got) >= MIN_EXACT,
              "%s: %d payloads measure exactly their instructions, as many cycles and their "
              "branches%s" % (target, len(got), "; wrong: %s" % wrong[:4] if wrong else ""))
    faults = [r.fields["bench"] for r in run.of_type("fault")]
    bc.report(not faults, "%s: no generated payload faults (%s)" % (target, faults[:5]))
    skips = collections.Counter(r.fields["reason"] for r in run.of_type("skip"))
    module_payloads = sum(int(n) for n in
                          [line.split()[2] for line in open(log, encoding="latin-1")
                           if line.startswith("module ") and "payload(s):" in line])
    features = re.search(r"^cpu: features: (.*)$", open(log, encoding="latin-1").read(),
                         re.M).group(1).lower().split()
    lacked = [re.fullmatch(r"the CPU has no (\S+)", why) for why in skips]
    bc.report(all(m and m.group(1).lower() not in features for m in lacked)
              and len(got) + sum(skips.values()) == module_payloads,
              "%s: every one of the %d payloads is measured or skipped for a feature the model's "
              "CPUID lacks, by name (%s)" % (target, module_payloads, dict(skips)))
    table = json.load(open(os.path.join(out, "itable.json")))
    counted = [r for r in table if r["events"]]
    off = [(r["form"], r["events"]) for r in counted
           if r["events"] != {NAMES[0]: 1.0, NAMES[2]: 0.0}]
    bc.report(len(counted) >= MIN_EXACT // 2 and not off,
              "%s: with the loop alone taken off, each of %d forms retires exactly 1 instruction "
              "and 0 branches per instruction (%s)" % (target, len(counted), off[:3]))
    by = {r["form"]: r for r in table}
    bc.report(by["IMUL r32, r32"]["latency"] is not None and
              by["VPADDD zmm, zmm, zmm"]["skipped"] == "latency: the CPU has no AVX512F; "
              "throughput: the CPU has no AVX512F",
              "%s: the table has IMUL r32, r32 and says why VPADDD zmm has no figure (%s)"
              % (target, by["VPADDD zmm, zmm, zmm"]["skipped"]))


def check_uops():
    """The default events=default,uops on a model whose event table (skl)
    has uops and port events: the group is planned from the table, and as
    TCG does not count them, the table says so instead of printing zeros."""
    target = "counting QEMU Skylake-Client, events=default,uops"
    out = os.path.join(bc.BUILD, "itable-uops")
    code, said = run_itable(out, "--qemu", "Skylake-Client", "--counting", "--icount",
                            "--long-mode", "--forms", "IMUL r32, r32", "--append",
                            "reps=1 warmup=0 unroll=1")
    if not bc.report(code == 0, "%s: the run and its table (%s)" % (target, said.strip()[-300:])):
        return
    row = json.load(open(os.path.join(out, "itable.json")))[0]
    md = open(os.path.join(out, "itable.md")).read()
    bc.report(row["events"] == {NAMES[0]: 1.0, NAMES[2]: 0.0} and
              "UOPS_RETIRED, UOPS_DISPATCHED_PORT:PORT_0" in md and "not modelled" in md,
              "%s: the uops and port events of the skl table are planned, and left out of the "
              "figures as not modelled (%s)" % (target, row["events"]))


def check_bochs_avx512():
    """AVX-512 under an emulator: QEMU 7.2's TCG has none, Bochs's Ice Lake
    model has AVX-512 and K masks, and its TSC counts instructions. Every
    zmm, mask and {evex} (EVEX-encoded xmm) payload the model has measures
    exactly its instruction count; only what Ice Lake lacks (AVX512-FP16,
    AVX512-BF16) is skipped."""
    if not shutil.which("bochs"):
        bc.skip("itable under Bochs: bochs is not installed")
        return
    target = "Bochs corei7_icelake_u, AVX-512 itable"
    out = os.path.join(bc.BUILD, "itable-bochs-avx512")
    code, said = run_itable(out, "--bochs", "corei7_icelake_u", "--long-mode", "--forms",
                            "*zmm*", "--forms", "K*", "--forms", "{evex}*", "--append",
                            "reps=1 warmup=0 unroll=1",
                            "--timeout", "600")
    if not bc.report(code == 0, "%s: the run and its table (%s)" % (target, said.strip()[-300:])):
        return
    log = os.path.join(out, "bochs-corei7_icelake_u.log")
    run = records.check_log(open(log, encoding="latin-1").read(), log)[0]
    declared = {r.fields["name"]: r.fields["expected"] for r in run.of_type("bench")}
    got = {r.fields["bench"]: {r.fields[s] for s in ("min", "median", "max")}
           for r in run.of_type("result")}
    wrong = [(n, v) for n, v in got.items() if v != {"%s.00" % declared[n]}]
    faults = [r.fields["bench"] for r in run.of_type("fault")]
    skips = collections.Counter(r.fields["reason"] for r in run.of_type("skip"))
    bc.report(len(got) >= 1000 and not wrong and not faults and
              set(skips) <= {"the CPU has no avx512fp16", "the CPU has no avx512bf16"},
              "%s: %d payloads measure exactly their instruction count in TSC ticks, none "
              "faults, and only what Ice Lake lacks is skipped (%s%s)" % (
                  target, len(got), dict(skips), "; wrong: %s" % wrong[:3] if wrong else ""))


def check_netboot():
    """itable --netboot: the modules and options reach the kernel through
    QEMU's NIC ROM (iPXE) and TFTP, and the table is made of that run."""
    if not os.path.exists("/usr/lib/ipxe/qemu/efi-e1000.rom"):
        bc.skip("itable --netboot: QEMU's iPXE ROMs are not installed (package ipxe-qemu)")
        return
    out = os.path.join(bc.BUILD, "itable-netboot")
    code, said = run_itable(out, "--qemu", "Skylake-Client", "--long-mode", "--netboot",
                            "--forms", "IMUL r32, r32", "--append", "reps=1 warmup=0 unroll=1")
    if not bc.report(code == 0, "itable --netboot runs (%s)" % said.strip()[-300:]):
        return
    log = open(os.path.join(out, "qemu-Skylake-Client.log"), encoding="latin-1").read()
    row = json.load(open(os.path.join(out, "itable.json")))[0]
    bc.report('loader "iPXE' in log and "module tftp://" in log and row["latency"] is not None,
              "itable --netboot: iPXE loads the kernel and the module by TFTP, and IMUL r32, r32 "
              "has a latency (%s)" % row["latency"])


def check_hosted():
    program = os.path.join(bc.BUILD, "linux", "barebench")
    out = os.path.join(bc.BUILD, "itable-hosted")
    forms = ("ADD r32, r32", "IMUL r32, r32", "MOVD r32, xmm", "FMUL st(i), st(0)", "JMP r64",
             "VPDPBUSD zmm, zmm, zmm")
    args = ["--hosted", "--program", program]
    for f in forms:
        args += ["--forms", f]
    code, said = run_itable(out, *args)
    if not bc.report(code == 0, "hosted itable of %d forms runs (%s)" % (len(forms),
                                                                        said.strip()[-300:])):
        return
    table = json.load(open(os.path.join(out, "itable.json")))
    bc.report(isinstance(table, list) and sorted(r["form"] for r in table) == sorted(forms) and
              all({"form", "latency", "throughput", "skipped"} <= set(r) for r in table),
              "the JSON is a list of objects with form, latency, throughput and skipped")
    by = {r["form"]: r for r in table}
    measured = [f for f in forms[:4] if by[f]["latency"] is not None and by[f]["latency"] > 0]
    bc.report(len(measured) == 4 and by["JMP r64"]["skipped"] == "control flow",
              "hosted: a latency for each measurable form (the helper's one too), control flow "
              "skipped with its reason (%s)" % {f: (by[f]["latency"], by[f]["skipped"])
                                                for f in forms})
    vnni = by["VPDPBUSD zmm, zmm, zmm"]
    bc.report((vnni["latency"] is not None) != bool(vnni["skipped"] and "avx512vnni"
                                                     in vnni["skipped"]),
              "hosted: an AVX-512 VNNI form is measured, or skipped naming avx512vnni (%s)"
              % vnni["skipped"])
    for name in ("itable.md", "itable.csv"):
        bc.report(os.path.getsize(os.path.join(out, name)) > 0, "hosted: %s written" % name)


def main():
    problem = bc.launch.counting_problem(bc.launch.COUNTING_QEMU_64)
    if bc.report(problem is None, "the counting QEMU is built (%s)" % (problem or "make emu")):
        bc.in_parallel(check_counting, [64, 32])
        check_uops()
    check_netboot()
    check_bochs_avx512()
    check_hosted()
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
