#!/usr/bin/env python3
"""The boot matrix: the kernel under QEMU -kernel on many CPU models, the ISO
under QEMU BIOS and UEFI, the ISO under Bochs. Each boot must identify its CPU
as that model does and end with a PASS status line."""

import re

import bootcheck as bc

INTEL, AMD = "GenuineIntel", "AuthenticAMD"
SPOOFED_P4 = "qemu32,family=15,model=2,stepping=9,vendor=GenuineIntel"

# QEMU -cpu model -> (vendor, family, model) it reports, and the PMU backend
# its CPUID selects (QEMU's leaf 0xA is empty: Core models without it get the TSC).
QEMU_MODELS = [
    ("pentium", (INTEL, 5, 4), "p5mmx"),
    ("pentium2", (INTEL, 6, 5), "p6"),
    ("pentium3", (INTEL, 6, 7), "p6"),
    ("qemu32", (INTEL, 6, 6), "p6"),
    ("kvm32", (INTEL, 15, 6), "p4-prescott"),
    ("coreduo", (INTEL, 6, 14), "tsc"),
    ("core2duo", (INTEL, 6, 15), "tsc"),
    ("Nehalem", (INTEL, 6, 26), "tsc"),
    ("Skylake-Client", (INTEL, 6, 94), "tsc"),
    ("athlon", (AMD, 6, 2), "amd"),
    ("max", (AMD, 6, 6), "amd"),
    (SPOOFED_P4, (INTEL, 15, 2), "p4"),
]

# Bochs model -> (vendor, family, model), arch perfmon (version, gp, width, fixed, width)
# or None, and the PMU backend.
BOCHS_MODELS = [
    ("pentium_mmx", (INTEL, 5, 4), None, "p5mmx"),
    ("p2_klamath", (INTEL, 6, 3), None, "p6"),
    ("p4_willamette", (INTEL, 15, 1), None, "p4"),
    ("core2_penryn_t9600", (INTEL, 6, 23), (2, 2, 40, 3, 40), "arch"),
    ("tigerlake", (INTEL, 6, 140), (5, 8, 48, 4, 48), "arch"),
]


def check_backend(target, serial, backend, why):
    """The backend CPUID selects, its inventory, and the honest fallback: no
    emulator counts events, so a real backend must say so, say why (`why`:
    what the emulator does with the PMU), and use the TSC."""
    chosen = re.search(r"^pmu: backend (\S+)", serial, re.M)
    bc.report(chosen and chosen.group(1) == backend, "%s selects the %s PMU backend (got %s)"
              % (target, backend, chosen and chosen.group(1)))
    described = re.search(r"^pmu: (?!backend )\S.*(counters?|TSC|time-stamp)", serial, re.M)
    bc.report(described is not None, "%s describes its counter inventory" % target)
    if backend == "tsc":
        bc.report("no usable PMU" in serial, "%s says it has no usable PMU" % target)
    else:
        bc.report("counters do not count on this machine (an emulator?): %s; falling back to "
                  "the TSC" % why in serial,
                  "%s says its counters do not count because %s, and falls back to the TSC"
                  % (target, why))


def check_qemu(item):
    cpu, ident, backend = item
    boot = bc.qemu(cpu)
    # QEMU TCG drops PMU MSR writes and raises #UD on RDPMC.
    check_backend("qemu " + cpu, boot.serial, backend, "reading a counter faulted")
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
    model, ident, pm, backend = item
    boot = bc.bochs(model)
    # Bochs without msrs= storage raises #GP on PMU MSR writes.
    check_backend("bochs " + model, boot.serial, backend,
                  "a register write faulted while programming the counters")
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
