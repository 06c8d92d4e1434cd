"""Ways a serial log gets damaged or reshaped in transit, applied to its text.

Each damage function takes the text and the index of a record among the record lines
(0 = the boot record) and returns (damaged text, 1-based line the checker
must name).
"""

from common import record_lines


def _lines(text):
    return text.split("\n")


def cut_short(text, n):
    """The capture stops in the middle of record n."""
    lines = _lines(text)
    i = record_lines(text)[n]
    cut = lines[i][: len(lines[i]) // 2]
    return "\n".join(lines[:i] + [cut]), i + 1


def flip_byte(text, n, offset, mask=0x01):
    """One byte of record n (offset from its '@') xored with mask."""
    lines = _lines(text)
    i = record_lines(text)[n]
    at = lines[i].index("@") + offset
    line = lines[i]
    lines[i] = line[:at] + chr(ord(line[at]) ^ mask) + line[at + 1:]
    return "\n".join(lines), i + 1


def drop(text, n):
    """Record n lost; the checker names the record after the gap."""
    lines = _lines(text)
    idx = record_lines(text)
    del lines[idx[n]]
    return "\n".join(lines), idx[n + 1]


def duplicate(text, n):
    """Record n received twice in a row; the copy is named."""
    lines = _lines(text)
    i = record_lines(text)[n]
    lines.insert(i + 1, lines[i])
    return "\n".join(lines), i + 2


def swap(text, n):
    """Records n and n+1 arrive in the wrong order; n+1, now first, is named."""
    lines = _lines(text)
    idx = record_lines(text)
    lines[idx[n]], lines[idx[n + 1]] = lines[idx[n + 1]], lines[idx[n]]
    return "\n".join(lines), idx[n] + 1


GRUB_PREAMBLE = ("\x1b[?25l\x1b[H\x1b[J\x1b[1;1H\x1b[0m\x1b[37m\x1b[40m"
                 "                             GNU GRUB  version 2.06\r\n\r\n"
                 "\x1b[m\x1b[4;2H+----------------------------------------------------------+\r\n"
                 "\x1b[5;2H|*barebench" + " " * 49 + "|\x1b[5;60H\r\n"
                 "\x1b[23;1H   The highlighted entry will be executed automatically in 0s.   \r\n"
                 "\x1b[0m\x1b[H\x1b[J  Booting `barebench'\r\n\r\n")


def as_terminal_capture(text):
    """What a terminal program saves: GRUB's screen first, CRLF line ends,
    escape codes before and after records, noise between them."""
    out = []
    for n, line in enumerate(text.split("\n")):
        if "@BB," in line and n % 3 == 0:
            line = "\x1b[0m\x1b[37m" + line + "\x1b[K"
        out.append(line)
        if n % 5 == 0:
            out.append("\x1b[1;32mnoise between records\x1b[0m")
    return GRUB_PREAMBLE + "\x1b[0m" + "\r\n".join(out) + "\r\n\x1b[?25h[terminal closed]\r\n"


def wrapped(text, width=80):
    """A terminal that wraps lines at `width` columns and logs the wraps."""
    out = []
    for line in text.split("\n"):
        while len(line) > width:
            out.append(line[:width])
            line = line[width:]
        out.append(line)
    return "\r\n".join(out)
