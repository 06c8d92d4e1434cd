#!/usr/bin/env python3
"""The screen as an output: under OVMF (UEFI GOP framebuffer), SeaBIOS with
GRUB's graphics entry (VBE framebuffer) and SeaBIOS with GRUB's first entry
(EGA text), a run ends with
exit=halt; QEMU's display is captured over the monitor (screendump) while
the pages turn. The results page is read back cell by cell with the
kernel's own font; the QR pages, decoded by `barebench scan`, give the
serial log's records exactly, and `barebench check` finds them sound."""

import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bootcheck import ISO, KERNEL, ROOT, in_parallel, report, skip, summary  # noqa: E402
from bblib import runner  # noqa: E402

OVMF = "/usr/share/ovmf/OVMF.fd"
OPTS = "exit=halt qrpage=1 bench=nop,add_latency,imul_latency,div_latency,chase_l1"
TOOL = os.path.join(ROOT, "tools", "barebench")


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


def font():
    """The kernel's glyphs (lib/font8x16.c): 16 row bytes -> character."""
    src = open(os.path.join(ROOT, "lib", "font8x16.c")).read()
    glyphs = re.findall(r"\{((?:0x[0-9a-f]{2},\s*){15}0x[0-9a-f]{2})\}", src)
    return {tuple(int(b, 16) for b in g.split(",")): chr(0x20 + i) for i, g in enumerate(glyphs)}


