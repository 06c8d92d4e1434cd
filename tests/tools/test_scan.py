"""`barebench scan`: QR pages of a real log's records, made the way the
kernel makes them (app/x86/screenpages.c) but encoded by an independent encoder
(qrencode), come back as the same records in any order; a missing or
conflicting page, or pages that do not join up, are named."""

import random
import shutil
import struct
import subprocess
import zlib

from common import Skip, real_log, tool, write_temp
from bblib import records, scan


def _records():
    return "".join(line + "\n" for line in real_log().splitlines()
                   if line.startswith(records.PREFIX))


def _pages(text, chunk=400):
    return _pages_of(text.encode(), chunk)


def _pages_of(data, chunk=400):
    run = "%08x" % zlib.crc32(data)
    pieces = [data[i:i + chunk] for i in range(0, len(data), chunk)]
    return [b"BBQR %d/%d %s\n" % (k + 1, len(pieces), run.encode()) + p
            for k, p in enumerate(pieces)]


def _images(pages, name):
    if not shutil.which("qrencode") or not shutil.which("zbarimg"):
        raise Skip("qrencode or zbarimg (zbar-tools) is not installed")
    paths = []
    for i, page in enumerate(pages):
        path = write_temp("", "%s-%02d.png" % (name, i))
        subprocess.run(["qrencode", "-8", "-l", "M", "-s", "3", "-o", path], input=page,
                       check=True)
        paths.append(path)
    return paths


def test_pages_in_any_order_and_twice_give_the_records():
    text = _records()
    pages = _pages(text)
    assert len(pages) > 2, "the suite's records should need several pages"
    shuffled = pages + [pages[1]]
    random.Random(1).shuffle(shuffled)
    code, out, err = tool("scan", *_images(shuffled, "any-order"))
    assert code == 0, "scan exited %d: %s" % (code, err)
    assert out == text, "scanned records differ from the log's"
    log = write_temp(out, "scanned.log")
    code, out, err = tool("check", log)
    assert code == 0 and "sound" in out, out + err


def test_missing_page_is_named():
    pages = _pages(_records())
    code, out, err = tool("scan", *_images(pages[:1] + pages[2:], "missing"))
    assert code == 1 and "page(s) 2 of %d missing" % len(pages) in err, err
    assert out == "", "a partial log was written"


def test_conflicting_page_and_bad_join_are_named():
    pages = _pages(_records())
    changed = pages[0][:-3] + b"zz\n"
    try:
        scan.join_pages([p + b"\n" for p in pages + [changed]])
        raise AssertionError("a page with two contents was accepted")
    except scan.ScanError as e:
        assert any("page 1 of %d was read with different contents" % len(pages) in p
                   for p in e.problems), e.problems
    try:
        scan.join_pages([p + b"\n" for p in [changed] + pages[1:]])
        raise AssertionError("pages that do not match the run's CRC were accepted")
    except scan.ScanError as e:
        assert any("do not match the run's CRC" in p for p in e.problems), e.problems


def test_no_page_is_named():
    try:
        scan.join_pages([b"hello\n"])
        raise AssertionError("no page, yet accepted")
    except scan.ScanError as e:
        assert e.problems == ["no barebench QR page found"], e.problems


def test_impossible_page_counts_refused_at_once():
    # A page claiming 999,999,999 pages hung scan; "page 1 of 0" was read.
    pages = _pages(_records())
    run = pages[0].split(b" ")[2][:8]
    code, _, err = tool("scan", *_images([b"BBQR 1/999999999 %s\nx" % run], "claims"))
    assert code == 1 and "page(s) 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 999999988 more of " \
        "999999999 missing" in err, err
    for header in (b"BBQR 1/0 00000000\n", b"BBQR 0/3 00000000\n", b"BBQR 4/3 00000000\n"):
        image = _images([header], "count")[0]
        code, out, err = tool("scan", image)
        k, n = header[5:8].decode().split("/")
        assert code == 1 and "%s: a QR page says it is page %s of %s" % (image, k, n) in err \
            and out == "", (header, err)


def test_bytes_beyond_ascii_come_back_as_they_were():
    # A brand string or a payload description is bytes; a scanned log that
    # changed one would fail check.
    boot = records.make_record(0, "boot", 3, "GenuineIntel", 6, 7, 3, "Pentium\xae III caf\xe9",
                               "tsc", 0, "cpuid", "hw", "")
    data = (boot + "\n" + records.make_record(1, "end", 1, "pass") + "\n").encode("latin-1")
    out_log = write_temp("", "beyond-ascii.log")
    code, _, err = tool("scan", *_images(_pages_of(data), "beyond-ascii"), "-o", out_log)
    assert code == 0, err
    with open(out_log, "rb") as f:
        assert f.read() == data, "scan changed the bytes"
    code, out, _ = tool("check", out_log)
    assert code == 0 and "sound" in out, out


def test_image_imagemagick_refuses_is_named():
    # Wider than ImageMagick's policy allows (16K pixels on Debian): zbarimg
    # reads nothing and says only "WARNING:".
    if not shutil.which("zbarimg"):
        raise Skip("zbarimg (zbar-tools) is not installed")
    width, height = 20000, 8
    rows = zlib.compress(b"".join(b"\0" + b"\xff" * width for _ in range(height)))
    chunks = ((b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)), (b"IDAT", rows),
              (b"IEND", b""))
    path = write_temp("", "too-wide.png")
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + b"".join(
            struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
            for kind, body in chunks))
    code, _, err = tool("scan", path)
    assert code == 1 and "%s: ImageMagick, which zbarimg reads images with, refused" % path \
        in err, err
