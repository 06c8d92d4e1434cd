"""Records off a screen: decodes photos or screenshots of the QR pages a
run shows at its end (zbarimg, Debian's zbar-tools) and joins the pages
back into the records' text, which check/report/compare read like a serial
log. A page's payload is "BBQR k/n RUN\\n" followed by the k-th piece of
the records (RUN: the CRC-32 of all of them, in hex)."""

import itertools
import re
import shutil
import subprocess
import zlib

HEADER = re.compile(rb"^BBQR (\d+)/(\d+) ([0-9a-f]{8})\n")
# Missing pages named in a message; a page may claim any count.
MISSING_SHOWN = 10


class ScanError(Exception):
    def __init__(self, problems):
        super().__init__("; ".join(problems))
        self.problems = problems


def decode_image(path):
    """The payloads of every QR code zbarimg finds in one image."""
    if not shutil.which("zbarimg"):
        raise ScanError(["zbarimg not found: install Debian's zbar-tools"])
    # --raw -Sbinary: the bytes as encoded, no character set guessing; one
    # code per call would lose nothing, but images may hold several.
    proc = subprocess.run(["zbarimg", "--raw", "-q", "-Sdisable", "-Sqrcode.enable",
                           "-Sqrcode.binary", path], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE)
    # (zbarimg also prints D-Bus complaints on stderr where there is no bus.)
    said = proc.stderr.decode(errors="replace").strip()
    if proc.returncode not in (0, 4):  # 4: no code in the image
        raise ScanError(["%s: zbarimg failed: %s" % (path, said)])
    out = proc.stdout
    refused = [line for line in said.splitlines() if line.startswith(("WARNING:", "ERROR:"))]
    if refused and not out:
        # Exit status 0 and no code: ImageMagick's policy (its size limits
        # above all) kept zbarimg from reading the image at all.
        raise ScanError(["%s: ImageMagick, which zbarimg reads images with, refused the image "
                         "(%s); an image over the size limits of its policy.xml (a phone's "
                         "200 MP photo) must be scaled down first"
                         % (path, "; ".join(refused).strip())])
    # Payloads run together; each starts with its own header.
    starts = [m.start() for m in re.finditer(rb"BBQR \d+/\d+ [0-9a-f]{8}\n", out)]
    pages = [out[a:b] for a, b in zip(starts, starts[1:] + [len(out)])]
    for page in pages:
        k, n = map(int, HEADER.match(page).group(1, 2))
        if not 1 <= k <= n:  # join_pages refuses it too; here the image is named
            raise ScanError(["%s: a QR page says it is page %d of %d" % (path, k, n)])
    return pages


def join_pages(payloads):
    """The records' bytes from page payloads in any order (duplicates of one
    page are fine); ScanError names missing or disagreeing pages."""
    runs = {}
    for data in payloads:
        m = HEADER.match(data)
        if not m:
            continue
        k, n, run = int(m.group(1)), int(m.group(2)), m.group(3).decode()
        if not 1 <= k <= n:
            raise ScanError(["a QR page says it is page %d of %d" % (k, n)])
        runs.setdefault((run, n), {}).setdefault(k, set()).add(data[m.end():])
    if not runs:
        raise ScanError(["no barebench QR page found"])
    texts, problems = [], []
    for (run, n), pages in sorted(runs.items()):
        for k, bodies in sorted(pages.items()):
            if len(bodies) > 1:
                problems.append("run %s: page %d of %d was read with different contents" %
                                (run, k, n))
        if len(pages) < n:
            missing = itertools.islice((k for k in range(1, n + 1) if k not in pages),
                                       MISSING_SHOWN)
            problems.append("run %s: page(s) %s%s of %d missing" % (
                run, ", ".join(map(str, missing)),
                " and %d more" % (n - len(pages) - MISSING_SHOWN)
                if n - len(pages) > MISSING_SHOWN else "", n))
            continue
        # zbarimg ends each payload with a newline of its own.
        text = b"".join(next(iter(pages[k]))[:-1] for k in range(1, n + 1))
        if "%08x" % zlib.crc32(text) != run:
            problems.append("run %s: the joined pages do not match the run's CRC" % run)
            continue
        texts.append(text)
    if problems:
        raise ScanError(problems)
    return b"".join(texts)


def scan(images):
    """Decodes the images and joins their pages; also reports, per image,
    which pages it held (for the user who has to take one again)."""
    payloads, seen = [], []
    for path in images:
        found = decode_image(path)
        payloads += found
        seen.append((path, [HEADER.match(p).group(1).decode() for p in found if HEADER.match(p)]))
    return join_pages(payloads), seen
