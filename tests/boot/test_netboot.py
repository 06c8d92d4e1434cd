#!/usr/bin/env python3
"""Netboot: netboot/boot.ipxe, served by QEMU's built-in TFTP server to the
iPXE ROM of an emulated e1000 (Debian's ipxe-qemu), boots the kernel with
the boot options and the payload module a chaining script sets; the
module's payloads run and the run passes. QEMU's user-mode network with
restrict=on: nothing leaves the machine."""

import os
import re
import shutil
import tempfile

import bootcheck as bc
from bblib import module
from test_user_payload import EXAMPLE_DOC, doc_example

# The e1000 ROM QEMU loads (its data folder points into ipxe-qemu's).
ROM = "/usr/lib/ipxe/qemu/efi-e1000.rom"
SCRIPT = os.path.join(bc.ROOT, "netboot", "boot.ipxe")


def main():
    if not os.path.exists(ROM):
        bc.skip("netboot: QEMU's iPXE ROMs are not installed (package ipxe-qemu)")
        return bc.summary()
    source = doc_example()
    names = re.findall(r"^PAYLOAD (\w+),", source or "", re.M)
    if not bc.report(bool(names), "%s has the example payloads" % EXAMPLE_DOC):
        return bc.summary()
    with tempfile.TemporaryDirectory(prefix="bb-tftp-") as tftp:
        shutil.copy(bc.KERNEL, os.path.join(tftp, "barebench.elf"))
        shutil.copy(SCRIPT, os.path.join(tftp, "boot.ipxe"))
        asm = os.path.join(tftp, "example.asm")
        with open(asm, "w") as f:
            f.write(source)
        module.build(asm, os.path.join(tftp, "example.bbp"))
        args = "bench=%s+nop reps=5" % "+".join(names)
        with open(os.path.join(tftp, "job.ipxe"), "w") as f:
            f.write("#!ipxe\nset bb_args %s\nset bb_module example.bbp\nchain boot.ipxe\n" % args)
        boot = bc.launch.boot_qemu(cpu="pentium3", netboot=(tftp, "job.ipxe"), timeout=90)
    bc.report(boot.passed, "the netbooted kernel ends with status PASS (%.1f s from power-on; %s)"
              % (boot.seconds, "; ".join(boot.problems) or "exit status %d" % boot.exit_code))
    bc.report(re.search(r'loader "iPXE', boot.serial) is not None,
              "the kernel was loaded by iPXE (multiboot1)")
    bc.report(re.search(r'^command line: "tftp://\S+/barebench\.elf %s"' % re.escape(args),
                        boot.serial, re.M) is not None,
              "the boot options set before chaining boot.ipxe reach the kernel")
    bc.report(re.search(r"^module tftp://\S+/example\.bbp: %d payload\(s\)" % len(names),
                        boot.serial, re.M) is not None,
              "iPXE's module command hands over the payload module")
    run = bc.records(boot)
    if run:
        benches = [r.fields["bench"] for r in run.of_type("result")]
        bc.report(benches == names + ["nop"],
                  "the module's payloads and the built-in nop are measured (%s)" % benches)
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
