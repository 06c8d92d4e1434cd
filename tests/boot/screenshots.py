"""Shared pieces of the screen tests: boot an ISO under QEMU with a display,
capture it over the monitor (screendump) while the end-of-run pages turn,
read the text the kernel drew back with its own font, measure a QR symbol
on a screenshot, and check that `barebench scan` of the shots gives the
serial log's records."""

import os
import re
import socket
import subprocess
import sys
import time

from bootcheck import ROOT, report

OVMF = "/usr/share/ovmf/OVMF.fd"
TOOL = os.path.join(ROOT, "tools", "barebench")
KEY_PRESSES = 4  # a short run's log is under 4 screens, even wrapped at 80x25


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
    """The text drawn on a pixel screenshot (the first n_rows), 8x16 cells,
    lit = any non-black pixel; '\\x00' where a cell matches no glyph."""
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


def symbol_version(path):
    """The QR version of the code drawn at the top left of a screenshot,
    measured: the light square's width, where its first dark module starts
    (the quiet zone) and the finder pattern's top edge (7 modules) give the
    module's size and so the symbol's modules (17 + 4 x version). None if
    there is no such code."""
    w, h, px = read_ppm(path)

    def light(x, y):
        return px[(y * w + x) * 3] > 127

    square = next((x for x in range(w) if not light(x, 0)), w)
    for y in range(h):
        dark = [x for x in range(square) if not light(x, y)]
        if dark:
            break
    else:
        return None
    x0, run = dark[0], 0
    while x0 + run < square and not light(x0 + run, y):
        run += 1
    module = run / 7
    version = (square / module - 2 * x0 / module - 17) / 4
    return round(version) if abs(version - round(version)) < 0.2 else None


