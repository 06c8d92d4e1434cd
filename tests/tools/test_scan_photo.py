"""`barebench scan` of photos rather than screenshots: real QR pages the
kernel drew (captured from QEMU's display: tests/tools/screens/, VBE
1024x768x32 with version 25 codes and VGA 640x480 with version 23, modules
of 4 pixels, each set with the serial log's records) are made to look like
a phone's photo of the screen by tests/tools/photo.py (Debian's
python3-pil): smaller, tilted, off-axis, out of focus, noisy, dim, JPEG.
Every page set must still scan to the serial log's records exactly.

`python3 tests/tools/test_scan_photo.py --sweep` measures, one degradation
at a time, the last level that still scans and the first that does not
(docs/screen.md lists them)."""

import os
import shutil
import subprocess
import sys

from common import ROOT, Skip, tool, write_temp

SCREENS = os.path.join(ROOT, "tests", "tools", "screens")
PHOTO = os.path.join(ROOT, "tests", "tools", "photo.py")
SETS = ("vbe1024x768", "vga640x480")
# A hand-held phone photo: the screen 70 % of its pixels wide, tilted 4
# degrees, 4 % keystone, a little out of focus, noisy, a dim screen, JPEG 70.
PHONE = {"scale": 0.7, "rotate": 4, "keystone": 0.04, "blur": 1, "noise": 16, "contrast": 25,
         "jpeg": 70}
# Each alone, at a level the sweep found to scan, below the first that does
# not (on both sets, every page).
ALONE = ({"scale": 0.4}, {"rotate": 30}, {"keystone": 0.05}, {"blur": 1.5},
         {"scale": 0.4, "up": 2.5}, {"noise": 16}, {"contrast": 100}, {"jpeg": 30})
SWEEP = {"scale": (0.8, 0.6, 0.5, 0.45, 0.4, 0.35, 0.3, 0.25, 0.2),
         "rotate": (5, 10, 20, 30, 45),
         "keystone": (0.02, 0.04, 0.05, 0.06, 0.08, 0.1, 0.15, 0.2),
         "blur": (0.5, 1, 1.5, 2, 2.5, 3, 4, 6),
         "noise": (8, 16, 24, 32, 48, 64, 96, 128),
         "contrast": (40, 60, 80, 100, 110, 120, 125),
         "jpeg": (50, 40, 30, 20, 10, 5)}


def _python():
    """An interpreter that has PIL: this one, or Debian's."""
    for py in (sys.executable, "/usr/bin/python3"):
        if os.path.exists(py) and subprocess.run([py, "-c", "import PIL"],
                                                 capture_output=True).returncode == 0:
            return py
    raise Skip("no Python with PIL (Debian's python3-pil)")


def _photos(name, params, tag):
    if not shutil.which("zbarimg"):
        raise Skip("zbarimg (zbar-tools) is not installed")
    py = _python()
    paths = []
    for page in sorted(f for f in os.listdir(SCREENS) if f.startswith(name + "-page")):
        out = write_temp("", "%s-%s-%s.%s" % (name, tag, page[:-4],
                                              "jpg" if params.get("jpeg") else "png"))
        subprocess.run([py, PHOTO, os.path.join(SCREENS, page), out] +
                       ["%s=%s" % kv for kv in params.items()], check=True)
        paths.append(out)
    return paths


def _scans(name, params, tag):
    """Whether the degraded pages scan to the set's records exactly."""
    code, out, err = tool("scan", *_photos(name, params, tag))
    with open(os.path.join(SCREENS, name + ".records")) as f:
        return code == 0 and out == f.read(), err


def test_phone_photos_scan_to_the_records():
    for name in SETS:
        ok, err = _scans(name, PHONE, "phone")
        assert ok, "%s, %s: %s" % (name, PHONE, err.strip()[-200:])


def test_each_degradation_alone_scans():
    failed = []
    for i, params in enumerate(ALONE):
        for name in SETS:
            ok, err = _scans(name, params, "alone%d" % i)
            if not ok:
                failed.append("%s, %s: %s" % (name, params, err.strip()[-120:]))
    assert not failed, "; ".join(failed)


def sweep():
    """Per page (its QR version differs): the last level that decodes."""
    from bblib import scan
    py = _python()
    for page in sorted(f for f in os.listdir(SCREENS) if f.endswith(".png")):
        for param, levels in SWEEP.items():
            last, first_bad = None, None
            for level in levels:
                out = write_temp("", "sweep.%s" % ("jpg" if param == "jpeg" else "png"))
                subprocess.run([py, PHOTO, os.path.join(SCREENS, page), out,
                                "%s=%s" % (param, level)], check=True)
                if not scan.decode_image(out):
                    first_bad = level
                    break
                last = level
            print("%s %s: decodes up to %s, fails at %s" % (page, param, last, first_bad),
                  flush=True)


if __name__ == "__main__":
    if sys.argv[1:] != ["--sweep"]:
        sys.exit(__doc__)
    sweep()
