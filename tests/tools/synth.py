"""Synthetic records for what the real default suite does not show: a
benchmark that faults, an error record, a run that ends with status fail."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from bblib.records import make_record  # noqa: E402


def records(status="pass"):
    """Record lines of one boot with a result, a skip and a fault."""
    body = [("boot", 1, "GenuineIntel", 6, 7, 3, "Pentium III", "tsc", 0, "cpuid", "qemu",
             "bench=all"),
            ("bench", "nop", "1", "nop chain"),
            ("pass", "nop", 0, "TSC"),
            ("result", "nop", "TSC", "tsc", "TSC", 0, "ticks", 11, 100,
             "1.00", "1.00", "1.00", "1.50", "1.00"),
            ("bench", "sse_add", "1", "SSE addps latency"),
            ("skip", "sse_add", "CPUID reports no SSE"),
            ("bench", "rdpmc", "-", "cost of RDPMC"),
            ("fault", "rdpmc", 6, "#UD", "0", "0x00101234")]
    lines = [make_record(seq, kind, *fields) for seq, (kind, *fields) in enumerate(body)]
    lines.append(make_record(len(lines), "end", len(lines), status))
    return lines


def log(lines):
    """A log as a console shows it: human text around the records."""
    return "barebench booting\n" + "\n".join(lines) + "\nbarebench: finished, status FAIL\n"
