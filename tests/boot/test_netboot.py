#!/usr/bin/env python3
"""Netboot: netboot/boot.ipxe, served by QEMU's built-in TFTP server to the
iPXE ROM of an emulated e1000 (Debian's ipxe-qemu), boots the kernel with
the boot options and the payload modules a chaining script sets; the
modules' payloads run and the run passes. A module that cannot be fetched
stops the boot. QEMU's user-mode network with
restrict=on: nothing leaves the machine."""

import os
import re
import tempfile

import bootcheck as bc
from bblib import module, netboot
from test_user_payload import EXAMPLE_DOC, doc_example

# The e1000 ROM QEMU loads (its data folder points into ipxe-qemu's).
ROM = "/usr/lib/ipxe/qemu/efi-e1000.rom"


def main():
    if not os.path.exists(ROM):
        bc.skip("netboot: QEMU's iPXE ROMs are not installed (package ipxe-qemu)")
        return bc.summary()
    source = doc_example()
    names = re.findall(r"^PAYLOAD (\w+),", source or "", re.M)
    if not bc.report(bool(names), "%s has the example payloads" % EXAMPLE_DOC):
        return bc.summary()
    with tempfile.TemporaryDirectory(prefix="bb-tftp-") as tftp, \
            tempfile.TemporaryDirectory(prefix="bb-module-") as work:
        asm = os.path.join(work, "example.asm")
        with open(asm, "w") as f:
            f.write(source)
        bbp = os.path.join(work, "example.bbp")
        module.build(asm, bbp)
        # A second module: the same payloads under other names.
        asm2 = os.path.join(work, "second.asm")
        with open(asm2, "w") as f:
            f.write(re.sub(r"^PAYLOAD (\w+),", r"PAYLOAD \1_2,", source, flags=re.M))
        bbp2 = os.path.join(work, "second.bbp")
        module.build(asm2, bbp2)
        names += [n + "_2" for n in names]
        args = "bench=%s+nop reps=5" % "+".join(names)
        job = netboot.folder(bc.KERNEL, args, [bbp, bbp2], tftp)
        with open(os.path.join(tftp, job[1])) as f:
            script = f.read()
        bc.report(script == "#!ipxe\nset bb_args %s\nset bb_module example.bbp\n"
                  "set bb_module2 second.bbp\nchain boot.ipxe\n" % args,
                  "the job script sets the options and the modules and chains boot.ipxe")
        boot = bc.launch.boot_qemu(cpu="pentium3", netboot=job, timeout=90)
        # A module that cannot be fetched stops the boot rather than run without it.
        os.remove(os.path.join(tftp, "second.bbp"))
        lost = bc.launch.boot_qemu(cpu="pentium3", netboot=job, timeout=15)
    bc.report(lost.timed_out and "command line:" not in lost.serial,
              "a module iPXE cannot fetch stops the boot: the kernel never starts (%s)"
              % (lost.serial.strip()[-100:] or "no kernel output"))
    bc.report(boot.passed, "the netbooted kernel ends with status PASS (%.1f s from power-on; %s)"
              % (boot.seconds, "; ".join(boot.problems) or "exit status %d" % boot.exit_code))
    bc.report(re.search(r'loader "iPXE', boot.serial) is not None,
              "the kernel was loaded by iPXE (multiboot1)")
    bc.report(re.search(r'^command line: "tftp://\S+/barebench\.elf %s"' % re.escape(args),
                        boot.serial, re.M) is not None,
              "the boot options set before chaining boot.ipxe reach the kernel")
    bc.report(all(re.search(r"^module tftp://\S+/%s\.bbp: %d payload\(s\)" % (m, len(names) // 2),
                            boot.serial, re.M) for m in ("example", "second")),
              "iPXE's module command hands over both payload modules")
    run = bc.records(boot)
    if run:
        benches = [r.fields["bench"] for r in run.of_type("result")]
        bc.report(benches == names + ["nop"],
                  "the module's payloads and the built-in nop are measured (%s)" % benches)
    return bc.summary()


if __name__ == "__main__":
    raise SystemExit(main())
