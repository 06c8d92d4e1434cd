"""Booting the PowerPC kernel (make ARCH=ppc) under qemu-system-ppc.

Facts behind the options are in docs/emulators.md ("PowerPC 604e under QEMU
7.2"): the 40p boots the ELF as its firmware (-bios), the Power Macs' OpenBIOS
takes the raw image at 0x01000000 (-kernel, barebench.bin next to the ELF). A
pass ends QEMU with status 0 (keyboard-controller reset with -no-reboot on the
40p, CUDA power-down on the Macs); a failure with 1, through the pvpanic-pci
device the command always adds. The machines hand the kernel no command line
without firmware, so the boot options are written into a copy of the image
after the marker the kernel reserves room behind (app/ppc/main.c).
"""

import os
import shutil
import struct
import subprocess
import tempfile

from bblib import files, launch

MACHINES = ("40p", "g3beige", "mac99")
MARKER = b"barebench-bootargs:"
ARGS_ROOM = 512 - len(MARKER) - 1
QEMU_PPC_PASS = 0


def put_options(data, append, name):
    """Writes `append` into the boot-option area of an image's bytes."""
    at = data.find(MARKER)
    if at < 0:
        raise RuntimeError("%s has no boot-option area (not a PowerPC barebench image?)" % name)
    raw = append.encode("ascii")
    if len(raw) > ARGS_ROOM:
        raise RuntimeError("boot options longer than %d bytes" % ARGS_ROOM)
    start = at + len(MARKER)
    data[start:start + ARGS_ROOM + 1] = raw + bytes(ARGS_ROOM + 1 - len(raw))


def with_options(image, append, workdir):
    """A copy of image whose boot-option area holds `append`."""
    data = bytearray(open(image, "rb").read())
    put_options(data, append, image)
    out = os.path.join(workdir, os.path.basename(image))
    with open(out, "wb") as f:
        f.write(data)
    return out


# Boot media QEMU's firmware (OpenBIOS) boots, and the machines that boot
# them: a Mac boots a CHRP CD (chrp_iso) by its boot-info file, or the
# XCOFF beside it by name ("xcoff"); the 40p a disk whose PReP boot
# partition (prep_image) is on its SCSI bus.
MEDIA_MACHINES = {"chrp": ("g3beige", "mac99"), "xcoff": ("g3beige", "mac99"), "prep": ("40p",)}


def qemu_command(image, machine="40p", cpu="604e", icount=False, memory=128, counting=False,
                 medium=None):
    """The qemu-system-ppc argv: image is the ELF for the 40p, the raw
    barebench.bin for the Macs, or with `medium` (MEDIA_MACHINES) a boot
    medium that the machine's OpenBIOS boots. `counting`: the counting
    qemu-system-ppc (`make emu`), whose 604/604e PMCs count."""
    if machine not in MACHINES:
        raise ValueError("machine %r: one of %s" % (machine, ", ".join(MACHINES)))
    if medium and machine not in MEDIA_MACHINES[medium]:
        raise ValueError("%s boots from %s, not the %s" % (
            " and ".join(MEDIA_MACHINES[medium]), medium, machine))
    binary = launch.COUNTING_QEMU_PPC if counting else "qemu-system-ppc"
    cmd = [binary, "-M", machine, "-cpu", cpu, "-m", str(memory), "-display", "none",
           "-vga", "none", "-net", "none", "-no-reboot", "-serial", "stdio",
           "-device", "pvpanic-pci", "-action", "panic=exit-failure"]
    if medium == "xcoff":
        cmd += ["-prom-env", "boot-device=cd:,\\ppc\\barebench.xcoff"]
    if medium == "prep":
        cmd += ["-drive", "if=none,id=prep,format=raw,file=" + image,
                "-device", "scsi-hd,drive=prep,scsi-id=0"]
    elif medium:
        # An empty drive beside the CD, as its slave: OpenBIOS's probe waits
        # for an absent slave's reset 1000 register reads, while QEMU finishes
        # the reset in its main loop, which a loaded host can hold back longer;
        # the master's select is then ignored and the CD lost ("No valid state
        # has been set by load"). A present slave's reset is waited for by
        # the clock (docs/emulators.md).
        cmd += ["-cdrom", image, "-drive", "if=ide,index=3,media=cdrom", "-boot", "d"]
    else:
        cmd += ["-bios", image] if machine == "40p" else ["-kernel", image]
    if icount:
        cmd += ["-icount", "shift=0,sleep=off"]
    return cmd


def image_for(kernel, machine):
    """The ELF for the 40p, barebench.bin beside it for the Macs."""
    return kernel if machine == "40p" else os.path.splitext(kernel)[0] + ".bin"


