#!/usr/bin/env python3
"""The boot matrix: the kernel under QEMU -kernel on many CPU models, the ISO
under QEMU BIOS and UEFI, the ISO under Bochs. Each boot must identify its CPU
as that model does and end with a PASS status line."""

import bootcheck as bc

INTEL, AMD = "GenuineIntel", "AuthenticAMD"
SPOOFED_P4 = "qemu32,family=15,model=2,stepping=9,vendor=GenuineIntel"

# QEMU -cpu model -> (vendor, family, model) it reports.
QEMU_MODELS = [
    ("pentium", (INTEL, 5, 4)),
    ("pentium2", (INTEL, 6, 5)),
    ("pentium3", (INTEL, 6, 7)),
    ("qemu32", (INTEL, 6, 6)),
    ("kvm32", (INTEL, 15, 6)),
    ("coreduo", (INTEL, 6, 14)),
    ("core2duo", (INTEL, 6, 15)),
    ("Nehalem", (INTEL, 6, 26)),
    ("Skylake-Client", (INTEL, 6, 94)),
    ("athlon", (AMD, 6, 2)),
    ("max", (AMD, 6, 6)),
    (SPOOFED_P4, (INTEL, 15, 2)),
]

# Bochs model -> (vendor, family, model), arch perfmon (version, gp, width, fixed, width) or None.
BOCHS_MODELS = [
    ("pentium_mmx", (INTEL, 5, 4), None),
    ("p2_klamath", (INTEL, 6, 3), None),
    ("p4_willamette", (INTEL, 15, 1), None),
    ("core2_penryn_t9600", (INTEL, 6, 23), (2, 2, 40, 3, 40)),
    ("tigerlake", (INTEL, 6, 140), (5, 8, 48, 4, 48)),
]


def check_qemu(item):
    cpu, ident = item
    boot = bc.qemu(cpu)
    bc.report(bc.identity(boot.serial) == ident,
              "qemu %s reports %s family %d model %d (got %s)" % (cpu, *ident,
                                                                  bc.identity(boot.serial)))
    bc.report(boot.passed, "qemu %s ends with PASS and exit status 1 (%s)"
              % (cpu, "; ".join(boot.problems) or "ok"))


def check_iso(uefi):
    boot = bc.launch.boot_qemu(iso=bc.ISO, uefi=uefi, timeout=90)
    kind = "UEFI" if uefi else "BIOS"
    bc.report("multiboot2, loader \"GRUB" in boot.serial,
              "ISO under QEMU %s boots through GRUB multiboot2" % kind)
    bc.report(boot.passed, "ISO under QEMU %s ends with PASS (%s)"
              % (kind, "; ".join(boot.problems) or "ok"))


def check_bochs(item):
    model, ident, pm = item
    boot = bc.bochs(model)
    bc.report(bc.identity(boot.serial) == ident,
              "bochs %s reports %s family %d model %d (got %s)"
              % (model, *ident, bc.identity(boot.serial)))
    if pm:
        bc.report(bc.perfmon(boot.serial) == pm,
                  "bochs %s reports arch perfmon v%d, %d GP x %d bits, %d fixed x %d bits (got %s)"
                  % (model, *pm, bc.perfmon(boot.serial)))
    bc.report(boot.passed, "bochs %s ends with the PASS line (%s)"
              % (model, "; ".join(boot.problems) or "ok"))


def main():
    bc.in_parallel(check_qemu, QEMU_MODELS)
    bc.in_parallel(check_iso, [False, True])
    bc.in_parallel(check_bochs, BOCHS_MODELS)
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
