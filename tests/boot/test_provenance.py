#!/usr/bin/env python3
"""Where a run's numbers came from (app/provenance.c): the microcode revision,
the firmware type and the SMBIOS names, on record as conditions. Under
SeaBIOS (QEMU -kernel, multiboot 1) the names QEMU's -smbios sets come back
from the F segment's entry point; under OVMF (the ISO through GRUB's EFI
loader, multiboot 2) from UEFI's configuration table. The microcode revision
is the one QEMU's ucode-rev gives, read as Intel says on an Intel CPU and as
AMD says on an AMD one; a Pentium has no such MSR, and says so."""

import os

import bootcheck as bc
from bblib import launch

SMBIOS = ["-smbios", "type=0,vendor=BB Firmware,version=4.5.6,date=07/08/2026",
          "-smbios", "type=1,manufacturer=Barebench Labs,product=Rig 7",
          "-smbios", "type=2,manufacturer=BoardCo,product=B1"]
NAMES = {"bios_vendor": "BB Firmware", "bios_version": "4.5.6", "bios_date": "07/08/2026",
         "system_vendor": "Barebench Labs", "system_product": "Rig 7",
         "board_vendor": "BoardCo", "board_product": "B1"}
OPTIONS = "bench=nop reps=3 warmup=1"


def boot(cpu, uefi=False):
    return bc.qemu(cpu, OPTIONS, iso=bc.ISO if uefi else None, uefi=uefi, extra=SMBIOS,
                   timeout=120)


def conditions(b):
    run = bc.records(b)
    return {r.fields["key"]: r.fields for r in run.of_type("cond")} if run else {}


def check(case):
    cpu, uefi, microcode, firmware = case
    b = boot(cpu, uefi)
    cond = conditions(b)
    if not cond:
        bc.report(False, "%s: conditions on record (%s)" % (b.target, bc.tail(b)))
        return
    got = {k: cond.get(k, {}).get("value") for k in NAMES}
    bc.report(got == NAMES, "%s: the SMBIOS names QEMU was given are on record, from the %s%s"
              % (b.target, cond.get("bios_vendor", {}).get("detail"),
                 "" if got == NAMES else ": %s" % got))
    c = cond.get("microcode", {})
    bc.report(c.get("value") == microcode[0] and microcode[1] in c.get("detail", ""),
              "%s: microcode %s, %s (%s: %s)" % (b.target, microcode[0], microcode[1],
                                                 c.get("value"), c.get("detail")))
    f = cond.get("firmware", {})
    bc.report(f.get("value") == firmware, "%s: firmware %s (%s: %s)"
              % (b.target, firmware, f.get("value"), f.get("detail")))


def main():
    cases = [("Skylake-Client,ucode-rev=0x2a00000000", False,
              ("0x2a", "IA32_BIOS_SIGN_ID bits 63:32 after CPUID"), "bios"),
             ("EPYC,ucode-rev=0x0800126e", False, ("0x800126e", "PATCH_LEVEL bits 31:0"), "bios"),
             ("pentium", False, ("-", "no microcode revision MSR on GenuineIntel family 5"),
              "bios")]
    if os.path.exists(bc.ISO) and os.path.exists(launch.OVMF):
        # OVMF runs QEMU's default CPU, qemu64: AMD family 15, no PATCH_LEVEL.
        cases.append(("qemu64", True, ("-", "no microcode revision MSR on AuthenticAMD family 15"),
                      "uefi"))
    else:
        bc.skip("no ISO or no OVMF: no UEFI provenance check")
    bc.in_parallel(check, cases)
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