def decode(shot):
    """(k, n) of the barebench QR page on a screenshot, or None."""
    out = subprocess.run(["zbarimg", "--raw", "-q", "-Sdisable", "-Sqrcode.enable", shot],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
    m = re.match(rb"BBQR (\d+)/(\d+) ", out)
    return (int(m.group(1)), int(m.group(2))) if m else None


def capture(name, iso, tmp, uefi=False, results=True, keys=True, budget=130):
    """Boots iso; once the run has finished, screenshots every 0.4 s until
    every QR page (and, if asked, the results page) has been seen, then
    PgUp and PgDn (if asked). Returns a dict: serial text, shots, the first
    shot of each page (qr: k -> path; qr_all: k -> every shot of it), results (path or None), keyshots,
    pages (n), seconds."""
    glyphs = font()
    serial, sock = os.path.join(tmp, name + ".serial"), os.path.join(tmp, name + ".mon")
    cmd = (["qemu-system-x86_64", "-machine", "q35", "-bios", OVMF] if uefi
           else ["qemu-system-i386"])
    cmd += ["-vga", "std", "-display", "none", "-m", "256",
            "-serial", "file:" + serial, "-monitor", "unix:%s,server,nowait" % sock,
            "-no-reboot", "-cdrom", iso, "-boot", "d"]
    start = time.monotonic()
    proc = subprocess.Popen(["timeout", str(budget + 20)] + cmd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    got = {"shots": [], "qr": {}, "qr_all": {}, "results": None, "keyshots": [], "pages": None}
    text, drawing = "", None
    try:
        while time.monotonic() - start < budget - 40 and "barebench: finished" not in text:
            time.sleep(0.5)
            text = open(serial, errors="replace").read() if os.path.exists(serial) else ""
        mon = socket.socket(socket.AF_UNIX)
        mon.connect(sock)
        shots = got["shots"]
        while time.monotonic() - start < budget and len(shots) <= 100:
            # No results page to read where the pages stay in EGA text.
            text = open(serial, errors="replace").read()
            on_pixels = not re.search(r"^screen: .* bytes of records: .*: EGA text$", text, re.M)
            if got["pages"] is not None and len(got["qr"]) == got["pages"] and (
                    not results or not on_pixels or got["results"]):
                break
            shot = os.path.join(tmp, "%s-%02d.ppm" % (name, len(shots)))
            mon.sendall(("screendump %s\n" % shot).encode())
            time.sleep(0.4)
            if not os.path.exists(shot):
                continue
            shots.append(shot)
            page = decode(shot)
            # The kernel draws a page's symbol, then its label: a shot
            # between the two shows the symbol beside no label, or beside
            # the page before's. On pixels (the label in the kernel's font)
            # a page counts once its label names it.
            if page and on_pixels and not re.search(r"QR page %d of" % page[0],
                                                    "\n".join(screen_text(shot, glyphs, 8))):
                continue
            if page:
                got["qr"].setdefault(page[0], shot)
                got["qr_all"].setdefault(page[0], []).append(shot)
                got["pages"] = page[1]
            elif results and on_pixels and not got["results"]:
                # The kernel draws a page row by row, so a screendump may
                # catch it half drawn: a results page counts once two shots
                # in a row show it alike.
                if screen_text(shot, glyphs, 1)[0].startswith("barebench results"):
                    pixels = read_ppm(shot)[2]
                    if pixels == drawing:
                        got["results"] = shot
                    drawing = pixels
                    continue
            drawing = None
        # PgUp, then PgDn: the log kept in memory, a screenful at a time;
        # pressed KEY_PRESSES times, to reach the log's first and last rows.
        for key in ("pgup", "pgdn") if keys else ():
            got["keyshots"].append(os.path.join(tmp, "%s-%s.ppm" % (name, key)))
            for _ in range(KEY_PRESSES):
                mon.sendall(("sendkey %s\n" % key).encode())
                time.sleep(0.3)
            time.sleep(1)
            mon.sendall(("screendump %s\n" % got["keyshots"][-1]).encode())
            for _ in range(30):  # a loaded machine may take a while
                time.sleep(0.2)
                if os.path.exists(got["keyshots"][-1]):
                    time.sleep(0.2)
                    break
    finally:
        proc.terminate()
        proc.wait()
    got["serial"] = open(serial, errors="replace").read() if os.path.exists(serial) else ""
    got["seconds"] = time.monotonic() - start
    return got


def serial_records(serial):
    return "".join(l + "\n" for l in serial.splitlines() if l.startswith("@BB"))


def check_results_page(name, got):
    """The results page shows every benchmark's median; no machine record."""
    rows = screen_text(got["results"], font()) if got["results"] else [""]
    medians = re.findall(r"^@BB,\d+,result,([^,]+),([^,]+),(?:[^,]*,){7}([^,]+),",
                         got["serial"], re.M)
    missing = [b for b, ev, med in medians
               if not any(r.startswith(b) and ("%s %s" % (ev, med)) in r for r in rows)]
    report(medians and not missing and rows[0].startswith("barebench results"),
           "%s: the results page shows each benchmark's median (%d benchmarks; missing: %s)" %
           (name, len(medians), missing or "none"))
    report(not any("@BB" in r for r in rows),
           "%s: no machine record on the results page (verbose=1)" % name)


def check_scan(name, got, tmp):
    """barebench scan of every shot gives the serial log's records, and
    barebench check says of them what it says of the serial log (sound,
    for a whole run)."""
    records = serial_records(got["serial"])
    out = subprocess.run([sys.executable, TOOL, "scan"] + got["shots"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    report(out.returncode == 0 and out.stdout == records and records != "",
           "%s: barebench scan of %d screenshots gives the serial log's %d records "
           "(%s QR pages)%s" % (name, len(got["shots"]), records.count("\n"), got["pages"],
                                "" if out.returncode == 0 else ": " + out.stderr.strip()))
    verdicts = []
    for kind, text in (("scanned", out.stdout), ("serial", got["serial"])):
        log = os.path.join(tmp, "%s.%s" % (name, kind))
        with open(log, "w") as f:
            f.write(text)
        chk = subprocess.run([sys.executable, TOOL, "check", log], stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True)
        verdicts.append((chk.returncode, re.sub(r"LOG:\d+:", "LOG:",
                                                chk.stdout.replace(log, "LOG").strip())))
    # A run stopped by a fault before its boot record leaves only the end record.
    whole = "barebench: finished" in got["serial"] and "@BB,0,boot," in got["serial"]
    report(verdicts[0] == verdicts[1] and (not whole or "sound" in verdicts[0][1]),
           "%s: barebench check says of the scanned records what it says of the serial "
           "log's: %s" % (name, verdicts[0][1][-80:]))
