#!/usr/bin/env python3
"""The framebuffer console at every depth it draws: GRUB is told the mode
(gfxpayload=WxHxD after multiboot2, under SeaBIOS's VBE on QEMU -vga std),
and at 15, 16, 24 and 32 bits per pixel the kernel's results page reads
back with its own font, each QR page's symbol is the version it names, and
`barebench scan` of the screenshots gives the serial log's records, which
`barebench check` finds sound."""

import os
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bootcheck import ISO, KERNEL, ROOT, in_parallel, report, skip, summary  # noqa: E402
from bblib import runner  # noqa: E402
import screenshots  # noqa: E402
from screenshots import font, screen_text, symbol_version  # noqa: E402

OPTS = "exit=halt qrpage=1 bench=nop,add_latency"
MODES = ("800x600x15", "800x600x16", "1024x768x24", "1024x768x32")


def grub_cfg(tmp, mode):
    """iso/grub.cfg's settings with one entry, which asks GRUB for mode."""
    head = open(os.path.join(ROOT, "iso", "grub.cfg")).read().split("menuentry ")[0]
    path = os.path.join(tmp, mode + ".cfg")
    with open(path, "w") as f:
        f.write(head + 'menuentry "barebench: %s" {\n    multiboot2 /boot/barebench.elf\n'
                "    set gfxpayload=%s\n    boot\n}\n" % (mode, mode))
    return path


def boot(case):
    mode, iso = case
    return case, screenshots.capture(mode, iso, os.path.dirname(iso), keys=False, budget=90)


def main():
    for tool in ("zbarimg", "grub-mkrescue"):
        if not shutil.which(tool):
            skip("%s is not installed: no screen depth checks" % tool)
            return 0
    if not os.path.exists(ISO):
        skip("no ISO: no screen depth checks")
        return 0
    glyphs = font()
    with tempfile.TemporaryDirectory() as tmp:
        cases = []
        for mode in MODES:
            os.makedirs(os.path.join(tmp, mode))
            cases.append((mode, runner.iso_with_options(KERNEL, grub_cfg(tmp, mode), OPTS,
                                                        os.path.join(tmp, mode))))
        for (mode, _), got in in_parallel(boot, cases):
            w, h, depth = mode.split("x")
            m = re.search(r"^screen: (.*)$", got["serial"], re.M)
            report(m is not None and m.group(1).startswith(
                       "framebuffer %sx%s, %s bits per pixel" % (w, h, depth)) and
                   "barebench: finished, status PASS" in got["serial"],
                   "%s: the run passes and draws on a %s-bit framebuffer (%s) [%.1f s]" %
                   (mode, depth, m.group(1) if m else "no screen line", got["seconds"]))
            screenshots.check_results_page(mode, got)
            found = []
            for k, shots in sorted(got["qr_all"].items()):
                label = re.search(r"version (\d+)-M",
                                  "\n".join(screen_text(shots[-1], glyphs, 8)))
                found.append((k, label and int(label.group(1)), symbol_version(shots[-1])))
            report(found and all(said == measured for _, said, measured in found),
                   "%s: each QR page's symbol is the version its label names (page, label, "
                   "measured: %s)" % (mode, found))
            screenshots.check_scan(mode, got, tmp)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
