"""A TFTP folder that netboot/boot.ipxe boots from: the kernel, the script,
the payload modules and a job script that sets the boot options and the
modules and chains it, as a lab's per-job script does (docs/real-machines.md,
"Over the network")."""

import os
import shutil

SCRIPT = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "netboot", "boot.ipxe")
JOB = "job.ipxe"
# The module variables boot.ipxe reads, in order.
MODULE_VARS = ("bb_module", "bb_module2", "bb_module3", "bb_module4")


def folder(kernel, append, modules, work):
    """Fills work with what iPXE fetches; returns (folder, job script) for
    launch.qemu_command's netboot."""
    if len(modules) > len(MODULE_VARS):
        raise ValueError("netboot/boot.ipxe loads at most %d modules, not %d"
                         % (len(MODULE_VARS), len(modules)))
    shutil.copy(kernel, os.path.join(work, "barebench.elf"))
    shutil.copy(SCRIPT, os.path.join(work, "boot.ipxe"))
    lines = ["#!ipxe", "set bb_args %s" % append]
    for var, path in zip(MODULE_VARS, modules):
        name = os.path.basename(path)
        shutil.copy(path, os.path.join(work, name))
        lines.append("set %s %s" % (var, name))
    lines.append("chain boot.ipxe")
    with open(os.path.join(work, JOB), "w", encoding="ascii") as f:
        f.write("\n".join(lines) + "\n")
    return work, JOB
