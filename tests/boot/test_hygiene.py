#!/usr/bin/env python3
"""The conditions of a run, on QEMU's and Bochs's CPU models: on AMD
families 10h-17h (and Hygon 18h) the kernel tries DE_CFG bit 1, QEMU drops
the write, and the window serializes with CPUID and says why; family 0Fh
and Intel keep LFENCE; the window overhead follows the serializer (9
instructions with LFENCE, 11 with CPUID, under -icount); serialize=lfence
is honoured with a warning where LFENCE may not serialize; Bochs msrs=
storage shows FREEZE_WHILE_SMM and turbo=off written and read back, and
Bochs's #GP on DE_CFG is said; under
the counting QEMU the cycles-to-TSC ratio is exactly 1.00 before and after
the suite, and elsewhere it is not measured and says why."""

import os
import re
import tempfile

import bootcheck as bc
import msrdump
from bblib import runner

OPTIONS = "bench=nop+add_latency"
# Instructions of the empty TSC window: per serializer (docs/output.md, "How it measures").
OVERHEAD = {"lfence": 9, "cpuid": 11}

# QEMU model -> (family, serializer, lfence condition, what its detail says).
DROPPED = "did not stick: the write was dropped"
QEMU_MODELS = [
    ("phenom", 0x10, "cpuid", "not-serializing", DROPPED),
    ("Opteron_G3", 0x10, "cpuid", "not-serializing", DROPPED),
    ("Opteron_G4", 0x15, "cpuid", "not-serializing", DROPPED),
    ("Opteron_G5", 0x15, "cpuid", "not-serializing", DROPPED),
    ("EPYC", 0x17, "cpuid", "not-serializing", DROPPED),
    ("EPYC-Rome", 0x17, "cpuid", "not-serializing", DROPPED),
    ("Dhyana", 0x18, "cpuid", "not-serializing", DROPPED),
    ("Opteron_G1", 0x0F, "lfence", "serializing", "dispatch-serializing on family 0Fh as it is"),
    ("Opteron_G2", 0x0F, "lfence", "serializing", "dispatch-serializing on family 0Fh as it is"),
    ("EPYC-Milan", 0x19, "cpuid", "unknown", "family 19h is not in AMD's LFENCE table"),
    ("max", 0x06, "cpuid", "unknown", "family 06h is not in AMD's LFENCE table"),
    ("pentium3", 6, "cpuid", "absent", "no SSE2: no LFENCE"),
    ("kvm32", 15, "lfence", "serializing", "GenuineIntel: LFENCE waits"),
    ("Nehalem", 6, "lfence", "serializing", "GenuineIntel: LFENCE waits"),
    ("Skylake-Client", 6, "lfence", "serializing", "GenuineIntel: LFENCE waits"),
]


def conditions(run):
    return {r.fields["key"]: r.fields for r in run.of_type("cond")}


def overhead(serial):
    m = re.search(r"^window overhead, pass 0 \(minimum of \d+ empty windows\): TSC (\d+)\s*$",
                  serial, re.M)
    return int(m.group(1)) if m else None


def check_model(item):
    cpu, family, ser, lfence, detail = item
    boot = bc.qemu(cpu, OPTIONS, icount=True)
    run = bc.records(boot)
    if not run:
        return
    cond = conditions(run)
    got_family = int(run.boot["family"])
    bc.report(got_family == family, "qemu %s is family %02Xh (got %02Xh)" % (cpu, family,
                                                                             got_family))
    why = cond.get("serialize", {}).get("detail", "")
    bc.report(run.boot["serialize"] == ser and cond.get("serialize", {}).get("value") == ser,
              "qemu %s serializes with %s: %s" % (cpu, ser, why))
    line = "conditions: serialize %s: %s" % (ser, why)
    bc.report(why and line in boot.serial, "qemu %s says why in one line: %r" % (cpu, line))
    got = cond.get("lfence", {})
    bc.report(got.get("value") == lfence and detail in got.get("detail", ""),
              "qemu %s: lfence %s, %r (got %s, %r)" % (cpu, lfence, detail, got.get("value"),
                                                      got.get("detail")))
    bc.report(overhead(boot.serial) == OVERHEAD[ser],
              "qemu %s: window overhead %s instructions with %s (got %s)"
              % (cpu, OVERHEAD[ser], ser, overhead(boot.serial)))
    bc.report(boot.passed, "qemu %s ends with PASS (%s)" % (cpu, "; ".join(boot.problems) or "ok"))


