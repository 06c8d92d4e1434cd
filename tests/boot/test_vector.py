#!/usr/bin/env python3
"""The AVX, AVX2, FMA and AVX-512 payloads (bench/x86/payloads/avx.asm) and
the vector state the kernel enables for them (kernel/x86/fpu.c: XCR0 from
CPUID leaf 0xD). Under the counting QEMU with -icount, a Skylake-Client
(AVX2 and FMA, which QEMU 7.2's TCG runs, no AVX-512) has XCR0 = x87 | SSE
| AVX on record and measures every AVX, AVX2 and FMA payload at exactly its
instructions and as many cycles, and skips each AVX-512 one because the CPU
has no AVX512F. Bochs's Skylake-X, whose TSC counts instructions, has the
AVX-512 state enabled and measures the AVX-512 payloads exactly. A Pentium
III has no XSAVE: XCR0 is not on, and every vector payload is skipped with
the missing extension named. Where the kernel leaves XSAVE off (QEMU's
Opteron_G4, whose TCG would hang on CR4.OSXSAVE), an AVX payload is skipped
for the state XCR0 lacks."""

import os
import re
import tempfile

import bootcheck as bc
from bblib import runner

VECTOR = "avx*+avx2*+avx512*+fma*"
OPTIONS = "bench=%s reps=3 warmup=1 unroll=10" % VECTOR
STATS = ("min", "median", "max")
AVX512 = re.compile(r"^avx512_")
NEEDS = {"avx_": "AVX", "avx2_": "AVX2", "fma_": "FMA", "avx512_": "AVX512F"}


def need_of(name):
    return NEEDS[name.split("_")[0] + "_"]


def payloads(run):
    """The payloads the run chose: measured (a bench record) or skipped."""
    return {r.fields["name"] for r in run.of_type("bench")} | \
        {r.fields["bench"] for r in run.of_type("skip")}


def skips_of(run):
    return {r.fields["bench"]: r.fields["reason"] for r in run.of_type("skip")}


def xcr0(run):
    return next((r.fields for r in run.of_type("cond") if r.fields["key"] == "xcr0"), {})


def exact(run, events, names):
    """Payload -> whether every listed event measured exactly its declared
    instructions per iteration."""
    declared = {r.fields["name"]: r.fields["expected"] for r in run.of_type("bench")}
    got = {}
    for r in run.of_type("result"):
        if r.fields["bench"] in names and r.fields["event"] in events:
            ok = all(r.fields[s] == "%s.00" % declared[r.fields["bench"]] for s in STATS)
            got[r.fields["bench"]] = got.get(r.fields["bench"], True) and ok
    return got


def check_qemu_skylake():
    b = bc.launch.boot_qemu(bc.KERNEL, "Skylake-Client", OPTIONS + " events=instructions,cycles",
                            icount=True, timeout=180, counting=True)
    run = bc.records(b)
    if not run:
        return
    names = payloads(run)
    state = xcr0(run)
    bc.report(state.get("value") == "0x7", "counting qemu Skylake-Client: XCR0 0x7, x87 sse avx on "
              "record (%s: %s)" % (state.get("value"), state.get("detail")))
    skips = skips_of(run)
    avx512 = {n for n in names if AVX512.match(n)}
    bc.report(avx512 and all(skips.get(n) == "the CPU has no AVX512F" for n in avx512),
              "counting qemu Skylake-Client: the %d AVX-512 payloads are skipped: no AVX512F"
              % len(avx512))
    others = names - avx512
    measured = exact(run, ("INSTRUCTION_RETIRED", "UNHALTED_CORE_CYCLES"), others)
    wrong = sorted(n for n in others if not measured.get(n))
    bc.report(len(others) >= 11 and not wrong,
              "counting qemu Skylake-Client: %d AVX, AVX2 and FMA payloads measure exactly their "
              "instructions and as many cycles%s" % (len(others), "; not: %s" % wrong if wrong
                                                    else ""))
    bc.report(b.passed, "counting qemu Skylake-Client ends with PASS")


def check_bochs_skylake_x():
    with tempfile.TemporaryDirectory(prefix="bb-avx512-") as work:
        iso = runner.iso_with_options(bc.KERNEL, os.path.join(bc.ROOT, "iso", "grub.cfg"),
                                      OPTIONS, work)
        b = bc.launch.boot_bochs(iso, "corei7_skylake_x", timeout=300)
    run = bc.records(b)
    if not run:
        return
    state = xcr0(run)
    bc.report(state.get("value") == "0xe7" and "opmask zmm_hi256 hi16_zmm" in state.get("detail", ""),
              "bochs corei7_skylake_x: XCR0 0xe7, the AVX-512 state on (%s)" % state.get("detail"))
    avx512 = {n for n in payloads(run) if AVX512.match(n)}
    measured = exact(run, ("TSC",), avx512)
    wrong = sorted(n for n in avx512 if not measured.get(n))
    bc.report(len(avx512) >= 7 and not wrong,
              "bochs corei7_skylake_x: %d AVX-512 payloads measure exactly their instructions "
              "(its TSC counts them)%s" % (len(avx512), "; not: %s" % wrong if wrong else ""))
    bc.report(b.passed, "bochs corei7_skylake_x ends with PASS")


def check_no_xsave():
    b = bc.qemu("pentium3", OPTIONS, timeout=120)
    run = bc.records(b)
    if not run:
        return
    state = xcr0(run)
    bc.report(state.get("value") == "-" and "no XSAVE" in state.get("detail", ""),
              "qemu pentium3: no XSAVE, no XCR0 on record (%s)" % state.get("detail"))
    names = payloads(run)
    skips = skips_of(run)
    wrong = sorted(n for n in names if skips.get(n) != "the CPU has no %s" % need_of(n))
    bc.report(len(names) >= 19 and not wrong and not run.of_type("result"),
              "qemu pentium3: all %d vector payloads are skipped, each naming its extension%s"
              % (len(names), "; not: %s" % wrong if wrong else ""))


def check_state_withheld():
    """QEMU's Opteron_G4 has AVX and XSAVE, but its TCG would hang on
    CR4.OSXSAVE (kernel/x86/fpu.c): the kernel leaves XSAVE off and says so,
    and the AVX payloads are skipped for the state XCR0 lacks."""
    b = bc.qemu("Opteron_G4", "bench=avx_vaddps_xmm+nop reps=3", timeout=120)
    run = bc.records(b)
    bc.report("fpu: XSAVE left off: QEMU's TCG" in b.serial and b.passed,
              "qemu Opteron_G4: XSAVE is left off, with the reason, and the run ends with PASS")
    if not run:
        return
    skips = skips_of(run)
    bc.report(xcr0(run).get("value") == "-" and
              skips.get("avx_vaddps_xmm", "").startswith("AVX state is not enabled: XCR0 0x0"),
              "qemu Opteron_G4: an AVX payload on a CPU with AVX is skipped for the state XCR0 "
              "lacks (%r)" % skips.get("avx_vaddps_xmm"))


def main():
    if bc.report(not bc.launch.counting_problem(), "the counting QEMU is built (make emu)"):
        check_qemu_skylake()
    check_bochs_skylake_x()
    check_no_xsave()
    check_state_withheld()
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