# The CHRP binding of IEEE 1275 ("Boot-Info Files"): Open Firmware reads
# \ppc\bootinfo.txt and runs its boot-script; &device; is the device it was
# read from. OpenBIOS, like a New World Mac's Open Firmware, finds it as the
# file of type tbxi in the blessed folder of the CD's HFS+ side.
BOOTINFO = """<chrp-boot>
<description>barebench %(version)s</description>
<os-name>barebench</os-name>
<boot-script>boot &device;:\\ppc\\barebench.elf %(append)s</boot-script>
</chrp-boot>
"""


KERNEL_BASE = 0x01000000
# XCOFF (IBM AIX "XCOFF Object File Format"; what the Old World Macs' Open
# Firmware 2.x loads): the file header, the a.out auxiliary header Open
# Firmware requires, and section headers.
XCOFF_MAGIC = 0x01DF
XCOFF_FLAGS = 0x0001 | 0x0002 | 0x0004 | 0x0008  # F_RELFLG, F_EXEC, F_LNNO, F_LSYMS
AOUT_MAGIC = 0x010B
FILEHDR = struct.Struct(">HHIIIHH")
AOUTHDR = struct.Struct(">HHIIIIIIIHHHHHHHHHHII12s")
SCNHDR = struct.Struct(">8sIIIIIIHHI")


def kernel_segment(kernel):
    """The loadable segment of the kernel's ELF at KERNEL_BASE: (its bytes,
    its size in memory, .bss included)."""
    data = open(kernel, "rb").read()
    if data[:4] != b"\x7fELF" or data[4] != 1 or data[5] != 2:
        raise RuntimeError("%s is not a 32-bit big-endian ELF" % kernel)
    phoff, = struct.unpack_from(">I", data, 28)
    phentsize, phnum = struct.unpack_from(">HH", data, 42)
    for i in range(phnum):
        kind, offset, vaddr, _, filesz, memsz = struct.unpack_from(
            ">IIIIII", data, phoff + i * phentsize)
        if kind == 1 and vaddr == KERNEL_BASE:
            return data[offset:offset + filesz], memsz
    raise RuntimeError("%s has no segment at %#x" % (kernel, KERNEL_BASE))


def xcoff(kernel, out, append=""):
    """Writes out, the kernel as an XCOFF executable with the boot options
    `append` in its image: .text the image as loaded at KERNEL_BASE, .bss
    the rest of its memory, and .data the function descriptor that the
    a.out header's entry points to (XCOFF's entry is the address of a
    descriptor whose first word is the code's; OpenBIOS's
    xcoff_init_program reads it so), placed after the .bss."""
    image, memsz = kernel_segment(kernel)
    image = bytearray(image)
    put_options(image, append, kernel)
    descriptor = (KERNEL_BASE + memsz + 15) & ~15
    headers = FILEHDR.size + AOUTHDR.size + 3 * SCNHDR.size
    text_at = (headers + 15) & ~15
    data_at = text_at + ((len(image) + 15) & ~15)
    body = struct.pack(">III", KERNEL_BASE, 0, 0)
    sections = [(b".text", KERNEL_BASE, len(image), text_at, 0x20),
                (b".data", descriptor, len(body), data_at, 0x40),
                (b".bss", KERNEL_BASE + len(image), memsz - len(image), 0, 0x80)]
    with open(out, "wb") as f:
        f.write(FILEHDR.pack(XCOFF_MAGIC, len(sections), 0, 0, 0, AOUTHDR.size, XCOFF_FLAGS))
        f.write(AOUTHDR.pack(AOUT_MAGIC, 1, len(image), len(body), memsz - len(image), descriptor,
                             KERNEL_BASE, descriptor, 0, 1, 1, 2, 0, 0, 3, 4, 4, 0, 0, 0, 0,
                             bytes(12)))
        for name, vaddr, size, at, flags in sections:
            f.write(SCNHDR.pack(name, vaddr, vaddr, size, at, 0, 0, 0, 0, flags))
        f.write(bytes(text_at - headers) + image + bytes(data_at - text_at - len(image)) + body)
    return out


# A PReP boot partition (PReP Specification, "Boot Process"; what OpenBIOS's
# prep_load reads): its second sector holds the entry point's offset and the
# length of the image to load, both from the partition's start and little-
# endian; the image follows from PREP_IMAGE_AT. The disk's PC partition
# table names the partition by type 0x41.
PREP_MARKER = b"barebench-prep-entry"
PREP_PARTITION_TYPE = 0x41
PREP_IMAGE_AT = 0x400
SECTOR = 512