def check_lfence_forced():
    """serialize=lfence on a family that needs DE_CFG: honoured, with a warning,
    and still exact under -icount."""
    boot = bc.qemu("EPYC", OPTIONS + " serialize=lfence", icount=True)
    run = bc.records(boot)
    bc.report("bench: serialize=lfence: warning: LFENCE may not serialize here (family 17h needs "
              "DE_CFG" in boot.serial and "the measurement may be wrong" in boot.serial,
              "qemu EPYC serialize=lfence: warns that the measurement may be wrong")
    if run:
        cond = conditions(run)
        bc.report(run.boot["serialize"] == "lfence" and cond["serialize"]["detail"].startswith(
            "serialize=lfence though it may not serialize"),
            "qemu EPYC serialize=lfence: honoured, and the record says so: %s"
            % cond["serialize"]["detail"])
        exact = [r.fields["median"] for r in run.of_type("result")]
        bc.report(exact == ["1.00", "1.00"] and overhead(boot.serial) == OVERHEAD["lfence"],
                  "qemu EPYC serialize=lfence: nop and add_latency exact (%s), overhead %s"
                  % (exact, overhead(boot.serial)))


def check_turbo_off_without_turbo():
    boot = bc.qemu("Skylake-Client", "bench=nop turbo=off", icount=True)
    bc.report("conditions: turbo -: CPUID leaf 6 reports no turbo; turbo=off has nothing to "
              "disable" in boot.serial and boot.passed,
              "qemu Skylake-Client turbo=off: leaf 6 reports no turbo, and the kernel says so")


def check_ratio_not_measured():
    boot = bc.qemu("Skylake-Client", "bench=nop", icount=True)
    for when in ("before", "after"):
        bc.report("conditions: cycles per TSC tick %s the suite: not measured: counters do not "
                  "count" % when in boot.serial,
                  "stock qemu: cycles per TSC tick %s the suite not measured, and why" % when)


def check_ratio_counting():
    why = bc.launch.counting_problem()
    if why:
        bc.skip("the cycles-to-TSC ratio under the counting QEMU: %s" % why)
        return
    boot = bc.launch.boot_qemu(bc.KERNEL, "Skylake-Client", "bench=nop", icount=True,
                               timeout=120, counting=True)
    run = bc.records(boot)
    if not run:
        return
    cond = conditions(run)
    got = [cond.get("cycles_per_tsc_%s" % w, {}).get("value") for w in ("before", "after")]
    bc.report(got == ["1.00", "1.00"],
              "counting qemu Skylake-Client -icount: cycles per TSC tick exactly 1.00 before "
              "and after the suite (got %s)" % got)


def check_bochs_msrs():
    """tigerlake has PDCM and turbo; with msrs= storage IA32_PERF_CAPABILITIES
    offers FREEZE_WHILE_SMM (bit 12), and the writes read back."""
    with tempfile.TemporaryDirectory(prefix="bb-hygiene-") as work:
        msrs = os.path.join(work, "msrs.def")
        msrdump.msrs_file(msrs, {0x345, 0x1D9, 0x1A0}, {0x345: 1 << 12})
        iso = runner.iso_with_options(bc.KERNEL, os.path.join(bc.ROOT, "iso", "grub.cfg"),
                                      "bench=nop turbo=off", work)
        boot = bc.launch.boot_bochs(iso, "tigerlake", msrs=msrs, timeout=120)
        plain = bc.launch.boot_bochs(iso, "tigerlake", timeout=120)
    run = bc.records(boot)
    if run:
        cond = conditions(run)
        bc.report(cond["smm_freeze"]["value"] == "on" and "read back 0x4000" in
                  cond["smm_freeze"]["detail"],
                  "bochs tigerlake msrs=: FREEZE_WHILE_SMM set in IA32_DEBUGCTL and read back (%s)"
                  % cond["smm_freeze"]["detail"])
        bc.report(cond["turbo"]["value"] == "off" and "read back 0x4000000000" in
                  cond["turbo"]["detail"],
                  "bochs tigerlake msrs= turbo=off: IA32_MISC_ENABLE bit 38 set and read back (%s)"
                  % cond["turbo"]["detail"])
        bc.report(cond["invariant_tsc"]["value"] == "yes",
                  "bochs tigerlake: invariant TSC from CPUID 8000_0007")
    bc.report("conditions: smm_freeze unsupported: reading IA32_PERF_CAPABILITIES faulted"
              in plain.serial and "conditions: turbo off:" not in plain.serial and plain.passed,
              "bochs tigerlake without msrs=: the faulting MSRs are said, nothing is changed, PASS")


def check_bochs_amd():
    """Bochs raises #GP on DE_CFG (ignore_bad_msrs=0): said, and CPUID serializes."""
    boot = bc.bochs("ryzen", timeout=120)
    bc.report("conditions: serialize cpuid: LFENCE is not known to serialize here: family 17h "
              "needs DE_CFG (MSR C001_1029) bit 1 and it did not stick: reading it faulted"
              in boot.serial and overhead(boot.serial) == OVERHEAD["cpuid"] and boot.passed,
              "bochs ryzen: reading DE_CFG raises #GP, the kernel says so, serializes with CPUID "
              "(overhead %s) and ends with PASS" % overhead(boot.serial))


def main():
    bc.in_parallel(check_model, QEMU_MODELS)
    check_lfence_forced()
    check_turbo_off_without_turbo()
    check_ratio_not_measured()
    check_ratio_counting()
    check_bochs_msrs()
    check_bochs_amd()
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
