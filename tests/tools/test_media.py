"""`barebench media chrp`: a CD of the PowerPC kernel that Open Firmware
boots (tools/bblib/ppc.py). Its files are read back as the firmware finds
them: \\ppc\\bootinfo.txt with the boot options in its boot-script, and the
kernel's ELF without the 40p's boot ROM stub. What cannot make such a CD
is refused with the reason. That OpenBIOS boots it on g3beige and mac99 is
tests/boot/test_ppc.py's."""

import os
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


def test_media_refusals():
    code, out, err = tool("media", "chrp", "--kernel", KERNEL, "-o", write_temp("", "x86.iso"))
    assert code != 0 and "needs" in err and "PowerPC" in err, (code, err)
    code, out, err = tool("media", "chrp", "--kernel", ppc_kernel(), "-o",
                          write_temp("", "lt.iso"), "--append", "bench=a<b")
    assert code != 0 and "cannot hold <, > or &" in err, (code, err)
