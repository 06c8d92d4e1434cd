#!/usr/bin/env python3
"""Where a run's numbers came from (app/provenance.c): the microcode revision,
the firmware type and the SMBIOS names, fields of the boot record, and how
each was read in a `cond` record (format version 6). Under
SeaBIOS (QEMU -kernel, multiboot 1) the names QEMU's -smbios sets come back
from the F segment's entry point; under OVMF (the ISO through GRUB's EFI
loader, multiboot 2) from UEFI's configuration table. The microcode revision
is the one QEMU's ucode-rev gives, read as Intel says on an Intel CPU and as
AMD says on an AMD one; a Pentium has no such MSR, and says so. Names of
the longest length the kernel keeps (63 bytes each) and a long command line
still fit one boot record: the names whole, the command line cut with a
mark."""

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
# The longest names struct smbios_info keeps (63 bytes; a date 31), and a
# command line that takes the boot record past its 1024 bytes.
LONG = {k: (k.upper() + "-" + "x" * 63)[:31 if k == "bios_date" else 63] for k in NAMES}
LONG_SMBIOS = ["-smbios", "type=0,vendor=%(bios_vendor)s,version=%(bios_version)s,"
               "date=%(bios_date)s" % LONG,
               "-smbios", "type=1,manufacturer=%(system_vendor)s,product=%(system_product)s" % LONG,
               "-smbios", "type=2,manufacturer=%(board_vendor)s,product=%(board_product)s" % LONG]
LONG_OPTIONS = OPTIONS + " " + " ".join(["reps=3"] * 80)


def boot(cpu, uefi=False):
    return bc.qemu(cpu, OPTIONS, iso=bc.ISO if uefi else None, uefi=uefi, extra=SMBIOS,
                   timeout=120)


def boot_record(b):
    """The run's boot record's fields and its conditions, or (None, None)."""
    run = bc.records(b)
    if not run:
        return None, None
    return run.boot, {r.fields["key"]: r.fields for r in run.of_type("cond")}


def check(case):
    cpu, uefi, microcode, firmware = case
    b = boot(cpu, uefi)
    fields, cond = boot_record(b)
    if not fields:
        bc.report(False, "%s: a boot record (%s)" % (b.target, bc.tail(b)))
        return
    got = {k: fields[k] for k in NAMES}
    source = cond.get("smbios_source", {})
    bc.report(got == NAMES and source.get("value") == "read",
              "%s: the SMBIOS names QEMU was given are in the boot record, read from the %s%s"
              % (b.target, source.get("detail"), "" if got == NAMES else ": %s" % got))
    c = cond.get("microcode_source", {})
    bc.report(fields["microcode"] == microcode[0] and microcode[1] in c.get("detail", "") and
              c.get("value") == ("-" if microcode[0] == "-" else "read"),
              "%s: microcode %s, %s (%s: %s %s)" % (b.target, microcode[0], microcode[1],
                                                    fields["microcode"], c.get("value"),
                                                    c.get("detail")))
    f = cond.get("firmware_source", {})
    bc.report(fields["firmware"] == firmware and f.get("value") == "read",
              "%s: firmware %s (%s: %s)" % (b.target, firmware, fields["firmware"],
                                            f.get("detail")))


def check_long_names():
    b = bc.qemu("Skylake-Client", LONG_OPTIONS, extra=LONG_SMBIOS, timeout=120)
    fields, _ = boot_record(b)
    if not fields:
        bc.report(False, "%s: a boot record (%s)" % (b.target, bc.tail(b)))
        return
    got = {k: fields[k] for k in NAMES}
    bc.report(got == LONG, "%s: seven SMBIOS names of 63 bytes are whole in the boot record%s"
              % (b.target, "" if got == LONG else ": %s" % got))
    line = next(l for l in b.serial.splitlines() if ",boot," in l)
    line = line[line.index("@BB,"):]
    # QEMU's multiboot loader puts the kernel's path before the options.
    kept = fields["cmdline"][:-3].split(" ", 1)[-1]
    bc.report(fields["cmdline"].endswith("...") and LONG_OPTIONS.startswith(kept) and
              1000 <= len(line) <= 1024,
              "%s: the command line after them is cut with a mark, the record %d bytes"
              % (b.target, len(line)))


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
    check_long_names()
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