def prep_image(kernel, out, append=""):
    """Writes out, a disk image whose one partition is a PReP boot
    partition holding the kernel's image (as loaded at KERNEL_BASE, the
    options in it). The entry is the kernel's relocating one
    (boot/ppc/entry.S, after PREP_MARKER): the firmware may load the image
    anywhere, and it copies itself to KERNEL_BASE."""
    image, _ = kernel_segment(kernel)
    image = bytearray(image)
    put_options(image, append, kernel)
    at = image.find(PREP_MARKER)
    if at < 0:
        raise RuntimeError("%s has no PReP entry (a kernel from before it?)" % kernel)
    entry = PREP_IMAGE_AT + ((at + len(PREP_MARKER) + 3) & ~3)
    length = PREP_IMAGE_AT + len(image)
    sectors = (length + SECTOR - 1) // SECTOR
    partition = bytearray(sectors * SECTOR)
    partition[SECTOR:SECTOR + 8] = struct.pack("<II", entry, length)
    partition[PREP_IMAGE_AT:length] = image
    mbr = bytearray(SECTOR)
    # One primary entry: active, type 0x41, from LBA 1 (CHS fields unused).
    mbr[446:462] = struct.pack("<B3sB3sII", 0x80, b"\xff\xff\xff", PREP_PARTITION_TYPE,
                               b"\xff\xff\xff", 1, sectors)
    mbr[510:512] = b"\x55\xaa"
    with open(out, "wb") as f:
        f.write(mbr + partition)
    return out


def chrp_iso(kernel, out, append="", version="0.1"):
    """Writes out, a CHRP-style CD image of kernel (the ELF, without the 40p's
    boot ROM stub, which would load at 0xfff00100) whose boot-script passes
    `append` to the kernel as Open Firmware's bootargs. ISO 9660 with an
    HFS+ side and an Apple partition map (xorriso), as Linux distributions'
    PowerPC CDs are. \\ppc\\barebench.xcoff beside it is the same kernel as
    XCOFF (xcoff), the options in its image, for an Open Firmware that
    loads XCOFF (`boot cd:,\\ppc\\barebench.xcoff`)."""
    if any(c in append for c in "<>&"):
        raise ValueError("boot options for a CHRP ISO cannot hold <, > or &: %r" % append)
    work = tempfile.mkdtemp(prefix="bb-chrp-")
    try:
        os.mkdir(os.path.join(work, "ppc"))
        subprocess.run(["powerpc-linux-gnu-objcopy", "--remove-section", ".reset", kernel,
                        os.path.join(work, "ppc", "barebench.elf")],
                       check=True, capture_output=True)
        with open(os.path.join(work, "ppc", "bootinfo.txt"), "w") as f:
            f.write(BOOTINFO % {"version": version, "append": append})
        xcoff(kernel, os.path.join(work, "ppc", "barebench.xcoff"), append)
        subprocess.run(["xorriso", "-as", "mkisofs", "-quiet", "-R", "-J", "-V", "BAREBENCH",
                        "-hfsplus", "-apm-block-size", "2048",
                        "-hfsplus-file-creator-type", "chrp", "tbxi", "/ppc/bootinfo.txt",
                        "-hfs-bless-by", "p", "/ppc", "-o", out, work],
                       check=True, capture_output=True)
    except subprocess.CalledProcessError as e:
        raise RuntimeError("%s failed: %s" % (e.cmd[0], e.stderr.decode(errors="replace").strip()))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return out


def boot(kernel, machine="40p", cpu="604e", append="", icount=False, timeout=60, tee=False,
         log=None, counting=False, extra=(), memory=128, medium=None):
    """Boots the PowerPC kernel once and judges it like the x86 boots;
    `extra`: more QEMU arguments, `memory`: MiB of RAM, `medium`: from a
    boot medium of it (MEDIA_MACHINES) through the machine's firmware."""
    work = tempfile.mkdtemp(prefix="bb-ppc-")
    try:
        if medium == "prep":
            image = prep_image(kernel, os.path.join(work, "barebench-prep.img"), append)
        elif medium:
            image = chrp_iso(kernel, os.path.join(work, "barebench.iso"), append)
        else:
            image = with_options(image_for(kernel, machine), append, work)
        cmd = qemu_command(image, machine, cpu, icount, memory, counting, medium) + list(extra)
        text, stderr, code, timed_out, secs = launch._run(cmd, timeout, tee)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if log:
        files.write(log, text.encode("latin-1"))
    result = launch.Boot("%s:%s:%s" % ("qemu-ppc-pmu" if counting else "qemu-ppc", machine, cpu), text, code, secs, timed_out,
                         stderr="\n".join(l for l in stderr.splitlines() if "audio" not in l))
    return launch._judge(result, QEMU_PPC_PASS)
