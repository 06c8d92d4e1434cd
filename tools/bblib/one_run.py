"""Where the commands that make a table of one run (`itable`, `memory`) run
it: the hosted program on this machine (the default), the kernel on a QEMU
model, or the ISO on a Bochs model, from the same options; and the run's
report, read back."""

import os
import shutil
import tempfile

from . import launch, netboot, records, results, runner

GRUB_CFG = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "iso", "grub.cfg")


class Refused(Exception):
    """What stops the command, said to the user."""


def add_options(r, timeout):
    where = r.add_mutually_exclusive_group()
    where.add_argument("--hosted", action="store_true",
                       help="run the hosted program on this machine (the default)")
    where.add_argument("--qemu", metavar="MODEL", help="boot the kernel on this QEMU CPU model")
    where.add_argument("--bochs", metavar="MODEL", help="boot the ISO on this Bochs model")
    r.add_argument("--program", default="build/linux/barebench",
                   help="the hosted program (make HOSTED=1; build/32-linux/barebench for 32-bit)")
    r.add_argument("--kernel", default="build/barebench.elf")
    r.add_argument("--iso", default="build/barebench.iso")
    r.add_argument("--long-mode", action="store_true",
                   help="QEMU: boot qemu-system-x86_64, whose models run the long-mode kernel")
    r.add_argument("--netboot", action="store_true",
                   help="QEMU: boot over the network, the NIC's iPXE ROM fetching the kernel and "
                   "the modules by TFTP (netboot/boot.ipxe)")
    r.add_argument("--counting", action="store_true", help="QEMU: the counting QEMU (make emu)")
    r.add_argument("--icount", action="store_true", help="QEMU: -icount shift=0,sleep=off")
    r.add_argument("--append", default="", metavar="OPTS", help="more options for the run")
    r.add_argument("--timeout", type=float, default=timeout, help="seconds for the run")
    return where


def booted(a):
    return bool(a.qemu or a.bochs)


def check(a):
    """Refuses, before anything is built, a kernel or a program that is not there,
    and options that do not go together."""
    if a.netboot and not a.qemu:
        raise Refused("--netboot boots QEMU's NIC: it needs --qemu MODEL")
    if a.netboot and a.counting:
        raise Refused("--netboot with --counting: the counting QEMU is built without user-mode "
                      "networking (emu/qemu/build.sh), which QEMU's TFTP server is part of")
    if booted(a):
        if not os.path.exists(a.kernel):
            raise Refused("kernel %s not found (make)" % a.kernel)
    elif not os.path.exists(a.program):
        raise Refused("hosted program %s not found (make HOSTED=1)" % a.program)
    elif launch.hosted_problem(a.program):
        raise Refused("--hosted: %s" % launch.hosted_problem(a.program))


def mode(a):
    """The mode the run's payloads take: the program's, or the kernel's."""
    if booted(a):
        return 64 if a.long_mode else 32
    with open(a.program, "rb") as f:
        return 64 if f.read(5)[4:5] == b"\x02" else 32


def run(a, out, append, name, modules=()):
    """One run with these options and modules; its report target."""
    if a.qemu:
        work = tempfile.mkdtemp(prefix="bb-one-run-")
        try:
            # Over the network the job script carries the options and the modules.
            net = netboot.folder(a.kernel, append, modules, work) if a.netboot else None
            outcome = runner.run_all(runner.parse_targets("qemu", [a.qemu]), out, a.kernel,
                                     a.iso, append, a.icount, a.timeout, 1, counting=a.counting,
                                     modules=modules, allow_errors=True, long_mode=a.long_mode,
                                     netboot=net)[0]
        finally:
            shutil.rmtree(work, ignore_errors=True)
    elif a.bochs:
        # Bochs boots only ISOs, and has no -append: one that carries the
        # options and the modules.
        work = tempfile.mkdtemp(prefix="bb-one-run-")
        try:
            iso = runner.iso_with_options(a.kernel, GRUB_CFG, append, work, modules)
            outcome = runner.run_all(runner.parse_targets("bochs", [a.bochs]), out, a.kernel,
                                     iso, append, False, a.timeout, 1, allow_errors=True)[0]
        finally:
            shutil.rmtree(work, ignore_errors=True)
    else:
        words = ["module=%s" % os.path.abspath(m) for m in modules] + [append]
        outcome = runner.run_hosted(out, a.program, " ".join(words).strip(), a.timeout,
                                    allow_errors=True, name=name)
    print(outcome.summary(), flush=True)
    if not outcome.ok:
        raise Refused("the run failed: %s" % outcome.log)
    try:
        return results.load([outcome.log])["targets"][0]
    except records.LogError as e:
        raise Refused("%s: %s" % (outcome.log, "; ".join(e.problems[:3])))