def read_ppm(path):
    data = open(path, "rb").read()
    m = re.match(rb"P6\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
    return int(m.group(1)), int(m.group(2)), data[m.end():]


def screen_text(path, glyphs, n_rows=None):
    """The text drawn on a framebuffer screenshot (the first n_rows), 8x16
    cells, lit = any non-black pixel; '\\x00' where a cell matches no glyph."""
    w, h, px = read_ppm(path)
    rows = []
    for r in range(min(h // 16, n_rows or h)):
        line = []
        for c in range(w // 8):
            cell = tuple(sum((0x80 >> x) for x in range(8)
                             if px[((r * 16 + y) * w + c * 8 + x) * 3] > 64) for y in range(16))
            line.append(glyphs.get(cell, "\0"))
        rows.append("".join(line).rstrip())
    return rows


def boot(case):
    name, iso, uefi, want = case
    glyphs = font()
    tmp = os.path.dirname(iso)
    serial, sock = os.path.join(tmp, name + ".serial"), os.path.join(tmp, name + ".mon")
    cmd = (["qemu-system-x86_64", "-machine", "q35", "-bios", OVMF] if uefi
           else ["qemu-system-i386"])
    cmd += ["-vga", "std", "-display", "none", "-m", "256",
            "-serial", "file:" + serial, "-monitor", "unix:%s,server,nowait" % sock,
            "-no-reboot"]
    cmd += ["-cdrom", iso, "-boot", "d"]
    start = time.monotonic()
    proc = subprocess.Popen(["timeout", "150"] + cmd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    shots, keyshots, text = [], [], ""
    try:
        while time.monotonic() - start < 90 and "barebench: finished" not in text:
            time.sleep(0.5)
            text = open(serial, errors="replace").read() if os.path.exists(serial) else ""
        mon = socket.socket(socket.AF_UNIX)
        mon.connect(sock)
        # The pages turn every second: shots every 0.4 s until every page
        # has been seen (or 40 s).
        pages, seen, results = None, set(), None
        while time.monotonic() - start < 130 and (pages is None or len(seen) < pages or
                                                  (want == "framebuffer" and not results)):
            shot = os.path.join(tmp, "%s-%02d.ppm" % (name, len(shots)))
            mon.sendall(("screendump %s\n" % shot).encode())
            time.sleep(0.4)
            shots.append(shot)
            out = subprocess.run(["zbarimg", "--raw", "-q", "-Sdisable", "-Sqrcode.enable",
                                  shot], stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL).stdout
            m = re.match(rb"BBQR (\d+)/(\d+) ", out)
            if m:
                seen.add(int(m.group(1)))
                pages = int(m.group(2))
            elif want == "framebuffer" and not results and os.path.exists(shot):
                if screen_text(shot, glyphs, 1)[0].startswith("barebench results"):
                    results = shot
            if len(shots) > 100:
                break
        # PgUp, then PgDn: the log kept in memory, a screenful at a time.
        for key in ("pgup", "pgdn"):
            keyshots.append(os.path.join(tmp, "%s-%s.ppm" % (name, key)))
            mon.sendall(("sendkey %s\n" % key).encode())
            time.sleep(1)
            mon.sendall(("screendump %s\n" % keyshots[-1]).encode())
            for _ in range(30):  # a loaded machine may take a while
                time.sleep(0.2)
                if os.path.exists(keyshots[-1]):
                    time.sleep(0.2)
                    break
    finally:
        proc.terminate()
        proc.wait()
    text = open(serial, errors="replace").read()
    return name, want, text, shots, results, keyshots, pages, time.monotonic() - start


def main():
    for tool in ("zbarimg", "grub-mkrescue"):
        if not shutil.which(tool):
            skip("%s is not installed: no screen checks" % tool)
            return 0
    if not os.path.exists(ISO) or not os.path.exists(OVMF):
        skip("no ISO or no OVMF: no screen checks")
        return 0
    glyphs = font()
    with tempfile.TemporaryDirectory() as tmp:
        os.makedirs(os.path.join(tmp, "text"))
        os.makedirs(os.path.join(tmp, "vbe"))
        iso = runner.iso_with_options(KERNEL, os.path.join(ROOT, "iso", "grub.cfg"), OPTS,
                                      os.path.join(tmp, "text"))
        vbe = runner.iso_with_options(KERNEL, graphics_first(tmp), OPTS, os.path.join(tmp, "vbe"))
        cases = [("ovmf", iso, True, "framebuffer"), ("seabios-vbe", vbe, False, "framebuffer"),
                 ("seabios-text", iso, False, "EGA text")]
        for name, want, serial, shots, results, keyshots, pages, secs in in_parallel(boot, cases):
            records = "".join(l + "\n" for l in serial.splitlines() if l.startswith("@BB"))
            m = re.search(r"^screen: (.*)$", serial, re.M)
            report(m is not None and m.group(1).startswith(want) and
                   "barebench: finished, status PASS" in serial,
                   "%s: the run passes and draws on %s (%s) [%.1f s]" %
                   (name, want, m.group(1) if m else "no screen line", secs))
            report("no console will be available" not in serial and
                   "no suitable video mode" not in serial,
                   "%s: GRUB hands over a console (no 'no console'/'no video mode' warning)" % name)
            if want == "framebuffer":
                rows = screen_text(results, glyphs) if results else [""]
                medians = re.findall(r"^@BB,\d+,result,([^,]+),([^,]+),(?:[^,]*,){7}"
                                     r"([^,]+),", serial, re.M)
                missing = [b for b, ev, med in medians
                           if not any(r.startswith(b) and ("%s %s" % (ev, med)) in r
                                      for r in rows)]
                report(medians and not missing and rows[0].startswith("barebench results"),
                       "%s: the results page shows each benchmark's median (%d benchmarks; "
                       "missing: %s)" % (name, len(medians), missing or "none"))
                report(not any("@BB" in r for r in rows),
                       "%s: no machine record on the results page (verbose=1)" % name)
                up, down = (screen_text(s, glyphs) if os.path.exists(s) else [""]
                            for s in keyshots)
                report(up[0].startswith("log rows 1-") and
                       any(r.startswith("barebench 0.1: bare-metal") for r in up) and
                       down[0].startswith("log rows") and
                       any(r.startswith("barebench: finished, status PASS") for r in down),
                       "%s: PgUp shows the log's first screenful, PgDn its last (%r, %r)" %
                       (name, up[0], down[0]))
            out = subprocess.run([sys.executable, TOOL, "scan"] + shots, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
            report(out.returncode == 0 and out.stdout == records and records != "",
                   "%s: barebench scan of %d screenshots gives the serial log's %d records "
                   "(%s QR pages)%s" % (name, len(shots), records.count("\n"), pages,
                                        "" if out.returncode == 0 else ": " + out.stderr.strip()))
            log = os.path.join(tmp, name + ".scanned")
            with open(log, "w") as f:
                f.write(out.stdout)
            chk = subprocess.run([sys.executable, TOOL, "check", log], stdout=subprocess.PIPE,
                                 text=True)
            report(chk.returncode == 0 and "sound" in chk.stdout,
                   "%s: barebench check finds the scanned records sound: %s" %
                   (name, chk.stdout.strip()[-80:]))
    return summary()


if __name__ == "__main__":
    sys.exit(main())
