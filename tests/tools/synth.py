"""Synthetic logs in the record format, for cases a real kernel log cannot
show (several boots in one capture, faults, skips, wrapped lines, a kernel
that reports failure)."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from bblib.records import make_record  # noqa: E402

BENCHES = (("nop", "1", "nop chain"), ("add_lat", "1", "dependent add chain"),
           ("cpuid", "-", "cost of CPUID"))


def records(env="qemu", scale=1, status="pass", fault=True, skip=True):
    """Record lines of one boot, without the line breaks."""
    body = [("boot", 1, "GenuineIntel", 6, 7, 3, "Pentium III", "tsc", 0, "cpuid", env,
             "bench=all reps=10")]
    for name, expected, desc in BENCHES:
        body.append(("bench", name, expected, desc))
        body.append(("pass", name, 1, "tsc+instructions"))
        value = "%d.00" % (int(expected) * scale if expected != "-" else 120 * scale)
        for event in ("tsc", "instructions"):
            body.append(("result", name, event, "-", "tsc", 1, "instr", 10, 100,
                         value, value, value, value, value))
    if skip:
        body.append(("bench", "sse_add", "1", "SSE addps latency"))
        body.append(("skip", "sse_add", "CPUID reports no SSE"))
    if fault:
        body.append(("bench", "rdpmc", "-", "cost of RDPMC"))
        body.append(("fault", "rdpmc", 6, "#UD", "0", "0x00101234"))
    lines = [make_record(seq, kind, *fields) for seq, (kind, *fields) in enumerate(body)]
    lines.append(make_record(len(lines), "end", len(lines), status))
    return lines


def log(lines=None, noise=True):
    """A log as a capture looks: human text around the records."""
    lines = records() if lines is None else lines
    out = ["barebench 0.1 booting"] if noise else []
    for line in lines:
        out.append(line)
        if noise and ",result," in line:
            out.append("  nop   1.00 instr/iter  +-0.00  tsc")
    if noise:
        out.append("barebench: finished, status PASS")
    return "\n".join(out) + "\n"
