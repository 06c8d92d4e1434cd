"""`barebench media chrp|xcoff`: a CD of the PowerPC kernel that Open
Firmware boots, and the kernel as XCOFF (tools/bblib/ppc.py). The CD's
files are read back as the firmware finds them: \\ppc\\bootinfo.txt with
the boot options in its boot-script, and the kernel's ELF without the 40p's
boot ROM stub. The XCOFF is parsed as OpenBIOS's xcoff_init_program does:
the headers it checks, the sections it copies, and the entry it takes from
the descriptor the a.out header points to. What cannot make a medium is
refused with the reason. That OpenBIOS boots both on g3beige and mac99 is
tests/boot/test_ppc.py's."""

import os
import struct
import subprocess

from common import KERNEL, ROOT, Skip, tool, write_temp

PPC_KERNEL = os.path.join(ROOT, "build", "ppc", "barebench.elf")


def ppc_kernel():
    if not os.path.exists(PPC_KERNEL):
        raise Skip("no %s (make ARCH=ppc)" % PPC_KERNEL)
    return PPC_KERNEL


def extract(iso, path, out):
    subprocess.run(["xorriso", "-osirrox", "on", "-indev", iso, "-extract", path, out],
                   check=True, capture_output=True)
    with open(out, "rb") as f:
        return f.read()


def test_chrp_cd_holds_bootinfo_and_kernel():
    iso = write_temp("", "chrp.iso")
    code, out, err = tool("media", "chrp", "--kernel", ppc_kernel(), "-o", iso,
                          "--append", "bench=nop reps=3")
    assert code == 0 and "a CHRP CD" in out, (code, out, err)
    info = extract(iso, "/ppc/bootinfo.txt", iso + ".txt").decode()
    assert info.startswith("<chrp-boot>") and \
        "<boot-script>boot &device;:\\ppc\\barebench.elf bench=nop reps=3</boot-script>" in info, info
    elf = iso + ".elf"
    extract(iso, "/ppc/barebench.elf", elf)
    sections = subprocess.run(["powerpc-linux-gnu-objdump", "-h", elf], capture_output=True,
                              text=True, check=True).stdout
    assert " .text " in sections and " .reset " not in sections, sections


def load_xcoff(data):
    """{address: bytes} of what Open Firmware copies, and the entry, as
    OpenBIOS's xcoff_init_program finds them (libopenbios/xcoff_load.c)."""
    magic, nscns, _, _, _, opthdr, flags = struct.unpack_from(">HHIIIHH", data, 0)
    assert magic == 0x01DF and flags & 0x0002 and opthdr == 72, (magic, flags, opthdr)
    aout_magic, = struct.unpack_from(">H", data, 20)
    entry_at, = struct.unpack_from(">I", data, 20 + 16)
    assert aout_magic == 0x010B, aout_magic
    memory = {}
    for i in range(nscns):
        name, _, vaddr, size, scnptr = struct.unpack_from(">8sIIII", data, 20 + 72 + 40 * i)
        name = name.rstrip(b"\0").decode()
        memory[name] = (vaddr, bytes(size) if name == ".bss" else data[scnptr:scnptr + size])
    data_at, descriptor = memory[".data"]
    assert data_at <= entry_at < data_at + len(descriptor), (hex(entry_at), hex(data_at))
    entry, = struct.unpack_from(">I", descriptor, entry_at - data_at)
    return memory, entry


def test_xcoff_loads_as_open_firmware_loads_it():
    kernel = ppc_kernel()
    out = write_temp("", "barebench.xcoff")
    code, out_text, err = tool("media", "xcoff", "--kernel", kernel, "-o", out,
                               "--append", "bench=nop reps=3")
    assert code == 0 and "an XCOFF executable" in out_text, (code, out_text, err)
    memory, entry = load_xcoff(open(out, "rb").read())
    elf = open(kernel, "rb").read()
    e_entry, = struct.unpack_from(">I", elf, 24)
    assert entry == e_entry == 0x01000000, (hex(entry), hex(e_entry))
    text_at, text = memory[".text"]
    bss_at, bss = memory[".bss"]
    assert text_at == 0x01000000 and bss_at == text_at + len(text) and len(bss) > 0, (
        hex(text_at), hex(bss_at))
    assert b"barebench-bootargs:bench=nop reps=3\0" in text
    # The image is the ELF's, but for the options written into it.
    marker = text.index(b"barebench-bootargs:")
    at = elf.index(text[:64])
    assert elf[at:at + marker] == text[:marker], "the XCOFF's .text is not the ELF's image"


def test_prep_disk_loads_as_the_firmware_loads_it():
    """As OpenBIOS's prep_load and PReP firmware read it: the PC partition
    table's type-0x41 partition; in its second sector the entry's offset
    and the image's length, little-endian; the image loaded from the
    partition's start, and entered at that offset."""
    kernel = ppc_kernel()
    out = write_temp("", "barebench-prep.img")
    code, out_text, err = tool("media", "prep", "--kernel", kernel, "-o", out,
                               "--append", "bench=nop reps=3")
    assert code == 0 and "PReP boot partition" in out_text, (code, out_text, err)
    disk = open(out, "rb").read()
    assert disk[510:512] == b"\x55\xaa", disk[510:512]
    boot, kind, start, sectors = struct.unpack_from("<B3xB3xII", disk, 446)
    assert kind == 0x41 and boot == 0x80 and start >= 1, (hex(kind), boot, start)
    partition = disk[start * 512:(start + sectors) * 512]
    entry, length = struct.unpack_from("<II", partition, 512)
    loaded = partition[:length]
    assert len(loaded) == length and entry % 4 == 0 and 0x400 <= entry < length, (entry, length)
    # The entry is the kernel's relocating one, right after its marker: it
    # reads the residual data's words (li r26, 0 first), then finds where it
    # was loaded with BCL 20,31.
    assert loaded[entry - 20:entry] == b"barebench-prep-entry", loaded[entry - 20:entry]
    words = struct.unpack_from(">16I", loaded, entry)
    assert words[0] == 0x3B400000 and 0x429F0005 in words, ["%08x" % w for w in words]
    image = loaded[0x400:]
    assert b"barebench-bootargs:bench=nop reps=3\0" in image
    elf = open(kernel, "rb").read()
    marker = image.index(b"barebench-bootargs:")
    at = elf.index(image[:64])
    assert elf[at:at + marker] == image[:marker], "the partition's image is not the ELF's"


def test_media_refusals():
    code, out, err = tool("media", "chrp", "--kernel", KERNEL, "-o", write_temp("", "x86.iso"))
    assert code != 0 and "needs" in err and "PowerPC" in err, (code, err)
    code, out, err = tool("media", "chrp", "--kernel", ppc_kernel(), "-o",
                          write_temp("", "lt.iso"), "--append", "bench=a<b")
    assert code != 0 and "cannot hold <, > or &" in err, (code, err)
