#!/usr/bin/env python3
"""The screen as an output: under OVMF (UEFI GOP framebuffer), SeaBIOS with
GRUB's graphics entry (VBE framebuffer) and SeaBIOS with GRUB's first entry
(EGA text), a run ends with exit=halt; QEMU's display is captured over the
monitor (screendump) while the pages turn. On EGA text the kernel puts the
records on whichever carries them in fewer QR pages, half-block characters
or VGA graphics (640x480): a run with a few records stays in text, a suite
goes to graphics. The results page is read back cell by cell with the
kernel's own font; the QR symbols are measured on the screenshots; the QR
pages, decoded by `barebench scan`, give the serial log's records exactly,
and `barebench check` finds them sound."""

import math
import os
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bootcheck import ISO, KERNEL, ROOT, in_parallel, report, skip, summary  # noqa: E402
from bblib import runner  # noqa: E402
import screenshots  # noqa: E402
from screenshots import OVMF, font, read_ppm, screen_text, symbol_version  # noqa: E402

OPTS = "exit=halt qrpage=1 bench=nop,add_latency,imul_latency,div_latency,chase_l1"
# One record (end,0,fail): a fault before the boot record. One page either
# way; every run that gets to its boot record writes more.
FEW = "exit=halt qrpage=1 fault=ud"
KEYS = ("ovmf", "seabios-text")
# Each display's size on QEMU's screendump (EGA text: 80x25 cells of 9x16).
SHOT_SIZE = {"EGA text": (720, 400), "VGA 640x480": (640, 480)}
CHOICE = re.compile(r"^screen: (\d+) bytes of records: (\d+) QR page\(s\) on (.+?) \(version "
                    r"(\d+)-M at most, (\d+) bytes a page\), (\d+) on (.+?) \(version (\d+)-M at "
                    r"most, (\d+) bytes a page\): (.+)$", re.M)


def graphics_first(tmp):
    """iso/grub.cfg with its graphics entry first (so it boots, and gets the
    boot options)."""
    cfg = open(os.path.join(ROOT, "iso", "grub.cfg")).read()
    head, *entries = cfg.split("menuentry ")
    entries.sort(key=lambda e: "graphics screen" not in e)
    path = os.path.join(tmp, "graphics.cfg")
    with open(path, "w") as f:
        f.write(head + "".join("menuentry " + e for e in entries))
    return path


def boot(case):
    name, iso, uefi, want = case
    # PgUp/PgDn once per kind of pixel screen: GOP, and VGA after the switch.
    got = screenshots.capture(name, iso, os.path.dirname(iso), uefi=uefi,
                              keys=name in KEYS)
    return case, got


def check_choice(name, got):
    """The kernel's choice on EGA text: both page counts follow from the
    records' size, the fewer wins (text on a tie), and the pages shown are
    the chosen display's, with the version it named. Returns the display."""
    records = screenshots.serial_records(got["serial"])
    m = CHOICE.search(got["serial"])
    if not report(m is not None, "%s: the kernel says how it puts the records on the screen "
                  "(%s)" % (name, m.group(0)[8:] if m else "no line")):
        return None
    size, chosen = int(m.group(1)), m.group(10)
    options = [(int(m.group(2)), m.group(3), int(m.group(4)), int(m.group(5))),
               (int(m.group(6)), m.group(7), int(m.group(8)), int(m.group(9)))]
    report(size == len(records) and
           all(pages == math.ceil(size / chunk) for pages, _, _, chunk in options),
           "%s: %d bytes of records: %s" % (name, len(records), "; ".join(
               "%d page(s) of %d bytes on %s" % (p, c, d) for p, d, _, c in options)))
    best = options[1] if options[1][0] < options[0][0] else options[0]
    report(chosen == best[1], "%s: the fewer pages win, EGA text on a tie: %s (%d page(s))" %
           (name, chosen, best[0]))
    shot = got["qr"].get(1)
    dims = read_ppm(shot)[:2] if shot else None
    version = symbol_version(shot) if shot else None
    # A page holds the largest version that fits; a last page, less.
    report(dims == SHOT_SIZE.get(chosen) and got["pages"] == best[0] and version and
           (version == best[2] if best[0] > 1 else version <= best[2]),
           "%s: the QR pages are on %s: %s screenshots, %s pages, version %s measured on the "
           "first (at most %d)" % (name, chosen, dims and "x".join(map(str, dims)), got["pages"],
                                   version, best[2]))
    return chosen


def check_label(name, got):
    """On pixels the page names its symbol's version; the symbol measured on
    the screenshot has it."""
    glyphs = font()
    found = []
    for k, shots in sorted(got["qr_all"].items()):
        # A shot may catch the page drawn but not yet labelled: the last one.
        label = re.search(r"version (\d+)-M", "\n".join(screen_text(shots[-1], glyphs, 8)))
        found.append((k, label and int(label.group(1)), symbol_version(shots[-1])))
    report(found and all(said == measured for _, said, measured in found),
           "%s: each QR page's symbol is the version its label names (page, label, measured: "
           "%s)" % (name, found))


def check_keys(name, got):
    glyphs = font()
    up, down = (screen_text(s, glyphs) if os.path.exists(s) else [""] for s in got["keyshots"])
    report(up[0].startswith("log rows 1-") and
           any(r.startswith("barebench 0.1: bare-metal") for r in up) and
           down[0].startswith("log rows") and
           any(r.startswith("barebench: finished, status PASS") for r in down),
           "%s: PgUp shows the log's first screenful, PgDn its last (%r, %r)" %
           (name, up[0], down[0]))


def main():
    for tool in ("zbarimg", "grub-mkrescue"):
        if not shutil.which(tool):
            skip("%s is not installed: no screen checks" % tool)
            return 0
    if not os.path.exists(ISO) or not os.path.exists(OVMF):
        skip("no ISO or no OVMF: no screen checks")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        for d in ("text", "vbe", "few"):
            os.makedirs(os.path.join(tmp, d))
        cfg = os.path.join(ROOT, "iso", "grub.cfg")
        iso = runner.iso_with_options(KERNEL, cfg, OPTS, os.path.join(tmp, "text"))
        vbe = runner.iso_with_options(KERNEL, graphics_first(tmp), OPTS, os.path.join(tmp, "vbe"))
        few = runner.iso_with_options(KERNEL, cfg, FEW, os.path.join(tmp, "few"))
        cases = [("ovmf", iso, True, "framebuffer"), ("seabios-vbe", vbe, False, "framebuffer"),
                 ("seabios-text", iso, False, "EGA text"), ("seabios-few", few, False, "EGA text")]
        for (name, _, _, want), got in in_parallel(boot, cases):
            serial = got["serial"]
            m = re.search(r"^screen: (.*)$", serial, re.M)
            status = "FAIL" if name == "seabios-few" else "PASS"
            report(m is not None and m.group(1).startswith(want) and
                   "barebench: finished, status %s" % status in serial,
                   "%s: the run ends with %s and draws on %s (%s) [%.1f s]" %
                   (name, status, want, m.group(1) if m else "no screen line", got["seconds"]))
            report("no console will be available" not in serial and
                   "no suitable video mode" not in serial,
                   "%s: GRUB hands over a console (no 'no console'/'no video mode' warning)" % name)
            pages_on = want if want != "EGA text" else check_choice(name, got)
            if pages_on and pages_on != "EGA text":
                check_label(name, got)
                screenshots.check_results_page(name, got)
                if name in KEYS:
                    check_keys(name, got)
            screenshots.check_scan(name, got, tmp)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
