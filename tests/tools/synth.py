"""Synthetic records for what the kernel does not print on an emulator: an
error record, a run that ends with status fail, repetitions that disagree."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from bblib.records import make_record  # noqa: E402


def failed_run_log():
    """A console log of one boot whose PMU check failed."""
    body = [("boot", 1, "GenuineIntel", 6, 7, 3, "Pentium III", "tsc", 0, "cpuid", "hw",
             "bench=nop"),
            ("bench", "nop", "1", "nop chain"),
            ("pass", "nop", 0, "TSC"),
            ("result", "nop", "TSC", "tsc", "TSC", 0, "ticks", 11, 100,
             "1.00", "1.00", "1.05", "1.50", "1.00"),
            ("error", "pmu", "counter did not advance")]
    lines = [make_record(seq, kind, *fields) for seq, (kind, *fields) in enumerate(body)]
    lines.append(make_record(len(lines), "end", len(lines), "fail"))
    return "barebench booting\n" + "\n".join(lines) + "\nbarebench: finished, status FAIL\n"


def multi_pass_log():
    """A real PMU with two counters measuring three events: two passes, the
    TSC read in both (an emulator never needs a second pass)."""
    body = [("boot", 1, "GenuineIntel", 6, 7, 3, "Pentium III", "p6", 1, "cpuid", "hw", ""),
            ("bench", "nop", "1", "nop chain"),
            ("pass", "nop", 0, "TSC+INST_RETIRED+CPU_CLK_UNHALTED"),
            ("pass", "nop", 1, "TSC+BR_INST_RETIRED")]
    for pass_no, event, value in ((0, "TSC", "1.10"), (0, "INST_RETIRED", "1.00"),
                                  (0, "CPU_CLK_UNHALTED", "1.05"), (1, "TSC", "1.20"),
                                  (1, "BR_INST_RETIRED", "0.00")):
        body.append(("result", "nop", event, "0x4300c0", "PMC0", pass_no, "events", 11, 100,
                     value, value, value, value, value))
    lines = [make_record(seq, kind, *fields) for seq, (kind, *fields) in enumerate(body)]
    lines.append(make_record(len(lines), "end", len(lines), "pass"))
    return "\n".join(lines) + "\n"


def same_event_twice_log():
    """arch `cycles,cycles`: one event on two counters of the same pass."""
    body = [("boot", 1, "GenuineIntel", 6, 94, 3, "Skylake", "arch", 1, "lfence", "hw", ""),
            ("bench", "nop", "1", "nop chain"),
            ("pass", "nop", 0, "UNHALTED_CORE_CYCLES+UNHALTED_CORE_CYCLES")]
    for counter, value in (("FIXED1", "0.25"), ("PMC0", "0.26")):
        body.append(("result", "nop", "UNHALTED_CORE_CYCLES", "r3c", counter, 0, "events", 11,
                     100, value, value, value, value, value))
    lines = [make_record(seq, kind, *fields) for seq, (kind, *fields) in enumerate(body)]
    lines.append(make_record(len(lines), "end", len(lines), "pass"))
    return "\n".join(lines) + "\n"


def conditions_log(version=2, turbo="on", after="1.00", extra=()):
    """A format version 2 run on a real Intel machine with its `cond` records;
    `turbo` and the cycles-per-TSC ratio after the suite vary, `extra` adds
    records after them."""
    body = [("boot", version, "GenuineIntel", 6, 94, 3, "Skylake", "arch", 1, "lfence", "hw", ""),
            ("cond", "serialize", "lfence", "LFENCE serializes: GenuineIntel"),
            ("cond", "lfence", "serializing", "GenuineIntel: LFENCE waits"),
            ("cond", "smm_freeze", "on", "IA32_DEBUGCTL bit 14 set; read back 0x4000"),
            ("cond", "invariant_tsc", "yes", "CPUID 8000_0007 EDX bit 8"),
            ("cond", "turbo", turbo, "CPUID 06H EAX bit 1"),
            ("cond", "cycles_per_tsc_before", "1.00", "over 1048576 loop iterations")]
    body += list(extra)
    body += [("bench", "nop", "1", "nop chain"),
             ("pass", "nop", 0, "UNHALTED_CORE_CYCLES"),
             ("result", "nop", "UNHALTED_CORE_CYCLES", "r3c", "FIXED1", 0, "events", 11, 100,
              "0.25", "0.25", "0.25", "0.25", "0.25"),
             ("cond", "cycles_per_tsc_after", after, "over 1048576 loop iterations")]
    lines = [make_record(seq, kind, *fields) for seq, (kind, *fields) in enumerate(body)]
    lines.append(make_record(len(lines), "end", len(lines), "pass"))
    return "\n".join(lines) + "\n"


def samples_log(version=3, hist=(("0x0", 3), ("0x3", 2), ("reads", 1)), before=False):
    """A sampling run (sample=INST_RETIRED:u:997): the samples record of one
    benchmark and its histogram; `before` puts a hist record first."""
    body = [("boot", version, "GenuineIntel", 6, 7, 3, "Pentium III", "p6", 1, "cpuid", "hw",
             "ring=3 sample=instructions:u:997")]
    body += [("bench", "add2", "2", "two ADDs")]
    if before:
        body.append(("hist", "add2", "0x0", 1))
    body.append(("samples", "add2", "INST_RETIRED:u", 997, sum(n for _, n in hist), 6000))
    body += [("hist", "add2", where, n) for where, n in hist]
    lines = [make_record(seq, kind, *fields) for seq, (kind, *fields) in enumerate(body)]
    lines.append(make_record(len(lines), "end", len(lines), "pass"))
    return "\n".join(lines) + "\n"


def unmodelled_log(version=4, before=False):
    """A run under QEMU's TCG counting model (counting QEMU, -cpu pentium3)
    with INST_RETIRED and DATA_MEM_REFS: the second is not modelled there,
    and its result is marked; `before` puts the mark before its result."""
    reason = "not modelled: QEMU TCG's counting model counts only instructions; reads 0"
    body = [("boot", version, "GenuineIntel", 6, 7, 3, "QEMU Virtual CPU version 2.5+", "p6", 1,
             "cpuid", "qemu", "events=INST_RETIRED;DATA_MEM_REFS")]
    body += [("bench", "add2", "2", "two ADDs"), ("pass", "add2", 0, "INST_RETIRED+DATA_MEM_REFS")]
    result = ("result", "add2", "DATA_MEM_REFS", "r430043", "PMC1", 0, "events", 11, 100,
              "0.00", "0.00", "0.00", "0.00", "0.00")
    mark = ("unmodelled", "add2", "DATA_MEM_REFS", reason)
    body += [("result", "add2", "INST_RETIRED", "r4300c0", "PMC0", 0, "events", 11, 100,
              "2.00", "2.00", "2.00", "2.00", "2.00")]
    body += [mark, result] if before else [result, mark]
    lines = [make_record(seq, kind, *fields) for seq, (kind, *fields) in enumerate(body)]
    lines.append(make_record(len(lines), "end", len(lines), "pass"))
    return "\n".join(lines) + "\n"


def big_values_log(values=("1234567890123456.78", "123456789012345678901234567.00")):
    """Values with more digits than a float (or Decimal's default 28) keeps:
    one benchmark per value, all statistics that value."""
    body = [("boot", 3, "GenuineIntel", 6, 7, 3, "Pentium III", "p6", 1, "cpuid", "hw", "")]
    for n, value in enumerate(values):
        body += [("bench", "big%d" % n, "-", "a big value"),
                 ("pass", "big%d" % n, 0, "TSC"),
                 ("result", "big%d" % n, "TSC", "tsc", "TSC", 0, "ticks", 11, 1) + (value,) * 5]
    lines = [make_record(seq, kind, *fields) for seq, (kind, *fields) in enumerate(body)]
    lines.append(make_record(len(lines), "end", len(lines), "pass"))
    return "\n".join(lines) + "\n"
